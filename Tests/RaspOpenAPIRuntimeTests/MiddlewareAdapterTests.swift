#if SwiftOpenAPIRuntime
import EdgeCasesAPI
import Foundation
import HTTPTypes
import OpenAPIRuntime
import RaspOpenAPIRuntime
import RaspRuntime
import RaspTestSupport
import RaspURLSession
import Testing

/// swift-openapi-runtime middlewares around a generated client's calls, through ``OpenAPIRuntimeMiddleware``.
@Suite("OpenAPIRuntimeMiddleware")
struct MiddlewareAdapterTests {
    @Test("An auth middleware written for swift-openapi-runtime sets Authorization, and the server sees it")
    func authMiddlewareReachesTheServer() async throws {
        try await LoopbackHTTPServer.with(respond: { _ in .json(200, #"{"id": "42"}"#) }) { server in
            let client = Client(serverURL: server.baseURL,
                                transport: RaspURLSession.URLSessionTransport.withOwnSession(defaultTimeout: hangGuard),
                                middlewares: [.openAPIRuntime(BearerTokenMiddleware(token: "sog-token"))])
            let message = try await client.getMessage(channelId: "7", messageId: "42")
            #expect(message?.id == "42")
            let received = try #require(server.requests.first)
            #expect(received.path == "/channels/7/messages/42")
            #expect(received.header("Authorization") == "Bearer sog-token")
        }
    }

    @Test("The middleware sees the operation ID, the query and repeated fields; a request passed on arrives as it was")
    func unchangedRequestArrivesUnchanged() async throws {
        let transport = ScriptedTransport(jsonResponse(200, #"{"id": "42"}"#))
        let middleware = ClosureMiddleware()
        let client = Client(serverURL: testServer, transport: transport,
                            middlewares: [TraceFields(values: ["one", "two"]), .openAPIRuntime(middleware)])
            .with(RequestOptions(timeout: .seconds(7)))
        _ = try await client.getMessage(channelId: "7", messageId: "42", limit: .int(5), ids: ["a", "b c&d"])

        let seen = try #require(middleware.calls.first)
        #expect(seen.operationID == "getMessage")
        #expect(seen.baseURL == testServer)
        #expect(seen.request.method == .get)
        #expect(seen.request.path == "/channels/7/messages/42?limit=5&ids=a&ids=b%20c%26d")
        #expect(seen.request.headerFields[fields: TraceFields.name].map(\.value) == ["one", "two"])

        let sent = try #require(transport.sent.first)
        #expect(sent.operationID == "getMessage")
        #expect(sent.path == "/channels/7/messages/42")
        #expect(sent.query.map { "\($0.name)=\($0.value)" } == ["limit=5", "ids=a", "ids=b c&d"])
        #expect(sent.headers[fields: TraceFields.name].map(\.value) == ["one", "two"])
        #expect(sent.headers == seen.request.headerFields)
        #expect(sent.timeout == .seconds(7))
        #expect(sent.security == [["bearer"]])
    }

    @Test("The method, query items, repeated fields and body a middleware sets reach the transport")
    func changesReachTheTransport() async throws {
        let transport = ScriptedTransport(jsonResponse(200, #"{"id": "42"}"#))
        let middleware = ClosureMiddleware { request, _, url, next in
            var request = request
            let added = HTTPField.Name("X-Added")!
            request.headerFields.append(HTTPField(name: added, value: "1"))
            request.headerFields.append(HTTPField(name: added, value: "2"))
            request.path = (request.path ?? "") + "&extra=a%26b%3D%20c"
            request.method = .post
            return try await next(request, HTTPBody("signed"), url)
        }
        let client = Client(serverURL: testServer, transport: transport, middlewares: [.openAPIRuntime(middleware)])
        _ = try await client.getMessage(channelId: "7", messageId: "42", limit: .int(5))

        let sent = try #require(transport.sent.first)
        #expect(sent.method == "POST")
        #expect(sent.path == "/channels/7/messages/42")
        #expect(sent.query.map { "\($0.name)=\($0.value)" } == ["limit=5", "extra=a&b= c"])
        #expect(sent.headers[fields: HTTPField.Name("X-Added")!].map(\.value) == ["1", "2"])
        #expect(sent.body == Data("signed".utf8))
        #expect(sent.operationID == "getMessage")
    }

    @Test("A streamed body the middleware passes on is the transport's own; one it replaces is what the call decodes")
    func responseBodies() async throws {
        let chunks = AsyncStream<Data> { continuation in
            continuation.yield(Data("abc".utf8))
            continuation.finish()
        }
        let streamed = MessageBody(chunks)
        let transport = StreamingStub(body: streamed)
        let passing = Client(serverURL: testServer, transport: transport,
                             middlewares: [.openAPIRuntime(ClosureMiddleware())])
        let body = try await passing.downloadStream()
        #expect(body == streamed)
        #expect(try await body.collect() == Data("abc".utf8))

        let replacing = ClosureMiddleware { request, body, url, next in
            let (response, _) = try await next(request, body, url)
            return (response, HTTPBody(#"{"id": "replaced"}"#))
        }
        let client = Client(serverURL: testServer, transport: ScriptedTransport(jsonResponse(200, #"{"id": "42"}"#)),
                            middlewares: [.openAPIRuntime(replacing)])
        let message = try await client.getMessage(channelId: "7", messageId: "42")
        #expect(message?.id == "replaced")
    }

    @Test("An error the middleware throws before calling next is .refused, and nothing is sent")
    func errorBeforeNextIsRefused() async throws {
        let transport = ScriptedTransport(jsonResponse(200, #"{"id": "42"}"#))
        let middleware = ClosureMiddleware { _, _, _, _ in throw DoubleFailure(name: "no token") }
        let client = Client(serverURL: testServer, transport: transport, middlewares: [.openAPIRuntime(middleware)])
        let error = try #require(await clientError { try await client.getMessage(channelId: "7", messageId: "42") })
        #expect(error.kind == .refused)
        #expect(error.operationID == "getMessage")
        #expect(error.underlyingError as? DoubleFailure == DoubleFailure(name: "no token"))
        #expect(transport.sentCount == 0)
    }

    @Test("A failure of next that the middleware wraps in an error of its own keeps its kind")
    func wrappedFailureKeepsItsKind() async throws {
        let transport = ScriptedTransport(.failure(URLError(.networkConnectionLost)))
        let middleware = ClosureMiddleware { request, body, url, next in
            do {
                return try await next(request, body, url)
            } catch {
                throw WrappingError(underlying: error)
            }
        }
        let client = Client(serverURL: testServer, transport: transport, middlewares: [.openAPIRuntime(middleware)])
        let error = try #require(await clientError { try await client.getMessage(channelId: "7", messageId: "42") })
        #expect(error.kind == .connectionLost)
        #expect(error.underlyingError is WrappingError)
        #expect(transport.sentCount == 1)
    }

    @Test("An error the middleware throws on a response is .invalidResponse")
    func errorOnResponseIsInvalidResponse() async throws {
        let transport = ScriptedTransport(jsonResponse(500, "{}"))
        let middleware = ClosureMiddleware { request, body, url, next in
            let (response, body) = try await next(request, body, url)
            if response.status.kind == .serverError { throw DoubleFailure(name: "server error") }
            return (response, body)
        }
        let client = Client(serverURL: testServer, transport: transport, middlewares: [.openAPIRuntime(middleware)])
        let error = try #require(await clientError { try await client.getMessage(channelId: "7", messageId: "42") })
        #expect(error.kind == .invalidResponse)
        #expect(error.underlyingError as? DoubleFailure == DoubleFailure(name: "server error"))
    }
}

/// A transport of this runtime whose ``stream(_:baseURL:)`` answers with a given body as it arrives.
private struct StreamingStub: RaspRuntime.ClientTransport {
    var body: MessageBody

    func send(_ request: ClientRequest, baseURL: URL) async throws -> ClientResponse {
        ClientResponse(status: 200, body: Data())
    }

    func stream(_ request: ClientRequest, baseURL: URL) async throws -> (ClientResponseHead, MessageBody) {
        (ClientResponseHead(status: 200), body)
    }
}
#endif
