#if SwiftOpenAPIRuntime
import EdgeCasesAPI
import Foundation
import HTTPTypes
import OpenAPIRuntime
import OpenAPIURLSession
import RaspOpenAPIRuntime
import RaspRuntime
import RaspTestSupport
import Testing

/// swift-openapi-runtime transports sending a generated client's requests, through ``OpenAPIRuntimeTransport``:
/// swift-openapi-urlsession's over loopback, and doubles for what a loopback server cannot stage.
@Suite("OpenAPIRuntimeTransport")
struct TransportAdapterTests {
    @Test("swift-openapi-urlsession's transport sends a generated client's request, and the typed result decodes")
    func urlSessionTransportSendsTheRequest() async throws {
        try await LoopbackHTTPServer.with(respond: { _ in .json(200, #"{"id": "42", "café": "crème"}"#) }) { server in
            let client = Client(serverURL: server.baseURL,
                                transport: .openAPIRuntime(OpenAPIURLSession.URLSessionTransport()),
                                middlewares: [.openAPIRuntime(BearerTokenMiddleware(token: "sog-token"))])
            let message = try await client.getMessage(channelId: "7", messageId: "42", limit: .int(5))
            #expect(message?.id == "42")
            #expect(message?.café == "crème")
            let received = try #require(server.requests.first)
            #expect(received.method == "GET")
            #expect(received.path == "/channels/7/messages/42")
            #expect(received.query("limit") == "5")
            #expect(received.header("Authorization") == "Bearer sog-token")
        }
    }

    @Test("A POST's JSON body goes out through swift-openapi-urlsession, and the echoed answer decodes")
    func jsonBodyRoundTrip() async throws {
        try await LoopbackHTTPServer.with(respond: Self.echo) { server in
            let client = Client(serverURL: server.baseURL,
                                transport: .openAPIRuntime(OpenAPIURLSession.URLSessionTransport()))
            let echo = try await client.echoEither(body: .json(Point(x: 3, y: -4)))
            #expect(echo.method == "POST")
            #expect(echo.path == "/_echo/either")
            #expect(echo.contentType == "application/json")
            #expect(try JSONDecoder().decode(Point.self, from: echo.body) == Point(x: 3, y: -4))
            let received = try #require(server.requests.first)
            #expect(try JSONDecoder().decode(Point.self, from: received.body) == Point(x: 3, y: -4))
        }
    }

    @Test("Query items and a repeated header field reach the server through swift-openapi-urlsession")
    func queryAndRepeatedFieldOverTheWire() async throws {
        try await LoopbackHTTPServer.with(respond: { _ in .json(200, #"{"id": "42"}"#) }) { server in
            let client = Client(serverURL: server.baseURL,
                                transport: .openAPIRuntime(OpenAPIURLSession.URLSessionTransport()),
                                middlewares: [TraceFields(values: ["one", "two"])])
            _ = try await client.getMessage(channelId: "7", messageId: "42", limit: .int(5), ids: ["a", "b c&d=é+"])
            let received = try #require(server.requests.first)
            #expect(received.query.map { "\($0.name)=\($0.value)" } == ["limit=5", "ids=a", "ids=b c&d=é+"])
            // Foundation sends a repeated field as one, its values joined (as HTTP allows).
            #expect(received.header("X-Trace") == "one, two")
        }
    }

    @Test("The transport gets every field, the target, the operation ID and a body it reads itself, not collected")
    func whatTheTransportGets() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("rasp-sog-\(UUID().uuidString)")
        let bytes = Data((0..<300_000).map { UInt8(truncatingIfNeeded: $0) })
        try bytes.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let received = Locked<[Data]>([])
        let transport = ClosureOpenAPITransport { _, body in
            let data = try await Data(collecting: try #require(body), upTo: .max)
            received.withLock { $0.append(data) }
            return jsonAnswer(#"{"method": "POST", "path": "/", "fields": [], "body": ""}"#)
        }
        let client = Client(transport: .openAPIRuntime(transport), middlewares: [TraceFields(values: ["one", "two"])])

        _ = try await client.echoUpload(body: BinaryFile(contentsOf: file))
        let fromFile = try #require(transport.calls.first)
        #expect(fromFile.operationID == "echoUpload")
        #expect(fromFile.baseURL == Servers.server1)
        #expect(fromFile.request.method == .post)
        #expect(fromFile.request.path == "/_echo/upload")
        #expect(fromFile.request.scheme == nil && fromFile.request.authority == nil)
        #expect(fromFile.request.headerFields[fields: TraceFields.name].map(\.value) == ["one", "two"])
        let fileBody = try #require(fromFile.body)
        #expect(fileBody.length == .known(300_000))
        #expect(fileBody.iterationBehavior == .multiple)
        // A file can be read again: a transport that retries or follows a redirect can resend it.
        #expect(try await Data(collecting: fileBody, upTo: .max) == bytes)

        let chunks = AsyncStream<Data> { continuation in
            continuation.yield(Data("first ".utf8))
            continuation.yield(Data("second".utf8))
            continuation.finish()
        }
        _ = try await client.echoUpload(body: BinaryFile(chunks: chunks, length: nil))
        let fromSequence = try #require(transport.calls.last?.body)
        #expect(fromSequence.length == .unknown)
        #expect(fromSequence.iterationBehavior == .single)
        #expect(received.withLock { $0 } == [bytes, Data("first second".utf8)])
    }

    @Test("stream hands each chunk over as the wrapped transport's body produces it")
    func streamHandsChunksOver() async throws {
        let (chunks, continuation) = AsyncThrowingStream<HTTPBody.ByteChunk, any Error>.makeStream()
        continuation.yield(ArraySlice("first".utf8))
        let transport = ClosureOpenAPITransport { _, _ in
            (HTTPResponse(status: .ok), HTTPBody(chunks, length: .unknown))
        }
        let client = Client(serverURL: testServer, transport: .openAPIRuntime(transport))
        try await withHangGuard(.seconds(30), "the streamed chunks") {
            let body = try await client.downloadStream()
            var iterator = body.makeAsyncIterator()
            // The second chunk does not exist yet: a body collected before being handed over would never come.
            #expect(try await iterator.next() == Data("first".utf8))
            continuation.yield(ArraySlice("second".utf8))
            continuation.finish()
            #expect(try await iterator.next() == Data("second".utf8))
            #expect(try await iterator.next() == nil)
        }
    }

    @Test("A refused connection is .noConnection, with swift-openapi-urlsession's URLError underneath")
    func refusedConnectionIsNoConnection() async throws {
        let server = try LoopbackHTTPServer { _ in .json(200, "{}") }
        let closed = server.baseURL
        server.stop()
        let client = Client(serverURL: closed, transport: .openAPIRuntime(OpenAPIURLSession.URLSessionTransport()))
        let error = try #require(await clientError { try await client.getMessage(channelId: "7", messageId: "42") })
        #expect(error.kind == .noConnection)
        #expect(error.operationID == "getMessage")
        #expect(error.underlyingError is URLError)
    }

    @Test("A body that breaks off is .connectionLost, read whole or as it arrives")
    func brokenBodyIsConnectionLost() async throws {
        let transport = ClosureOpenAPITransport { _, _ in
            let chunks = AsyncThrowingStream<HTTPBody.ByteChunk, any Error> { continuation in
                continuation.yield(ArraySlice("part".utf8))
                continuation.finish(throwing: DoubleFailure(name: "reset"))
            }
            return (HTTPResponse(status: .ok), HTTPBody(chunks, length: .known(100)))
        }
        let client = Client(serverURL: testServer, transport: .openAPIRuntime(transport))

        let whole = try #require(await clientError { try await client.download() })
        #expect(whole.kind == .connectionLost)
        #expect(whole.underlyingError as? DoubleFailure == DoubleFailure(name: "reset"))

        var iterator = try await client.downloadStream().makeAsyncIterator()
        #expect(try await iterator.next() == Data("part".utf8))
        let streamed = try #require(await clientError { try await iterator.next() })
        #expect(streamed.kind == .connectionLost)
        #expect(streamed.underlyingError as? DoubleFailure == DoubleFailure(name: "reset"))
    }

    @Test("A transport that does not answer in time is .timeout; a cancelled call is .cancelled")
    func timeoutAndCancellation() async throws {
        try await withHangGuard(.seconds(60), "the calls that should time out") { try await Self.timeOutAndCancel() }
    }

    private static func timeOutAndCancel() async throws {
        let transport = ClosureOpenAPITransport { _, _ in
            try await Task.sleep(for: .seconds(3600))
            return jsonAnswer("{}")
        }
        let bounded = Client(serverURL: testServer,
                             transport: .openAPIRuntime(transport, defaultTimeout: .seconds(0.2)))
        let timedOut = try #require(await clientError { try await bounded.getMessage(channelId: "7", messageId: "1") })
        #expect(timedOut.kind == .timeout)

        let unbounded = Client(serverURL: testServer, transport: .openAPIRuntime(transport))
        let perRequest = unbounded.with(RequestOptions(timeout: .seconds(0.2)))
        let alsoTimedOut = try #require(await clientError {
            try await perRequest.getMessage(channelId: "7", messageId: "2")
        })
        #expect(alsoTimedOut.kind == .timeout)

        let call = Task { try await unbounded.getMessage(channelId: "7", messageId: "3") }
        try await waitUntil("the third call to reach the transport") { transport.calls.count == 3 }
        call.cancel()
        let cancelled = try #require(await clientError { try await call.value })
        #expect(cancelled.kind == .cancelled)
    }

    @Test("A request body that cannot be read is .invalidRequest, whatever the transport made of the failure")
    func unreadableBodyIsInvalidRequest() async throws {
        let transport = ClosureOpenAPITransport { _, body in
            do {
                _ = try await Data(collecting: try #require(body), upTo: .max)
            } catch {
                throw WrappingError(underlying: error)
            }
            return jsonAnswer("{}")
        }
        let chunks = AsyncThrowingStream<Data, any Error> { continuation in
            continuation.yield(Data("partial".utf8))
            continuation.finish(throwing: DoubleFailure(name: "disk"))
        }
        let client = Client(serverURL: testServer, transport: .openAPIRuntime(transport))
        let error = try #require(await clientError {
            try await client.echoUpload(body: BinaryFile(chunks: chunks, length: nil))
        })
        #expect(error.kind == .invalidRequest)
        let readError = try #require(error.underlyingError as? MessageBody.ReadError)
        #expect(readError.underlying as? DoubleFailure == DoubleFailure(name: "disk"))
    }

    /// Answers with an `Echo` of the request: its method, path, content type and body.
    private static let echo: @Sendable (LoopbackHTTPServer.Request) -> LoopbackHTTPServer.Reply = { request in
        let echo: [String: Any] = [
            "method": request.method, "path": request.path, "contentType": request.header("Content-Type") ?? "",
            "fields": [], "body": request.body.base64EncodedString(),
        ]
        let json = (try? JSONSerialization.data(withJSONObject: echo)) ?? Data()
        return LoopbackHTTPServer.Reply(200, headers: ["Content-Type": "application/json"], body: json)
    }
}
#endif
