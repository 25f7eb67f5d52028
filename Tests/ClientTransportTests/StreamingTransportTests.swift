import Foundation
import RaspMock
@_spi(Generated) import RaspRuntime
import RaspMiddlewares
import RaspTestSupport
import Testing

/// ``ClientTransport/stream(_:baseURL:)`` of every transport and ``ClientCore/performStream(_:errorBody:)`` over real
/// loopback HTTP against the mock server's `/_stream/` routes: chunks as they come, cancellation seen by the server,
/// failures and idle timeouts as typed errors.
@Suite("Streaming: every transport against the mock server's /_stream/ routes", .serialized)
struct StreamingTransportTests {
    /// A GET of a stream route, with faults and an idle timeout.
    static func request(_ route: String, _ query: [(String, String)] = [], fault: String? = nil, times: Int? = nil,
                        timeout: Duration? = nil) -> ClientRequest {
        var request = ClientRequest(method: "GET", path: "/_stream/\(route)", operationID: "stream",
                                    requiresAuthentication: false)
        request.query = query.map { (name: $0.0, value: $0.1) }
        if let fault { request.setHeader(MockFault.header, fault) }
        if let times { request.setHeader(MockFault.timesHeader, String(times)) }
        request.timeout = timeout
        return request
    }

    /// Starts a mock server, runs `body` with its URL and a transport of `kind`, and stops the server.
    static func withServer<T>(_ kind: TransportKind,
                              _ body: (MockServer, URL, any ClientTransport) async throws -> T) async throws -> T {
        try await MockServer.withMockServer { server, url in try await body(server, url, kind.make()) }
    }

    /// Waits (polling) until the server's stream stats satisfy `condition`, for at most `limit` (a hang guard:
    /// the server sees a client leave within moments, but a loaded machine can delay it by seconds).
    static func waitForStats(_ server: MockServer, within limit: Duration = hangGuard,
                             _ condition: (StreamStats) -> Bool) async throws -> StreamStats {
        let deadline = ContinuousClock.now + limit
        while true {
            let stats = server.streamStats()
            if condition(stats) || ContinuousClock.now >= deadline { return stats }
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    /// The bytes the `bytes` route sends: byte i is `i % 251` (built by copying, cheap even in debug builds).
    static func pattern(_ size: Int) -> Data {
        let tile = Data((0..<251).map { UInt8($0) })
        var data = Data(capacity: size)
        while data.count < size { data.append(tile.prefix(size - data.count)) }
        return data
    }

    /// The error a body's iteration throws, with the bytes received before it.
    static func drain(_ body: MessageBody) async -> (Data, (any Error)?) {
        var data = Data()
        do {
            for try await chunk in body { data.append(chunk) }
            return (data, nil)
        } catch {
            return (data, error)
        }
    }

    @Test("SSE: event 1 arrives while the server still holds the others; a whole stream arrives intact",
          arguments: TransportKind.allCases)
    func firstEventArrivesEarly(kind: TransportKind) async throws {
        try await Self.withServer(kind) { server, url, transport in
            // The server sends event 1, then stalls with the rest: a transport that buffered the body
            // would hand out nothing at all (until its idle timeout, 60 s, the hang guard).
            let held = Self.request("sse", [("count", "5")], fault: "stall-after=1", timeout: .seconds(60))
            let (head, body) = try await transport.stream(held, baseURL: url)
            #expect(head.status == 200)
            #expect(head.header("content-type")?.hasPrefix("text/event-stream") == true)
            var first = ""
            for try await chunk in body {
                first += String(decoding: chunk, as: UTF8.self)
                if first.contains("\n\n") { break }
            }
            #expect(first == "id: 1\ndata: {\"index\": 1, \"text\": \"событие 1\"}\n\n")
            // What the server sent then: event 1 only (it counts a chunk once the socket took all of it).
            let held1 = try await Self.waitForStats(server) { $0.written >= 1 }
            #expect(held1.written == 1 && held1.completed == 0, "\(held1)")

            let whole = Self.request("sse", [("count", "5"), ("delay_ms", "20"), ("done", "1")])
            let text = String(decoding: try await transport.stream(whole, baseURL: url).1.collect(), as: UTF8.self)
            #expect(text.hasPrefix("id: 1\n"))
            #expect(text.contains("data: {\"index\": 5, \"text\": \"событие 5\"}\n\n"))
            #expect(text.hasSuffix("data: [DONE]\n\n"))
            let stats = try await Self.waitForStats(server) { $0.completed == 1 }
            // The first stream stalls until the server stops (a stalled server does not notice its client leave).
            #expect(stats.started == 2 && stats.written == 7 && stats.completed == 1, "\(stats)")
        }
    }

    @Test("Bytes: 5 MB arrive intact as they come, in chunks", arguments: TransportKind.allCases)
    func bytesAsTheyCome(kind: TransportKind) async throws {
        try await Self.withServer(kind) { _, url, transport in
            let size = 5_000_000
            let (head, body) = try await transport.stream(Self.request("bytes", [("size", "\(size)")]), baseURL: url)
            #expect(head.status == 200)
            var data = Data()
            var chunks = 0
            for try await chunk in body {
                data.append(chunk)
                chunks += 1
            }
            #expect(chunks > 1)
            #expect(data.count == size)
            #expect(data == Self.pattern(size))
        }
    }

    @Test("Bytes: a reader far behind (5 MB, the reader starts once the server is well ahead) writes the file",
          arguments: TransportKind.allCases)
    func slowReaderWritesTheFile(kind: TransportKind) async throws {
        try await Self.withServer(kind) { server, url, transport in
            let size = 5_000_000
            let request = Self.request("bytes", [("size", "\(size)"), ("chunk", "100000")])
            let (_, body) = try await transport.stream(request, baseURL: url)
            // Read nothing until the server is far ahead. URLSession cannot pause the connection: it takes the whole
            // body, most of it spilled to disk. AsyncHTTPClient stops reading once its buffer (1 MiB) is full, so
            // the server gets only so far (its writes then wait for the socket).
            let ahead = kind == .urlSession ? 50 : 10
            let stats = try await Self.waitForStats(server) { $0.written >= ahead }
            #expect(stats.written >= ahead)
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rasp-stream-test-\(UUID())")
            defer { try? FileManager.default.removeItem(at: folder) }
            let file = folder.appendingPathComponent("body.bin")
            try await body.write(to: file)
            #expect(try Data(contentsOf: file) == Self.pattern(size))
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["body.bin"])
        }
    }

    @Test("write(to:) leaves no temporary file and the old file when the stream fails",
          arguments: TransportKind.allCases)
    func failedWriteLeavesNothing(kind: TransportKind) async throws {
        try await Self.withServer(kind) { _, url, transport in
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rasp-stream-test-\(UUID())")
            defer { try? FileManager.default.removeItem(at: folder) }
            let file = folder.appendingPathComponent("body.bin")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data("old".utf8).write(to: file)
            let request = Self.request("bytes", [("size", "1000000"), ("chunk", "10000")], fault: "drop-after=20")
            let (_, body) = try await transport.stream(request, baseURL: url)
            await #expect(throws: ClientError.self) { try await body.write(to: file) }
            #expect(try Data(contentsOf: file) == Data("old".utf8))
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["body.bin"])
        }
    }

