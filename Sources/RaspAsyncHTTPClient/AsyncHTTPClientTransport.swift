public import AsyncHTTPClient
public import Foundation
import NIOCore
import HTTPTypes
import NIOHTTP1
public import RaspRuntime

/// A transport on AsyncHTTPClient (SwiftNIO): the choice for servers and for Linux, where it takes a third of the CPU
/// per request of ``/RaspURLSession/URLSessionTransport`` (`rasp-bench client`) and never lets one request hold up
/// another.
///
/// ```swift
/// let client = RaspClient(serverURL: url, transport: AsyncHTTPClientTransport())   // HTTPClient.shared
///
/// try await AsyncHTTPClientTransport.withTransport { transport in                   // a client of its own,
///     let client = RaspClient(serverURL: url, transport: transport)                  // shut down afterwards
///     …
/// }
/// ```
///
/// It behaves as ``/RaspURLSession/URLSessionTransport`` does, so the two are interchangeable (one test suite runs
/// against both):
/// - The request's ``/RaspRuntime/ClientRequest/timeout`` (or ``defaultTimeout``) bounds the whole exchange of
///   ``send(_:baseURL:)``, upload and body included, and is the longest silence between chunks of
///   ``stream(_:baseURL:)``.
/// - Cancelling the calling task (or the task reading a streamed body) ends the exchange at once, closing the
///   connection, with ``/RaspRuntime/ClientError/cancelled(operationID:)``.
/// - Errors are ``/RaspRuntime/ClientError``s of the same cases: `.noConnection` (a refused connection, a name that
///   does not resolve; "connection lost" when the server was reached and the exchange broke off), `.timeout`,
///   `.cancelled`, `.invalidRequest` (a bad header field, a body that cannot be read or does not match its announced
///   length).
///   No reason carries a URL, so no query credential reaches a log.
/// - Request bodies that are files or async sequences stream (``streamsRequestBodies``): read ahead by at most
///   ``uploadReadAhead`` bytes on a task of their own. A source that has no bytes ready holds up only its own request
///   (with URLSession on Linux it holds up every request of the process).
/// - Redirects follow the client's configuration (``clientConfiguration(connectTimeout:redirects:tls:proxy:)``
///   follows up to 10); a streamed body is never sent twice, so its request stops at the redirect and returns the 3xx
///   (URLSession on Linux follows it with the body left out).
/// - Unlike URLSession, it keeps no cookies and sends no `User-Agent` of its own.
///
/// The `HTTPClient` is the caller's: `HTTPClient.shared` by default (it is never shut down), or one made with
/// ``clientConfiguration(connectTimeout:redirects:tls:proxy:)`` and shut down by its owner,
/// as ``withTransport(configuration:defaultTimeout:isolation:_:)`` does.
public struct AsyncHTTPClientTransport: ClientTransport {
    /// The client requests go through.
    public let client: HTTPClient
    /// The timeout for requests that do not set their own.
    public var defaultTimeout: Duration
    /// Whether requests ask for compressed answers (`Accept-Encoding: gzip, deflate`, unless a request sets its
    /// own), as URLSession's do. Only for a client that decompresses them (its configuration's `decompression`).
    public var requestsCompression: Bool

    /// The most bytes of a streamed request body read ahead of the connection (1 MiB).
    public static let uploadReadAhead = 1 << 20
    /// The most bytes of a streamed response held for a reader that is behind (1 MiB); beyond it the connection
    /// stops reading until the reader catches up.
    public static let streamMemoryLimit = 1 << 20

    /// Creates a transport.
    /// - Parameters:
    ///   - client: The client (default: `HTTPClient.shared`, whose configuration is browser-like: it follows up to
    ///     20 redirects and keeps retrying a refused connection for up to 90 s, which a request then sees as
    ///     ``/RaspRuntime/ClientError/timeout(operationID:underlyingError:)`` at its deadline; a client made with
    ///     ``clientConfiguration(connectTimeout:redirects:tls:proxy:)`` fails at once as URLSession does).
    ///   - defaultTimeout: Used when a request has no ``/RaspRuntime/ClientRequest/timeout`` (default 30 s).
    ///   - requestsCompression: Whether requests ask for compressed answers (see ``requestsCompression``).
    public init(client: HTTPClient = .shared, defaultTimeout: Duration = .seconds(30),
                requestsCompression: Bool = false) {
        self.client = client
        self.defaultTimeout = defaultTimeout
        self.requestsCompression = requestsCompression
    }

    /// Runs `body` with a transport on a client of its own, made with `configuration`, and shuts the client down
    /// when `body` returns or throws.
    /// - Parameters:
    ///   - configuration: The client's configuration (default:
    ///     ``clientConfiguration(connectTimeout:redirects:tls:proxy:)``).
    ///   - defaultTimeout: Used when a request has no ``/RaspRuntime/ClientRequest/timeout`` (default 30 s).
    ///   - isolation: The actor `body` runs on (the caller's, by default).
    ///   - body: What to do with the transport.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws.
    public static func withTransport<R>(
        configuration: HTTPClient.Configuration = clientConfiguration(),
        defaultTimeout: Duration = .seconds(30),
        isolation: isolated (any Actor)? = #isolation,
        _ body: (AsyncHTTPClientTransport) async throws -> R
    ) async throws -> R {
        let compresses = if case .enabled = configuration.decompression { true } else { false }
        return try await HTTPClient.withHTTPClient(configuration: configuration) { client in
            try await body(AsyncHTTPClientTransport(client: client, defaultTimeout: defaultTimeout,
                                                    requestsCompression: compresses))
        }
    }

