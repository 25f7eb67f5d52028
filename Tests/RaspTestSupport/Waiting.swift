import Foundation

/// How long a test waits for a step that takes moments: a hang guard, far above what the step takes even on a loaded
/// machine running every suite at once, never a bound that the behaviour under test is measured against.
package let hangGuard: Duration = .seconds(60)

/// A wait that ran into its hang guard.
package struct WaitTimedOut: Error, CustomStringConvertible {
    /// What was waited for.
    package let what: String
    /// How long.
    package let limit: Duration

    package var description: String { "gave up waiting for \(what) after \(limit)" }
}

/// Polls `condition` every `interval` until it holds: waiting on the real condition, not for a time that usually
/// suffices.
/// - Throws: ``WaitTimedOut`` after `limit`; `CancellationError` when the task is cancelled.
package func waitUntil(_ what: String, within limit: Duration = hangGuard, every interval: Duration = .milliseconds(10),
                       _ condition: () async throws -> Bool) async throws {
    let deadline = ContinuousClock.now + limit
    while try await !condition() {
        guard ContinuousClock.now < deadline else { throw WaitTimedOut(what: what, limit: limit) }
        try await Task.sleep(for: interval)
    }
}

/// Runs `body`, cancelling it after `limit` (a hang guard, for work that has no deadline of its own).
/// - Throws: ``WaitTimedOut`` when `body` had to be cancelled, or what `body` throws.
package func withHangGuard<T: Sendable>(_ limit: Duration = hangGuard, _ what: String = "the guarded work",
                                        _ body: @escaping @Sendable () async throws -> T) async throws -> T {
    try await withThrowingTaskGroup(of: T?.self) { group in
        group.addTask { try await body() }
        group.addTask {
            try await Task.sleep(for: limit)
            return nil
        }
        defer { group.cancelAll() }
        guard let first = try await group.next(), let value = first else {
            throw WaitTimedOut(what: what, limit: limit)
        }
        return value
    }
}
