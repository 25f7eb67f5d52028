import ArgumentParser
import Foundation
import RaspRuntime

/// A `--date` value: `YYYY-MM-DD`, `today` or `tomorrow` (in this machine's time zone).
enum DateArgument: ExpressibleByArgument, Equatable {
    case today
    case tomorrow
    case day(LocalDate)

    init?(argument: String) {
        switch argument.lowercased() {
        case "today", "сегодня": self = .today
        case "tomorrow", "завтра": self = .tomorrow
        default:
            guard let date = LocalDate(argument) else { return nil }
            self = .day(date)
        }
    }

    static var defaultCompletionKind: CompletionKind { .list(["today", "tomorrow"]) }

    /// The calendar day meant.
    /// - Parameters:
    ///   - now: The current time.
    ///   - timeZone: The zone «today» is in.
    func date(now: Date = Date(), in timeZone: TimeZone = .current) -> LocalDate {
        switch self {
        case .today: LocalDate(now, in: timeZone)
        case .tomorrow: LocalDate(now, in: timeZone).adding(days: 1)
        case .day(let date): date
        }
    }
}
