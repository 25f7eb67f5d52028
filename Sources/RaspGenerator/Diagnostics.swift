internal import Foundation

/// A problem found in an input document, with its place in the source.
public struct Diagnostic: Error, Sendable, Hashable, CustomStringConvertible {
    /// How bad the problem is.
    public enum Severity: String, Sendable, Hashable {
        /// Reported; generation goes on.
        case warning
        /// Generation stops.
        case error
    }

    /// How bad the problem is.
    public var severity: Severity
    /// What is wrong, and what was expected.
    public var message: String
    /// Where it is, if known.
    public var mark: Mark?
    /// The path of the file it is in, when that is not the root document (a file a `$ref` names).
    public var file: String?

    /// Creates a diagnostic.
    public init(_ severity: Severity, _ message: String, at mark: Mark?) {
        self.severity = severity
        self.message = Self.clipped(message, to: 300)
        self.mark = mark
    }

    /// Keeps messages readable when they quote a huge scalar from the document: the middle gives way to `…`.
    static func clipped(_ text: String, to limit: Int) -> String {
        let scalars = text.unicodeScalars
        guard scalars.count > limit else { return text }
        var result = String.UnicodeScalarView(scalars.prefix(limit * 3 / 4))
        result.append("…")
        result.append(contentsOf: scalars.suffix(limit / 4))
        return String(result)
    }

    /// `LINE:COL: error: message`, without a file name.
    public var description: String {
        if let mark { return "\(mark): \(severity.rawValue): \(message)" }
        return "\(severity.rawValue): \(message)"
    }

    /// Renders the diagnostic the way compilers do: `file:LINE:COL: error: message`, then the source line and a caret.
    /// - Parameters:
    ///   - fileName: The name to print for the document (a relative path keeps output reproducible).
    ///   - source: The document text, for the snippet; pass nil to leave the snippet out.
    /// - Returns: One or three lines of text, no trailing newline.
    public func rendered(fileName: String, source: String?) -> String {
        guard let mark else { return "\(fileName): \(severity.rawValue): \(message)" }
        var text = "\(fileName):\(mark.line):\(mark.column): \(severity.rawValue): \(message)"
        if let source, let line = Self.line(mark.line, in: source) {
            // At most `window` characters either side of the column, so a minified or huge line stays readable.
            let window = 60
            let start = max(0, mark.column - 1 - window)
            let scalars = Array(line.unicodeScalars.dropFirst(start).prefix(2 * window + 1))
            let column = min(max(0, mark.column - 1) - start, scalars.count)
            let end = min(scalars.count, column + window)
            var excerpt = String(String.UnicodeScalarView(scalars[0..<end]))
            // The caret goes under the column; keep tabs so it lines up in terminals.
            var padding = String(String.UnicodeScalarView(scalars[0..<column].map { $0 == "\t" ? "\t" : " " }))
            if start > 0 {
                excerpt = "…" + excerpt
                padding = " " + padding
            }
            if end < scalars.count || scalars.count == 2 * window + 1 { excerpt += "…" }
            text += "\n\(excerpt)\n\(padding)^"
        }
        return text
    }

    /// The text of a 1-based line, found by scanning bytes (documents can be megabytes on one line).
    private static func line(_ number: Int, in source: String) -> Substring? {
        var text = source
        // The line's byte offsets, found in the contiguous UTF-8 storage (no index arithmetic per byte).
        let found: Range<Int>? = text.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return number == 1 ? 0..<0 : nil }
            var current = 1
            var start = 0
            // `memchr` jumps from one line break to the next.
            while let found = memchr(base + start, Int32(UInt8(ascii: "\n")), bytes.count - start) {
                let offset = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                if current == number { return start..<offset }
                current += 1
                start = offset + 1
            }
            return current == number ? start..<bytes.count : nil
        }
        guard let found else { return nil }
        let utf8 = source.utf8
        let start = utf8.index(utf8.startIndex, offsetBy: found.lowerBound)
        return trimmingCarriageReturn(source[start..<utf8.index(start, offsetBy: found.count)])
    }

    private static func trimmingCarriageReturn(_ line: Substring) -> Substring {
        line.hasSuffix("\r") ? line.dropLast() : line
    }
}

/// Collects warnings while a stage runs; errors are thrown as ``Diagnostic``.
public final class DiagnosticCollector: @unchecked Sendable {
    // Only touched from the one thread that runs a generator pipeline.
    /// The diagnostics collected so far, in the order they were found.
    private(set) public var diagnostics: [Diagnostic] = []

    /// Creates an empty collector.
    public init() {}

    private var indexByCause: [Diagnostic: Int] = [:]
    private var repeats: [Int] = []

    /// Records a warning. The same warning at the same place (a shared schema translated for each of its uses) is
    /// kept once, with the number of times it came up.
    /// - Parameters:
    ///   - message: What was skipped or assumed.
    ///   - mark: Where, if known.
    public func warn(_ message: String, at mark: Mark?) {
        let diagnostic = Diagnostic(.warning, message, at: mark)
        if let index = indexByCause[diagnostic] {
            repeats[index] += 1
            diagnostics[index].message = "\(diagnostic.message) (\(repeats[index]) uses)"
            return
        }
        indexByCause[diagnostic] = diagnostics.count
        diagnostics.append(diagnostic)
        repeats.append(1)
    }
}
