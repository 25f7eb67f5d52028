import Foundation
import Testing
import RaspTestSupport
@_spi(Generated) @testable import RaspRuntime

/// The request path through ``ClientCore``: authentication, middleware order, status and decoding errors.
struct ClientCoreTests {
    struct Tagging: ClientMiddleware {
        let tag: String
        func intercept(
            _ request: ClientRequest,
            baseURL: URL,
            next: @Sendable (ClientRequest, URL) async throws -> ClientResponse
        ) async throws -> ClientResponse {
            var request = request
            request.appendHeader("X-Order", tag)
            return try await next(request, baseURL)
        }
    }

    struct Body: Decodable, Sendable, Equatable { var n: Int }
    struct Problem: Decodable, Sendable { var text: String }

    @Test func appliesAuthenticationAndMiddlewaresInOrder() async throws {
        let transport = ScriptedTransport(ClientResponse(status: 200, body: Data(#"{"n": 1}"#.utf8)))
        let core = ClientCore(serverURL: URL(string: "http://127.0.0.1:1")!, transport: transport,
                              middlewares: [Tagging(tag: "outer"), Tagging(tag: "inner")],
                              authentication: .apiKey("secret", in: .header("Authorization")))
        let value = try await core.perform(ClientRequest(method: "GET", path: "/x", operationID: "x"),
                                           decoding: Body.self)
        #expect(value == Body(n: 1))
        let sent = try #require(transport.sent.first)
        #expect(sent.headers[values: HTTPField.Name("X-Order")!] == ["outer", "inner"])
        #expect(sent.header("Authorization") == "secret")
    }

    @Test func skipsAuthenticationWhenTheOperationNeedsNone() async throws {
        let transport = ScriptedTransport(ClientResponse(status: 204))
        let core = ClientCore(serverURL: URL(string: "http://127.0.0.1:1")!, transport: transport, middlewares: [],
                              authentication: .apiKey("secret", in: .query("apikey")))
        _ = try await core.performRaw(
            ClientRequest(method: "GET", path: "/x", operationID: "x", requiresAuthentication: false))
        #expect(transport.sent.first?.query.isEmpty == true)
    }

    @Test func nonSuccessStatusesCarryTheDecodedErrorBody() async throws {
        let transport = ScriptedTransport(ClientResponse(status: 404, body: Data(#"{"text": "Не нашли объект"}"#.utf8)))
        let core = ClientCore(serverURL: URL(string: "http://127.0.0.1:1")!, transport: transport, middlewares: [],
                              authentication: nil)
        let error = try await #require(throws: APIError<Problem>.self) {
            try await core.perform(ClientRequest(method: "GET", path: "/x", operationID: "carrier"),
                                   decoding: Body.self,
                                   errorBody: { ClientCore.decodeErrorBody(Problem.self, $1) })
        }
        guard let failure = error.clientError.httpFailure else { Issue.record("expected .http, got \(error)"); return }
        #expect(failure.status == 404 && error.status == 404)
        #expect(failure.decodedBody(as: Problem.self)?.text == "Не нашли объект")
        #expect(error.body.text == "Не нашли объект")
        #expect(!error.clientError.isRetryable)
    }

    @Test func decodingFailuresCarryTheCodingPath() async throws {
        let transport = ScriptedTransport(ClientResponse(status: 200, body: Data(#"{"n": "one"}"#.utf8)))
        let core = ClientCore(serverURL: URL(string: "http://127.0.0.1:1")!, transport: transport, middlewares: [],
                              authentication: nil)
        let error = try await #require(throws: ClientError.self) {
            try await core.perform(ClientRequest(method: "GET", path: "/x", operationID: "x"), decoding: Body.self)
        }
        guard let failure = error.decodingFailure else { Issue.record("expected .decoding, got \(error)"); return }
        #expect(failure.codingPath == "n")
    }

    @Test func retryableCases() {
        let failure = { (status: Int) in
            ClientError.http(.init(operationID: "x", status: status, headers: [:], body: Data(), decodedBody: nil))
        }
        #expect(failure(503).isRetryable)
        #expect(failure(429).isRetryable)
        #expect(!failure(400).isRetryable)
        #expect(ClientError.timeout(operationID: "x").isRetryable)
        #expect(!ClientError.cancelled(operationID: "x").isRetryable)
    }
}
