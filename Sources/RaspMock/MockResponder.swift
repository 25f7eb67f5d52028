import Foundation
import Hummingbird
import Logging
import NIOCore
import RaspAPI
import RaspDemo
import RaspHummingbird
import RaspRuntime

/// What ``MockServer`` answers. Paths under `/_echo/`, `/_sink/` and `/_stream/` go to the mock's own routes
/// (``BodyEcho``, ``BodySink``, ``StreamRoutes``), which read and write bodies as streams; every other request goes
/// to the server generated from `openapi.yaml` (`RaspClientProtocol.registerHandlers(on:)`), whose handler answers
/// from the demo data, through two middlewares: the fault modes (``FaultMiddleware``) and the key check
/// (``KeyCheckMiddleware``).
///
/// The handler is the demo itself (`DemoAPI` conforms to `RaspClientProtocol`): the generated route decodes the
/// request into the operation's input, the demo answers the operation's value, and the route encodes it with the
/// documented status. The demo's refusals arrive as `APIError<ErrorResponse>`, which the router passes on with their
/// status and body.
struct MockResponder: Sendable {
    private let router: RaspHummingbird.ServerRouterResponder<BasicRequestContext>
    /// What the `/_stream/` routes did.
    let streams: StreamRecorder
    /// What the `/_sink/` route did.
    let sinks: SinkRecorder

    /// Creates the responder.
    /// - Parameters:
    ///   - api: The demo handler (its key, if any, is checked by ``KeyCheckMiddleware`` before the request is read).
    ///   - limits: The server's limits (the largest body an API route reads).
    ///   - counters: Where the API's requests and faults are counted.
    init(api: DemoAPI, limits: MockServer.Limits, counters: CounterStore) {
        var router = ServerRouter(middlewares: [FaultMiddleware(counters: counters), KeyCheckMiddleware(api: api)])
        // The typed operations do not check the key; the middleware did.
        api.registerHandlers(on: &router)
        router.problemResponse = { problem in
            var response = MockErrors.serverResponse(status: problem.status, text: problem.detail ?? problem.title)
            response.headers += problem.headers
            return response
        }
        self.router = RaspHummingbird.ServerRouterResponder(router: router, maxBodySize: limits.maxBodyBytes)
        streams = StreamRecorder()
        sinks = SinkRecorder()
    }

    /// Answers a request.
    /// - Throws: What reading the request's body threw (the connection answers a ``Refusal``, or closes).
    func respond(to request: Request, channel: any Channel, logger: Logger) async throws -> Response {
        let path = request.uri.path
        // The mock's own routes also answer without the trailing slash (`/_echo` is an echo).
        let routePath = path.hasSuffix("/") ? path : path + "/"
        if routePath.hasPrefix(BodyEcho.prefix) { return try await BodyEcho.respond(to: request) }
        if routePath.hasPrefix(BodySink.prefix) { return try await BodySink.respond(to: request, recorder: sinks) }
        if routePath.hasPrefix(StreamRoutes.prefix) {
            return await StreamRoutes.respond(to: request, path: routePath, recorder: streams)
        }
        var request = request
        if !path.hasSuffix("/"), DemoAPI.paths.contains(routePath) {
            // The API's paths end with a slash; the demo handler took them without it too.
            var head = request.head
            head.path = routePath + (request.uri.query.map { "?" + $0 } ?? "")
            request = Request(head: head, body: request.body)
        }
        let context = BasicRequestContext(source: ApplicationRequestContextSource(channel: channel, logger: logger))
        return try await router.respond(to: request, context: context)
    }
}

extension MockErrors {
    /// An error response in the Rasp shape, for the generated router (``MockErrors/body(status:text:)``).
    static func serverResponse(status: Int, text: String) -> ServerResponse {
        ServerResponse(status: status, contentType: "application/json; charset=utf-8",
                       body: body(status: status, text: text))
    }
}
