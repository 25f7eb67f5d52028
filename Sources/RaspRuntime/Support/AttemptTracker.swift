/// Counts the HTTP attempts (transport calls) made for the calls run in its scope, retries included.
///
/// ``ClientCore`` records one attempt on ``current`` each time it hands a request to the transport. To learn how
/// many attempts a call took, run it with a tracker:
///
/// ```swift
/// let tracker = AttemptTracker()
/// let result = try await AttemptTracker.$current.withValue(tracker) { try await client.search(from: a, to: b) }
/// print(tracker.attempts) // 1, or more after retries
/// ```
///
/// Trackers nest: a tracker created inside another's scope also counts into the outer one, so a middleware
/// (like `LoggingMiddleware`) and the caller can both track the same call.
public final class AttemptTracker: Sendable {
    /// The tracker of the current task, if any.
    @TaskLocal public static var current: AttemptTracker?

    private let count = Locked(0)
    private let parent: AttemptTracker?

    /// Creates a tracker that also counts into the tracker of the current task.
    public init() { parent = Self.current }

    /// The attempts recorded so far.
    public var attempts: Int { count.withLock { $0 } }

    /// Records one attempt (here and in the enclosing trackers).
    public func recordAttempt() {
        count.withLock { $0 += 1 }
        parent?.recordAttempt()
    }
}
