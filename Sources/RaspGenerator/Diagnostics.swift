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
    /// For an error: what lenient mode does instead, when the error has a safe repair (nil when it has none).
    public var repair: String?

    /// Creates a diagnostic.
    /// - Parameters:
    ///   - severity: How bad the problem is.
    ///   - message: What is wrong, and what was expected.
    ///   - mark: Where it is, if known.
    ///   - repair: For an error, what lenient mode does instead (see ``repair``).
    public init(_ severity: Severity, _ message: String, at mark: Mark?, repair: String? = nil) {
        self.severity = severity
        self.message = Self.clipped(message, to: 300)
        self.mark = mark
        self.repair = repair
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
        rendered(fileName: fileName, lines: source.map(DiagnosticSource.init))
    }

    /// ``rendered(fileName:source:)`` with the document's lines found once, for rendering many diagnostics in one
    /// document.
    /// - Parameters:
    ///   - fileName: The name to print for the document.
    ///   - lines: The document, for the snippet; nil leaves the snippet out.
    public func rendered(fileName: String, lines: DiagnosticSource?) -> String {
        guard let mark else { return "\(fileName): \(severity.rawValue): \(message)" }
        var text = "\(fileName):\(mark.line):\(mark.column): \(severity.rawValue): \(message)"
        if let lines, let line = lines.line(mark.line) {
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
}

/// A document and where each of its lines starts, found once: a diagnostic rendered with it finds its line without
/// scanning the document (documents can be megabytes, on one line or on many), and only that line is decoded.
public struct DiagnosticSource: Sendable {
    /// The document's bytes, read as UTF-8.
    private let bytes: [UInt8]
    /// The offset at which each line starts; a line ends at the next line feed or at the end of the document.
    private let lineStarts: [Int]

    /// Finds the lines of a document given as text.
    public init(_ text: String) {
        self.init(bytes: Array(text.utf8))
    }

    /// Finds the lines of a document given as its bytes (UTF-8; invalid sequences are shown as U+FFFD).
    public init(bytes: [UInt8]) {
        var starts = [0]
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            var start = 0
            // `memchr` jumps from one line break to the next.
            while let found = memchr(base + start, Int32(UInt8(ascii: "\n")), buffer.count - start) {
                start = base.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
                starts.append(start)
            }
        }
        self.bytes = bytes
        lineStarts = starts
    }

    /// The text of a 1-based line without its line break (a carriage return before the line feed is dropped too),
    /// or nil past the last line.
    func line(_ number: Int) -> Substring? {
        guard number >= 1, number <= lineStarts.count else { return nil }
        let start = lineStarts[number - 1]
        let isLast = number == lineStarts.count
        // Decoded with its line feed, then cut before it (a line feed never falls inside a UTF-8 sequence, so the
        // line alone decodes to the same text as it does within the whole document).
        let end = isLast ? bytes.count : lineStarts[number]
        let text = String(decoding: bytes[start..<end], as: UTF8.self)
        let line = text[..<(isLast ? text.endIndex : text.utf8.index(before: text.utf8.endIndex))]
        return line.hasSuffix("\r") ? line.dropLast() : line
    }
}
