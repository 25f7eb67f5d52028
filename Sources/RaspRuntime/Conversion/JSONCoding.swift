public import Foundation

/// The JSON coders generated clients use: dates are decoded tolerantly (see ``ISO8601``).
public enum JSONCoding {
    /// A decoder for response bodies.
    public static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let date = ISO8601.date(from: text) else {
                throw DecodingError.dataCorruptedError(in: container,
                                                       debugDescription: "not an ISO-8601 date-time: '\(text)'")
            }
            return date
        }
        return decoder
    }

    /// An encoder for request bodies.
    public static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(ISO8601.string(from: date))
        }
        return encoder
    }
}

/// Fast, tolerant ISO-8601 parsing: `2024-03-05T10:55:00+03:00`, `…Z`, fractional seconds, a space instead of
/// `T`, and no offset (read as UTC).
public enum ISO8601 {
    /// Parses a date-time, or returns nil.
    public static func date(from text: String) -> Date? {
        parts(of: text)?.date
    }

    /// A parsed date-time: the instant, exactly, and the offset it was written with.
    struct Parts {
        /// Whole seconds since 1970-01-01T00:00:00Z.
        var secondsSince1970: Int
        /// Nanoseconds after those seconds, 0 ..< 1,000,000,000 (digits beyond the ninth are dropped).
        var nanoseconds: Int
        /// The offset from UTC the text gave, in seconds (nil: none, read as UTC).
        var secondsFromGMT: Int?

        /// The instant as a `Date` (about a microsecond's precision in this century).
        var date: Date {
            // Counted from Date's own reference (2001), in whole seconds first: the Double it holds then keeps the
            // fraction to well under a microsecond through this century.
            Date(timeIntervalSinceReferenceDate: Double(secondsSince1970 - referenceOffset)
                    + Double(nanoseconds) / 1_000_000_000)
        }
    }

    /// Parses a date-time into its parts, or returns nil.
    static func parts(of text: String) -> Parts? {
        var text = text
        return text.withUTF8 { parts(of: $0) }
    }

    private static func parts(of bytes: UnsafeBufferPointer<UInt8>) -> Parts? {
        var index = 0
        func number(_ count: Int) -> Int? {
            guard index + count <= bytes.count else { return nil }
            var value = 0
            for offset in 0..<count {
                let byte = bytes[index + offset]
                guard byte >= 48, byte <= 57 else { return nil }
                value = value * 10 + Int(byte - 48)
            }
            index += count
            return value
        }
        func expect(_ byte: UInt8) -> Bool {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }
        guard let year = number(4), expect(45), let month = number(2), expect(45), let day = number(2)
        else { return nil }
        var hour = 0, minute = 0, second = 0, nanoseconds = 0
        if index < bytes.count, bytes[index] == 84 || bytes[index] == 116 || bytes[index] == 32 {  // T, t, space
            index += 1
            guard let h = number(2), expect(58), let m = number(2) else { return nil }
            (hour, minute) = (h, m)
            if expect(58) {
                guard let s = number(2) else { return nil }
                second = s
                if index < bytes.count, bytes[index] == 46 || bytes[index] == 44 {  // . or ,
                    index += 1
                    var scale = 100_000_000
                    while index < bytes.count, bytes[index] >= 48, bytes[index] <= 57 {
                        nanoseconds += Int(bytes[index] - 48) * scale
                        scale /= 10
                        index += 1
                    }
                }
            }
        }
        var offset: Int?
        if index < bytes.count {
            let sign = bytes[index]
            if sign == 90 || sign == 122 {  // Z
                index += 1
                offset = 0
            } else if sign == 43 || sign == 45 {  // + -
                index += 1
                guard let h = number(2) else { return nil }
                _ = expect(58)
                let m = number(2) ?? 0
                offset = (h * 3600 + m * 60) * (sign == 45 ? -1 : 1)
            } else {
                return nil
            }
        }
        guard index == bytes.count, (1...12).contains(month), (1...31).contains(day),
              hour < 24, minute < 60, second < 61
        else { return nil }
        let days = LocalDate.daysFromCivil(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - (offset ?? 0)
        return Parts(secondsSince1970: seconds, nanoseconds: nanoseconds, secondsFromGMT: offset)
    }

    /// Formats a date as `YYYY-MM-DDTHH:MM:SSZ`, with milliseconds when it has them, or microseconds when it has
    /// those (a `Date` holds about a microsecond's precision in this century, so nothing finer is written).
    public static func string(from date: Date) -> String {
        let (whole, micros) = utcInstant(of: date)
        return string(secondsSince1970: whole, microseconds: micros)
    }

    /// An instant (``utcInstant(of:)``) as ``string(from:)`` writes it.
    static func string(secondsSince1970 whole: Int, microseconds micros: Int) -> String {
        let (days, secondsOfDay) = whole.quotientAndRemainder(dividingBy: 86_400)
        let adjustedDays = secondsOfDay < 0 ? days - 1 : days
        let seconds = secondsOfDay < 0 ? secondsOfDay + 86_400 : secondsOfDay
        let civil = LocalDate(daysSince1970: adjustedDays)
        let time = "\(pad(seconds / 3600)):\(pad(seconds / 60 % 60)):\(pad(seconds % 60))"
        let fraction = micros == 0 ? ""
            : micros % 1000 == 0 ? "." + String(String(micros / 1000 + 1000).dropFirst())
            : "." + String(String(micros + 1_000_000).dropFirst())
        return "\(civil)T\(time)\(fraction)Z"
    }

    /// A date as whole seconds since 1970 and the microseconds after them (rounded: what a `Date` holds), as
    /// ``string(from:)`` writes it.
    static func utcInstant(of date: Date) -> (secondsSince1970: Int, microseconds: Int) {
        let interval = date.timeIntervalSinceReferenceDate
        let down = interval.rounded(.down)
        let whole = Int(down) + referenceOffset
        let micros = Int(((interval - down) * 1_000_000).rounded())
        return micros == 1_000_000 ? (whole + 1, 0) : (whole, micros)
    }

    /// Seconds from 1970 to 2001, Date's reference date.
    static let referenceOffset = 978_307_200

    static func pad(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
