import Foundation
import Testing
import RaspTestSupport
@_spi(Generated) @testable import RaspRuntime
@testable import RaspURLSession
@testable import RaspMiddlewares

/// What every generated client has through ``GeneratedClient``: per-call options over the client's defaults, the raw
/// response of a call, typed errors per documented status, idempotency keys kept across retries, and requests to
/// paths the document does not describe.
@Suite(.serialized) struct GeneratedClientTests {
    /// A client as `rasp-generate` writes one, without operations.
    struct TestClient: GeneratedClient {
        var core: ClientCore
    }

    struct Body: Decodable, Sendable, Equatable { var n: Int }
    struct NotFound: Decodable, Sendable { var missing: String }
    struct Invalid: Decodable, Sendable { var field: String }

    /// Decodes the error bodies a document would give for 404 and 422.
    static let errorBody: @Sendable (Int, Data) -> (any Sendable)? = { status, data in
        switch status {
        case 404: ClientCore.decodeErrorBody(NotFound.self, data)
        case 422: ClientCore.decodeErrorBody(Invalid.self, data)
        default: nil
        }
    }

    func client(_ transport: any ClientTransport, url: URL = testServer,
                middlewares: [any ClientMiddleware] = []) -> TestClient {
        TestClient(core: ClientCore(serverURL: url, transport: transport, middlewares: middlewares,
                                    authentication: .apiKey("k", in: .header("X-Key"))))
    }

    @Test func perCallOptionsOverrideTheClientDefaults() async throws {
        let transport = ScriptedTransport(ClientResponse(status: 503))
        let (sleeper, _) = blockingSleeper()
        let client = client(transport, middlewares: [RetryMiddleware(sleeper: SleepRecorder().sleeper),
                                                     TimeoutMiddleware(sleeper: sleeper)])
        // The client's defaults: 3 attempts, 30 s.
        _ = try? await client.core.performRaw(getRequest())
        #expect(transport.sentCount == 3)
        #expect(transport.sent.allSatisfy { $0.timeout == .seconds(30) && $0.header("X-Beta") == nil })

        let options = RequestOptions(timeout: .seconds(2), retryPolicy: .never, headers: ["X-Beta": "1"],
                                     query: [("from", "c2"), ("beta", "true")])
        let beta = client.with(options)
        _ = try? await beta.core.performRaw(getRequest())
        #expect(transport.sentCount == 4)
        let sent = try #require(transport.sent.last)
        #expect(sent.timeout == .seconds(2))
        #expect(sent.header("X-Beta") == "1" && sent.header("X-Key") == "k")
        #expect(sent.query.map { "\($0.name)=\($0.value)" } == ["to=c2", "from=c2", "beta=true"])

        // A second `with` keeps what it does not set again; the original client is untouched.
        let longer = beta.with(RequestOptions(timeout: .seconds(300)))
        _ = try? await longer.core.performRaw(getRequest())
        #expect(transport.sentCount == 5)
        #expect(transport.sent.last?.timeout == .seconds(300) && transport.sent.last?.header("X-Beta") == "1")
        #expect(client.core.options.isEmpty)
    }

