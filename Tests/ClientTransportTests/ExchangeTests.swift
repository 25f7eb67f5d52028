import Foundation
import RaspMock
import RaspRuntime
import RaspTestSupport
import Testing

/// Plain exchanges on every transport, against a loopback server that answers exactly what the test scripts
/// (``RawHTTPServer``): statuses, bodies, header fields both ways, redirects, and the errors that come before any
/// answer (a refused connection, a field that cannot be sent).
@Suite(.serialized) struct ExchangeTests {
    /// A request for `path` on the raw server.
    static func request(_ path: String, method: String = "GET") -> ClientRequest {
        ClientRequest(method: method, path: path, operationID: "exchange", requiresAuthentication: false)
    }

    /// The raw server's answers by path: `/status/N` answers N with a small body (none for 204 and 304),
    /// `/moved` redirects to `/final`, `/fields` answers header fields that come twice and in mixed case.
    static func answer(_ head: String) -> RawHTTPServer.Reply {
        let target = head.split(separator: " ").dropFirst().first.map(String.init) ?? "/"
        if target.hasPrefix("/status/"), let status = Int(target.dropFirst("/status/".count)) {
            let body = [204, 304].contains(status) ? Data() : Data("answer \(status)".utf8)
            return RawHTTPServer.response(status, headers: ["Content-Type": "text/plain"], body: body)
        }
        switch target {
        case "/moved":
            return RawHTTPServer.response(302, headers: ["Location": "/final"])
        case "/final":
            return RawHTTPServer.response(200, body: Data("arrived".utf8))
        case "/repeated":
            let text = "HTTP/1.1 200 OK\r\nConnection: close\r\n"
                + "Set-Cookie: \(cookies[0])\r\nX-Tag: first\r\nSet-Cookie: \(cookies[1])\r\nX-Tag: second\r\n"
                + "Content-Length: 0\r\n\r\n"
            return .send(Data(text.utf8))
        case "/fields":
            let text = "HTTP/1.1 200 OK\r\nConnection: close\r\nX-Many: 1\r\nX-Many: 2\r\nX-Mixed-Case: Value\r\n"
                + "Content-Length: 2\r\n\r\nok"
            return .send(Data(text.utf8))
        default:
            return RawHTTPServer.response(404)
        }
    }

    @Test("Statuses and bodies come back as sent, every status a response (not an error)",
          arguments: TransportKind.allCases)
    func statusesAndBodies(kind: TransportKind) async throws {
        let server = try RawHTTPServer(respond: Self.answer)
        defer { server.stop() }
        let transport = kind.make()
        for status in [200, 201, 204, 400, 404, 429, 500, 503] {
            let response = try await transport.send(Self.request("/status/\(status)"), baseURL: server.baseURL)
            #expect(response.status == status)
            #expect(response.body.data == (status == 204 ? Data() : Data("answer \(status)".utf8)), "\(status)")
        }
        let head = try await transport.send(Self.request("/status/200", method: "HEAD"), baseURL: server.baseURL)
        #expect(head.status == 200)
        #expect(head.body.data?.isEmpty == true)
    }

    @Test("Request fields go out as set; response fields come back by name in any case, repeated ones joined",
          arguments: TransportKind.allCases)
    func headerFields(kind: TransportKind) async throws {
        let server = try RawHTTPServer(respond: Self.answer)
        defer { server.stop() }
        var request = Self.request("/fields")
        request.setHeader("X-Trace-Id", "a b;c=d, \"e\"")
        request.setHeader("Accept", "application/json")
        let response = try await kind.make().send(request, baseURL: server.baseURL)
        var heads = server.requests.makeAsyncIterator()
        let sent = try #require(await heads.next())
        #expect(sent.hasPrefix("GET /fields HTTP/1.1\r\n"))
        #expect(sent.contains("\r\nX-Trace-Id: a b;c=d, \"e\"\r\n"))
        #expect(sent.contains("\r\nAccept: application/json\r\n"))
        #expect(sent.lowercased().contains("\r\nhost: 127.0.0.1:\(server.port)\r\n"))
        #expect(response.header("x-mixed-case") == "Value")
        #expect(response.header("X-MANY") == "1, 2")
        #expect(response.body.data == Data("ok".utf8))
    }

