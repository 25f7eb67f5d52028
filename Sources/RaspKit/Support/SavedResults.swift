import Foundation
import RaspMiddlewares

/// What a screen shows when the server could not be reached and a saved answer stands in for it: the answer's
/// age and the line that says so («Нет соединения. Сохранённые результаты, 2 ч 5 мин назад»). Retry goes back to
/// live data.
public struct SavedResults: Sendable, Hashable {
    /// How old the saved answer is.
    public var age: Duration
    /// The localized line to show above the results.
    public var message: String

    /// Creates the notice.
    public init(age: Duration, message: String) {
        self.age = age
        self.message = message
    }

    /// The notice for the answers a call got, or nil when they came live (or fresh from the cache).
    /// - Parameters:
    ///   - reports: What `HTTPCacheMiddleware.observing` reported for the call.
    ///   - strings: The language of the line.
    static func from(_ reports: [HTTPCacheMiddleware.Report], strings: RaspKit.Strings) -> SavedResults? {
        guard let age = reports.filter({ $0.outcome == .stale }).map(\.age).max() else { return nil }
        let seconds = Double(age.components.seconds)
        let text = TripFormatter(strings: strings).durationText(seconds: seconds)
        return SavedResults(age: age, message: strings.format(.savedResultsFormat, text))
    }
}
