import Foundation
import Testing
@_spi(Generated) @testable import RaspRuntime
@testable import RaspURLSession
import RaspTestSupport

/// What `dump`, `print` and `String(reflecting:)` show of requests, responses and failures: secrets masked,
/// because mirrors bypass descriptions. The stored body of a failure and the error decoded from it are masked too.
struct RedactedDumpTests {
    /// The shape of Yandex's error body (like the generated `ErrorResponse`).
    struct Echo: Decodable, Sendable {
        struct Details: Decodable, Sendable {
            var text: String
            var request: String?
        }
        var error: Details
    }

    static let echoBody = #"{"error": {"text": "Unknown key", "#
        + #""request": "https://api.example.test/v3.0/search/?apikey=\#(testKey)&from=c213"}}"#

    func dumped(_ value: Any) -> String {
        var text = ""
        dump(value, to: &text)
        return text
    }

    @Test("A request with the credential applied, in a header or the query",
          arguments: [Authentication.apiKey(testKey, in: .header("X-Rasp-Key")),
                      .apiKey(testKey, in: .query("apikey"))])
    func requests(authentication: Authentication) {
        var request = getRequest()
        request.body = Data("{\"token\": \"\(testKey)\"}".utf8)
        authentication.apply(to: &request)
        // As a middleware sees it: the client's redactor is the current one during a call.
        let texts = Redactor.$current.withValue(Redactor(authentication: authentication)) {
            ["\(request)", String(reflecting: request), dumped(request)]
        }
        for text in texts { #expect(!text.contains(testKey), "\(text)") }
        #expect(texts[2].contains(Redactor.mask), "\(texts[2])")
        if case .query = authentication.placement { #expect(texts[0].hasSuffix("&apikey=<redacted>"), "\(texts[0])") }
        #expect(texts[2].contains("operationID: \"search\""), "the dump still shows the fields: \(texts[2])")
    }

    @Test func responsesAndHeads() {
        let headers = fields(["Set-Cookie": "session=\(testKey)", "Content-Type": "application/json"])
        let response = ClientResponse(status: 401, headers: headers, body: Data(Self.echoBody.utf8))
        let head = ClientResponseHead(status: 401, headers: headers)
        for text in [dumped(response), dumped(head), "\(response)", String(reflecting: head)] {
            #expect(!text.contains(testKey), "\(text)")
        }
        #expect(dumped(response).contains("Content-Type: application/json"))
    }

    @Test func aFailureStoresAndDecodesTheMaskedBody() async throws {
        let transport = ScriptedTransport(.response(jsonResponse(401, Self.echoBody)))
        let core = ClientCore(serverURL: testServer, transport: transport, middlewares: [],
                              authentication: .apiKey(testKey, in: .query("apikey")))
        let typed = try await #require(throws: APIError<Echo>.self) {
            _ = try await core.perform(getRequest(), decoding: [String: Int].self,
                                       errorBody: { ClientCore.decodeErrorBody(Echo.self, $1) })
        }
        let error = typed.clientError
        guard let failure = error.httpFailure else { Issue.record("\(error)"); return }
        #expect(!String(decoding: failure.body, as: UTF8.self).contains(testKey))
        let decoded = try #require(failure.decodedBody(as: Echo.self))
        #expect(decoded.error.request == "https://api.example.test/v3.0/search/?apikey=<redacted>&from=c213")
        #expect(decoded.error.text == "Unknown key" && typed.body.error.text == "Unknown key")
        for text in [dumped(error), dumped(failure), dumped(decoded), String(reflecting: failure), "\(decoded)",
                     dumped(typed), "\(typed)", String(reflecting: typed)] {
            #expect(!text.contains(testKey), "\(text)")
        }
        #expect(dumped(error).contains("status: 401"), "\(dumped(error))")
        #expect(dumped(typed).contains("status: 401"), "\(dumped(typed))")
    }

    @Test func bytesAreMaskedAsTextOrAsRawBytes() {
        let redactor = Redactor(secrets: [testKey])
        let text = Data("key \(testKey) and \(Data(testKey.utf8).base64EncodedString())".utf8)
        #expect(String(decoding: redactor.redact(text), as: UTF8.self) == "key <redacted> and <redacted>=")
        let binary = Data([0xFF, 0xFE]) + Data(testKey.utf8) + Data([0x00, 0xC0])
        #expect(redactor.redact(binary) == Data([0xFF, 0xFE]) + Data(Redactor.mask.utf8) + Data([0x00, 0xC0]))
        let clean = Data([0xFF, 0x00, 0x41])
        #expect(redactor.redact(clean) == clean, "bytes with nothing to mask are kept as they came")
    }
}

/// A transport's dump shows its settings, not the session's internals (which other queues change as it is read).
struct TransportMirrorTests {
    @Test func aURLSessionTransportDumpStopsAtItsSettings() {
        var text = ""
        dump(URLSessionTransport(defaultTimeout: .seconds(5)), to: &text)
        #expect(text.contains("defaultSession") && text.contains("5.0 seconds"))
        #expect(!text.contains("URLSession ") && text.split(separator: "\n").count <= 5, "\(text)")
    }
}
