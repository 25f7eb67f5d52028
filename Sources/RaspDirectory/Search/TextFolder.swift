import Foundation

/// The folded alphabet search compares in: one byte per letter, so prefixes, sorting and edit distance are
/// plain byte operations.
///
/// - `0`–`9` and `a`–`z`: digits and Latin letters (lowercase, diacritics removed: «é» is `e`).
/// - `0x80`–`0x9F`: Russian letters а…я in alphabet order, lowercase; «ё» folds to «е».
/// - `0xA0`–`0xBF`: other Cyrillic letters (і ї є ґ ў, then the rest of the block).
/// - `0xC0`–`0xFF`: any other letter, by the low bits of its code point.
///
/// Bytes below `0x30` separate words in stored keys and sort before every symbol.
enum Fold {
    /// Between two words of a key.
    static let wordBreak: UInt8 = 0x20
    /// Before the joined form of a multi-word key («санктпетербург»).
    static let joinedMark: UInt8 = 0x1F
    /// After a key.
    static let end: UInt8 = 0x00

    /// Whether `byte` ends a word of a stored key.
    @inline(__always) static func isBreak(_ byte: UInt8) -> Bool { byte < 0x30 }

    /// Whether `symbol` is a Cyrillic letter.
    @inline(__always) static func isCyrillic(_ symbol: UInt8) -> Bool { symbol >= 0x80 && symbol < 0xC0 }
}

/// Folds text for search: lowercase, ё = е, diacritics removed, apostrophes dropped, every other non-letter
/// (spaces, hyphens, dots, quotes, dashes, «», №) a word break.
enum TextFolder {
    /// What folding found.
    struct Summary {
        var words = 0
        var cyrillic = false
    }

    /// Appends the folded form of `utf8` to `output`: words of symbols separated by ``Fold/wordBreak``, no
    /// leading or trailing break.
    @discardableResult
    static func fold(_ utf8: UnsafeBufferPointer<UInt8>, into output: inout [UInt8]) -> Summary {
        var summary = Summary()
        var pendingBreak = false
        var index = 0
        let count = utf8.count
        let ascii = asciiTable
        while index < count {
            let (scalar, length) = decode(utf8, at: index)
            index += length
            let action: Action
            if scalar < 0x80 {
                let symbol = ascii[Int(scalar)]
                action = symbol == 0 ? .wordBreak : symbol == 1 ? .drop : .symbol(symbol)
            } else {
                action = classify(scalar)
            }
            switch action {
            case .symbol(let symbol):
                if summary.words == 0 || pendingBreak {
                    if summary.words > 0 { output.append(Fold.wordBreak) }
                    summary.words += 1
                    pendingBreak = false
                }
                output.append(symbol)
                summary.cyrillic = summary.cyrillic || Fold.isCyrillic(symbol)
            case .latinFold(let slot):
                for symbol in latinFolds[slot] {
                    if summary.words == 0 || pendingBreak {
                        if summary.words > 0 { output.append(Fold.wordBreak) }
                        summary.words += 1
                        pendingBreak = false
                    }
                    output.append(symbol)
                }
            case .wordBreak:
                pendingBreak = summary.words > 0
            case .drop:
                break
            case .breve:
                // и + combining breve is й written in two code points.
                if !pendingBreak, output.last == 0x88 { output[output.count - 1] = 0x89 }
            }
        }
        return summary
    }

    /// Folds a string (queries, tests).
    static func fold(_ text: String) -> [UInt8] {
        var text = text
        var output: [UInt8] = []
        text.withUTF8 { _ = fold($0, into: &output) }
        return output
    }

    private enum Action {
        case symbol(UInt8)
        /// Several Latin letters: `latinFolds[slot]`.
        case latinFold(Int)
        case wordBreak
        case drop
        case breve
    }

