/// Makes every valid JSON text readable by libyaml, whose YAML 1.1 reader is stricter than JSON inside strings.
///
/// JSON allows any character but U+0000–U+001F in a string, and any `\u` escape; libyaml refuses the C1 controls
/// (U+0080–U+009F), U+007F and the noncharacters U+FFFE and U+FFFF as raw text, reads U+0085, U+2028 and U+2029 as
/// line breaks (a string holding one would change), and refuses a `\u` escape of a surrogate, so a pair such as
/// `\ud83d\ude00` (an emoji, as many JSON writers escape it) fails. Before a JSON text is parsed, each of these inside
/// a string is rewritten as a YAML escape of the same character (`\x85`, `\L`, `\U0001F600`); a lone surrogate
/// escape, which names no character, becomes U+FFFD with a warning. The values read are the values the JSON text
/// holds.
///
/// A rewrite changes the columns after it on its line; ``ColumnMap`` takes the marks libyaml reports back to the
/// columns of the text as written. A text that needs no rewrite (nearly every one) is parsed as it is.
struct JSONStrings {
    /// The rewritten text, the column shifts it has, and the places of lone surrogate escapes.
    struct Rewrite {
        var bytes: [UInt8]
        var columns: ColumnMap
        var loneSurrogates: [(line: Int, column: Int)]
    }

    /// The text with its strings made readable, or nil when it is no JSON text (it does not start with `{` or `[`)
    /// or needs no rewrite.
    static func rewrite(_ text: UnsafeBufferPointer<UInt8>) -> Rewrite? {
        var start = 0
        if text.count >= 3, text[0] == 0xEF, text[1] == 0xBB, text[2] == 0xBF { start = 3 }
        while start < text.count, text[start] == 0x20 || text[start] == 0x0A || text[start] == 0x0D
                || text[start] == 0x09 {
            start += 1
        }
        guard start < text.count, text[start] == UInt8(ascii: "{") || text[start] == UInt8(ascii: "[") else {
            return nil
        }
        // Most texts have none of the sequences a rewrite starts at: a quick look first.
        guard needsRewrite(text, from: start) else { return nil }
        var scanner = Scanner(text: text)
        scanner.run()
        guard scanner.changed else { return nil }
        return Rewrite(bytes: scanner.output, columns: scanner.columns, loneSurrogates: scanner.loneSurrogates)
    }

    /// Whether the text holds a sequence that a string would need rewritten, in a string or not (outside strings
    /// none is valid JSON anyway): one look at each byte, with no copy.
    private static func needsRewrite(_ text: UnsafeBufferPointer<UInt8>, from start: Int) -> Bool {
        var index = start
        let count = text.count
        while index < count {
            switch text[index] {
            case 0x7F:
                return true
            case 0xC2:
                if index + 1 < count, (0x80...0x9F).contains(text[index + 1]) { return true }
            case 0xE2:
                if index + 2 < count, text[index + 1] == 0x80, text[index + 2] == 0xA8 || text[index + 2] == 0xA9 {
                    return true
                }
            case 0xEF:
                if index + 2 < count, text[index + 1] == 0xBF, text[index + 2] >= 0xBE { return true }
            case UInt8(ascii: "\\"):
                // `\uD800` … `\uDFFF`: a surrogate escape.
                if index + 3 < count, text[index + 1] == UInt8(ascii: "u"),
                   text[index + 2] | 0x20 == UInt8(ascii: "d"), (0x38...0x39).contains(text[index + 3])
                    || (0x61...0x66).contains(text[index + 3] | 0x20) {
                    return true
                }
                index += 1
            default:
                break
            }
            index += 1
        }
        return false
    }

    /// One pass over the text: copies it, rewriting inside strings, and counts lines and columns (in Unicode
    /// scalars, as libyaml does).
    private struct Scanner {
        let text: UnsafeBufferPointer<UInt8>
        var output: [UInt8] = []
        var columns = ColumnMap()
        var loneSurrogates: [(line: Int, column: Int)] = []
        var changed = false
        private var index = 0
        private var line = 1
        private var column = 1
        /// How many more columns the rewritten line has than the written one, so far.
        private var shift = 0

        init(text: UnsafeBufferPointer<UInt8>) {
            self.text = text
            output.reserveCapacity(text.count + 64)
        }

