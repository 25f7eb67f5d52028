import AsyncHTTPClient
import EdgeCasesAPI
import Foundation
import RaspAsyncHTTPClient
import RaspMock
import RaspRuntime
import RaspURLSession
import RaspTestSupport
import Testing

/// The transports every test of this target runs against (`@Test(arguments: TransportKind.allCases)`), so that they
/// cannot drift apart.
enum TransportKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case urlSession
    case asyncHTTPClient

    var testDescription: String { rawValue }

    /// A transport of this kind whose default timeout is a hang guard (60 s), not the 30 s default, which a loaded
    /// run has exceeded (a stream of four events 20 ms apart timed out, in a run where the cancellation race's 2,000
    /// URLSession calls took 60 s instead of 12-17 s: all URLSession work of a process shares one queue on Linux).
    func make(timeout: Duration = hangGuard) -> any ClientTransport {
        switch self {
        case .urlSession:
            URLSessionTransport.withOwnSession(defaultTimeout: timeout)
        case .asyncHTTPClient:
            AsyncHTTPClientTransport(client: Self.client, defaultTimeout: timeout, requestsCompression: true)
        }
    }

    /// The AsyncHTTPClient of the tests: one for the process, never shut down (like `HTTPClient.shared`), configured
    /// as the transport recommends.
    static let client = HTTPClient(configuration: AsyncHTTPClientTransport.clientConfiguration())
}

/// Runs `body` with an edge-case client of a mock server started for it, and stops the server afterwards.
func withMockServerClient(_ kind: TransportKind, _ body: (Client) async throws -> Void) async throws {
    try await MockServer.withMockServer { url in
        try await body(Client(serverURL: url, transport: kind.make()))
    }
}

/// The error a call throws, as a ``ClientError`` (nil if it succeeded or threw something else); every error's text
/// goes to the transcript the key-leak scan reads.
func clientError(_ body: () async throws -> some Any) async -> ClientError? {
    do {
        _ = try await body()
        return nil
    } catch {
        Transcript.append("transport-errors", "\(error)\n\(error.localizedDescription)")
        return ClientError(error)
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
