public import Foundation
import RaspRuntime

/// Counts requests per local day against a daily limit, persists the count, and warns as the limit nears.
///
/// The day rolls over at local midnight of ``calendar`` (its time zone), judged by the injectable `now`.
/// In safe mode, ``reserve(operationID:)`` refuses requests past the limit with
/// a `refused` ``/RaspRuntime/ClientError`` (``QuotaExhausted``); otherwise it only counts and
/// warns.
public actor QuotaCounter {
    /// What the counter reports.
    public enum Event: Sendable, Hashable {
        /// The count reached the warning threshold (once per day).
        case approaching(used: Int, limit: Int)
        /// The count reached the limit (once per day).
        case exhausted(used: Int, limit: Int)
        /// A request was refused in safe mode.
        case refused(operationID: String, limit: Int)
        /// The state could not be loaded or saved (the count goes on in memory).
        case storageFailed(reason: String)
    }

    /// Today's usage.
    public struct Usage: Sendable, Hashable {
        /// The local day, `YYYY-MM-DD`.
        public var day: String
        /// Requests made today.
        public var used: Int
        /// The daily limit.
        public var limit: Int
        /// Requests left today (0 when over).
        public var remaining: Int { max(0, limit - used) }
    }

    /// The daily limit.
    public let limit: Int
    /// The share of the limit (0…1) at which ``Event/approaching(used:limit:)`` fires.
    public let warningThreshold: Double
    /// Whether requests past the limit are refused.
    public let safeMode: Bool
    /// The calendar whose time zone decides when a day starts.
    public let calendar: Calendar
    private let store: any QuotaStore
    private let now: @Sendable () -> Date
    private let onEvent: (@Sendable (Event) -> Void)?
    private var state: QuotaState?
    private var loaded = false

    /// Creates a counter.
    /// - Parameters:
    ///   - limit: Requests per day (default 500).
    ///   - warningThreshold: The share of the limit that triggers a warning (default 0.9).
    ///   - safeMode: Refuse requests past the limit (default true).
    ///   - store: Where the count is kept (default: memory only).
    ///   - calendar: Decides local midnight (default: the current calendar and time zone).
    ///   - now: The clock.
    ///   - onEvent: Called on warnings, refusals and storage problems.
    public init(limit: Int = 500, warningThreshold: Double = 0.9, safeMode: Bool = true,
                store: any QuotaStore = InMemoryQuotaStore(), calendar: Calendar = .current,
                now: @escaping @Sendable () -> Date = { Date() }, onEvent: (@Sendable (Event) -> Void)? = nil) {
        self.limit = max(0, limit)
        self.warningThreshold = min(1, max(0, warningThreshold))
        self.safeMode = safeMode
        self.store = store
        self.calendar = calendar
        self.now = now
        self.onEvent = onEvent
    }

    /// Today's usage.
    public var usage: Usage {
        let state = current()
        return Usage(day: state.day, used: state.count, limit: limit)
    }

    /// Counts one request, or refuses it in safe mode when today's limit is used up.
    /// - Throws: a `refused` ``/RaspRuntime/ClientError`` (``QuotaExhausted``).
    public func reserve(operationID: String) throws {
        var state = current()
        if safeMode, state.count >= limit {
            onEvent?(.refused(operationID: operationID, limit: limit))
            throw ClientError.quotaExhausted(operationID: operationID, limit: limit)
        }
        state.count += 1
        if !state.warnedApproaching, Double(state.count) >= Double(limit) * warningThreshold {
            state.warnedApproaching = true
            onEvent?(.approaching(used: state.count, limit: limit))
        }
        if !state.warnedExhausted, state.count >= limit {
            state.warnedExhausted = true
            onEvent?(.exhausted(used: state.count, limit: limit))
        }
        update(state)
    }

    /// Sets today's count to zero.
    public func reset() { update(QuotaState(day: day(of: now()))) }

    /// The state for today: loaded on first use, started afresh when the day changed.
    private func current() -> QuotaState {
        let today = day(of: now())
        if !loaded {
            loaded = true
            do {
                state = try store.load()
            } catch {
                onEvent?(.storageFailed(reason: "\(error)"))
            }
        }
        if let state, state.day == today { return state }
        return QuotaState(day: today)
    }

    private func update(_ newState: QuotaState) {
        state = newState
        do {
            try store.save(newState)
        } catch {
            onEvent?(.storageFailed(reason: "\(error)"))
        }
    }

    private func day(of date: Date) -> String {
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        let year = parts.year ?? 0, month = parts.month ?? 0, day = parts.day ?? 0
        return "\(year)-\(month < 10 ? "0" : "")\(month)-\(day < 10 ? "0" : "")\(day)"
    }
}
