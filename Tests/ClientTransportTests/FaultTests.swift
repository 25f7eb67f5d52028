import Foundation
import RaspAPI
import RaspDemo
import RaspMock
import RaspRuntime
import Testing
import RaspTestSupport

@Suite("Mock server: each fault maps to the right ClientError")
struct MockFaultTests {
    /// Calls `search` with faults and returns the error (nil on success) and the server's counters.
    private func search(faults: String, timeout: Duration = hangGuard,
                        authentication: Authentication = .apiKeyHeader(Fixture.key)
    ) async throws -> (ClientError?, MockServer.Counters) {
        try await Fixture.withMock(authentication: authentication, timeout: timeout,
                                   middlewares: [FaultHeader(value: faults)]) { client, server, _ in
            let error = await Fixture.clientError {
                try await client.search(from: "c213", to: "c2", date: LocalDate("2026-06-02"))
            }
            return (error, await server.counters(for: "/v3.0/search/"))
        }
    }

    private func status(_ error: ClientError?) -> Int? {
        if case .http(let failure)? = error { failure.status } else { nil }
    }

    @Test("500, 503 and 429 are HTTP errors with the status (and Retry-After on 503/429)",
          arguments: [("500", 500), ("503", 503), ("429", 429)])
    func statuses(fault: String, expected: Int) async throws {
        let (error, counters) = try await search(faults: fault)
        #expect(status(error) == expected)
        #expect(error?.isRetryable == true)
        if case .http(let failure)? = error {
            #expect(failure.apiError?.text.contains("mock") == true)
            if expected != 500 {
                #expect(ClientResponse(status: 0, headers: failure.headers).header("Retry-After") == "1")
            }
        }
        #expect(counters == MockServer.Counters(requests: 1, faults: 1))
    }

    @Test("A body cut short (truncate, close) is a lost connection, never a success",
          arguments: ["truncate", "close"])
    func cutBodies(fault: String) async throws {
        let (error, _) = try await search(faults: fault)
        guard case .noConnection? = error else {
            Issue.record("\(fault): expected .noConnection, got \(String(describing: error))")
            return
        }
    }

    @Test("Invalid JSON and an XML body are decoding errors")
    func decoding() async throws {
        for fault in ["malformed", "content-type"] {
            let (error, _) = try await search(faults: fault)
            guard case .decoding(let failure)? = error else {
                Issue.record("\(fault): expected .decoding, got \(String(describing: error))")
                continue
            }
            #expect(failure.status == 200 && failure.operationID == "search")
        }
    }

    @Test("A JSON body labelled text/plain still decodes (the client ignores the label, as stations_list needs)")
    func contentTypeLabel() async throws {
        let (error, counters) = try await search(faults: "content-type=text/plain")
        #expect(error == nil)
        #expect(counters.faults == 1)
    }

    @Test("A slow answer past the timeout is a timeout")
    func timeout() async throws {
        let (error, _) = try await search(faults: "delay=1500", timeout: .milliseconds(300))
        guard case .timeout? = error else {
            Issue.record("expected .timeout, got \(String(describing: error))")
            return
        }
    }

    @Test("A short delay just delays; X-Mock-Fault-Times limits the faults to the first requests")
    func delayAndTimes() async throws {
        let (error, _) = try await search(faults: "delay=20")
        #expect(error == nil)
        try await Fixture.withMock(middlewares: [FaultHeader(value: "503", times: 1)]) { client, server, _ in
            let first = await Fixture.clientError { try await client.copyright() }
            #expect(status(first) == 503)
            _ = try await client.copyright()
            #expect(await server.counters(for: "/v3.0/copyright/") == MockServer.Counters(requests: 2, faults: 1))
        }
    }

    @Test("400 and 404 bodies decode with their text; no error text contains the key",
          arguments: [Authentication.apiKeyHeader(Fixture.key), .apiKeyQuery(Fixture.key)])
    func apiErrors(authentication: Authentication) async throws {
        try await Fixture.withMock(authentication: authentication) { client, _, _ in
            let same = await Fixture.clientError { try await client.search(from: "c2", to: "c2") }
            let unknown = await Fixture.clientError { try await client.schedule(station: "s1111") }
            let late = await Fixture.clientError {
                try await client.schedule(station: "s9600213", date: LocalDate("2030-01-01"))
            }
            for (error, expected) in [(same, 400), (unknown, 404), (late, 400)] {
                guard case .http(let failure)? = error else {
                    Issue.record("expected an HTTP error, got \(String(describing: error))")
                    continue
                }
                #expect(failure.status == expected)
                #expect(failure.decodedBody(as: ErrorResponse.self)?.error.text.isEmpty == false)
                #expect(failure.apiError?.request?.contains(Fixture.key) == false)
            }
            #expect(same.flatMap { if case .http(let f) = $0 { f.apiError?.text } else { nil } }
                    == "Точка отправления не должна совпадать с точкой прибытия.")
            for error in [same, unknown, late].compactMap({ $0 }) {
                #expect(!"\(error)".contains(Fixture.key))
                #expect(!String(reflecting: error).contains(Fixture.key))
                #expect(!error.localizedDescription.contains(Fixture.key))
            }
        }
    }

    @Test("Fault errors never contain the key", arguments: ["500", "truncate", "close", "malformed", "content-type"])
    func noKeyInFaults(fault: String) async throws {
        let (error, _) = try await search(faults: fault, authentication: .apiKeyQuery(Fixture.key))
        let error_ = try #require(error)
        #expect(!"\(error_)".contains(Fixture.key))
        #expect(!error_.localizedDescription.contains(Fixture.key))
    }

    @Test("An unknown fault token is a 400 naming it")
    func unknownFault() async throws {
        let (error, _) = try await search(faults: "explode")
        #expect(status(error) == 400)
    }
}

/// Adds `X-Mock-Fault` (and `X-Mock-Fault-Times`) to every request.
struct FaultHeader: ClientMiddleware {
    var value: String
    var times: Int?

    func intercept(_ request: ClientRequest, baseURL: URL,
                   next: @Sendable (ClientRequest, URL) async throws -> ClientResponse) async throws -> ClientResponse {
        var request = request
        request.setHeader(MockFault.header, value)
        if let times { request.setHeader(MockFault.timesHeader, String(times)) }
        return try await next(request, baseURL)
    }
}
