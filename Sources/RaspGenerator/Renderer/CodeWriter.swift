/// Accumulates Swift source with four-space indentation, `\n` line endings and no trailing spaces.
struct CodeWriter {
    private(set) var text = ""
    private var level = 0

    /// Writes one line at the current indentation (an empty string writes an empty line).
    mutating func line(_ content: String = "") {
        if !content.isEmpty {
            text += String(repeating: "    ", count: level)
            text += content
        }
        text += "\n"
    }

    /// Writes `header {`, the body one level deeper, then `}`.
    mutating func block(_ header: String, _ body: (inout CodeWriter) -> Void) {
        line(header + " {")
        level += 1
        body(&self)
        level -= 1
        line("}")
    }

    /// Writes `switch subject {`, the cases at the same indentation as the `switch` (Swift style), then `}`.
    mutating func switchBlock(_ subject: String, _ cases: [String]) {
        line("switch \(subject) {")
        for item in cases { line(item) }
        line("}")
    }

    /// Writes `///` doc comment lines.
    mutating func doc(_ lines: [String]) {
        // Texts from the spec may still hold line breaks (summaries, CRLF descriptions): split them here.
        for line in lines.flatMap({ $0.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) }) {
            let trimmed = String(line).trimmingTrailingSpaces
            self.line(trimmed.isEmpty ? "///" : "/// \(trimmed)")
        }
    }

    /// Removes a blank line written just before the closing of a block.
    mutating func trimBlankLine() {
        while text.hasSuffix("\n\n") { text.removeLast() }
    }
}

extension String {
    var trimmingTrailingSpaces: String {
        var result = self
        while let last = result.last, last == " " || last == "\t" || last == "\r" { result.removeLast() }
        return result
    }
}
