import Foundation
import RaspDemo
import RaspMock
import RaspTestSupport
import Testing

/// How long a mock server lives: as long as `withMockServer`'s body, or from `start()` to `stop()`.
@Suite("Mock server: lifetime")
struct MockLifetimeTests {
    /// Whether a GET of the copyright endpoint on a new connection is answered 200.
    static func answers(_ port: UInt16) async -> Bool {
        guard let client = try? await RawClient.connect(port: port) else { return false }
        await client.send("GET /v3.0/copyright/ HTTP/1.1\r\nHost: mock\r\n\r\n")
        return await client.answer()?.status == 200
    }

    /// Whether connecting to the port is refused (nothing listens).
    static func refused(_ port: UInt16) async -> Bool {
        do {
            _ = try await RawClient.connect(port: port)
            return false
        } catch {
            return (error as? POSIXError)?.code == .ECONNREFUSED
        }
    }

    /// Whether `server` no longer serves `port`: connecting is refused, or (the port already reused by another
    /// test's server, as parallel tests may) a request there never reaches `server`.
    static func stopped(_ server: MockServer, port: UInt16) async -> Bool {
        if await refused(port) { return true }
        let before = await server.counters(for: "/v3.0/copyright/").requests
        _ = await answers(port)
        return await server.counters(for: "/v3.0/copyright/").requests == before
    }

    struct Planned: Error {}

    @Test("withMockServer serves for as long as its body runs, and stops after it returns or throws")
    func withMockServer() async throws {
        let (server, port) = try await MockServer.withMockServer { server, url in
            let port = RawClient.port(url)
            for _ in 0..<3 { #expect(await Self.answers(port)) }
            return (server, port)
        }
        #expect(await server.url == nil)
        #expect(await Self.stopped(server, port: port))

        var thrown: (server: MockServer, port: UInt16)?
        await #expect(throws: Planned.self) {
            try await MockServer.withMockServer(api: DemoAPI(now: Fixture.now)) { server, url in
                thrown = (server, RawClient.port(url))
                #expect(await Self.answers(RawClient.port(url)))
                #expect(await server.counters(for: "/v3.0/copyright/").requests == 1)
                throw Planned()
            }
        }
        let (thrownServer, thrownPort) = try #require(thrown)
        #expect(await Self.stopped(thrownServer, port: thrownPort))
    }

    @Test("A started server keeps itself alive without a reference, until stop() releases it")
    func startedServerStaysUp() async throws {
        weak var weakServer: MockServer?
        let port: UInt16 = try await {
            let server = MockServer()
            weakServer = server
            return RawClient.port(try await server.start())
        }()
        // Formerly every request got 503 here: the handler held the server weakly and it was gone.
        #expect(await Self.answers(port))
        let server = try #require(weakServer)
        await server.stop()
        #expect(await Self.stopped(server, port: port))
    }

    @Test("start() twice throws; stop() twice is harmless; a busy port is an error, not a hang")
    func misuse() async throws {
        let server = MockServer()
        let url = try await server.start()
        await #expect(throws: MockServerError.self) { _ = try await server.start() }
        let other = MockServer()
        await #expect(throws: (any Error).self) { _ = try await other.start(port: RawClient.port(url)) }
        await server.stop()
        await server.stop()
    }
}
