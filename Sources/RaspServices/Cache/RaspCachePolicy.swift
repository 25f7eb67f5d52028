public import Foundation
public import RaspMiddlewares
import RaspRuntime

/// How long the Rasp API's answers stay fresh, and how long a saved one may still be shown when a call fails: the
/// API sends no cache headers, so ``/RaspMiddlewares/HTTPCacheMiddleware`` goes by this.
///
/// | Operation | Fresh for | Shown after a failure for |
/// |---|---|---|
/// | `search`, `schedule`, `thread` for a past day | 30 days (a past timetable does not change) | 30 days |
/// | … for today | 5 minutes (delays and cancellations) | 30 days |
/// | … for a later day, or every day | 1 hour | 30 days |
/// | `carrier` | 7 days | 30 days |
/// | `nearestStations`, `nearestSettlement`, `copyright` | 1 day | 30 days |
///
/// Other operations (the station directory has its own cache) are not kept. "Today" is the day in `timeZone`.
public enum RaspCachePolicy {
    /// The operations whose answers are kept.
    public static let cachedOperations: Set<String> = [
        "search", "schedule", "thread", "carrier", "nearestStations", "nearestSettlement", "copyright",
    ]

    /// How long a saved answer may be shown when a call fails.
    public static let shownAfterFailure: Duration = .seconds(30 * 24 * 3600)

    /// The policy.
    /// - Parameters:
    ///   - timeZone: Where "today" is (default: the device's).
    ///   - now: The clock.
    public static func policy(timeZone: TimeZone = .current,
                              now: @escaping @Sendable () -> Date = { Date() }) -> HTTPCachePolicy {
        HTTPCachePolicy(
            keeps: { request in cachedOperations.contains(request.operationID) },
            freshness: { request in
                freshness(operationID: request.operationID,
                          date: request.query.first { $0.name == "date" }?.value,
                          today: day(of: now(), in: timeZone))
            },
            staleIfError: { _ in shownAfterFailure }
        )
    }

    /// How long an answer stays fresh.
    /// - Parameters:
    ///   - operationID: The operation.
    ///   - date: The request's `date` parameter (`YYYY-MM-DD`), if any.
    ///   - today: Today as `YYYY-MM-DD`.
    static func freshness(operationID: String, date: String?, today: String) -> Duration? {
        switch operationID {
        case "search", "schedule", "thread":
            // ISO dates compare as text.
            guard let date = date?.prefix(10), date.count == 10 else { return .seconds(3600) }
            if date < today { return .seconds(30 * 24 * 3600) }
            return date == today ? .seconds(300) : .seconds(3600)
        case "carrier": return .seconds(7 * 24 * 3600)
        case "nearestStations", "nearestSettlement", "copyright": return .seconds(24 * 3600)
        default: return nil
        }
    }

    /// A date as `YYYY-MM-DD` in a time zone.
    static func day(of date: Date, in timeZone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
    }
}
