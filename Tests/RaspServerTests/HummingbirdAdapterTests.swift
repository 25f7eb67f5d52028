import Foundation
import Hummingbird
import Logging
import RaspHummingbird
import RaspRuntime
import RaspURLSession
import RaspTestSupport
import ServiceLifecycle
import Testing

/// The Hummingbird adapter over real sockets: raw UTF-8 request targets, request bodies streamed to the routes that
/// ask for them and collected for the others, a graceful shutdown that answers the requests in flight, and the routes
/// registered on Hummingbird's own router beside routes of the app's.
@Suite struct HummingbirdAdapterTests {
    /// `GET /echo` answers its `uid` query value, `GET /path/{city}` its path parameter decoded, `POST /echo` its
    /// body as it came.
    static var echoRouter: ServerRouter {
        var router = ServerRouter()
        router.register(method: "GET", path: "/echo", operationID: "echo") { request in
            let uid = request.query.first { $0.name == "uid" }?.value ?? ""
            return ServerResponse(status: 200, contentType: "text/plain", body: Data(uid.utf8))
        }
        router.register(method: "GET", path: "/path/{city}", operationID: "city") { request in
            let city = request.pathParameters["city"]?.removingPercentEncoding ?? ""
            return ServerResponse(status: 200, contentType: "text/plain", body: Data(city.utf8))
        }
        router.register(method: "POST", path: "/echo", operationID: "body") { request in
            ServerResponse(status: 200, contentType: "application/octet-stream", body: request.bodyData)
        }
        return router
    }

    /// Requests on one kept-alive connection: raw UTF-8 targets, and between them bodies whose bytes look like
    /// UTF-8 request lines (which must pass unchanged), with a length and in chunks.
    static let pipelined: (bytes: Data, answers: [Data]) = {
        let lengthBody = Data("GET /Ё HTTP/1.1\r\nЖ".utf8)
        var bytes = Data("GET /echo?uid=103Е_0_2006004_g26_4 HTTP/1.1\r\nHost: x\r\n\r\n".utf8)
        bytes += Data("POST /echo?uid=Ё HTTP/1.1\r\nHost: x\r\nContent-Length: \(lengthBody.count)\r\n\r\n".utf8)
        bytes += lengthBody
        bytes += Data("POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n".utf8)
        let chunks = [Data("Ёлка\r\n".utf8), Data("GET /Ж".utf8)]
        for chunk in chunks {
            bytes += Data("\(String(chunk.count, radix: 16))\r\n".utf8) + chunk + Data("\r\n".utf8)
        }
        bytes += Data("0\r\n\r\n".utf8)
        bytes += Data("GET /path/Санкт-Петербург HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".utf8)
        let answers = [Data("103Е_0_2006004_g26_4".utf8), lengthBody, chunks.reduce(Data(), +),
                       Data("Санкт-Петербург".utf8)]
        return (bytes, answers)
    }()

    /// Sends ``pipelined`` to `url` and checks the four answers.
    static func checkPipelined(_ url: URL) async throws {
        let client = try await RawClient.connect(port: RawClient.port(url), sending: pipelined.bytes)
        for expected in pipelined.answers {
            let answer = try #require(await client.answer())
            #expect(answer.status == 200)
            #expect(answer.body == expected, "\(String(decoding: answer.body, as: UTF8.self))")
        }
    }

    @Test("A request target with raw UTF-8 reaches the handler decoded; bodies between such requests pass unchanged")
    func rawUTF8Targets() async throws {
        try await Self.echoRouter.withServer { url in try await Self.checkPipelined(url) }
    }

    @Test("The routes registered on Hummingbird's own router serve beside the app's, raw UTF-8 targets included")
    func onHummingbirdsRouter() async throws {
        let router = Router()
        router.get("/health") { _, _ in "ok" }
        router.addRoutes(of: Self.echoRouter)
        try await Self.serve(router) { url in
            try await Self.checkPipelined(url)
            let health = try await Self.transport().send(ClientRequest("GET", "/health"), baseURL: url)
            #expect(health.status == 200 && health.body.data == Data("ok".utf8))
            let missing = try await Self.transport().send(ClientRequest("GET", "/nothing"), baseURL: url)
            #expect(missing.status == 404)
        }
    }

