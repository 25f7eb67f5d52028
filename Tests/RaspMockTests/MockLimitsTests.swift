import Foundation
import RaspMock
import RaspTestSupport
import Testing

/// What the mock server refuses, over real sockets with raw bytes: each refusal answers like nginx (413, 414, 431)
/// and then closes the connection in order, so the client reads the answer rather than a reset.
@Suite("Mock server: limits on requests and connections")
struct MockLimitsTests {
    /// Sends `request` on a new connection; returns the first answer and how the connection then ended (or
    /// `.open` when it did not within `wait`).
    static func exchange(_ url: URL, _ request: String,
                         wait: Duration = hangGuard) async throws -> (RawClient.Answer?, RawClient.Ending) {
        let client = try await RawClient.connect(port: RawClient.port(url), sending: Data(request.utf8))
        let answer = await client.answer()
        return (answer, await client.ending(within: wait))
    }

    /// Sends `request` on a new connection and returns the status of the answer.
    /// The `error.text` of an answer in the API's error shape.
    static func errorText(_ body: Data?) throws -> String? {
        let object = try JSONSerialization.jsonObject(with: body ?? Data()) as? [String: Any]
        return (object?["error"] as? [String: Any])?["text"] as? String
    }

    static func status(_ url: URL, _ request: String) async throws -> Int? {
        try await exchange(url, request, wait: .zero).0?.status
    }

    /// A GET of `target` with `headers` (each a whole `Name: value` line).
    static func get(_ target: String, headers: [String] = []) -> String {
        "GET \(target) HTTP/1.1\r\nHost: mock\r\n" + headers.map { $0 + "\r\n" }.joined() + "\r\n"
    }

    @Test("A uid sent as raw UTF-8 in the target, as curl sends it, is served like its percent-encoded form")
    func rawUTF8Target() async throws {
        try await MockServer.withMockServer { (url: URL) in
            let raw = Self.get("/v3.0/thread/?uid=103Е_0_2006004_g26_4", headers: ["Connection: close"])
            let (answer, _) = try await Self.exchange(url, raw)
            #expect(answer?.status == 200)
            let thread = try JSONSerialization.jsonObject(with: answer?.body ?? Data()) as? [String: Any]
            #expect(thread?["uid"] as? String == "103Е_0_2006004_g26_4")
        }
    }

    @Test("A 64 KB request line is answered 414 and the connection closes; one at the limit is served")
    func longRequestLine() async throws {
        try await MockServer.withMockServer { (url: URL) in
            let long = Self.get("/v3.0/thread/?uid=" + String(repeating: "a", count: 65_536))
            let (answer, ending) = try await Self.exchange(url, long)
            #expect(answer?.status == 414)
            #expect(answer?.header("Connection") == "close")
            #expect(answer?.header("Content-Type")?.hasPrefix("application/json") == true)
            #expect(try Self.errorText(answer?.body) == "The request line is longer than 8192 bytes.")
            #expect(ending == .closed)

            // "GET " + target + " HTTP/1.1" is exactly 8192 bytes: the demo handler answers (the thread is unknown).
            let target = "/v3.0/thread/?uid=" + String(repeating: "a", count: 8192 - 13 - 18)
            let (served, after) = try await Self.exchange(url, Self.get(target), wait: .milliseconds(100))
            #expect(served?.status == 404)
            #expect(after == .open)
            #expect(try await Self.status(url, Self.get(target + "a")) == 414)
        }
    }

    @Test("A header field over 16 KiB, over 100 fields and over 64 KiB of fields are each answered 431")
    func largeHeaders() async throws {
        try await MockServer.withMockServer { (url: URL) in
            let cases: [([String], String)] = [
                (["X-Big: " + String(repeating: "b", count: 20_000)], "A header field is longer than 16384 bytes."),
                ((1...101).map { "X-Field-\($0): \($0)" }, "The request has more than 100 header fields."),
                ((1...5).map { "X-Part-\($0): " + String(repeating: "p", count: 15_000) },
                 "The header fields are larger than 65536 bytes together."),
            ]
            for (headers, reason) in cases {
                let (answer, ending) = try await Self.exchange(url, Self.get("/v3.0/copyright/", headers: headers))
                #expect(answer?.status == 431)
                #expect(try Self.errorText(answer?.body) == reason)
                #expect(ending == .closed)
            }
            // Host and 99 more make 100.
            let hundred = Self.get("/v3.0/copyright/", headers: (1...99).map { "X-Field-\($0): \($0)" })
            #expect(try await Self.status(url, hundred) == 200)
        }
    }

