/// Why a run generated nothing: every error it found, in the order of their places.
///
/// ```swift
/// do {
///     let result = try GeneratorPipeline(config: config).generate(bytes, sourceName: "openapi.yaml")
/// } catch {
///     print(error.rendered(rootName: "openapi.yaml") { _ in nil })
/// }
/// ```
public struct GeneratorFailure: Error, Sendable {
    /// The errors, each once, sorted by place: the root document's first, then each other file's (by path), by line
    /// and column within a file. An error with a ``Diagnostic/repair`` is one lenient mode would repair.
    public var errors: [Diagnostic]
    /// Whether the run was lenient (its errors are those without a safe repair).
    public var isLenient: Bool
    /// In a lenient run, how many errors were repaired before the run failed on the others.
    public var repairedCount: Int

    /// How many errors ``rendered(rootName:limit:lines:)`` shows by default; it counts the rest.
    public static let shownLimit = 50

    /// Creates a failure.
    /// - Parameters:
    ///   - errors: The errors, in any order (they are sorted).
    ///   - isLenient: Whether the run was lenient.
    ///   - repairedCount: How many errors a lenient run repaired.
    public init(errors: [Diagnostic], isLenient: Bool = false, repairedCount: Int = 0) {
        self.errors = errors.sorted(by: Self.precedes)
        self.isLenient = isLenient
        self.repairedCount = repairedCount
    }

    /// Whether `--lenient` would generate the client: the run was strict and every error it found has a repair.
    public var isRepairable: Bool {
        !isLenient && !errors.isEmpty && errors.allSatisfy { $0.repair != nil }
    }

    /// The errors as a compiler prints them (``Diagnostic/rendered(fileName:lines:)``), the first `limit` of them,
    /// then how many more there are, then (when there are several, or lenient mode would repair them) a summary
    /// that ends by saying whether `--lenient` would generate the client.
    /// - Parameters:
    ///   - rootName: The name to print for the root document (an error in another file prints that file's path).
    ///   - limit: How many errors to show.
    ///   - lines: The lines of a file, by its path (nil for the root document), for the source excerpts; nil leaves
    ///     the excerpt out. Asked once per file.
    /// - Returns: The text, lines separated by line feeds, no trailing newline.
    public func rendered(rootName: String, limit: Int = shownLimit,
                         lines: (String?) -> DiagnosticSource?) -> String {
        var sources: [String?: DiagnosticSource?] = [:]
        var text: [String] = []
        for error in errors.prefix(limit) {
            if sources[error.file] == nil { sources[error.file] = .some(lines(error.file)) }
            text.append(error.rendered(fileName: error.file ?? rootName, lines: sources[error.file] ?? nil))
        }
        if errors.count > limit {
            text.append("and \(errors.count - limit) more errors (\(errors.count) in all)")
        }
        if let summary { text.append(summary) }
        return text.joined(separator: "\n")
    }

    /// The last line: the count, and what lenient mode would do; nil for one error lenient mode cannot repair (the
    /// error says it all).
    private var summary: String? {
        let count = errors.count == 1 ? "1 error" : "\(errors.count) errors"
        if isRepairable {
            let each = errors.count == 1 ? "with" : "each with"
            return "\(count), \(each) a safe repair: run with --lenient (or set `lenient: true` in the config) to "
                + "generate the client anyway, with a warning for each repair"
        }
        if isLenient && repairedCount > 0 {
            return "\(count) without a safe repair (\(repairedCount) others were repaired)"
        }
        return errors.count > 1 ? count : nil
    }

    /// The order of ``errors``: root document first, then other files by path; line, then column; errors without
    /// a place last; the message decides between errors at one place.
    static func precedes(_ lhs: Diagnostic, _ rhs: Diagnostic) -> Bool {
        guard let left = lhs.mark else { return false }
        guard let right = rhs.mark else { return true }
        let leftFile = lhs.file ?? "", rightFile = rhs.file ?? ""
        if leftFile != rightFile { return leftFile < rightFile }
        if left.line != right.line { return left.line < right.line }
        if left.column != right.column { return left.column < right.column }
        return lhs.message < rhs.message
    }
}
