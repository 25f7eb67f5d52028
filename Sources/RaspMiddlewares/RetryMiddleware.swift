public import Foundation
import RaspRuntime

/// Sends idempotent requests again after connection failures, timeouts, 429 and 5xx, with exponential backoff and
/// jitter, honouring `Retry-After`.
///
/// - Attempts are bounded by ``/RaspRuntime/RetryPolicy/maxAttempts``; after the last one, the last response is
///   returned (so the caller gets the usual ``/RaspRuntime/ClientError/http(_:)``) or the last error is thrown.
/// - Only ``/RaspRuntime/RetryPolicy/idempotentMethods`` are retried, and requests with an
///   ``/RaspRuntime/ClientRequest/idempotencyKey`` (see ``IdempotencyKeyMiddleware``, placed before this one) whatever
///   their method.
/// - A request's own ``/RaspRuntime/ClientRequest/retryPolicy`` (``/RaspRuntime/RequestOptions/retryPolicy``) replaces
///   ``policy``.
/// - Cancellation ends everything at once: no further attempt, a backoff wait is abandoned, and the call throws
///   ``/RaspRuntime/ClientError/cancelled(operationID:)``.
/// - Observe it with ``onRetry`` (one ``RetryEvent`` per retry). The number of attempts a call took is counted
///   by ``/RaspRuntime/AttemptTracker`` (which ``/RaspRuntime/ClientCore`` feeds on every transport call).
public struct RetryMiddleware: ClientMiddleware {
    /// One decision to retry.
    public struct RetryEvent: Sendable {
        /// The operation.
        public var operationID: String
        /// The attempt that failed (1 for the first).
        public var attempt: Int
        /// The wait before the next attempt.
        public var delay: Duration
        /// Why the attempt failed.
        public var reason: Reason
    }

    /// Why an attempt is retried.
    public enum Reason: Sendable, CustomStringConvertible {
        /// A retryable status (429, 5xx).
        case status(Int)
        /// A retryable error (no connection, timeout).
        case error(ClientError)

        public var description: String {
            switch self {
            case .status(let status): "HTTP \(status)"
            case .error(let error): error.description
            }
        }
    }

    /// The policy.
    public var policy: RetryPolicy
    /// Called before each backoff wait.
    public var onRetry: (@Sendable (RetryEvent) -> Void)?
    private let random: @Sendable () -> Double
    private let sleeper: Sleeper
    private let now: @Sendable () -> Date

    /// Creates the middleware.
    /// - Parameters:
    ///   - policy: Attempts and waits (default ``/RaspRuntime/RetryPolicy/default``).
    ///   - random: The jitter source, values in `0..<1`.
    ///   - sleeper: How to wait (inject one in tests so they do not wait).
    ///   - now: The clock for `Retry-After` dates.
    ///   - onRetry: Called before each backoff wait.
    public init(policy: RetryPolicy = .default,
                random: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) },
                sleeper: Sleeper = .live,
                now: @escaping @Sendable () -> Date = { Date() },
                onRetry: (@Sendable (RetryEvent) -> Void)? = nil) {
        self.policy = policy
        self.random = random
        self.sleeper = sleeper
        self.now = now
        self.onRetry = onRetry
    }

    public func intercept(
        _ request: ClientRequest,
        baseURL: URL,
        next: @Sendable (ClientRequest, URL) async throws -> ClientResponse
    ) async throws -> ClientResponse {
        let operationID = request.operationID
        let policy = request.retryPolicy ?? self.policy
        let retries = policy.idempotentMethods.contains(request.method.uppercased()) || request.idempotencyKey != nil
        var attempt = 1
        while true {
            if Task.isCancelled { throw ClientError.cancelled(operationID: operationID) }
            let reason: Reason
            var retryAfter: Duration?
            do {
                let response = try await next(request, baseURL)
                guard retries, attempt < policy.maxAttempts, policy.isRetryable(status: response.status) else {
                    return response
                }
                reason = .status(response.status)
                retryAfter = policy.retryAfter(response.header("Retry-After"), now: now())
            } catch {
                let clientError = error as? ClientError ?? ClientError(transportError: error, operationID: operationID)
                if clientError.kind == .cancelled { throw clientError }
                if Task.isCancelled { throw ClientError.cancelled(operationID: operationID) }
                guard retries, attempt < policy.maxAttempts, clientError.isRetryable else { throw error }
                reason = .error(clientError)
                if let failure = clientError.httpFailure {
                    retryAfter = policy.retryAfter(
                        failure.headers.value(of: "Retry-After"),
                        now: now())
                }
            }
            let delay = retryAfter ?? policy.backoff(beforeRetry: attempt, random: random())
            onRetry?(RetryEvent(operationID: operationID, attempt: attempt, delay: delay, reason: reason))
            do {
                try await sleeper(delay)
            } catch {
                throw ClientError.cancelled(operationID: operationID)
            }
            if Task.isCancelled { throw ClientError.cancelled(operationID: operationID) }
            attempt += 1
        }
    }
}
