/// Accumulates Swift source with four-space indentation, `\n` line endings and no trailing spaces.
struct CodeWriter {
    private(set) var text = ""
    private var level: Int {
        didSet { indentation = String(repeating: "    ", count: level) }
    }
    /// The spaces `level` stands for, appended in one piece at the start of each line.
    private var indentation: String

    /// A writer whose lines start `level` indentation steps in (text that another writer wraps in a block).
    init(level: Int = 0) {
        self.level = level
        indentation = String(repeating: "    ", count: level)
    }

    /// Writes one line at the current indentation (an empty string writes an empty line).
    mutating func line(_ content: String = "") {
        if !content.isEmpty {
            indent()
            text += content
        }
        text += "\n"
    }

    /// Writes the current indentation.
    private mutating func indent() {
        text += indentation
    }

    /// Makes room for about `count` more bytes of text (the writer of a whole file knows its size).
    mutating func reserveCapacity(_ count: Int) {
        text.reserveCapacity(text.utf8.count + count)
    }

    /// Appends text another writer produced (whole lines, already indented).
    mutating func append(_ rendered: String) {
        text += rendered
    }

    /// Writes `header {`, the body one level deeper, then `}`.
    mutating func block(_ header: String, _ body: (inout CodeWriter) -> Void) {
        line(header + " {")
        level += 1
        body(&self)
        level -= 1
        line("}")
    }

    /// Writes `case a, b, c` lines, starting a new `case` line before one would pass 120 columns (a CodingKeys or
    /// enum case list reads as one declaration, not one line per key). A `doc` line goes before each `case` line
    /// (a doc comment documents every case of the declaration it precedes).
    mutating func caseLines(_ items: [String], doc: String? = nil) {
        let indentation = level * 4
        var current = ""
        func flush() {
            if let doc { line("/// " + doc) }
            line(current)
        }
        for item in items {
            if current.isEmpty {
                current = "case " + item
            } else if indentation + current.utf8.count + 2 + item.utf8.count > 120 {
                flush()
                current = "case " + item
            } else {
                current += ", " + item
            }
        }
        if !current.isEmpty { flush() }
    }

    /// Writes `switch subject {`, the cases at the same indentation as the `switch` (Swift style), then `}`.
    mutating func switchBlock(_ subject: String, _ cases: [String]) {
        line("switch \(subject) {")
        for item in cases { line(item) }
        line("}")
    }

    /// Writes `///` doc comment lines.
    mutating func doc(_ lines: [String]) {
        for text in lines {
            // Texts from the spec may still hold line breaks (summaries, CRLF descriptions): split them here. A
            // printable ASCII text (most of them) has none, and skips the Unicode-aware split.
            var contiguous = text
            if contiguous.withUTF8({ $0.allSatisfy { ($0 >= 0x20 && $0 < 0x7F) || $0 == 0x09 } }) {
                docLine(text)
            } else {
                for line in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) { docLine(String(line)) }
            }
        }
    }

    private mutating func docLine(_ text: String) {
        let trimmed = text.trimmingTrailingSpaces
        indent()
        if trimmed.isEmpty {
            self.text += "///\n"
        } else {
            self.text += "/// "
            self.text += trimmed
            self.text += "\n"
        }
    }

    /// Removes blank lines written last (before the end of a file).
    mutating func trimBlankLine() {
        while text.hasSuffix("\n\n") { text.removeLast() }
    }
}

extension String {
    var trimmingTrailingSpaces: String {
        // Bytes, not characters: a space, tab or CR byte at the end is always a character of its own ("\r\n" ends
        // in "\n", which stops the loop).
        var end = utf8.endIndex
        while end > utf8.startIndex {
            let before = utf8.index(before: end)
            let byte = utf8[before]
            guard byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r") else { break }
            end = before
        }
        return end == utf8.endIndex ? self : String(self[..<end])
    }
}
