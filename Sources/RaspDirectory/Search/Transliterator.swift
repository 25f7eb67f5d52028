/// Turns a folded word into its canonical Latin spelling, so «Москва» and `moskva`, «Шереметьево» and
/// `sheremetyevo`, «Орёл» and `oryol` meet.
///
/// Cyrillic is first written in a common romanization (ж zh, х kh, ц ts, ч ch, ш sh, щ shch, ю yu, я ya,
/// й/ы y, ъ/ь nothing), then that and typed Latin go through the same canonical rewrites, which settle the
/// spellings people mix up: `j` = `y`, `ye`/`yo` = `e` (Yekaterinburg, Oryol), `h` alone = `kh` (Habarovsk),
/// `c` = `ts` (except before `h`), `sch` = `shch`, `x` = `ks`, `w` = `v`, `q` = `k`. The rewrites never shorten a
/// prefix into something that is no longer a prefix, except mid-digraph (`y` before `e`, `c` before `h`), which
/// the next keystroke settles.
enum Transliterator {
    /// Appends the canonical Latin form of the folded word `word` to `output`.
    static func appendLatin(of word: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        // A Cyrillic letter romanizes to at most four letters (щ: shch).
        let cyrillic = Self.cyrillic
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: word.count * 4) { raw in
            var count = 0
            for symbol in word {
                let index = Int(symbol &- 0x80)
                if Fold.isCyrillic(symbol), index < cyrillic.count {
                    for letter in cyrillic[index] {
                        raw[count] = letter
                        count += 1
                    }
                } else {
                    raw[count] = symbol
                    count += 1
                }
            }
            canonicalize(UnsafeBufferPointer(rebasing: raw[..<count]), into: &output)
        }
    }

    /// The canonical Latin form of every word of a folded key, words separated by ``Fold/wordBreak``.
    static func latin(ofFolded folded: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        folded.withUnsafeBufferPointer { buffer in
            var start = 0
            for index in 0...buffer.count where index == buffer.count || buffer[index] == Fold.wordBreak {
                if start > 0 { output.append(Fold.wordBreak) }
                appendLatin(of: UnsafeBufferPointer(rebasing: buffer[start..<index]), to: &output)
                start = index + 1
            }
        }
        return output
    }

    /// Applies the canonical rewrites to Latin letters (other symbols pass through).
    private static func canonicalize(_ raw: UnsafeBufferPointer<UInt8>, into output: inout [UInt8]) {
        let count = raw.count
        var index = 0
        while index < count {
            let letter = raw[index]
            let next: UInt8 = index + 1 < count ? raw[index + 1] : 0
            index += 1
            switch letter {
            case a("x"): output.append(a("k")); output.append(a("s"))
            case a("w"): output.append(a("v"))
            case a("q"): output.append(a("k"))
            case a("j"), a("y"):
                if next == a("e") || next == a("o") {
                    output.append(a("e"))
                    index += 1
                } else {
                    output.append(a("y"))
                }
            case a("c"):
                if next == a("h") {
                    output.append(a("c")); output.append(a("h"))
                    index += 1
                } else if index == count {
                    output.append(a("c"))  // may be the start of `ch`: keep it a prefix
                } else {
                    output.append(a("t")); output.append(a("s"))
                }
            case a("s"):
                if next == a("c"), index + 1 < count, raw[index + 1] == a("h") {
                    output.append(contentsOf: [a("s"), a("h"), a("c"), a("h")])
                    index += 2
                } else if next == a("h") {
                    output.append(a("s")); output.append(a("h"))
                    index += 1
                } else {
                    output.append(a("s"))
                }
            case a("k"), a("z"):
                output.append(letter)
                if next == a("h") {
                    output.append(a("h"))
                    index += 1
                }
            case a("h"): output.append(a("k")); output.append(a("h"))
            default: output.append(letter)
            }
        }
    }

    @inline(__always) private static func a(_ character: Unicode.Scalar) -> UInt8 { UInt8(ascii: character) }

    /// Romanization of the folded Cyrillic symbols `0x80`… (а…я, then і ї є ґ ў).
    private static let cyrillic: [[UInt8]] = [
        "a", "b", "v", "g", "d", "e", "zh", "z", "i", "y", "k", "l", "m", "n", "o", "p",
        "r", "s", "t", "u", "f", "kh", "ts", "ch", "sh", "shch", "", "y", "", "e", "yu", "ya",
        "i", "yi", "ye", "g", "u",
    ].map { Array($0.utf8) }
}