    /// True: bodies that are files or sequences are sent as they are read, never whole in memory.
    public var streamsRequestBodies: Bool { true }

    /// Sends the request and collects the response.
    /// - Throws: ``/RaspRuntime/ClientError`` (see the type's notes).
    public func send(_ request: ClientRequest, baseURL: URL) async throws -> ClientResponse {
        let (outgoing, upload, timeout) = try makeRequest(request, baseURL: baseURL)
        defer { upload?.stop() }
        let client = self.client
        return try await perform(request, timeout: timeout, upload: upload) {
            let response = try await client.execute(outgoing, deadline: .now() + TimeAmount(timeout))
            let body = try await response.body.collect(upTo: .max)
            let head = Self.head(of: response)
            return ClientResponse(status: head.status, headers: head.headers,
                                  body: body.withUnsafeReadableBytes { Data($0) })
        }
    }

    /// The AsyncHTTPClient request for a request, the upload that feeds its body, and the timeout that applies.
    func makeRequest(_ request: ClientRequest, baseURL: URL) throws -> (HTTPClientRequest, UploadPump?, Duration) {
        guard let url = request.url(relativeTo: baseURL) else {
            throw ClientError.invalidRequest(operationID: request.operationID,
                                             reason: "cannot build a URL from the server URL")
        }
        if let problem = request.headerProblem {
            throw ClientError.invalidRequest(operationID: request.operationID, reason: problem)
        }
        var outgoing = HTTPClientRequest(url: url.absoluteString)
        outgoing.method = HTTPMethod(rawValue: request.method)
        for field in request.headers {
            outgoing.headers.add(name: field.name.rawName, value: field.value)
        }
        if requestsCompression, request.header("Accept-Encoding") == nil {
            outgoing.headers.add(name: "Accept-Encoding", value: "gzip, deflate")
        }
        var upload: UploadPump?
        if let body = request.uploadBody {
            if let data = body.data {
                outgoing.body = .bytes(ByteBuffer(bytes: data))
            } else {
                do {
                    // A missing file fails here, before anything is sent.
                    let length = try body.length()
                    let pump = UploadPump(body: body, length: length, limit: Self.uploadReadAhead)
                    outgoing.body = .stream(pump, length: length.map { .known(Int64($0)) } ?? .unknown)
                    upload = pump
                } catch let error as MessageBody.ReadError {
                    throw ClientError(uploadError: error, operationID: request.operationID)
                }
            }
        }
        return (outgoing, upload, request.timeout ?? defaultTimeout)
    }

    /// Runs an exchange under the total deadline, mapping its errors to ``/RaspRuntime/ClientError``: a body that
    /// could not be read (`upload`) fails the call as `.invalidRequest`, whatever the connection made of it.
    ///
    /// The exchange runs on a task of its own, cancelled by a timer on the client's event loop at the deadline, or
    /// when the caller is cancelled: one task and a timer, where RaspRuntime's `withDeadline` races two child tasks
    /// (fewer tasks and thread hand-offs per request).
    private func perform<T: Sendable>(_ request: ClientRequest, timeout: Duration, upload: UploadPump?,
                                      _ body: @escaping @Sendable () async throws -> T) async throws -> T {
        let operationID = request.operationID
        let timedOut = Locked(false)
        let exchange = Task { try await body() }
        let timer = client.eventLoopGroup.any().scheduleTask(in: TimeAmount(timeout)) {
            timedOut.withLock { $0 = true }
            exchange.cancel()
        }
        defer { timer.cancel() }
        do {
            return try await withTaskCancellationHandler {
                try await exchange.value
            } onCancel: {
                exchange.cancel()
            }
        } catch {
            if let failure = upload?.failure { throw ClientError(uploadError: failure, operationID: operationID) }
            if timedOut.withLock({ $0 }) { throw ClientError.timeout(operationID: operationID) }
            if Task.isCancelled { throw ClientError.cancelled(operationID: operationID) }
            throw TransportErrors.map(error, operationID: operationID)
        }
    }

    /// The status and headers of a response, every field as it came, in order (a repeated field stays several).
    static func head(of response: HTTPClientResponse) -> ClientResponseHead {
        var headers = HTTPFields()
        headers.reserveCapacity(response.headers.count)
        for (name, value) in response.headers {
            guard let fieldName = HTTPField.Name(name) else { continue }
            headers.append(HTTPField(name: fieldName, value: value))
        }
        return ClientResponseHead(status: Int(response.status.code), headers: headers)
    }
}

extension TimeAmount {
    /// A duration as NIO counts it (nanoseconds, saturating).
    init(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        self = .nanoseconds(overflow ? .max : scaled.addingReportingOverflow(attoseconds / 1_000_000_000).partialValue)
    }
}

extension AsyncHTTPClientTransport: CustomReflectable {
    /// The settings, not the `HTTPClient`'s internals: reflecting those (`dump(client)`) reads state its event loops
    /// are changing.
    public var customMirror: Mirror {
        Mirror(self, children: ["defaultTimeout": defaultTimeout, "requestsCompression": requestsCompression,
                                "client": client === HTTPClient.shared ? "HTTPClient.shared" : "custom"],
               displayStyle: .struct)
    }
}
