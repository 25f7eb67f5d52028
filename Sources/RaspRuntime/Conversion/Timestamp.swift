public import Foundation

/// A date-time (`format: date-time`) exactly as it was sent: the instant to the nanosecond, the offset from UTC it
/// was written with, and the text itself, which is what encoding writes back.
///
/// A `Date` holds about a microsecond and no offset, so `2024-03-05T10:55:00.123456789+03:00` would come back as
/// `2024-03-05T07:55:00.123457Z`: the same moment to a microsecond, but neither the digits nor the local time the
/// server gave. A `Timestamp` keeps both; ``date`` is the `Date` for everything Foundation does with instants.
///
/// ```swift
/// let departure = Timestamp("2024-03-05T10:55:00+03:00")!
/// departure.date            // 2024-03-05 07:55:00 +0000
/// departure.timeZone        // GMT+0300, the station's own zone
/// Timestamp(Date())         // written as UTC, with microseconds when it has them
/// ```
///
/// Two timestamps are equal when they are the same instant to the nanosecond, whatever offset they were written
/// with, and they order by instant.
public struct Timestamp: Sendable, Hashable, Comparable, Codable, CustomStringConvertible, LosslessStringConvertible {
    /// The text, as it was sent (or as it was written for a `Date`).
    public let description: String
    /// Whole seconds since 1970-01-01T00:00:00Z.
    public let secondsSince1970: Int
    /// Nanoseconds after ``secondsSince1970``, 0 ..< 1,000,000,000 (digits beyond the ninth are not counted).
    public let nanoseconds: Int
    /// The offset from UTC the text was written with, in seconds east of Greenwich; nil when it gave none (the
    /// time is then read as UTC).
    public let secondsFromGMT: Int?

    /// Parses an ISO-8601 date-time as ``ISO8601`` reads them (`2024-03-05T10:55:00+03:00`, `…Z`, fractional
    /// seconds to any number of digits, a space instead of `T`, no offset); nil for anything else.
    public init?(_ description: String) {
        guard let parts = ISO8601.parts(of: description) else { return nil }
        self.description = description
        secondsSince1970 = parts.secondsSince1970
        nanoseconds = parts.nanoseconds
        secondsFromGMT = parts.secondsFromGMT
    }

    /// The timestamp of a `Date`, written in UTC with milliseconds or microseconds when it has them
    /// (``ISO8601/string(from:)``).
    public init(_ date: Date) {
        // The instant is the one the text says, so a timestamp made from a date equals one decoded from its text.
        let (seconds, micros) = ISO8601.utcInstant(of: date)
        description = ISO8601.string(secondsSince1970: seconds, microseconds: micros)
        secondsSince1970 = seconds
        nanoseconds = micros * 1000
        secondsFromGMT = 0
    }

    /// The instant as a `Date` (which keeps about a microsecond of it).
    public var date: Date {
        ISO8601.Parts(secondsSince1970: secondsSince1970, nanoseconds: nanoseconds, secondsFromGMT: nil).date
    }

    /// The zone of the offset the text was written with (nil when it gave none).
    public var timeZone: TimeZone? {
        secondsFromGMT.flatMap(TimeZone.init(secondsFromGMT:))
    }

    public static func == (lhs: Timestamp, rhs: Timestamp) -> Bool {
        lhs.secondsSince1970 == rhs.secondsSince1970 && lhs.nanoseconds == rhs.nanoseconds
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(secondsSince1970)
        hasher.combine(nanoseconds)
    }

    public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool {
        (lhs.secondsSince1970, lhs.nanoseconds) < (rhs.secondsSince1970, rhs.nanoseconds)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let value = Timestamp(text) else {
            throw DecodingError.dataCorruptedError(in: container,
                                                   debugDescription: "not an ISO-8601 date-time: '\(text)'")
        }
        self = value
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

extension Timestamp: QueryValue {
    /// The text, as it was sent or written.
    public var queryValue: String { description }
}