    @Test("Cancelling the reading task ends the stream: the server stops writing", arguments: TransportKind.allCases)
    func cancellingTheReaderStopsTheServer(kind: TransportKind) async throws {
        try await Self.withServer(kind) { server, url, transport in
            let request = Self.request("sse", [("count", "200"), ("delay_ms", "50")])
            let (_, body) = try await transport.stream(request, baseURL: url)
            let reading = Task {
                var events = 0
                for try await chunk in body {
                    events += String(decoding: chunk, as: UTF8.self).components(separatedBy: "\n\n").count - 1
                }
                return events
            }
            _ = try await Self.waitForStats(server) { $0.written >= 3 }
            reading.cancel()
            let result = await reading.result
            guard case .failure(let error as ClientError) = result,
                  error.kind == .cancelled, error.operationID == "stream" else {
                Issue.record("expected .cancelled, got \(result)")
                return
            }
            // The server counts the stream as ended (it writes no more once it does), short of its 200 events.
            let stats = try await Self.waitForStats(server) { $0.cancelled == 1 }
            #expect(stats.cancelled == 1 && stats.active == 0, "the server still streams: \(stats)")
            #expect(stats.written < 200)
        }
    }

    @Test("Cancelling readers as chunks arrive never hangs, and every stream ends on the server",
          arguments: TransportKind.allCases)
    func cancellationRaces(kind: TransportKind) async throws {
        try await Self.withServer(kind) { server, url, transport in
            // An event every millisecond and a cancel at a varying moment: a chunk often arrives for the waiting
            // reader just as its task is cancelled (this deadlocked when readers were resumed under the lock).
            for round in 0..<30 {
                let request = Self.request("sse", [("count", "100000"), ("delay_ms", "1")])
                let (_, body) = try await transport.stream(request, baseURL: url)
                let reading = Task {
                    for try await _ in body {}
                }
                try await Task.sleep(for: .microseconds(700 * (round % 7)))
                reading.cancel()
                _ = await reading.result
            }
            let stats = try await Self.waitForStats(server) { $0.active == 0 }
            #expect(stats.started == 30 && stats.active == 0, "\(stats)")
        }
    }

