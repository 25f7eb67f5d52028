/// Fits messages on standard error to a width, as the tables fit standard output: words wrap onto continuation
/// lines with a hanging indent (under the text after `rasp: `), and a word wider than the line is cut where the
/// terminal would have cut it. Widths are terminal columns: ANSI colour codes take none, Cyrillic and Latin
/// letters one, East Asian wide characters and emoji two.
///
/// ```
/// rasp: demo data (made-up timetables, no network). Set RASP_API_KEY or pass
///       --api-key for the real API.
/// ```
enum TextWrap {
    /// `text` with no line wider than `width` columns (nil: no limit); lines that fit are left as they are.
    static func wrap(_ text: String, width: Int?) -> String {
        guard let width, width > 0 else { return text }
        return text.split(separator: "\n", omittingEmptySubsequences: false)
            .flatMap { wrapLine($0, width: width) }
            .joined(separator: "\n")
    }

    /// The columns `text` takes on a terminal.
    static func displayWidth(_ text: some StringProtocol) -> Int {
        cells(text).reduce(0) { $0 + $1.width }
    }

    /// `text` cut to at most `width` columns (nil: no limit), ending with «…» when something was cut.
    static func clip(_ text: String, to width: Int?) -> String {
        guard let width, width > 0, displayWidth(text) > width else { return text }
        var result = ""
        var used = 0
        for cell in cells(text) {
            guard used + cell.width <= width - 1 else { break }
            result.append(cell.character)
            used += cell.width
        }
        return result + "…"
    }

    // MARK: Lines

    /// One line wrapped: its leading spaces kept, the gaps between words kept within a line and dropped at a break.
    private static func wrapLine(_ line: Substring, width: Int) -> [String] {
        guard displayWidth(line) > width else { return [String(line)] }
        let leading = line.prefix { $0 == " " }
        let indent = String(repeating: " ", count: min(hangingIndent(line, leading: leading.count), width / 2))
        var lines: [String] = []
        var current = String(leading)
        var used = leading.count
        var startsLine = true
        for (gap, word) in words(line.dropFirst(leading.count)) {
            let wordWidth = displayWidth(word)
            if !startsLine, used + gap + wordWidth > width {
                lines.append(current)
                (current, used, startsLine) = (indent, indent.count, true)
            }
            if !startsLine {
                current += String(repeating: " ", count: gap)
                used += gap
            }
            // A word wider than what is left of an empty line is cut across lines.
            var rest = Substring(word)
            while used + displayWidth(rest) > width, used < width {
                let (head, tail) = split(rest, columns: width - used)
                lines.append(current + head)
                (current, used, rest) = (indent, indent.count, tail)
            }
            current += rest
            used += displayWidth(rest)
            startsLine = false
        }
        lines.append(current)
        return lines
    }

    /// Where continuation lines start: under the message after a `rasp: ` lead, else two columns in.
    private static func hangingIndent(_ line: Substring, leading: Int) -> Int {
        let visible = String(cells(line).filter { $0.width > 0 }.map(\.character))
        return leading + (visible.dropFirst(leading).hasPrefix("rasp: ") ? 6 : 2)
    }

    /// The words of a line, each with the number of spaces before it.
    private static func words(_ text: Substring) -> [(gap: Int, word: Substring)] {
        var result: [(gap: Int, word: Substring)] = []
        var gap = 0
        var index = text.startIndex
        while index < text.endIndex {
            if text[index] == " " {
                gap += 1
                index = text.index(after: index)
                continue
            }
            let end = text[index...].firstIndex(of: " ") ?? text.endIndex
            result.append((gap, text[index..<end]))
            gap = 0
            index = end
        }
        return result
    }

    /// `text` split after at most `columns` columns (at least one character goes first).
    private static func split(_ text: Substring, columns: Int) -> (String, Substring) {
        var head = ""
        var used = 0
        var index = text.startIndex
        for cell in cells(text) {
            if used + cell.width > columns, !head.isEmpty { break }
            head.append(cell.character)
            used += cell.width
            index = text.index(after: index)
        }
        return (head, text[index...])
    }

    // MARK: Columns

    /// Each character of `text` with the columns it takes (0 inside an ANSI escape sequence).
    private static func cells(_ text: some StringProtocol) -> [(character: Character, width: Int)] {
        var result: [(character: Character, width: Int)] = []
        var escape = EscapeState.none
        for character in text {
            switch escape {
            case .none where character == "\u{1B}":
                escape = .started
                result.append((character, 0))
            case .none:
                result.append((character, columns(of: character)))
            case .started:
                escape = character == "[" ? .parameters : .none
                result.append((character, 0))
            case .parameters:
                // A CSI sequence ends with a byte from @ to ~ (`m` for colours).
                if let value = character.asciiValue, (0x40...0x7E).contains(value) { escape = .none }
                result.append((character, 0))
            }
        }
        return result
    }

    /// Where a walk is within an ANSI escape sequence.
    private enum EscapeState {
        case none, started, parameters
    }

    /// The columns one character takes.
    private static func columns(of character: Character) -> Int {
        guard let scalar = character.unicodeScalars.first else { return 0 }
        if scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value) { return 0 }
        if scalar.properties.isEmojiPresentation { return 2 }
        return wideRanges.contains { $0.contains(scalar.value) } ? 2 : 1
    }

    /// East Asian wide and fullwidth blocks (Hangul, CJK, kana, fullwidth forms).
    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
        0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x20000...0x3FFFD,
    ]
}
