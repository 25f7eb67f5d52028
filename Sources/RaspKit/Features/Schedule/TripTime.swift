import Foundation
import RaspRuntime

/// A wall-clock time as the Rasp API writes it, in the time zone of the station it belongs to.
///
/// The API sends several forms, each in its own station's zone: `2024-03-05T23:55:00+03:00` (one-day search),
/// `05:00:00` or `22:00` (all-days timetable) and `2017-05-18 01:10:00` (old data). The wall-clock fields are
/// taken as written, never converted to the device's zone, so a departure at 23:55 in Yekaterinburg stays 23:55.
public struct TripTime: Sendable, Hashable, CustomStringConvertible {
    /// The local date, when the text has one.
    public var date: LocalDate?
    /// Hour, 0–23.
    public var hour: Int
    /// Minute, 0–59.
    public var minute: Int
    /// Second, 0–59.
    public var second: Int
    /// The station's UTC offset in seconds, when the text has one.
    public var utcOffset: Int?

    /// Parses one of the API's time forms; nil for anything else.
    /// - Parameter text: The API's string.
    public init?(_ text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        var timePart = Substring(trimmed)
        if trimmed.count >= 10, let date = LocalDate(String(trimmed.prefix(10))) {
            let rest = trimmed.dropFirst(10)
            guard let separator = rest.first, separator == "T" || separator == " " else { return nil }
            self.date = date
            timePart = rest.dropFirst()
        }
        var offset: Int?
        if timePart.hasSuffix("Z") {
            offset = 0
            timePart = timePart.dropLast()
        } else if let sign = timePart.lastIndex(where: { $0 == "+" || $0 == "-" }) {
            guard let parsed = Self.parseOffset(timePart[sign...]) else { return nil }
            offset = parsed
            timePart = timePart[..<sign]
        }
        let fields = timePart.split(separator: ":", omittingEmptySubsequences: false)
        guard (2...3).contains(fields.count),
              fields.allSatisfy({ $0.count == 2 || ($0.count > 2 && $0.contains(".")) }),
              let hour = Int(fields[0]), let minute = Int(fields[1]), (0...23).contains(hour), (0...59).contains(minute)
        else { return nil }
        let second = fields.count == 3 ? Int(Double(fields[2]) ?? -1) : 0
        guard (0...59).contains(second) else { return nil }
        self.hour = hour
        self.minute = minute
        self.second = second
        self.utcOffset = offset
    }

    /// A time from its parts.
    public init(date: LocalDate? = nil, hour: Int, minute: Int, second: Int = 0, utcOffset: Int? = nil) {
        self.date = date
        self.hour = hour
        self.minute = minute
        self.second = second
        self.utcOffset = utcOffset
    }

    private static func parseOffset(_ text: Substring) -> Int? {
        let sign = text.first == "-" ? -1 : 1
        let digits = text.dropFirst().filter { $0 != ":" }
        guard digits.count == 4 || digits.count == 2, digits.allSatisfy(\.isASCII), let value = Int(digits)
        else { return nil }
        let hours = digits.count == 4 ? value / 100 : value
        let minutes = digits.count == 4 ? value % 100 : 0
        return sign * (hours * 3600 + minutes * 60)
    }

    /// Minutes since local midnight, 0–1439.
    public var minuteOfDay: Int { hour * 60 + minute }

    /// `HH:mm`, e.g. `23:55`.
    public var clockText: String { String(format: "%02d:%02d", hour, minute) }

    /// The instant, when the text had both a date and an offset.
    public var instant: Date? {
        guard let date, let utcOffset else { return nil }
        let local = Double(date.daysSince1970) * 86_400 + Double(hour * 3600 + minute * 60 + second)
        return Date(timeIntervalSince1970: local - Double(utcOffset))
    }

    public var description: String {
        [date?.description, clockText].compactMap { $0 }.joined(separator: " ")
    }
}