    @Test("Dropping the iterator (leaving the loop) ends the stream too", arguments: TransportKind.allCases)
    func droppingTheIteratorStopsTheServer(kind: TransportKind) async throws {
        try await Self.withServer(kind) { server, url, transport in
            let request = Self.request("jsonl", [("count", "200"), ("delay_ms", "50")])
            do {
                let (_, body) = try await transport.stream(request, baseURL: url)
                for try await _ in body { break }
            }
            let stats = try await Self.waitForStats(server) { $0.cancelled == 1 }
            #expect(stats.cancelled == 1 && stats.active == 0, "the server still streams: \(stats)")
            #expect(stats.written < 200)
        }
    }

    @Test("An iterator keeps reading after its body is released (parsers keep only the iterator)",
          arguments: TransportKind.allCases)
    func iteratorOutlivesTheBody(kind: TransportKind) async throws {
        try await Self.withServer(kind) { _, url, transport in
            func iterator() async throws -> MessageBody.AsyncIterator {
                let (_, body) = try await transport.stream(
                    Self.request("jsonl", [("count", "5"), ("delay_ms", "20")]), baseURL: url)
                return body.makeAsyncIterator()
            }
            var lines = try await iterator()
            var text = ""
            while let chunk = try await lines.next() { text += String(decoding: chunk, as: UTF8.self) }
            #expect(text.split(separator: "\n").count == 5)
        }
    }

    @Test("Cancelling the task that waits for the head ends the call as .cancelled, without the head",
          arguments: TransportKind.allCases)
    func cancellingBeforeTheHead(kind: TransportKind) async throws {
        try await Self.withServer(kind) { server, url, transport in
            // Any GET streams; this one is counted when it arrives, and its head would come after 10 minutes (the
            // idle timeout, 60 s, would end a call that ignored the cancellation as .timeout instead).
            var request = ClientRequest(method: "GET", path: "/v3.0/copyright/", operationID: "stream",
                                        requiresAuthentication: false)
            request.setHeader(MockFault.header, "delay=600000")
            request.timeout = .seconds(60)
            let waiting = Task { try await transport.stream(request, baseURL: url) }
            try await waitUntil("the server to hold the request") {
                await server.counters(for: "/v3.0/copyright/").requests == 1
            }
            waiting.cancel()
            let result = await waiting.result
            guard case .failure(let error as ClientError) = result,
                  error.kind == .cancelled, error.operationID == "stream" else {
                Issue.record("expected .cancelled, got \(result)")
                return
            }
        }
    }