    @Test("A streaming route reads the body as it arrives, past the size limit; other routes collect it, within it")
    func streamedAndCollectedBodies() async throws {
        let (started, startedSink) = AsyncStream<Int>.makeStream()
        var router = ServerRouter()
        router.maxBodySize = 1000
        router.register(method: "PUT", path: "/stream", operationID: "stream", streamsBody: true) { request in
            #expect(!request.body.isInMemory)
            var total = 0
            for try await chunk in request.body {
                if total == 0 { startedSink.yield(chunk.count) }
                total += chunk.count
            }
            return ServerResponse(status: 200, contentType: "text/plain", body: Data("\(total)".utf8))
        }
        router.register(method: "PUT", path: "/collect", operationID: "collect") { request in
            #expect(request.body.isInMemory)
            return ServerResponse(status: 200, contentType: "text/plain", body: Data("\(request.bodyData.count)".utf8))
        }
        try await router.withServer { url in
            // The handler has the first bytes while the rest is still to be sent: the body is not collected first.
            let size = 5000
            let head = "PUT /stream HTTP/1.1\r\nHost: x\r\nContent-Length: \(size)\r\n\r\n"
            let client = try await RawClient.connect(port: RawClient.port(url),
                                                     sending: Data(head.utf8) + Data(count: 10))
            var iterator = started.makeAsyncIterator()
            let first = try #require(await iterator.next())
            #expect(first > 0 && first <= 10)
            #expect(await client.send(Data(count: size - 10)))
            let answer = try #require(await client.answer())
            #expect(answer.status == 200 && answer.body == Data("\(size)".utf8))

            let small = try await Self.transport().send(Self.put("/collect", bytes: 1000), baseURL: url)
            #expect(small.status == 200 && small.body.data == Data("1000".utf8))
            let large = try await Self.transport().send(Self.put("/collect", bytes: 1001), baseURL: url)
            #expect(large.status == 413)
            let chunked = MessageBody(AsyncStream {
                $0.yield(Data(count: 600))
                $0.yield(Data(count: 600))
                $0.finish()
            })
            var unannounced = Self.put("/collect", bytes: 0)
            unannounced.uploadBody = chunked
            let refused = try await Self.transport().send(unannounced, baseURL: url)
            #expect(refused.status == 413)
        }
    }

    @Test("Stopping the server lets a request in flight finish, then refuses new connections")
    func gracefulShutdown() async throws {
        let (entered, enteredSink) = AsyncStream<Void>.makeStream()
        let release = Gate()
        var router = ServerRouter()
        router.register(method: "GET", path: "/slow", operationID: "slow") { _ in
            enteredSink.yield()
            await release.wait()
            return ServerResponse(status: 200, contentType: "text/plain", body: Data("finished".utf8))
        }
        let (call, url) = try await router.withServer { url in
            let call = Task { try await Self.transport().send(ClientRequest("GET", "/slow"), baseURL: url) }
            var iterator = entered.makeAsyncIterator()
            _ = await iterator.next()
            // Released only once the shutdown has begun (the server waits for the request).
            Task {
                try await Task.sleep(for: .milliseconds(300))
                release.open()
            }
            return (call, url)
        }
        let response = try await call.value
        #expect(response.status == 200 && response.body.data == Data("finished".utf8))
        let after = await #expect(throws: ClientError.self) {
            try await Self.transport().send(ClientRequest("GET", "/slow"), baseURL: url)
        }
        #expect(after?.kind == .noConnection)
    }

    /// A URLSession transport whose connections no other test shares.
    static func transport() -> URLSessionTransport { .withOwnSession() }

    static func put(_ path: String, bytes: Int) -> ClientRequest {
        var request = ClientRequest("PUT", path)
        request.body = Data(count: bytes)
        return request
    }

    /// Serves a Hummingbird router on a free loopback port while `body` runs, then shuts it down gracefully.
    static func serve(_ router: Router<BasicRequestContext>, _ body: (URL) async throws -> Void) async throws {
        let (ports, portSink) = AsyncStream<Int?>.makeStream()
        let app = Application(router: router, server: .http1AcceptingRawUTF8Targets(),
                              configuration: .init(address: .hostname("127.0.0.1", port: 0)),
                              onServerRunning: { portSink.yield($0.localAddress?.port); portSink.finish() },
                              logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() })
        let group = ServiceGroup(configuration: .init(services: [app], logger: Logger(label: "test")))
        let server = Task { try await group.run() }
        var iterator = ports.makeAsyncIterator()
        let port = try #require(await iterator.next() ?? nil)
        do {
            try await body(try #require(URL(string: "http://127.0.0.1:\(port)")))
        } catch {
            await group.triggerGracefulShutdown()
            throw error
        }
        await group.triggerGracefulShutdown()
        try await server.value
    }
}

/// Holds its waiters until opened.
private final class Gate: Sendable {
    private let state = Locked<(open: Bool, waiters: [CheckedContinuation<Void, Never>])>((false, []))

    func wait() async {
        await withCheckedContinuation { continuation in
            let resumeNow = state.withLock { state -> Bool in
                if state.open { return true }
                state.waiters.append(continuation)
                return false
            }
            if resumeNow { continuation.resume() }
        }
    }

    func open() {
        let waiters = state.withLock { state in
            state.open = true
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }
}
