import Foundation
import Testing
@_spi(Generated) @testable import RaspRuntime
import RaspTestSupport

/// API error bodies, and descriptions that never show the key (RaspServicesTests checks the user messages).
struct ClientErrorMessageTests {
    @Test func parsesTheAPIErrorBodyAndMasksTheEchoedRequest() throws {
        let failure = try #require(ErrorFixtures.failure(404, ErrorFixtures.echoingBody).httpFailure)
        let body = try #require(failure.apiError)
        #expect(body.text == "Не нашли объект по yandex коду c1111")
        #expect(body.httpCode == 404)
        #expect(body.errorCode == "v3.0_stable-57-1.8996410.1168813578_31")
        #expect(body.request == "https://api.rasp.yandex.net/v3.0/search/?apikey=<redacted>&from=c1111&to=c213")
    }

    @Test func otherBodyShapesGiveNoAPIError() {
        #expect(APIErrorBody.parse(Data("<html>busy</html>".utf8)) == nil)
        #expect(APIErrorBody.parse(Data(#"{"text": "flat"}"#.utf8)) == nil)
        #expect(APIErrorBody.parse(Data(#"{"error": "just a string"}"#.utf8)) == nil)
        #expect(APIErrorBody.parse(Data()) == nil)
        #expect(APIErrorBody.parse(Data(#"{"error": {"text": "t", "http_code": "400"}}"#.utf8))?.httpCode == 400)
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
        #expect(failure.apiError?.text == "Ключ <redacted> не подходит")
        #expect(!error.description.contains(testKey))
    }
}
