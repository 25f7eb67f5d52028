public import Foundation
public import RaspRuntime

/// Counts every request on a ``QuotaCounter`` and, in safe mode, refuses requests past the daily limit with
/// a `refused` ``/RaspRuntime/ClientError`` (``QuotaExhausted``) before any network I/O.
///
/// Place it inside ``/RaspMiddlewares/RetryMiddleware`` so every attempt that reaches the network is counted (a refusal
/// is not retryable, so retries stop there).
public struct QuotaMiddleware: ClientMiddleware {
    /// The counter.
    public let counter: QuotaCounter

    /// Creates the middleware.
    public init(counter: QuotaCounter) { self.counter = counter }

    public func intercept(
        _ request: ClientRequest,
        baseURL: URL,
        next: @Sendable (ClientRequest, URL) async throws -> ClientResponse
    ) async throws -> ClientResponse {
        try await counter.reserve(operationID: request.operationID)
        return try await next(request, baseURL)
    }
}
