/// Runs `body`, but throws ``ClientError/timeout(operationID:underlyingError:)`` if it has not finished within
/// `duration`.
///
/// The body runs in a child task that is cancelled when the deadline passes; the call returns once the body has
/// reacted to that cancellation, so bodies must honour cancellation (`URLSessionTransport` does). Cancelling the
/// caller's task ends the wait at once with ``ClientError/cancelled(operationID:)``.
/// - Parameters:
///   - duration: The total time allowed; nil means no deadline.
///   - operationID: For the thrown errors.
///   - sleeper: How to wait for the deadline (injected in tests).
///   - body: The work.
package func withDeadline<T: Sendable>(
    _ duration: Duration?,
    operationID: String,
    sleeper: Sleeper = .live,
    _ body: @escaping @Sendable () async throws -> T
) async throws -> T {
    guard let duration else { return try await body() }
    do {
        return try await withThrowingTaskGroup(of: T.self) { group in
            group.addTask { try await body() }
            group.addTask {
                try await sleeper(duration)
                throw ClientError.timeout(operationID: operationID)
            }
            defer { group.cancelAll() }
            guard let first = try await group.next() else { throw ClientError.timeout(operationID: operationID) }
            return first
        }
    } catch {
        if Task.isCancelled { throw ClientError.cancelled(operationID: operationID) }
        throw error
    }
}