    /// Two cookies, the first with the comma of its `Expires` date.
    static let cookies = ["session=s1; Expires=Wed, 21 Oct 2026 07:28:00 GMT; Path=/; HttpOnly", "theme=dark; Path=/"]

    @Test("Repeated fields go out and come back in order: two Set-Cookie fields stay two cookies",
          arguments: TransportKind.allCases)
    func repeatedFields(kind: TransportKind) async throws {
        let server = try RawHTTPServer(respond: Self.answer)
        defer { server.stop() }
        var request = Self.request("/repeated")
        request.appendHeader("X-Tag", "one")
        request.appendHeader("X-Tag", "two")
        let response = try await kind.make().send(request, baseURL: server.baseURL)
        var heads = server.requests.makeAsyncIterator()
        let sent = try #require(await heads.next())
        // On the wire: two fields, or one whose values are joined with commas (what HTTP allows and Foundation does).
        let tags = sent.split(separator: "\r\n").filter { $0.lowercased().hasPrefix("x-tag:") }
            .flatMap { $0.dropFirst("x-tag:".count).split(separator: ",") }
            .map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(tags == ["one", "two"])
        #expect(response.headers[values: .setCookie] == Self.cookies)
        let tag = HTTPField.Name("X-Tag")!
        #expect(response.headers[tag] == "first, second")
        switch kind {
        case .asyncHTTPClient:
            #expect(response.headers[values: tag] == ["first", "second"])
        case .urlSession:
            // Foundation hands over one value per name, the repeated field's values joined.
            #expect(response.headers[values: tag] == ["first, second"])
        }
        // The cookies are the caller's to keep: no transport sends them on by itself.
        _ = try await kind.make().send(Self.request("/status/200"), baseURL: server.baseURL)
        let next = try #require(await heads.next())
        #expect(!next.lowercased().contains("\r\ncookie:"))
    }

    @Test("A redirect is followed to its target", arguments: TransportKind.allCases)
    func redirects(kind: TransportKind) async throws {
        let server = try RawHTTPServer(respond: Self.answer)
        defer { server.stop() }
        let response = try await kind.make().send(Self.request("/moved"), baseURL: server.baseURL)
        #expect(response.status == 200)
        #expect(response.body.data == Data("arrived".utf8))
    }

    @Test("A refused connection is .noConnection, not a lost one (the server was never reached)",
          arguments: TransportKind.allCases)
    func refusedConnection(kind: TransportKind) async throws {
        let server = try RawHTTPServer(respond: Self.answer)
        server.stop()
        let transport = kind.make()
        let error = await clientError { try await transport.send(Self.request("/status/200"), baseURL: server.baseURL) }
        guard error?.kind == .noConnection, error?.operationID == "exchange" else {
            Issue.record("expected .noConnection, got \(String(describing: error))")
            return
        }
        #expect(error?.isConnectionLost == false)
        #expect(error?.isRetryable == true)
    }

    @Test("A transport refuses a field with a control character on its own, before sending",
          arguments: TransportKind.allCases)
    func badField(kind: TransportKind) async throws {
        var request = getRequest()
        request.setHeader("Authorization", "\(testKey)\n")
        let error = await clientError { try await kind.make().send(request, baseURL: testServer) }
        #expect(error?.kind == .invalidRequest)
        #expect(error?.reason == "the value of header Authorization contains a control character (LF)")
    }

    @Test("Many requests at once all arrive whole (the mock's copyright, 32 at a time)",
          arguments: TransportKind.allCases)
    func concurrentRequests(kind: TransportKind) async throws {
        try await MockServer.withMockServer { url in
            let transport = kind.make()
            let bodies = try await withThrowingTaskGroup(of: ClientResponse.self) { group in
                for _ in 0..<32 {
                    group.addTask {
                        var request = Self.request("/v3.0/copyright/")
                        request.setHeader("Authorization", testKey)
                        return try await transport.send(request, baseURL: url)
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(bodies.count == 32)
            #expect(bodies.allSatisfy { $0.status == 200 })
            #expect(Set(bodies.map(\.body)).count == 1)
        }
    }
}
