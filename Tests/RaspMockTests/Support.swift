import Foundation
import RaspTestSupport
import RaspAPI
import RaspDemo
import RaspMock
import RaspRuntime
import RaspURLSession
import Testing

/// Shared values and helpers of the demo and mock tests.
enum Fixture {
    /// The key every test uses (a leak scan looks for it).
    static let key = testKey
    /// Monday 2026-06-01, 09:00 UTC (12:00 in Moscow).
    static let now = Date(timeIntervalSince1970: 1_780_304_400)
    /// The Moscow date of ``now``.
    static let today = LocalDate("2026-06-01")!
    static let api = DemoAPI(now: now)

    /// Runs a request through the in-process handler.
    static func get(_ path: String, _ query: [(String, String)] = [], headers: HTTPFields = [:],
                    api: DemoAPI = api) -> DemoResponse {
        api.respond(method: "GET", path: path, query: query, headers: headers)
    }

    /// Decodes a body with the generated client's decoder.
    static func decode<T: Decodable>(_ type: T.Type, _ response: DemoResponse) throws -> T {
        try JSONCoding.decoder.decode(T.self, from: response.body)
    }

    /// The `error.text` of an error body.
    static func errorText(_ response: DemoResponse) throws -> String {
        try decode(ErrorResponse.self, response).error.text
    }

    /// The local hour of an ISO datetime with offset (`2026-06-01T05:50:00+03:00` → 5).
    static func hour(_ iso: String) -> Int? {
        let characters = Array(iso)
        guard characters.count >= 13 else { return nil }
        return Int(String(characters[11..<13]))
    }

    /// Starts a mock server, runs `body` with a client for it, and stops the server.
    static func withMock<T>(
        api: DemoAPI = DemoAPI(now: now),
        authentication: Authentication? = .apiKeyHeader(key),
        timeout: Duration = hangGuard,
        middlewares: [any ClientMiddleware] = [],
        _ body: (RaspClient, MockServer, URL) async throws -> T
    ) async throws -> T {
        let server = MockServer(api: api)
        let url = try await server.start()
        let client = RaspClient(serverURL: url, authentication: authentication,
                                transport: URLSessionTransport.withOwnSession(defaultTimeout: timeout),
                                middlewares: middlewares)
        do {
            let result = try await body(client, server, url)
            await server.stop()
            return result
        } catch {
            await server.stop()
            throw error
        }
    }

    /// The error a call throws, as a ``ClientError`` (nil if it succeeded or threw something else).
    /// What `body` threw, as a `ClientError` (a documented status's typed `APIError` as its `.http`).
    static func clientError(_ body: () async throws -> some Any) async -> ClientError? {
        do {
            _ = try await body()
            return nil
        } catch {
            Transcript.append("mock-errors", "\(error)\n\(error.localizedDescription)")
            return ClientError(error)
        }
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
