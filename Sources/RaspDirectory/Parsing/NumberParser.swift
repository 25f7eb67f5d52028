/// Parses JSON-style decimal numbers from bytes without making a string for the common case.
enum NumberParser {
    /// The number in `bytes` (optionally with surrounding spaces, for numbers quoted as strings), or nil when
    /// the bytes are empty or not a number.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>, trimming: Bool = false) -> Double? {
        var start = 0
        var end = bytes.count
        if trimming {
            while start < end, bytes[start] == 0x20 { start += 1 }
            while end > start, bytes[end - 1] == 0x20 { end -= 1 }
        }
        guard start < end else { return nil }
        let text = UnsafeBufferPointer(rebasing: bytes[start..<end])
        return fastParse(text) ?? slowParse(text)
    }

    /// Plain decimals (`-12.345`) with up to 15 significant digits: the mantissa and the power of ten are both
    /// exact doubles, so one division rounds correctly, the same value `strtod` gives.
    private static func fastParse(_ text: UnsafeBufferPointer<UInt8>) -> Double? {
        var index = 0
        let negative = text[0] == UInt8(ascii: "-")
        if negative { index = 1 }
        var mantissa: UInt64 = 0
        var digits = 0
        var fraction = 0
        var seenPoint = false
        while index < text.count {
            let byte = text[index]
            if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                mantissa = mantissa &* 10 &+ UInt64(byte - UInt8(ascii: "0"))
                digits += 1
                if seenPoint { fraction += 1 }
            } else if byte == UInt8(ascii: "."), !seenPoint {
                seenPoint = true
            } else {
                return nil
            }
            index += 1
        }
        guard digits > 0, digits <= 15, fraction < powersOfTen.count else { return nil }
        let value = Double(mantissa) / powersOfTen[fraction]
        return negative ? -value : value
    }

    private static func slowParse(_ text: UnsafeBufferPointer<UInt8>) -> Double? {
        Double(String(decoding: text, as: UTF8.self)).flatMap { $0.isFinite ? $0 : nil }
    }

    private static let powersOfTen: [Double] = (0...22).map { power in
        var value = 1.0
        for _ in 0..<power { value *= 10 }
        return value
    }
}
