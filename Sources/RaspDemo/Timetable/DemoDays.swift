import RaspRuntime

/// On which dates a thread runs (judged on its start date, at its first stop).
enum DemoDays: Sendable, Hashable {
    case daily
    /// Monday to Friday.
    case weekdays
    /// Saturday and Sunday.
    case weekends
    /// Given ISO weekdays (1 = Monday … 7 = Sunday).
    case weekdaysList([Int])
    /// Odd days of the month.
    case odd
    /// Even days of the month.
    case even

    /// Whether the thread starts on `date`.
    func runs(on date: LocalDate) -> Bool {
        switch self {
        case .daily: true
        case .weekdays: date.isoWeekday <= 5
        case .weekends: date.isoWeekday >= 6
        case .weekdaysList(let days): days.contains(date.isoWeekday)
        case .odd: date.day % 2 == 1
        case .even: date.day % 2 == 0
        }
    }

    /// The human-readable `days` text, as the Russian API writes it.
    var text: String {
        switch self {
        case .daily: "ежедневно"
        case .weekdays: "по будням"
        case .weekends: "по выходным"
        case .weekdaysList(let days): days.map { Self.weekdayNames[$0 - 1] }.joined(separator: ", ")
        case .odd: "по нечётным"
        case .even: "по чётным"
        }
    }

    private static let weekdayNames = ["пн", "вт", "ср", "чт", "пт", "сб", "вс"]
}

extension LocalDate {
    /// The ISO weekday: 1 = Monday … 7 = Sunday (1970-01-01 was a Thursday).
    var isoWeekday: Int {
        let days = daysSince1970
        return ((days % 7) + 7 + 3) % 7 + 1
    }

    /// The date `days` after 1970-01-01.
    static func fromDays(_ days: Int) -> LocalDate {
        epoch.adding(days: days)
    }

    private static let epoch = LocalDate(year: 1970, month: 1, day: 1)!
}
