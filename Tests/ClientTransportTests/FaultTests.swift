import Foundation
import RaspAPI
import RaspDemo
import RaspMock
import RaspRuntime
import Testing
import RaspTestSupport

/// The mock server's faults through the generated Rasp client, on every transport: each maps to the same
/// ``ClientError``, and none carries the key.
@Suite("Mock server faults: each maps to the right ClientError, on every transport")
struct FaultTests {
    /// Monday 2026-06-01, 09:00 UTC (12:00 in Moscow): the demo data's day.
    static let now = Date(timeIntervalSince1970: 1_780_304_400)

    /// Starts a mock server, runs `body` with a Rasp client of it on `kind`, and stops the server.
    private func withMock<T>(
        _ kind: TransportKind, authentication: Authentication? = .apiKeyHeader(testKey), timeout: Duration = hangGuard,
        middlewares: [any ClientMiddleware] = [], _ body: (RaspClient, MockServer) async throws -> T
    ) async throws -> T {
        try await MockServer.withMockServer(api: DemoAPI(now: Self.now)) { server, url in
            let client = RaspClient(serverURL: url, authentication: authentication,
                                    transport: kind.make(timeout: timeout), middlewares: middlewares)
            return try await body(client, server)
        }
    }

    /// Calls `search` with faults and returns the error (nil on success) and the server's counters.
    private func search(_ kind: TransportKind, faults: String, timeout: Duration = hangGuard,
                        authentication: Authentication = .apiKeyHeader(testKey)
    ) async throws -> (ClientError?, MockServer.Counters) {
        try await withMock(kind, authentication: authentication, timeout: timeout,
                           middlewares: [FaultHeader(value: faults)]) { client, server in
            let error = await clientError {
                try await client.search(from: "c213", to: "c2", date: LocalDate("2026-06-02"))
            }
            return (error, await server.counters(for: "/v3.0/search/"))
        }
    }

    private func status(_ error: ClientError?) -> Int? {
        if let failure = error?.httpFailure { failure.status } else { nil }
    }

    @Test("500, 503 and 429 are HTTP errors with the status (and Retry-After on 503/429)",
          arguments: TransportKind.allCases, [("500", 500), ("503", 503), ("429", 429)])
    func statuses(kind: TransportKind, fault: (String, Int)) async throws {
        let (fault, expected) = fault
        let (error, counters) = try await search(kind, faults: fault)
        #expect(status(error) == expected)
        #expect(error?.isRetryable == true)
        if let failure = error?.httpFailure {
            #expect(failure.serverMessage?.contains("mock") == true)
            if expected != 500 {
                #expect(ClientResponse(status: 0, headers: failure.headers).header("Retry-After") == "1")
            }
        }
        #expect(counters == MockServer.Counters(requests: 1, faults: 1))
    }

    @Test("A body cut short (truncate, close) is a lost connection, never a success",
          arguments: TransportKind.allCases, ["truncate", "close"])
    func cutBodies(kind: TransportKind, fault: String) async throws {
        let (error, _) = try await search(kind, faults: fault)
        guard error?.kind == .connectionLost else {
            Issue.record("\(fault): expected a lost connection, got \(String(describing: error))")
            return
        }
    }

    @Test("Invalid JSON and an XML body are decoding errors", arguments: TransportKind.allCases)
    func decoding(kind: TransportKind) async throws {
        for fault in ["malformed", "content-type"] {
            let (error, _) = try await search(kind, faults: fault)
            guard let failure = error?.decodingFailure else {
                Issue.record("\(fault): expected .decoding, got \(String(describing: error))")
                continue
            }
            #expect(failure.status == 200 && failure.operationID == "search")
        }
    }

    @Test("A JSON body labelled text/plain still decodes (the client ignores the label, as stations_list needs)",
          arguments: TransportKind.allCases)
    func contentTypeLabel(kind: TransportKind) async throws {
        let (error, counters) = try await search(kind, faults: "content-type=text/plain")
        #expect(error == nil)
        #expect(counters.faults == 1)
    }

    @Test("A slow answer past the timeout is a timeout", arguments: TransportKind.allCases)
    func timeout(kind: TransportKind) async throws {
        let (error, _) = try await search(kind, faults: "delay=1500", timeout: .milliseconds(300))
        guard error?.kind == .timeout else {
            Issue.record("expected .timeout, got \(String(describing: error))")
            return
        }
    }

    @Test("A short delay just delays; X-Mock-Fault-Times limits the faults to the first requests",
          arguments: TransportKind.allCases)
    func delayAndTimes(kind: TransportKind) async throws {
        let (error, _) = try await search(kind, faults: "delay=20")
        #expect(error == nil)
        try await withMock(kind, middlewares: [FaultHeader(value: "503", times: 1)]) { client, server in
            let first = await clientError { try await client.copyright() }
            #expect(status(first) == 503)
            _ = try await client.copyright()
            #expect(await server.counters(for: "/v3.0/copyright/") == MockServer.Counters(requests: 2, faults: 1))
        }
    }

    @Test("400 and 404 bodies decode with their text; no error text contains the key",
          arguments: TransportKind.allCases, [Authentication.apiKeyHeader(testKey), .apiKeyQuery(testKey)])
    func apiErrors(kind: TransportKind, authentication: Authentication) async throws {
        try await withMock(kind, authentication: authentication) { client, _ in
            let same = await clientError { try await client.search(from: "c2", to: "c2") }
            let unknown = await clientError { try await client.schedule(station: "s1111") }
            let late = await clientError {
                try await client.schedule(station: "s9600213", date: LocalDate("2030-01-01"))
            }
            for (error, expected) in [(same, 400), (unknown, 404), (late, 400)] {
                guard let failure = error?.httpFailure else {
                    Issue.record("expected an HTTP error, got \(String(describing: error))")
                    continue
                }
                #expect(failure.status == expected)
                #expect(failure.decodedBody(as: ErrorResponse.self)?.error.text.isEmpty == false)
                #expect(!String(decoding: failure.body, as: UTF8.self).contains(testKey))
            }
            #expect(same?.httpFailure?.serverMessage
                    == "Точка отправления не должна совпадать с точкой прибытия.")
            for error in [same, unknown, late].compactMap({ $0 }) {
                #expect(!"\(error)".contains(testKey))
                #expect(!String(reflecting: error).contains(testKey))
                #expect(!error.localizedDescription.contains(testKey))
            }
        }
    }

    @Test("Fault errors never contain the key",
          arguments: TransportKind.allCases, ["500", "truncate", "close", "malformed", "content-type", "delay=1000"])
    func noKeyInFaults(kind: TransportKind, fault: String) async throws {
        let timeout: Duration = fault.hasPrefix("delay") ? .milliseconds(200) : hangGuard
        let (error, _) = try await search(kind, faults: fault, timeout: timeout, authentication: .apiKeyQuery(testKey))
        let error_ = try #require(error)
        #expect(!"\(error_)".contains(testKey))
        #expect(!error_.localizedDescription.contains(testKey))
    }

    @Test("An unknown fault token is a 400 naming it", arguments: TransportKind.allCases)
    func unknownFault(kind: TransportKind) async throws {
        let (error, _) = try await search(kind, faults: "explode")
        #expect(status(error) == 400)
    }
}
