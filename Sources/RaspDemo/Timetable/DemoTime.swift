import Foundation
import RaspRuntime

/// Instants as whole minutes since 1970-01-01T00:00Z, and the ways the API writes them.
enum DemoTime {
    /// `2024-03-05T10:55:00+03:00`.
    static func iso(_ utc: Int, offset: Int) -> String {
        naive(utc, offset: offset, separator: "T") + offsetText(offset)
    }

    /// `2024-03-05T10:55:00` (separator `T`) or `2024-03-05 10:55:00` (separator space), with no offset.
    static func naive(_ utc: Int, offset: Int, separator: String) -> String {
        "\(date(utc, offset: offset))\(separator)\(clock(utc, offset: offset, seconds: true))"
    }

    /// `10:55:00` or `10:55`.
    static func clock(_ utc: Int, offset: Int, seconds: Bool) -> String {
        let local = utc + offset
        let minuteOfDay = ((local % 1440) + 1440) % 1440
        let text = "\(pad(minuteOfDay / 60)):\(pad(minuteOfDay % 60))"
        return seconds ? text + ":00" : text
    }

    /// The local date of an instant.
    static func date(_ utc: Int, offset: Int) -> LocalDate {
        let local = utc + offset
        return LocalDate.fromDays(local >= 0 ? local / 1440 : (local - 1439) / 1440)
    }

    /// UTC minutes of local midnight starting `date` in a zone `offset` minutes east of UTC.
    static func midnight(_ date: LocalDate, offset: Int) -> Int {
        date.daysSince1970 * 1440 - offset
    }

    /// The current UTC minute of a `Date`.
    static func minutes(_ date: Date) -> Int {
        Int((date.timeIntervalSince1970 / 60).rounded(.down))
    }

    private static func offsetText(_ offset: Int) -> String {
        let sign = offset < 0 ? "-" : "+"
        let value = abs(offset)
        return "\(sign)\(pad(value / 60)):\(pad(value % 60))"
    }

    private static func pad(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}

/// How times are shown: in each station's own zone, or all converted to a `result_timezone`.
struct DemoClock: Sendable {
    /// The zone of `result_timezone`, if one was asked for.
    let resultZone: TimeZone?

    /// Minutes east of UTC to show an instant at a station in.
    func offset(at station: DemoStation, utc: Int) -> Int {
        guard let resultZone else { return station.zone.offsetMinutes }
        return resultZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(utc) * 60)) / 60
    }
}
