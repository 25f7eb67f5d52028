public import Foundation
public import RaspRuntime

/// A ``ClientTransport`` that answers from ``DemoAPI`` in-process, with no network: the offline mode of the CLI
/// and a fast fake for tests and previews.
///
/// ```swift
/// let client = RaspClient(transport: DemoTransport())
/// let trips = try await client.search(from: "c213", to: "c2", date: LocalDate("2026-06-01"))
/// ```
public struct DemoTransport: ClientTransport {
    /// The handler requests go to.
    public var api: DemoAPI

    /// Creates a transport.
    /// - Parameter api: The handler (default: the demo data set with the real clock and no key check).
    public init(api: DemoAPI = DemoAPI()) {
        self.api = api
    }

    public func send(_ request: ClientRequest, baseURL: URL) async throws -> ClientResponse {
        try Task.checkCancellation()
        let response = api.respond(method: request.method, path: request.path,
                                   query: request.query.map { ($0.name, $0.value) },
                                   headers: request.headers)
        return ClientResponse(status: response.status, headers: response.headers, body: response.body)
    }
}
