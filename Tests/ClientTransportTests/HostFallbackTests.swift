import Foundation
import RaspMiddlewares
import RaspMock
@_spi(Generated) import RaspRuntime
import RaspServices
import RaspTestSupport
import RaspURLSession
import Testing

/// ``HostFallbackMiddleware`` over real sockets: a host that refuses connections is stood in for by the other one,
/// which then takes every call; the quota counts one call; a credential goes only to the configured hosts.
struct HostFallbackTests {
    /// A transport that records where each request went before URLSession sends it.
    final class RecordingTransport: ClientTransport {
        let inner = URLSessionTransport.withOwnSession()
        let destinations = Locked<[(url: URL, authorization: String?)]>([])

        func send(_ request: ClientRequest, baseURL: URL) async throws -> ClientResponse {
            destinations.withLock { $0.append((baseURL, request.header("Authorization"))) }
            return try await inner.send(request, baseURL: baseURL)
        }
    }

    @Test func aRefusedHostIsStoodInForByTheOtherWhichThenTakesEveryCall() async throws {
        let server = MockServer()
        let working = try await server.start()
        defer { Task { await server.stop() } }
        // Port 9 (discard) on loopback: nothing listens, the connection is refused at once.
        let refusing = try #require(URL(string: "http://127.0.0.1:9"))
        let fallback = HostFallbackMiddleware(servers: [refusing, working])
        let quota = QuotaCounter(limit: 10)
        let transport = RecordingTransport()
        let core = ClientCore(serverURL: refusing, transport: transport,
                              middlewares: [QuotaMiddleware(counter: quota), fallback],
                              authentication: .apiKey("key-3f1", in: .header("Authorization")))
        var request = ClientRequest(method: "GET", path: "/v3.0/copyright/", operationID: "copyright")
        request.addQuery("format", "json")
        let response = try await core.performRaw(request)
        #expect(response.status == 200)
        #expect(await quota.usage.used == 1)
        #expect(transport.destinations.withLock { $0.map(\.url) } == [refusing, working])
        #expect(HostFallbackMiddleware.sameServer(try #require(fallback.currentServer), working))

        // The next call goes straight to the host that answered.
        _ = try await core.performRaw(request)
        #expect(transport.destinations.withLock { $0.map(\.url) } == [refusing, working, working])
        #expect(await quota.usage.used == 2)
        let hosts = Set(transport.destinations.withLock { $0 }.filter { $0.authorization != nil }.map(\.url))
        #expect(hosts.isSubset(of: [refusing, working]))
    }

    @Test func anotherServerIsNeverStoodInFor() async throws {
        let refusing = try #require(URL(string: "http://127.0.0.1:9"))
        let transport = RecordingTransport()
        let fallback = HostFallbackMiddleware(servers: [try #require(URL(string: "https://api.example.test")),
                                                        try #require(URL(string: "https://backup.example.test"))])
        let core = ClientCore(serverURL: refusing, transport: transport, middlewares: [fallback],
                              authentication: .apiKey("key-3f1", in: .header("Authorization")))
        let error = try await #require(throws: ClientError.self) {
            try await core.performRaw(ClientRequest(method: "GET", path: "/", operationID: "copyright"))
        }
        #expect(error.kind == .noConnection)
        #expect(transport.destinations.withLock { $0.map(\.url) } == [refusing])
    }
}
