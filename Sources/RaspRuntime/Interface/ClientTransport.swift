public import Foundation
public import HTTPTypes

/// Sends one HTTP request and returns the response. The default is `URLSessionTransport`; an
/// AsyncHTTPClient-based transport can live in its own target and conform to this.
///
/// ``ClientCore`` asks for the whole body in memory (``send(_:baseURL:)``) when it decodes it, and for the body as
/// it arrives (``stream(_:baseURL:)``) for downloads, event streams and observed progress; either way the middlewares
/// see the response with its ``MessageBody``.
///
/// Transports must honour task cancellation promptly: `TimeoutMiddleware` and `RetryMiddleware` rely on it.
public protocol ClientTransport: Sendable {
    /// Sends the request to `baseURL` + the request's path.
    /// - Throws: ``ClientError`` (`.noConnection`, `.timeout`, `.cancelled`) or any transport error.
    func send(_ request: ClientRequest, baseURL: URL) async throws -> ClientResponse

    /// Sends the request and returns the response head as soon as it arrives, with the body to read as it comes
    /// (whatever the status); for event streams and large bodies.
    ///
    /// The default implementation calls ``send(_:baseURL:)`` and hands the whole body over as one chunk;
    /// `URLSessionTransport` streams it. Reading the body throws what the transport throws mid-stream
    /// (``ClientError``); cancelling the reading task, or dropping the body and its iterator, ends the exchange.
    /// - Throws: Like ``send(_:baseURL:)``, until the head has arrived.
    func stream(_ request: ClientRequest, baseURL: URL) async throws -> (ClientResponseHead, MessageBody)

    /// Whether the transport sends a ``ClientRequest/uploadBody`` that is not in memory (a file, an async sequence)
    /// as it reads it. When false, the default, ``ClientCore`` reads such a body into ``ClientRequest/body`` before
    /// the middlewares and the transport see the request, so a transport that only knows `body` still sends it
    /// whole (in memory); `URLSessionTransport` streams it.
    var streamsRequestBodies: Bool { get }
}

extension ClientTransport {
    /// False: ``ClientCore`` hands this transport every body in memory.
    public var streamsRequestBodies: Bool { false }

    /// Sends the request with ``send(_:baseURL:)`` and returns its whole body as a single chunk.
    public func stream(_ request: ClientRequest, baseURL: URL) async throws -> (ClientResponseHead, MessageBody) {
        let response = try await send(request, baseURL: baseURL)
        return (response.head, response.body)
    }
}

/// The status and headers of a response, without its body (a download's went to a file).
public struct ClientResponseHead: Sendable, Hashable {
    /// The status code.
    public var status: Int
    /// Header fields in the order received, a repeated field kept as several (see ``ClientResponse/headers``).
    public var headers: HTTPFields

    /// Creates a head.
    public init(status: Int, headers: HTTPFields = [:]) {
        self.status = status
        self.headers = headers
    }

    /// The value of a header field (case-insensitive), if present, a repeated field's values joined.
    public func header(_ name: String) -> String? {
        headers.value(of: name)
    }
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
