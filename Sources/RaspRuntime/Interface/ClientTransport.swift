public import Foundation

/// Sends one HTTP request and returns the response. The default is ``URLSessionTransport``; an
/// AsyncHTTPClient-based transport can live in its own target and conform to this.
public protocol ClientTransport: Sendable {
    /// Sends the request to `baseURL` + the request's path.
    /// - Throws: ``ClientError`` (`.noConnection`, `.timeout`, `.cancelled`) or any transport error.
    func send(_ request: ClientRequest, baseURL: URL) async throws -> ClientResponse
}

/// Sees every request on its way out and every response on its way back (auth, logging, retries…).
public protocol ClientMiddleware: Sendable {
    /// Handles a request, calling `next` zero or more times.
    func intercept(
        _ request: ClientRequest,
        baseURL: URL,
        next: @Sendable (ClientRequest, URL) async throws -> ClientResponse
    ) async throws -> ClientResponse
}
