import EdgeCasesAPI
import RaspMock
import RaspRuntime
import RaspTestSupport

/// The transport of the tests' clients: its timeout is a hang guard (60 s), not the 30 s default, which a loaded
/// run has exceeded (a stream of four events 20 ms apart timed out, in a run where the cancellation race's 2,000
/// URLSession calls took 60 s instead of 12-17 s: all URLSession work of a process shares one queue on Linux).
func hangGuardedTransport() -> URLSessionTransport {
    URLSessionTransport(defaultTimeout: hangGuard)
}

/// Runs `body` with an edge-case client of a mock server started for it, and stops the server afterwards.
func withMockServerClient(_ body: (Client) async throws -> Void) async throws {
    let server = MockServer()
    let url = try await server.start()
    do {
        try await body(Client(serverURL: url, transport: hangGuardedTransport()))
    } catch {
        await server.stop()
        throw error
    }
    await server.stop()
}