    @Test func aPerCallTimeoutIsTheDeadline() async throws {
        let transport = ScriptedTransport(.hang)
        let sleeps = SleepRecorder(until: { transport.sentCount > 0 })
        let client = client(transport, middlewares: [TimeoutMiddleware(sleeper: sleeps.sleeper)])
        let error = try await #require(throws: ClientError.self) {
            try await client.with(RequestOptions(timeout: .milliseconds(250))).core.performRaw(getRequest())
        }
        guard error.kind == .timeout else { Issue.record("expected .timeout, got \(error)"); return }
        #expect(sleeps.recorded == [.milliseconds(250)])
    }

    @Test func theRawResponseComesWithTheValue() async throws {
        let body = Data(#"{"n": 7, "extra": true}"#.utf8)
        let transport = ScriptedTransport(ClientResponse(status: 200, headers: fields(["X-Request-Id": "req-1",
                                                                                "X-RateLimit-Remaining": "41"]),
                                                         body: body))
        let client = client(transport)
        let response = try await client.withRawResponse { client in
            try await client.core.perform(getRequest(), decoding: Body.self)
        }
        #expect(response.value == Body(n: 7))
        #expect(response.status == 200 && response.requestID == "req-1")
        #expect(response.header("x-ratelimit-remaining") == "41")
        #expect(response.body == body)
        // The client itself records nothing.
        #expect(client.core.recorder == nil)
    }

    @Test func documentedStatusesThrowTypedErrors() async throws {
        let transport = ScriptedTransport(
            .response(jsonResponse(404, #"{"missing": "pet 7"}"#, headers: ["Request-Id": "req-404"])),
            .response(jsonResponse(422, #"{"field": "name"}"#)),
            .response(jsonResponse(500, #"{"field": "name"}"#)),
            .response(jsonResponse(404, #"{"other": 1}"#)))
        let core = client(transport).core
        let perform = { try await core.perform(getRequest(), decoding: Body.self, errorBody: Self.errorBody) }

        let notFound = try await #require(throws: APIError<NotFound>.self) { try await perform() }
        #expect(notFound.status == 404 && notFound.body.missing == "pet 7" && notFound.requestID == "req-404")
        #expect(notFound.rawBody == Data(#"{"missing": "pet 7"}"#.utf8))
        #expect(notFound.operationID == "search" && !notFound.clientError.isRetryable)
        #expect(ClientError(notFound)?.operationID == "search")

        let invalid = try await #require(throws: APIError<Invalid>.self) { try await perform() }
        #expect(invalid.status == 422 && invalid.body.field == "name")

        // Undocumented, and documented but not in its schema: `ClientError.http` as before.
        for status in [500, 404] {
            let error = try await #require(throws: ClientError.self) { try await perform() }
            guard let failure = error.httpFailure else { Issue.record("expected .http, got \(error)"); continue }
            #expect(failure.status == status && failure.decodedBody == nil)
        }
    }

    @Test func untypedRequestsGoThroughTheSameStack() async throws {
        try await LoopbackHTTPServer.with(respond: { request in
            request.path == "/v9/beta" ? .json(200, #"{"n": 9}"#) : .json(404, #"{"missing": "x"}"#)
        }) { server in
            let transport = URLSessionTransport.withOwnSession(defaultTimeout: hangGuard)
            let client = client(transport, url: server.baseURL, middlewares: [RetryMiddleware()])
                .with(RequestOptions(headers: ["X-Beta": "1"]))
            var request = ClientRequest("get", "/v9/beta")
            request.addQuery("q", "a b")
            #expect(try await client.send(request, decoding: Body.self) == Body(n: 9))
            let raw = try await client.send(request)
            #expect(raw.status == 200 && raw.body.data == Data(#"{"n": 9}"#.utf8))
            let received = try #require(server.requests.first)
            #expect(received.method == "GET" && received.query("q") == "a b")
            #expect(received.header("X-Key") == "k" && received.header("X-Beta") == "1")
            let error = try await #require(throws: ClientError.self) {
                try await client.send(ClientRequest("POST", "/v9/elsewhere"))
            }
            #expect(error.operationID == "POST /v9/elsewhere")
        }
    }

    @Test func oneIdempotencyKeyAcrossThreeRetries() async throws {
        let attempts = Locked<[String: Int]>([:])
        try await LoopbackHTTPServer.with(respond: { request in
            // Each logical request (its key) fails twice with 503, then succeeds.
            let key = request.header("Idempotency-Key") ?? request.header("X-Idempotency-Token") ?? "none"
            let count = attempts.withLock { value in value[key, default: 0] += 1; return value[key]! }
            return count < 3 ? .json(503, "{}") : .json(201, #"{"n": 1}"#)
        }) { server in
            let transport = URLSessionTransport.withOwnSession(defaultTimeout: hangGuard)
            let retry = RetryMiddleware(policy: RetryPolicy(maxAttempts: 4), sleeper: SleepRecorder().sleeper)
            let client = client(transport, url: server.baseURL, middlewares: [IdempotencyKeyMiddleware(), retry])
            for _ in 0..<2 {
                var request = ClientRequest("POST", "/charges")
                request.body = Data("{}".utf8)
                _ = try await client.send(request)
            }
            let keys = server.requests.map { $0.header("Idempotency-Key") ?? "" }
            #expect(keys.count == 6)
            #expect(Set(keys[0..<3]).count == 1 && Set(keys[3..<6]).count == 1 && keys[0] != keys[3])
            #expect(!keys[0].isEmpty)

            // Without the middleware a POST is not retried; a key the caller set is kept, in the header asked for.
            var plain = client
            plain.core.middlewares = [retry]
            _ = try? await plain.send(ClientRequest("POST", "/plain"))
            #expect(server.requests(to: "/plain").count == 1)
            var custom = client
            custom.core.middlewares = [IdempotencyKeyMiddleware(headerName: "X-Idempotency-Token"), retry]
            _ = try await custom.with(RequestOptions(headers: ["X-Idempotency-Token": "kept-1"]))
                .send(ClientRequest("POST", "/custom"))
            #expect(server.requests(to: "/custom").map { $0.header("X-Idempotency-Token") }
                == ["kept-1", "kept-1", "kept-1"])
        }
    }

    @Test func bodiesReportTheirProgress() async throws {
        let large = Data((0..<300_000).map { UInt8($0 % 251) })
        try await LoopbackHTTPServer.with(respond: { request in
            LoopbackHTTPServer.Reply(200, headers: ["Content-Type": "application/octet-stream"],
                                     body: request.path == "/download" ? large : Data("\(request.body.count)".utf8))
        }) { server in
            let transport = URLSessionTransport.withOwnSession(defaultTimeout: hangGuard)
            let progress = Locked<[TransferProgress]>([])
            let client = client(transport, url: server.baseURL)
                .with(RequestOptions(onProgress: { value in progress.withLock { $0.append(value) } }))
            var upload = ClientRequest("PUT", "/upload")
            upload.setBody(Data(large.prefix(200_000)), contentType: "application/octet-stream")
            let echoed = try await client.send(upload)
            #expect(String(decoding: echoed.body.data ?? Data(), as: UTF8.self) == "200000")
            let sent = progress.withLock { $0.filter { $0.direction == .upload } }
            #expect(sent.count > 1 && sent.last == TransferProgress(direction: .upload, completed: 200_000,
                                                                   total: 200_000))
            #expect(zip(sent, sent.dropFirst()).allSatisfy { $0.completed < $1.completed })

            let downloaded = try await client.send(ClientRequest("GET", "/download"))
            #expect(downloaded.body.data == large)
            let received = progress.withLock { $0.filter { $0.direction == .download } }
            #expect(received.last == TransferProgress(direction: .download, completed: 300_000, total: 300_000,
                                                      status: 200))
            #expect(received.last?.fractionCompleted == 1)
        }
    }
}
