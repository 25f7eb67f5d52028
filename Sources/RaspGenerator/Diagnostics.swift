/// A problem found in an input document, with its place in the source.
public struct Diagnostic: Error, Sendable, Hashable, CustomStringConvertible {
    /// How bad the problem is.
    public enum Severity: String, Sendable, Hashable {
        case warning, error
    }

    /// How bad the problem is.
    public var severity: Severity
    /// What is wrong, and what was expected.
    public var message: String
    /// Where it is, if known.
    public var mark: Mark?

    /// Creates a diagnostic.
    public init(_ severity: Severity, _ message: String, at mark: Mark?) {
        self.severity = severity
        self.message = message
        self.mark = mark
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
            // The caret goes under the column; keep tabs so it lines up in terminals.
            let prefix = line.unicodeScalars.prefix(max(0, mark.column - 1))
            let padding = String(prefix.map { $0 == "\t" ? "\t" : " " })
            text += "\n\(line)\n\(padding)^"
        }
        return text
    }

    private static func line(_ number: Int, in source: String) -> Substring? {
        var current = 1
        var start = source.startIndex
        var index = source.startIndex
        while index < source.endIndex {
            if source[index] == "\n" || source[index] == "\r\n" {
                if current == number { return source[start..<index] }
                current += 1
                start = source.index(after: index)
            }
            index = source.index(after: index)
        }
        return current == number ? source[start...] : nil
    }
}

/// Collects warnings while a stage runs; errors are thrown as ``Diagnostic``.
public final class DiagnosticCollector: @unchecked Sendable {
    // Only touched from the one thread that runs a generator pipeline.
    private(set) public var diagnostics: [Diagnostic] = []

    /// Creates an empty collector.
    public init() {}

    /// Records a warning.
    /// - Parameters:
    ///   - message: What was skipped or assumed.
    ///   - mark: Where, if known.
    public func warn(_ message: String, at mark: Mark?) {
        diagnostics.append(Diagnostic(.warning, message, at: mark))
    }
}