    @Test("A body over the limit is answered 413, whether Content-Length announces it or chunks add up to it")
    func largeBodies() async throws {
        try await MockServer.withMockServer(limits: MockServer.Limits(maxBodyBytes: 1000)) { url in
            let post = "POST /_echo/raw HTTP/1.1\r\nHost: mock\r\nContent-Type: application/octet-stream\r\n"
            let fits = post + "Content-Length: 1000\r\n\r\n" + String(repeating: "x", count: 1000)
            #expect(try await Self.status(url, fits) == 200)

            let announced = post + "Content-Length: 1001\r\n\r\n" + String(repeating: "x", count: 1001)
            let (answer, ending) = try await Self.exchange(url, announced)
            #expect(answer?.status == 413)
            #expect(answer?.header("Connection") == "close")
            #expect(ending == .closed)

            let chunk = "258\r\n" + String(repeating: "y", count: 600) + "\r\n"
            let chunked = post + "Transfer-Encoding: chunked\r\n\r\n" + chunk + chunk + "0\r\n\r\n"
            let (tooMany, closed) = try await Self.exchange(url, chunked)
            #expect(tooMany?.status == 413)
            #expect(closed == .closed)
        }
        // The default limit (64 MiB) is refused from the head alone, before any byte of the body.
        try await MockServer.withMockServer { url in
            let head = "POST /_echo/raw HTTP/1.1\r\nHost: mock\r\nContent-Length: \(64 * 1024 * 1024 + 1)\r\n\r\n"
            let status = try await Self.status(url, head)
            #expect(status == 413)
        }
    }

    @Test("Malformed heads are answered 400, other HTTP versions 505, other transfer codings 501")
    func malformed() async throws {
        try await MockServer.withMockServer { url in
            let cases = [
                ("G(T /v3.0/copyright/ HTTP/1.1\r\n\r\n", 400),
                ("GET /v3.0/copy right/ HTTP/1.1\r\n\r\n", 400),
                // To NIO's parser a request line without a version is an HTTP/0.9 request.
                ("GET /v3.0/copyright/\r\n\r\n", 505),
                ("GET /v3.0/copyright/ HTTP/2.0\r\n\r\n", 505),
                ("GET /v3.0/copyright/ HTTP/1.1\r\nBad Name: x\r\n\r\n", 400),
                ("GET /v3.0/copyright/ HTTP/1.1\r\nX-A: 1\r\n folded\r\n\r\n", 400),
                ("POST /_echo/x HTTP/1.1\r\nContent-Length: 5, 6\r\n\r\nabcde", 400),
                ("POST /_echo/x HTTP/1.1\r\nContent-Length: 1\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", 400),
                ("POST /_echo/x HTTP/1.1\r\nTransfer-Encoding: gzip, chunked\r\n\r\n0\r\n\r\n", 501),
                ("POST /_echo/x HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n", 400),
            ]
            for (request, status) in cases {
                let (answer, ending) = try await Self.exchange(url, request)
                #expect(answer?.status == status, "\(request.debugDescription)")
                #expect(ending == .closed, "\(request.debugDescription)")
            }
        }
    }