    @Test("A connection dropped mid-stream throws .connectionLost after the chunks before it",
          arguments: TransportKind.allCases, ["jsonl", "bytes"])
    func dropMidStream(kind: TransportKind, route: String) async throws {
        try await Self.withServer(kind) { server, url, transport in
            let query = route == "jsonl" ? [("count", "10")] : [("size", "100000"), ("chunk", "1000")]
            let request = Self.request(route, query, fault: "drop-after=3")
            let (head, body) = try await transport.stream(request, baseURL: url)
            #expect(head.status == 200)
            let (data, error) = await Self.drain(body)
            guard let error = error as? ClientError, error.kind == .connectionLost, error.operationID == "stream" else {
                Issue.record("expected .connectionLost, got \(String(describing: error))")
                return
            }
            if route == "jsonl" { #expect(String(decoding: data, as: UTF8.self).hasPrefix("{\"index\": 1}\n")) }
            #expect(data.count <= (route == "jsonl" ? 39 : 3000))
            let stats = try await Self.waitForStats(server) { $0.dropped == 1 }
            #expect(stats.dropped == 1 && stats.written == 3)
        }
    }

    @Test("A stream that stalls throws .timeout after the idle timeout, not before its first event",
          arguments: TransportKind.allCases)
    func idleTimeout(kind: TransportKind) async throws {
        try await Self.withServer(kind) { _, url, transport in
            // The timeout also covers the wait for the response head, which a sanitizer's slowdown makes longer
            // than a second (URLSession's first request of a process starts its client): 5 s leaves room for it.
            let request = Self.request("sse", [("count", "5")], fault: "stall-after=1", timeout: .seconds(5))
            let start = ContinuousClock.now
            let (_, body) = try await transport.stream(request, baseURL: url)
            // The stall lasts an hour: without the idle timeout only the hang guard would end the wait.
            let (data, error) = try await withHangGuard { await Self.drain(body) }
            let elapsed = ContinuousClock.now - start
            guard let error = error as? ClientError, error.kind == .timeout, error.operationID == "stream" else {
                Issue.record("expected .timeout, got \(String(describing: error))")
                return
            }
            #expect(String(decoding: data, as: UTF8.self).hasPrefix("id: 1\n"))
            // Not early: `start` was taken before the request, so a slow machine only makes `elapsed` longer.
            #expect(elapsed >= .milliseconds(4900), "timed out after only \(elapsed)")
        }
    }

    @Test("A slow stream that is never idle for the timeout is not cut", arguments: TransportKind.allCases)
    func slowButAliveStream(kind: TransportKind) async throws {
        try await Self.withServer(kind) { _, url, transport in
            // 40 lines 200 ms apart: 7.8 s in all, longer than the 7 s timeout, and never idle for more than a
            // thirtieth of it (the margin a loaded machine needs: its threads can wait seconds for a core).
            let request = Self.request("jsonl", [("count", "40"), ("delay_ms", "200")], timeout: .seconds(7))
            let (_, body) = try await transport.stream(request, baseURL: url)
            let text = String(decoding: try await body.collect(), as: UTF8.self)
            #expect(text.split(separator: "\n").count == 40)
        }
    }

    @Test("performStream: 2xx streams, a documented 404 throws an APIError with the decoded body",
          arguments: TransportKind.allCases)
    func performStream(kind: TransportKind) async throws {
        try await Self.withServer(kind) { _, url, transport in
            let core = ClientCore(serverURL: url, transport: transport, middlewares: [], authentication: nil)
            let body = try await core.performStream(Self.request("jsonl", [("count", "3")]))
            let text = String(decoding: try await body.collect(), as: UTF8.self)
            #expect(text == "{\"index\": 1}\n{\"index\": 2}\n{\"index\": 3}\n")

            let typed = try await #require(throws: APIError<String>.self) {
                _ = try await core.performStream(Self.request("nope")) { status, data in
                    status == 404 ? String(decoding: data, as: UTF8.self) : nil
                }
            }
            #expect(typed.body.contains("\"http_code\":404"))
            guard let failure = typed.clientError.httpFailure else { Issue.record("expected .http"); return }
            #expect(failure.status == 404)
            #expect(String(decoding: failure.body, as: UTF8.self).contains("Нет такого потока"))
            #expect(failure.decodedBody(as: String.self)?.contains("\"http_code\":404") == true)
        }
    }

    @Test("performStream: a retry happens before the body is handed out", arguments: TransportKind.allCases)
    func retriesBeforeTheBody(kind: TransportKind) async throws {
        try await Self.withServer(kind) { server, url, transport in
            let retry = RetryMiddleware(policy: RetryPolicy(maxAttempts: 3), sleeper: Sleeper { _ in })
            let core = ClientCore(serverURL: url, transport: transport, middlewares: [retry], authentication: nil)
            let tracker = AttemptTracker()
            let request = Self.request("jsonl", [("count", "2")], fault: "503", times: 1)
            let body = try await AttemptTracker.$current.withValue(tracker) { try await core.performStream(request) }
            #expect(tracker.attempts == 2)
            #expect(String(decoding: try await body.collect(), as: UTF8.self) == "{\"index\": 1}\n{\"index\": 2}\n")
            #expect(server.streamStats().started == 1)
        }
    }

    @Test("The default stream(_:baseURL:) of a transport hands the whole body over as one chunk")
    func defaultStreamImplementation() async throws {
        struct Fixed: ClientTransport {
            func send(_ request: ClientRequest, baseURL: URL) async throws -> ClientResponse {
                ClientResponse(status: 200, headers: fields(["A": "b"]), body: Data("whole".utf8))
            }
        }
        let (head, body) = try await Fixed().stream(Self.request("x"), baseURL: URL(string: "http://unused")!)
        #expect(head == ClientResponseHead(status: 200, headers: fields(["A": "b"])))
        var chunks: [Data] = []
        for try await chunk in body { chunks.append(chunk) }
        #expect(chunks == [Data("whole".utf8)])
    }
}
