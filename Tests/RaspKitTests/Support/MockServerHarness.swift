import Foundation
import RaspAPI
import RaspDemo
import RaspKit
import RaspMock
import RaspRuntime
import RaspMiddlewares
import RaspURLSession
import RaspTestSupport

/// A mock Rasp server (demo data over real HTTP on loopback) and clients for it.
struct MockServerHarness {
    /// "Now" of the demo data and of the route screen: 2026-03-05 10:00 in Moscow.
    static let now = Date(timeIntervalSince1970: 1_772_694_000)
    static let today = LocalDate(now, in: TimeZone(identifier: "Europe/Moscow")!)

    let server: MockServer
    let url: URL

    /// Starts a server that requires the test key.
    static func start() async throws -> MockServerHarness {
        let server = MockServer(api: DemoAPI(now: now, requiredKey: testKey))
        let url = try await server.start()
        return MockServerHarness(server: server, url: url)
    }

    func stop() async { await server.stop() }

    /// Runs `body` with a started server on the caller's actor, and stops the server afterwards, also when `body`
    /// throws.
    static func with<T>(isolation: isolated (any Actor)? = #isolation,
                        _ body: (MockServerHarness) async throws -> T) async throws -> T {
        let harness = try await start()
        do {
            let result = try await body(harness)
            await harness.stop()
            return result
        } catch {
            await harness.stop()
            throw error
        }
    }

    /// The app's client (`RaspClient.live`) pointed at the server, without retries. Its deadline is a hang guard
    /// (60 s) rather than the app's 30 s, which a loaded test run can exceed.
    func client() throws -> RaspClient {
        try RaspClient.live(apiKey: testKey, retry: .never, timeouts: TimeoutPolicy(defaultTimeout: hangGuard),
                            serverURL: url)
    }

    /// A client whose every request asks the server for `fault` (see `MockFault`).
    func client(fault: String) -> RaspClient {
        RaspClient(serverURL: url, authentication: .apiKeyHeader(testKey),
                   transport: URLSessionTransport.withOwnSession(defaultTimeout: hangGuard),
                   middlewares: [FaultHeader(value: fault)])
    }
}

/// Adds `X-Mock-Fault: <value>` to every request.
struct FaultHeader: ClientMiddleware {
    let value: String

    func intercept(_ request: ClientRequest, baseURL: URL,
                   next: @Sendable (ClientRequest, URL) async throws -> ClientResponse) async throws -> ClientResponse {
        var request = request
        request.setHeader(MockFault.header, value)
        return try await next(request, baseURL)
    }
}
