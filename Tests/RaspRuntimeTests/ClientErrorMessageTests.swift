import Foundation
import Testing
@_spi(Generated) @testable import RaspRuntime
import RaspTestSupport

/// API error bodies, and descriptions that never show the key (RaspServicesTests checks the user messages).
struct ClientErrorMessageTests {
    @Test func parsesTheAPIErrorBodyAndMasksTheEchoedRequest() throws {
        guard case .http(let failure) = ErrorFixtures.failure(404, ErrorFixtures.echoingBody) else {
            Issue.record("not http")
            return
        }
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

    @Test func quotaExhaustionIsNotRetryable() {
        let error = ClientError.quotaExhausted(operationID: "search", limit: 500)
        #expect(!error.isRetryable)
        #expect(error.operationID == "search")
        #expect(error.description == "search: daily request quota of 500 used up")
    }

    @Test func clientCoreRedactsItsOwnCredentialInFailures() async throws {
        let body = #"{"error": {"text": "Ключ \#(testKey) не подходит", "#
            + #""request": "/v3.0/search/?apikey=\#(testKey)"}}"#
        let core = ClientCore(serverURL: testServer, transport: ScriptedTransport(.response(jsonResponse(403, body))),
                              middlewares: [], authentication: .apiKey(testKey, in: .header("X-Key")))
        let error = try await #require(throws: ClientError.self) { try await core.performRaw(getRequest()) }
        guard case .http(let failure) = error else { Issue.record("expected .http"); return }
        #expect(failure.apiError?.text == "Ключ <redacted> не подходит")
        #expect(!error.description.contains(testKey))
    }
}
