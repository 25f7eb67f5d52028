import Foundation
import HTTPTypes
public import Hummingbird
public import Logging
import NIOCore
import NIOFoundationCompat
public import RaspRuntime
import ServiceLifecycle

/// Answers Hummingbird's requests with a RaspRuntime ``ServerRouter``: the routes a generated server registers
/// (`registerHandlers(on:)`), its middlewares and its error responses. The request body is handed over as it
/// arrives: the router collects it for the routes that decode it (within ``ServerRouter/maxBodySize``, answering
/// 413 past it without reading further) and streams it to the routes registered with `streamsBody`.
///
/// ```swift
/// var router = ServerRouter()
/// MyService().registerHandlers(on: &router)
/// let app = Application(responder: ServerRouterResponder<BasicRequestContext>(router: router),
///                       server: .http1AcceptingRawUTF8Targets(),
///                       configuration: .init(address: .hostname("127.0.0.1", port: 8080)))
/// try await app.runService()   // SIGTERM and SIGINT stop it gracefully
/// ```
///
/// To serve the routes beside routes of your own, add them to Hummingbird's router instead
/// (`Router.addRoutes(of:)`). Hummingbird 2 needs macOS 14 / iOS 17.
@available(macOS 14, iOS 17, tvOS 17, *)
public struct ServerRouterResponder<Context: RequestContext>: HTTPResponder {
    /// The routes requests go to.
    public var router: ServerRouter

    /// Creates a responder.
    /// - Parameters:
    ///   - router: The routes requests go to.
    ///   - maxBodySize: The largest request body collected for a route that decodes it; nil keeps the router's
    ///     ``ServerRouter/maxBodySize``.
    public init(router: ServerRouter, maxBodySize: Int? = nil) {
        self.router = router
        if let maxBodySize { self.router.maxBodySize = maxBodySize }
    }

    public func respond(to request: Request, context: Context) async throws -> Response {
        Response(await router.respond(to: ServerRequest(request)))
    }
}

extension ServerRequest {
    /// The request Hummingbird received, its body streamed as it arrives (read once).
    /// - Parameter request: Hummingbird's request.
    @available(macOS 14, iOS 17, tvOS 17, *)
    public init(_ request: Request) {
        let length = request.headers[.contentLength].flatMap(Int.init)
        let body: MessageBody
        if length == 0 || length == nil && request.headers[.transferEncoding] == nil {
            // HTTP/1.1: a request with neither field has no body; nothing to wait for.
            body = MessageBody(Data())
        } else {
            let chunks = request.body.map { buffer in Data(buffer: buffer, byteTransferStrategy: .noCopy) }
            body = MessageBody(chunks, length: length)
        }
        self.init(method: request.method.rawValue, target: request.head.path ?? "/", headers: request.headers,
                  body: body)
    }
}

@available(macOS 14, iOS 17, tvOS 17, *)
extension Response {
    /// A Hummingbird response with the status, header fields and body of a ``ServerResponse``; a streamed body is
    /// written chunk by chunk as it comes.
    public init(_ response: ServerResponse) {
        let body: ResponseBody
        switch response.body {
        case .data(let data):
            body = ResponseBody(byteBuffer: ByteBuffer(data: data))
        case .stream(let chunks):
            body = ResponseBody { writer in
                for try await chunk in chunks { try await writer.write(ByteBuffer(data: chunk)) }
                try await writer.finish(nil)
            }
        }
        self.init(status: HTTPResponse.Status(code: response.status), headers: response.headers, body: body)
    }
}

@available(macOS 14, iOS 17, tvOS 17, *)
extension ServerRouter {
    /// A Hummingbird application that serves these routes over HTTP/1.1, raw UTF-8 request targets accepted
    /// (`HTTPServerBuilder.http1AcceptingRawUTF8Targets`). Run it with `runService()` to stop gracefully on SIGTERM
    /// and SIGINT: no new connections, in-flight requests answered.
    /// - Parameters:
    ///   - host: The address to listen on (default: loopback only).
    ///   - port: The port (0 picks a free one; `onServerRunning` can read it from the channel).
    ///   - maxBodySize: The largest request body collected for a route that decodes it.
    ///   - logger: Where Hummingbird logs (default: its own logger).
    ///   - onServerRunning: Called once the server listens.
    public func application(
        host: String = "127.0.0.1", port: Int = 8080, maxBodySize: Int? = nil, logger: Logger? = nil,
        onServerRunning: @escaping @Sendable (any Channel) async -> Void = { _ in }
    ) -> some ApplicationProtocol {
        Application(
            responder: ServerRouterResponder<BasicRequestContext>(router: self, maxBodySize: maxBodySize),
            server: .http1AcceptingRawUTF8Targets(),
            configuration: ApplicationConfiguration(address: .hostname(host, port: port), serverName: nil),
            onServerRunning: onServerRunning,
            logger: logger
        )
    }
}

@available(macOS 14, iOS 17, tvOS 17, *)
extension ServerRouter {
    /// Serves these routes on loopback, on a free port, while `body` runs, then stops the server gracefully: no new
    /// connections, and requests in flight are answered before it returns (tests, previews, a local mock).
    /// - Parameters:
    ///   - maxBodySize: The largest request body collected for a route that decodes it.
    ///   - body: Called with the server's base URL (`http://127.0.0.1:<port>`).
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws, or why the server could not start.
    public func withServer<T: Sendable>(maxBodySize: Int? = nil,
                                        _ body: (URL) async throws -> T) async throws -> T {
        let (ports, portSink) = AsyncStream<Int?>.makeStream()
        // Stopping the server when `body` is done is expected: only failures that stop the process are logged.
        var logger = Logger(label: "rasp.server")
        logger.logLevel = .critical
        let app = application(host: "127.0.0.1", port: 0, maxBodySize: maxBodySize, logger: logger) { channel in
            portSink.yield(channel.localAddress?.port)
            portSink.finish()
        }
        let group = ServiceGroup(configuration: .init(services: [app], logger: logger))
        let server = Task {
            defer { portSink.finish() }
            try await group.run()
        }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next() ?? nil, let url = URL(string: "http://127.0.0.1:\(port)") else {
            server.cancel()
            try await server.value
            throw ServerStartError()
        }
        let result: Result<T, any Error>
        do {
            result = .success(try await body(url))
        } catch {
            result = .failure(error)
        }
        await group.triggerGracefulShutdown()
        _ = await server.result
        return try result.get()
    }
}

/// The server stopped before it listened.
struct ServerStartError: Error, CustomStringConvertible {
    var description: String { "the server did not start listening" }
}
