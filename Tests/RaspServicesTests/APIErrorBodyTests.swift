import Foundation
import RaspRuntime
import RaspServices
import RaspTestSupport
import Testing

/// The Rasp error envelope, read from a failure with its echoed request masked.
struct APIErrorBodyTests {
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
}
