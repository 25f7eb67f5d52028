import Foundation
import Testing
@_spi(Generated) @testable import RaspRuntime
import RaspTestSupport

/// Server messages of error bodies, and descriptions that never show the key (RaspServicesTests checks the Rasp
/// error envelope and the user messages).
struct ClientErrorMessageTests {
    /// The message of the error shapes APIs commonly answer with, whichever API it is; none from other bodies.
    @Test("The server's message is read from common error shapes", arguments: [
        (#"{"error": {"text": "Не нашли объект", "http_code": 404}}"#, "Не нашли объект"),
        (#"{"error": {"message": "Invalid API key", "type": "invalid_request_error"}}"#, "Invalid API key"),
        (#"{"message": "Not Found", "documentation_url": "https://docs"}"#, "Not Found"),
        (#"{"type": "about:blank", "title": "Bad Request", "detail": "field x is required"}"#, "field x is required"),
        (#"{"type": "about:blank", "title": "Bad Request"}"#, "Bad Request"),
        (#"{"error": "invalid_grant", "error_description": "The code expired"}"#, "The code expired"),
        (#"{"error": "  rate limited  "}"#, "rate limited"),
        (#"{"errors": [{"code": 34, "message": "That page does not exist"}]}"#, "That page does not exist"),
        (#"{"error": {"message": ""}, "message": "fallback"}"#, "fallback"),
    ])
    func serverMessages(body: String, message: String) {
        let failure = ClientError.HTTPFailure(operationID: "x", status: 400, headers: [:], body: Data(body.utf8),
                                              decodedBody: nil)
        #expect(failure.serverMessage == message)
    }

    @Test func otherBodiesHaveNoServerMessage() {
        for body in ["<html>busy</html>", "", "[1, 2]", #"{"text": 5}"#, #"{"code": 500}"#, "not json {"] {
            let failure = ClientError.HTTPFailure(operationID: "x", status: 500, headers: [:], body: Data(body.utf8),
                                                  decodedBody: nil)
            #expect(failure.serverMessage == nil, "\(body)")
        }
    }

    @Test func descriptionsNeverContainTheKey() {
        let redactor = Redactor(authentication: .apiKey(testKey, in: .header("Authorization")))
        let errors = ErrorFixtures.keyEchoingErrors(redactor: redactor)
        for error in errors {
            #expect(!error.description.contains(testKey), "\(error.description)")
            #expect(error.localizedDescription == error.description)
        }
        #expect(errors[0].description == "search: HTTP 404: Не нашли объект по yandex коду c1111")
        #expect(errors[2].description == "search: HTTP 502 (<html>upstream said apikey=<redacted></html>)")
    }

    @Test func aRefusalCarriesThePolicysOwnErrorAndIsNotRetryable() {
        struct OverBudget: Error, Equatable { let left: Int }
        let error = ClientError.refused(operationID: "search", reason: "over budget", policyError: OverBudget(left: 0))
        #expect(error.kind == .refused)
        #expect(!error.isRetryable)
        #expect(error.underlyingError as? OverBudget == OverBudget(left: 0))
        #expect(error.description == "search: refused (over budget)")
    }

    /// What an error is comes from its kind, never from its words: a reason that reads like another kind's changes
    /// nothing.
    @Test func kindsAreTypedDataNotText() {
        let reached = ClientError(transportError: URLError(.networkConnectionLost), operationID: "search")
        #expect(reached.kind == .connectionLost && reached.isConnectionLost && reached.isRetryable)
        #expect((reached.underlyingError as? URLError)?.code == .networkConnectionLost)
        let lookalike = ClientError.noConnection(operationID: "search", reason: "connection lost (but not really)")
        #expect(lookalike.kind == .noConnection && !lookalike.isConnectionLost)
        let refused = ClientError(transportError: URLError(.cannotConnectToHost), operationID: "search")
        #expect(refused.kind == .noConnection && !refused.isConnectionLost)
        // A library's own error keeps its type for the caller to inspect.
        struct Foreign: Error {}
        #expect(ClientError(transportError: Foreign(), operationID: "search").underlyingError is Foreign)
        // Kinds are values: a set of them, and a switch that needs a default.
        let offline: Set<ClientError.Kind> = [.noConnection, .connectionLost, .timeout]
        #expect(offline.contains(reached.kind) && !offline.contains(ClientError.Kind.http))
        #expect(ClientError.Kind.invalidResponse.description == "invalidResponse")
    }

    @Test func clientCoreRedactsItsOwnCredentialInFailures() async throws {
        let body = #"{"error": {"text": "Ключ \#(testKey) не подходит", "#
            + #""request": "/v3.0/search/?apikey=\#(testKey)"}}"#
        let core = ClientCore(serverURL: testServer, transport: ScriptedTransport(.response(jsonResponse(403, body))),
                              middlewares: [], authentication: .apiKey(testKey, in: .header("X-Key")))
        let error = try await #require(throws: ClientError.self) { try await core.performRaw(getRequest()) }
        guard let failure = error.httpFailure else { Issue.record("expected .http"); return }
        #expect(failure.serverMessage == "Ключ <redacted> не подходит")
        #expect(!error.description.contains(testKey))
    }
}