    /// One code point from UTF-8 (invalid bytes read as U+FFFD, one byte at a time).
    @inline(__always)
    private static func decode(_ utf8: UnsafeBufferPointer<UInt8>, at index: Int) -> (UInt32, Int) {
        let lead = UInt32(utf8[index])
        if lead < 0x80 { return (lead, 1) }
        let left = utf8.count - index
        if lead & 0xE0 == 0xC0, left >= 2 {
            return ((lead & 0x1F) << 6 | UInt32(utf8[index + 1] & 0x3F), 2)
        }
        if lead & 0xF0 == 0xE0, left >= 3 {
            return ((lead & 0x0F) << 12 | UInt32(utf8[index + 1] & 0x3F) << 6 | UInt32(utf8[index + 2] & 0x3F), 3)
        }
        if lead & 0xF8 == 0xF0, left >= 4 {
            let high = (lead & 0x07) << 18 | UInt32(utf8[index + 1] & 0x3F) << 12
            return (high | UInt32(utf8[index + 2] & 0x3F) << 6 | UInt32(utf8[index + 3] & 0x3F), 4)
        }
        return (0xFFFD, 1)
    }

    /// What to do with a code point above ASCII.
    @inline(__always)
    private static func classify(_ scalar: UInt32) -> Action {
        switch scalar {
        case 0x0410...0x042F: return .symbol(UInt8(0x80 + scalar - 0x0410))
        case 0x0430...0x044F: return .symbol(UInt8(0x80 + scalar - 0x0430))
        case 0x0401, 0x0451: return .symbol(0x85)  // Ё ё → е
        case 0x0406, 0x0456: return .symbol(0xA0)  // І і
        case 0x0407, 0x0457: return .symbol(0xA1)  // Ї ї
        case 0x0404, 0x0454: return .symbol(0xA2)  // Є є
        case 0x0490, 0x0491: return .symbol(0xA3)  // Ґ ґ
        case 0x040E, 0x045E: return .symbol(0xA4)  // Ў ў
        case 0x0400...0x04FF: return .symbol(UInt8(0xA5 + (scalar & 0xFF) % 27))
        case 0x00B4, 0x02B9, 0x02BC, 0x2018, 0x2019: return .drop  // apostrophes
        case 0x0306: return .breve
        case 0x0300...0x036F, 0xFE00...0xFE0F, 0x200B...0x200D: return .drop  // combining marks, invisible
        case 0x00D7, 0x00F7: return .wordBreak  // × ÷
        case 0x00C0...0x024F:
            let slot = Int(scalar - 0xC0)
            return latinFolds[slot].isEmpty ? .symbol(UInt8(0xC0 | scalar & 0x3F)) : .latinFold(slot)
        case 0x0080...0x00BF, 0x2000...0x206F, 0x2100...0x214F, 0x3000...0x303F, 0xFF01...0xFF20:
            return .wordBreak  // punctuation, spaces, «», №, dashes
        default: return .symbol(UInt8(0xC0 | scalar & 0x3F))
        }
    }

    /// ASCII: 0 = word break, 1 = drop (apostrophes), otherwise the symbol.
    private static let asciiTable: [UInt8] = (0..<128).map { code in
        switch UInt8(code) {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"): UInt8(code)
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): UInt8(code) | 0x20
        case UInt8(ascii: "'"), UInt8(ascii: "`"): 1
        default: 0
        }
    }

    /// Latin letters with diacritics (U+00C0–U+024F) as plain lowercase letters («é» → e, «ß» → ss); empty when
    /// a letter has no plain form.
    private static let latinFolds: [[UInt8]] = (0xC0...0x24F).map { code in
        guard let scalar = Unicode.Scalar(UInt32(code)) else { return [] }
        let plain = String(Character(scalar)).folding(options: [.diacriticInsensitive, .caseInsensitive], locale: nil)
        let letters = Array(plain.utf8).map { $0 | 0x20 }
        return letters.allSatisfy({ $0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z") }) ? letters : []
    }
}