        mutating func run() {
            var inString = false
            while index < text.count {
                let byte = text[index]
                if !inString {
                    if byte == UInt8(ascii: "\"") { inString = true }
                    copy(1)
                    continue
                }
                switch byte {
                case UInt8(ascii: "\""):
                    inString = false
                    copy(1)
                case UInt8(ascii: "\\"):
                    escape()
                case 0x7F:
                    replace(byteCount: 1, with: "\\x7F")
                case 0xC2 where index + 1 < text.count && (0x80...0x9F).contains(text[index + 1]):
                    replace(byteCount: 2, with: "\\x" + hex(text[index + 1], digits: 2))
                case 0xE2 where index + 2 < text.count && text[index + 1] == 0x80
                        && (text[index + 2] == 0xA8 || text[index + 2] == 0xA9):
                    replace(byteCount: 3, with: text[index + 2] == 0xA8 ? "\\L" : "\\P")
                case 0xEF where index + 2 < text.count && text[index + 1] == 0xBF
                        && (text[index + 2] == 0xBE || text[index + 2] == 0xBF):
                    replace(byteCount: 3, with: text[index + 2] == 0xBE ? "\\uFFFE" : "\\uFFFF")
                default:
                    copy(1)
                }
            }
        }

        /// A backslash escape: kept, but for surrogate escapes (a pair becomes one `\U` escape, a lone one U+FFFD).
        private mutating func escape() {
            guard index + 1 < text.count else { copy(1); return }
            guard text[index + 1] == UInt8(ascii: "u"), let high = hexValue(at: index + 2) else {
                copy(2)
                return
            }
            guard (0xD800...0xDFFF).contains(high) else {
                copy(6)
                return
            }
            if high <= 0xDBFF, index + 11 < text.count, text[index + 6] == UInt8(ascii: "\\"),
               text[index + 7] == UInt8(ascii: "u"), let low = hexValue(at: index + 8),
               (0xDC00...0xDFFF).contains(low) {
                let scalar = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
                replace(byteCount: 12, with: "\\U" + hex(UInt32(scalar), digits: 8))
            } else {
                loneSurrogates.append((line, column))
                replace(byteCount: 6, with: "\\uFFFD")
            }
        }

        /// The value of the four hex digits at `offset`, if they are four hex digits.
        private func hexValue(at offset: Int) -> Int? {
            guard offset + 4 <= text.count else { return nil }
            var value = 0
            for position in offset..<(offset + 4) {
                guard let digit = Self.hexDigit(text[position]) else { return nil }
                value = value << 4 | digit
            }
            return value
        }

        private static func hexDigit(_ byte: UInt8) -> Int? {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): Int(byte - UInt8(ascii: "a")) + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): Int(byte - UInt8(ascii: "A")) + 10
            default: nil
            }
        }

        private func hex(_ value: some BinaryInteger, digits: Int) -> String {
            let text = String(value, radix: 16, uppercase: true)
            return String(repeating: "0", count: max(0, digits - text.count)) + text
        }

        /// Copies `count` bytes as they are, counting lines and columns.
        private mutating func copy(_ count: Int) {
            let end = min(index + count, text.count)
            while index < end {
                let byte = text[index]
                output.append(byte)
                if byte == 0x0A || (byte == 0x0D && (index + 1 >= text.count || text[index + 1] != 0x0A)) {
                    line += 1
                    column = 1
                    shift = 0
                } else if byte & 0xC0 != 0x80, byte != 0x0D {
                    column += 1
                }
                index += 1
            }
        }

        /// Writes `replacement` for the `byteCount` bytes (one character, or an escape of `byteCount` characters)
        /// at the index, and records how the columns after it move.
        private mutating func replace(byteCount: Int, with replacement: String) {
            let written = text[index..<(index + byteCount)].reduce(0) { $0 + ($1 & 0xC0 != 0x80 ? 1 : 0) }
            output.append(contentsOf: replacement.utf8)
            index += byteCount
            column += written
            shift += replacement.utf8.count - written
            columns.record(line: line, rewrittenColumn: column + shift, shift: shift)
            changed = true
        }
    }
}

/// Where the columns of a rewritten text's lines moved: takes a column of the rewritten text back to the text as
/// written.
struct ColumnMap {
    /// For each line with a rewrite: from which rewritten column on (ascending) the columns are shifted by how much.
    private var shiftsByLine: [Int: [(from: Int, shift: Int)]] = [:]

    mutating func record(line: Int, rewrittenColumn: Int, shift: Int) {
        shiftsByLine[line, default: []].append((rewrittenColumn, shift))
    }

    /// The mark in the text as written.
    func original(_ mark: Mark) -> Mark {
        guard let shifts = shiftsByLine[mark.line],
              let last = shifts.last(where: { $0.from <= mark.column }) else { return mark }
        var moved = mark
        moved.column = max(1, mark.column - last.shift)
        return moved
    }
}
