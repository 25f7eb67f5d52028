import Foundation
import HTTPTypes
public import Hummingbird
public import Logging
import NIOCore
import NIOFoundationCompat
public import RaspRuntime

/// Answers Hummingbird's requests with a RaspRuntime ``ServerRouter``: the routes a generated server registers
/// (`registerHandlers(on:)`), its middlewares and its error responses. The body is collected up to
/// ``maxBodySize`` (larger ones are answered 413 without being read further).
///
/// ```swift
/// var router = ServerRouter()
/// MyService().registerHandlers(on: &router)
/// let app = Application(responder: ServerRouterResponder<BasicRequestContext>(router: router),
///                       configuration: .init(address: .hostname("127.0.0.1", port: 8080)))
/// try await app.runService()
/// ```
/// Hummingbird 2 needs macOS 14 / iOS 17.
@available(macOS 14, iOS 17, tvOS 17, *)
public struct ServerRouterResponder<Context: RequestContext>: HTTPResponder {
    /// The routes requests go to.
    public var router: ServerRouter
    /// The largest request body read, in bytes.
    public var maxBodySize: Int

    /// Creates a responder.
    /// - Parameters:
    ///   - router: The routes requests go to.
    ///   - maxBodySize: The largest request body read (default: 16 MiB).
    public init(router: ServerRouter, maxBodySize: Int = 16 << 20) {
        self.router = router
        self.maxBodySize = maxBodySize
    }

    public func respond(to request: Request, context: Context) async throws -> Response {
        var request = request
        let body: ByteBuffer
        do {
            body = try await request.collectBody(upTo: maxBodySize)
        } catch {
            let problem = ServerProblem(status: 413, title: "Content Too Large",
                                        detail: "the body is larger than \(maxBodySize) bytes")
            return Response(router.problemResponse(problem))
        }
        let serverRequest = ServerRequest(
            method: request.method.rawValue, target: request.head.path ?? "/",
            headers: request.headers, body: Data(buffer: body))
        return Response(await router.respond(to: serverRequest))
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
    /// A Hummingbird application that serves these routes over HTTP/1.1.
    /// - Parameters:
    ///   - host: The address to listen on (default: loopback only).
    ///   - port: The port (0 picks a free one; `onServerRunning` can read it from the channel).
    ///   - maxBodySize: The largest request body read.
    ///   - logger: Where Hummingbird logs (default: its own logger).
    ///   - onServerRunning: Called once the server listens.
    public func application(
        host: String = "127.0.0.1", port: Int = 8080, maxBodySize: Int = 16 << 20, logger: Logger? = nil,
        onServerRunning: @escaping @Sendable (any Channel) async -> Void = { _ in }
    ) -> some ApplicationProtocol {
        Application(
            responder: ServerRouterResponder<BasicRequestContext>(router: self, maxBodySize: maxBodySize),
            configuration: ApplicationConfiguration(address: .hostname(host, port: port), serverName: nil),
            onServerRunning: onServerRunning,
            logger: logger
        )
    }
}

@available(macOS 14, iOS 17, tvOS 17, *)
extension ServerRouter {
    /// Serves these routes on loopback, on a free port, while `body` runs, then stops the server (tests, previews,
    /// a local mock).
    /// - Parameters:
    ///   - maxBodySize: The largest request body read.
    ///   - body: Called with the server's base URL (`http://127.0.0.1:<port>`).
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws, or why the server could not start.
    public func withServer<T: Sendable>(maxBodySize: Int = 16 << 20,
                                        _ body: (URL) async throws -> T) async throws -> T {
        let (ports, portSink) = AsyncStream<Int?>.makeStream()
        // Stopping the server when `body` is done is expected: only failures that stop the process are logged.
        var logger = Logger(label: "rasp.server")
        logger.logLevel = .critical
        let app = application(host: "127.0.0.1", port: 0, maxBodySize: maxBodySize, logger: logger) { channel in
            portSink.yield(channel.localAddress?.port)
            portSink.finish()
        }
        let server = Task {
            defer { portSink.finish() }
            try await app.run()
        }
        defer { server.cancel() }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next() ?? nil, let url = URL(string: "http://127.0.0.1:\(port)") else {
            server.cancel()
            try await server.value
            throw ServerStartError()
        }
        let result = try await body(url)
        server.cancel()
        _ = await server.result
        return result
    }
}

/// The server stopped before it listened.
struct ServerStartError: Error, CustomStringConvertible {
    var description: String { "the server did not start listening" }
}