    @Test("Requests pipelined in one write get their answers in order on the same connection")
    func keepAliveAndPipelining() async throws {
        try await MockServer.withMockServer { server, url in
            let client = try await RawClient.connect(port: RawClient.port(url))
            let chunked = "POST /_echo/c HTTP/1.1\r\nHost: mock\r\nTransfer-Encoding: chunked\r\n\r\n"
                + "3;ext=1\r\nabc\r\n2\r\nde\r\n0\r\nX-Trailer: t\r\n\r\n"
            await client.send(Self.get("/v3.0/copyright/") + chunked + Self.get("/v3.0/copyright/"))
            let first = await client.answer(), echo = await client.answer(), last = await client.answer()
            #expect(first?.status == 200 && last?.status == 200)
            #expect(echo?.status == 200)
            let body = try JSONDecoder().decode([String: AnyDecodable].self, from: echo?.body ?? Data())
            #expect(body["body"]?.text == Data("abcde".utf8).base64EncodedString())
            #expect(await server.counters(for: "/v3.0/copyright/").requests == 2)
            #expect(await client.ending(within: .milliseconds(200)) == .open)
        }
    }

    @Test("Expect: 100-continue gets 100 Continue before the body is sent")
    func expectContinue() async throws {
        try await MockServer.withMockServer { url in
            let client = try await RawClient.connect(port: RawClient.port(url))
            let size = 200_000
            await client.send("POST /_echo/big HTTP/1.1\r\nHost: mock\r\nExpect: 100-continue\r\n"
                              + "Content-Type: application/octet-stream\r\nContent-Length: \(size)\r\n\r\n")
            #expect(await client.answer()?.status == 100)
            await client.send(Data(count: size))
            let answer = await client.answer()
            #expect(answer?.status == 200)
            let body = try JSONDecoder().decode([String: AnyDecodable].self, from: answer?.body ?? Data())
            #expect(body["body"]?.text == Data(count: size).base64EncodedString())
        }
    }

    @Test("At the connection limit new connections wait, the log says so, and one is served once another closes")
    func connectionLimit() async throws {
        let lines = LogLines()
        let server = MockServer(limits: MockServer.Limits(maxConnections: 2), log: lines.append)
        let url = try await server.start()
        do {
            let port = RawClient.port(url)
            let first = try await RawClient.connect(port: port), second = try await RawClient.connect(port: port)
            for client in [first, second] {
                await client.send(Self.get("/v3.0/copyright/"))
                #expect(await client.answer()?.status == 200)
            }
            let third = try await RawClient.connect(port: port)
            await third.send(Self.get("/v3.0/copyright/"))
            // Not answered while two connections are open (a slow server only makes this surer), and logged.
            #expect(await third.answer(within: .milliseconds(500)) == nil)
            try await waitUntil("the log line of the limit") {
                lines.all.contains { $0.hasPrefix("connection limit reached: 2 connections open") }
            }

            first.shutdown()
            #expect(await third.answer()?.status == 200)
            await second.send(Self.get("/v3.0/copyright/"))
            #expect(await second.answer()?.status == 200)
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }

    @Test("A connection that sends nothing, or stops in the middle of a head, is closed after its timeout")
    func timeouts() async throws {
        let limits = MockServer.Limits(maxConnections: 1, idleTimeout: .milliseconds(300),
                                       headTimeout: .milliseconds(300))
        try await MockServer.withMockServer(limits: limits) { url in
            // The deadline only bounds a hang: the server closes after about 300 ms, but a loaded machine running
            // the whole suite in parallel can delay its timers by seconds.
            let silent = try await RawClient.connect(port: RawClient.port(url))
            #expect(await silent.ending(within: .seconds(60)) == .closed)

            // Sent as it connects: bytes sent after the server closed an idle connection would be answered with a
            // reset.
            let slow = try await RawClient.connect(port: RawClient.port(url),
                                                   sending: Data("GET /v3.0/copyright/ HTTP/1.1\r\nHost: mo".utf8))
            #expect(await slow.ending(within: .seconds(60)) == .closed)

            // The slots are free again.
            #expect(try await Self.status(url, Self.get("/v3.0/copyright/")) == 200)
        }
    }
}

/// Log lines a server reported.
final class LogLines: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []

    var all: [String] {
        lock.lock()
        defer { lock.unlock() }
        return lines
    }

    @Sendable func append(_ line: String) {
        lock.lock()
        defer { lock.unlock() }
        lines.append(line)
    }
}

/// A JSON value of which only strings matter.
struct AnyDecodable: Decodable {
    var text: String?

    init(from decoder: any Decoder) throws {
        text = try? decoder.singleValueContainer().decode(String.self)
    }
}
