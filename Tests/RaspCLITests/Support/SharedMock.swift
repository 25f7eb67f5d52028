import Foundation
import RaspDemo
import RaspMock

/// Mock servers on loopback, started once per test process and shared by the tests (each test keeps its own
/// cache folder, so they stay independent). The tasks keep the servers alive for the whole process.
enum SharedMock {
    private static let open = Task { () throws -> (server: MockServer, url: URL) in
        let server = MockServer()
        return (server, try await server.start())
    }

    private static let locked = Task { () throws -> (server: MockServer, url: URL) in
        let server = MockServer(api: DemoAPI(requiredKey: "another-key-7d2e"))
        return (server, try await server.start())
    }

    /// A server that accepts any request.
    static func openURL() async throws -> String { try await open.value.url.absoluteString }

    /// A server that requires a key other than the one the tests send, so every call gets 401.
    static func lockedURL() async throws -> String { try await locked.value.url.absoluteString }

    /// The URL of a loopback port with nothing listening (connection refused at once).
    static let closedURL = "http://127.0.0.1:9"
}
