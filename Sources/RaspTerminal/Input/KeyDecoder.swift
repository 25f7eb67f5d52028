/// Decodes the bytes a terminal sends for key presses: UTF-8 text, control characters, and the escape
/// sequences of the arrow and editing keys (both the `ESC [` and the `ESC O` forms).
///
/// Bytes arrive in reads of any size, so a sequence may be split between two reads: ``decode(_:)`` keeps an
/// unfinished sequence for the next call. An `ESC` that ends a read on its own is the Esc key (terminals send
/// a key's whole sequence in one write).
public struct KeyDecoder: Sendable {
    private var pending: [UInt8] = []

    /// A decoder with nothing pending.
    public init() {}

    /// The keys in `bytes` (and in what was left over from the previous call).
    /// - Parameter bytes: What one read returned.
    /// - Returns: The keys, in order.
    public mutating func decode(_ bytes: some Sequence<UInt8>) -> [Key] {
        pending.append(contentsOf: bytes)
        var keys: [Key] = []
        var index = 0
        while index < pending.count {
            guard let (key, length) = Self.key(in: pending, at: index) else { break }
            if let key { keys.append(key) }
            index += length
        }
        pending.removeFirst(index)
        return keys
    }

    /// The key starting at `index`, with its length in bytes; nil when the bytes are an unfinished sequence.
    /// A key of nil with a length skips bytes that mean nothing (an unknown sequence, invalid UTF-8).
    static func key(in bytes: [UInt8], at index: Int) -> (Key?, Int)? {
        let byte = bytes[index]
        switch byte {
        case 0x1B: return escapeSequence(in: bytes, at: index)
        case 0x0D, 0x0A: return (.enter, 1)
        case 0x09: return (.tab, 1)
        case 0x7F, 0x08: return (.backspace, 1)
        case 0x01...0x1A: return (.control(Character(UnicodeScalar(byte + 0x60))), 1)
        case 0x00..<0x20: return (nil, 1)
        case 0x20..<0x80: return (.character(Character(UnicodeScalar(byte))), 1)
        default: return utf8Character(in: bytes, at: index)
        }
    }

    private static func utf8Character(in bytes: [UInt8], at index: Int) -> (Key?, Int)? {
        let byte = bytes[index]
        // A leading byte announces the length; continuation bytes (10xxxxxx) and 0xF8… cannot start a character.
        let length = byte >= 0xF8 ? 0 : byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC2 ? 2 : 0
        guard length > 0 else { return (nil, 1) }
        let available = bytes[(index + 1)..<min(bytes.count, index + length)]
        guard available.allSatisfy({ $0 & 0xC0 == 0x80 }) else { return (nil, 1) }
        guard index + length <= bytes.count else { return nil }
        let slice = bytes[index..<(index + length)]
        guard let text = String(validating: slice, as: UTF8.self), let character = text.first else { return (nil, 1) }
        return (.character(character), length)
    }

    private static func escapeSequence(in bytes: [UInt8], at index: Int) -> (Key?, Int)? {
        guard index + 1 < bytes.count else { return (.escape, 1) }
        let introducer = bytes[index + 1]
        guard introducer == UInt8(ascii: "[") || introducer == UInt8(ascii: "O") else {
            // Alt with a key arrives as ESC before it; the app has no Alt bindings, so it reads as Esc.
            return (.escape, 1)
        }
        // A sequence: parameters (digits and ';'), then one final byte in 0x40…0x7E.
        var end = index + 2
        while end < bytes.count, (0x30...0x3F).contains(bytes[end]) { end += 1 }
        guard end < bytes.count else { return nil }
        let final = bytes[end]
        let parameters = String(decoding: bytes[(index + 2)..<end], as: UTF8.self)
        let length = end - index + 1
        switch final {
        case UInt8(ascii: "A"): return (.up, length)
        case UInt8(ascii: "B"): return (.down, length)
        case UInt8(ascii: "C"): return (.right, length)
        case UInt8(ascii: "D"): return (.left, length)
        case UInt8(ascii: "H"): return (.home, length)
        case UInt8(ascii: "F"): return (.end, length)
        case UInt8(ascii: "Z"): return (.backTab, length)
        case UInt8(ascii: "~"):
            let keys: [String: Key] = ["1": .home, "7": .home, "4": .end, "8": .end, "3": .delete,
                                       "5": .pageUp, "6": .pageDown]
            return (keys[parameters.split(separator: ";").first.map(String.init) ?? ""], length)
        default: return (nil, length)
        }
    }
}
