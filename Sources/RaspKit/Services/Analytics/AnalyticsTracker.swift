import Foundation
import RaspRuntime
import Logging

/// Receives analytics events. Implementations must be cheap and must not throw: analytics never breaks a screen.
public protocol AnalyticsTracker: Sendable {
    /// Records an event.
    /// - Parameter event: What happened.
    func track(_ event: AnalyticsEvent)
}

/// Writes each event to a swift-log `Logger` at `info` level, with the parameters as metadata.
public struct LoggingAnalyticsTracker: AnalyticsTracker {
    /// The logger events go to.
    public var logger: Logger

    /// Creates a tracker.
    /// - Parameter logger: The destination; `rasp.analytics` by default.
    public init(logger: Logger = Logger(label: "rasp.analytics")) {
        self.logger = logger
    }

    public func track(_ event: AnalyticsEvent) {
        var metadata: Logger.Metadata = [:]
        for (key, value) in event.parameters { metadata[key] = .string(value) }
        logger.info("\(event.name)", metadata: metadata)
    }
}

/// Keeps events in memory, in order, for tests and debug screens. Safe to use from any task.
public final class InMemoryAnalyticsTracker: AnalyticsTracker, @unchecked Sendable {
    private let storage = Locked<[AnalyticsEvent]>([])

    /// Creates an empty tracker.
    public init() {}

    public func track(_ event: AnalyticsEvent) {
        storage.withLock { $0.append(event) }
    }

    /// Every event so far, oldest first.
    public var events: [AnalyticsEvent] {
        storage.withLock { $0 }
    }

    /// Forgets the events.
    public func reset() {
        storage.withLock { $0.removeAll() }
    }
}

/// Drops every event (the default when an app does not pass a tracker).
public struct NoAnalyticsTracker: AnalyticsTracker {
    /// Creates the tracker.
    public init() {}

    public func track(_ event: AnalyticsEvent) {}
}
