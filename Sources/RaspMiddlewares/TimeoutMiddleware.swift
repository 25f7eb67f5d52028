public import Foundation
import RaspRuntime

/// How long each request may take, per operation.
public struct TimeoutPolicy: Sendable, Hashable {
    /// The timeout of operations without an override.
    public var defaultTimeout: Duration
    /// Timeouts by `operationID` (e.g. a long one for a 40 MB directory download).
    public var overrides: [String: Duration]

    /// Creates a policy.
    /// - Parameters:
    ///   - defaultTimeout: For operations without an override (default 30 s).
    ///   - overrides: Timeouts by `operationID`.
    public init(defaultTimeout: Duration = .seconds(30), overrides: [String: Duration] = [:]) {
        self.defaultTimeout = defaultTimeout
        self.overrides = overrides
    }

    /// The timeout for an operation.
    public func timeout(for operationID: String) -> Duration { overrides[operationID] ?? defaultTimeout }
}

/// Gives every attempt a total deadline and throws ``/RaspRuntime/ClientError/timeout(operationID:underlyingError:)``
/// when it passes.
///
/// The deadline is the request's own ``/RaspRuntime/ClientRequest/timeout`` if set, otherwise the policy's for its
/// operation; it is also written into the request so the transport's idle timeout matches. Unlike
/// `URLRequest.timeoutInterval` (an idle timeout), this bounds the whole exchange: the call is raced against
/// the deadline and cancelled when it loses. Place it innermost (after ``RetryMiddleware``) for a per-attempt
/// deadline.
public struct TimeoutMiddleware: ClientMiddleware {
    /// The timeouts.
    public var policy: TimeoutPolicy
    private let sleeper: Sleeper

    /// Creates the middleware.
    /// - Parameters:
    ///   - policy: The timeouts (default 30 s for everything).
    ///   - sleeper: How to wait for the deadline (inject one in tests).
    public init(policy: TimeoutPolicy = TimeoutPolicy(), sleeper: Sleeper = .live) {
        self.policy = policy
        self.sleeper = sleeper
    }

    public func intercept(
        _ request: ClientRequest,
        baseURL: URL,
        next: @Sendable (ClientRequest, URL) async throws -> ClientResponse
    ) async throws -> ClientResponse {
        var request = request
        let timeout = request.timeout ?? policy.timeout(for: request.operationID)
        request.timeout = timeout
        let sent = request
        return try await withoutActuallyEscaping(next) { next in
            try await withDeadline(timeout, operationID: sent.operationID, sleeper: sleeper) {
                try await next(sent, baseURL)
            }
        }
    }
}
