import EdgeCasesAPI
import RaspMock

/// Runs `body` with an edge-case client of a mock server started for it, and stops the server afterwards.
func withMockServerClient(_ body: (Client) async throws -> Void) async throws {
    let server = MockServer()
    let url = try await server.start()
    do {
        try await body(Client(serverURL: url))
    } catch {
        await server.stop()
        throw error
    }
    await server.stop()
}
