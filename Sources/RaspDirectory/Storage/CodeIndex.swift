/// Yandex codes of one kind of entry (`c…` settlements, `s…` stations) and the lookup from code to entry.
///
/// Regular codes (the letter, then digits without a leading zero, fitting 32 bits) are kept as numbers, which
/// is all of them in real data; any other code is kept as text in `irregular`.
struct CodeColumn: Sendable {
    /// The code letter (`c` or `s`).
    var letter: UInt8
    /// The number of each entry's code, or ``none`` when it has no regular code.
    var numbers: [UInt32] = []
    /// Codes that are not regular, by entry.
    var irregular = SparseTexts()
    /// `number << 32 | entry`, sorted, to look numbers up; the first entry wins when a code repeats.
    var lookup: [UInt64] = []

    static let none = UInt32.max

    init(letter: UInt8) { self.letter = letter }

    /// Appends the code of the next entry (`utf8` is its text, maybe empty) and returns whether it had one.
    @discardableResult
    mutating func append(_ utf8: UnsafeBufferPointer<UInt8>, text: inout TextTable) -> Bool {
        let entry = numbers.count
        if let number = Self.regularNumber(utf8, letter: letter) {
            numbers.append(number)
            return true
        }
        numbers.append(Self.none)
        guard !utf8.isEmpty else { return false }
        irregular.append(entry: entry, text: text.append(utf8))
        return true
    }

    /// Builds ``lookup`` once every entry is in.
    mutating func finish() {
        var keys: [UInt64] = []
        keys.reserveCapacity(numbers.count)
        for (entry, number) in numbers.enumerated() where number != Self.none {
            keys.append(UInt64(number) << 32 | UInt64(entry))
        }
        keys.sort()
        lookup = keys
    }

    /// Whether `entry` has a code.
    func hasCode(_ entry: Int) -> Bool {
        numbers[entry] != Self.none || irregular.text(of: entry) != nil
    }

    /// The code of `entry` as text, nil when it has none.
    func code(of entry: Int, text: TextTable) -> String? {
        let number = numbers[entry]
        if number != Self.none { return String(UnicodeScalar(letter)) + String(number) }
        return irregular.text(of: entry).map { text.string($0) }
    }

    /// The entry with this code (case-insensitive letter), if any.
    func entry(for code: String, text: TextTable) -> Int? {
        var code = code
        let number = code.withUTF8 { Self.regularNumber($0, letter: letter) }
        if let number {
            var low = 0
            var high = lookup.count
            let key = UInt64(number) << 32
            while low < high {
                let middle = (low + high) / 2
                if lookup[middle] < key { low = middle + 1 } else { high = middle }
            }
            guard low < lookup.count, lookup[low] >> 32 == UInt64(number) else { return nil }
            return Int(lookup[low] & 0xFFFF_FFFF)
        }
        for (index, ref) in irregular.texts.enumerated() where text.string(ref) == code {
            return Int(irregular.entries[index])
        }
        return nil
    }

    /// The number of a regular code: `letter` (either case), then 1–10 digits without a leading zero.
    static func regularNumber(_ utf8: UnsafeBufferPointer<UInt8>, letter: UInt8) -> UInt32? {
        guard utf8.count >= 2, utf8.count <= 11, utf8[0] | 0x20 == letter, utf8[1] != UInt8(ascii: "0") else {
            return nil
        }
        var value: UInt64 = 0
        for byte in utf8.dropFirst() {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + UInt64(byte - UInt8(ascii: "0"))
        }
        return value < UInt64(none) ? UInt32(value) : nil
    }
}
