import ArgumentParser
import Foundation
import RaspRuntime

/// A `--date` value as people type it, in English or Russian: `2026-12-01`, `01.12.2026`, `01.12` (the next such
/// day), `today`/`сегодня`, `tomorrow`/`завтра`, `yesterday`/`вчера`, `послезавтра`, a weekday (`fri`, `friday`,
/// `пт`, `пятница`: the next one, today included), or `+N`/`-N` days from today. Relative forms are days in this
/// machine's time zone.
enum DateArgument: ExpressibleByArgument, Equatable {
    /// Days from today (`today` is 0).
    case relative(Int)
    /// The next day with this weekday, today included (1 = Monday … 7 = Sunday).
    case weekday(Int)
    /// Day and month without a year: the next such day, unless it was at most 30 days ago (the API still
    /// answers for those).
    case dayMonth(day: Int, month: Int)
    /// A calendar day.
    case day(LocalDate)

    init?(argument: String) {
        let text = argument.trimmingCharacters(in: .whitespaces).lowercased()
        if let days = Self.words[text] {
            self = .relative(days)
        } else if let weekday = Self.weekdays[text.trimmingCharacters(in: CharacterSet(charactersIn: "."))] {
            self = .weekday(weekday)
        } else if let sign = text.first, sign == "+" || sign == "-", let days = Int(text.dropFirst()), days <= 3660 {
            self = .relative(sign == "+" ? days : -days)
        } else if let date = LocalDate(text) {
            self = .day(date)
        } else if let dotted = Self.dotted(text) {
            self = dotted
        } else {
            return nil
        }
    }

    static var defaultCompletionKind: CompletionKind {
        .list(["today", "tomorrow", "yesterday", "mon", "tue", "wed", "thu", "fri", "sat", "sun"])
    }

    /// What the option's help says it takes.
    static let helpText = "The day: YYYY-MM-DD, DD.MM.YYYY, DD.MM, today, tomorrow, yesterday, a weekday "
        + "(fri, пятница), +N days; in Russian too (завтра, послезавтра)."

    /// The calendar day meant.
    /// - Parameters:
    ///   - now: The current time.
    ///   - timeZone: The zone «today» is in.
    func date(now: Date = Date(), in timeZone: TimeZone = .current) -> LocalDate {
        let today = LocalDate(now, in: timeZone)
        switch self {
        case .relative(let days):
            return today.adding(days: days)
        case .weekday(let weekday):
            return today.adding(days: (weekday - Self.weekday(of: today) + 7) % 7)
        case .dayMonth(let day, let month):
            for year in [today.year, today.year + 1] {
                if let date = LocalDate(year: year, month: month, day: day), date >= today.adding(days: -30) {
                    return date
                }
            }
            // 29 February in a year without it: the next leap year's.
            var year = today.year + 1
            while LocalDate(year: year, month: month, day: day) == nil { year += 1 }
            return LocalDate(year: year, month: month, day: day)!
        case .day(let date):
            return date
        }
    }

    /// The days the API gives timetables for: 30 days back to 11 months ahead of `today`.
    static func window(around today: LocalDate) -> ClosedRange<LocalDate> {
        let months = today.year * 12 + (today.month - 1) + 11
        let year = months / 12, month = months % 12 + 1
        var day = today.day
        while LocalDate(year: year, month: month, day: day) == nil { day -= 1 }
        return today.adding(days: -30)...LocalDate(year: year, month: month, day: day)!
    }

    /// The day, checked against the API's window (a usage error before any request is made).
    /// - Throws: `ValidationError` naming the window when the day is outside it.
    func checkedDate(now: Date = Date(), in timeZone: TimeZone = .current) throws -> LocalDate {
        let date = date(now: now, in: timeZone)
        let window = Self.window(around: LocalDate(now, in: timeZone))
        guard window.contains(date) else {
            throw usageError("""
                \(date) is outside the days the API has timetables for: \(window.lowerBound) to \
                \(window.upperBound) (30 days back to 11 months ahead).
                """, """
                \(date) вне дней, на которые у API есть расписание: с \(window.lowerBound) по \
                \(window.upperBound) (от 30 дней назад до 11 месяцев вперёд).
                """)
        }
        return date
    }

    // MARK: Parsing

    private static let words: [String: Int] = [
        "today": 0, "сегодня": 0, "tomorrow": 1, "завтра": 1, "yesterday": -1, "вчера": -1,
        "послезавтра": 2, "позавчера": -2,
    ]

    private static let weekdays: [String: Int] = {
        let names = [
            ["mon", "monday", "пн", "пон", "понедельник"], ["tue", "tuesday", "вт", "вторник"],
            ["wed", "wednesday", "ср", "среда", "среду"], ["thu", "thursday", "чт", "четверг"],
            ["fri", "friday", "пт", "пятница", "пятницу"], ["sat", "saturday", "сб", "суббота", "субботу"],
            ["sun", "sunday", "вс", "воскресенье"],
        ]
        var table: [String: Int] = [:]
        for (index, forms) in names.enumerated() { for form in forms { table[form] = index + 1 } }
        return table
    }()

    /// `DD.MM.YYYY`, `DD.MM.YY` or `DD.MM` (also with `/`).
    private static func dotted(_ text: String) -> DateArgument? {
        let parts = text.split(separator: text.contains("/") ? "/" : ".", omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 3, parts.allSatisfy({ !$0.isEmpty && $0.count <= 4 }),
              let day = Int(parts[0]), let month = Int(parts[1]) else { return nil }
        if parts.count == 2 {
            // Valid in some year (29.02 included).
            guard LocalDate(year: 2024, month: month, day: day) != nil else { return nil }
            return .dayMonth(day: day, month: month)
        }
        guard var year = Int(parts[2]), parts[2].count == 2 || parts[2].count == 4 else { return nil }
        if parts[2].count == 2 { year += 2000 }
        return LocalDate(year: year, month: month, day: day).map(DateArgument.day)
    }

    /// 1 = Monday … 7 = Sunday.
    private static func weekday(of date: LocalDate) -> Int {
        // 1970-01-01 was a Thursday (4).
        return ((date.daysSince1970 + 3) % 7 + 7) % 7 + 1
    }
}
