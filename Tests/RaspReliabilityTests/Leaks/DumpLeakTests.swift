import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import RaspAPI
import RaspKit
import RaspRuntime
import RaspMiddlewares
import RaspServices
import RaspTestSupport
import Testing

/// `dump`, `String(reflecting:)` and `print` read values through their mirrors, which bypass the redacted
/// descriptions. Every type that can hold an echoed key (each `ClientError` case, its payloads, API error bodies,
/// the generated `ErrorResponse` decoded from a failure, requests and responses as middlewares see them during a
/// call) is rendered all three ways and scanned for the key as is, percent-encoded and Base64-encoded. Everything
/// also goes to the transcript `Scripts/ci/scan-key-leaks.sh` reads after the run.
@Suite("Dumps never show the API key")
struct DumpLeakTests {
    /// The test key, and one with characters that percent-encoding changes (it contains the test key, so the scan
    /// script catches its plain and percent-encoded forms too).
    static let keys = [testKey, "k+/=\(testKey)"]

    static func dumped(_ value: Any) -> String {
        var text = ""
        dump(value, to: &text)
        return text
    }

    /// `print`, `String(reflecting:)` and `dump` of a value.
    static func renderings(_ label: String, _ value: Any) -> [(label: String, text: String)] {
        [("\(label): print", "\(value)"), ("\(label): reflecting", String(reflecting: value)),
         ("\(label): dump", dumped(value))]
    }

    /// A Yandex-style error body echoing the request URL with the key (percent-encoded, as sent) and the key
    /// itself in other fields (as is and Base64-encoded, as a proxy or a debugging server might).
    static func echo(_ key: String) -> String {
        let encoded = ClientRequestEncoding.percentEncoded(key)
        let base64 = Data(key.utf8).base64EncodedString()
        return #"{"error": {"text": "Unknown api key", "http_code": 401, "error_code": "auth", "#
            + #""request": "https://api.rasp.yandex-net.ru/v3.0/copyright/?apikey=\#(encoded)&format=json", "#
            + #""apikey": "\#(key)", "authorization": "Basic \#(base64)"}}"#
    }

    /// Every error type and payload holder, built as the runtime builds them (with the client's redactor),
    /// every payload carrying the key where a real failure could.
    static func values(key: String, authentication: Authentication) throws -> [(String, Any)] {
        let redactor = Redactor(authentication: authentication)
        let encoded = ClientRequestEncoding.percentEncoded(key)
        let url = "https://api.rasp.yandex-net.ru/v3.0/search/?apikey=\(encoded)&from=c213"
        let headers = fields(["Content-Type": "application/json", "Set-Cookie": "session=\(key)", "X-Echo": key,
                              "X-Echo-Basic": "Basic \(Data(key.utf8).base64EncodedString())"])
        let failure = ClientError.HTTPFailure(operationID: "search", status: 401, headers: headers,
                                              body: Data(echo(key).utf8),
                                              decodedBody: APIErrorBody(text: "Unknown api key", request: url),
                                              redactor: redactor)
        let corrupted = DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "bad JSON near \(url)"))
        let decoding = ClientError(decodingError: corrupted, operationID: "search", status: 200)
        let lost = URLError(.networkConnectionLost, userInfo: [NSURLErrorFailingURLErrorKey: URL(string: url)!])
        guard let decodingFailure = decoding.decodingFailure else { throw CancellationError() }
        return [
            ("noConnection", ClientError.noConnection(operationID: "search", reason: "GET \(url) failed")),
            ("noConnection from a URLError", ClientError(transportError: lost, operationID: "search")),
            ("timeout", ClientError.timeout(operationID: "search")),
            ("cancelled", ClientError.cancelled(operationID: "search")),
            ("quotaExhausted", ClientError.quotaExhausted(operationID: "search", limit: 500)),
            ("invalidRequest",
             ClientError.invalidRequest(operationID: "search", reason: "cannot build a URL from \(url)")),
            ("decoding", decoding), ("DecodingFailure", decodingFailure),
            ("http", ClientError.http(failure)), ("HTTPFailure", failure),
            ("http, HTML body", ClientError.http(.init(
                operationID: "search", status: 502, headers: headers,
                body: Data("<html>proxy error for \(url) key \(key)</html>".utf8), decodedBody: nil,
                redactor: redactor))),
            ("http, binary body", ClientError.http(.init(operationID: "search", status: 500, headers: [:],
                                                         body: Data([0xFF, 0xFE]) + Data(key.utf8) + Data([0]),
                                                         decodedBody: nil, redactor: redactor))),
            ("retry reason", RetryMiddleware.Reason.error(.http(failure))),
            ("APIErrorBody, parsed", try #require(APIErrorBody.parse(Data(echo(key).utf8), redactor: redactor))),
            ("APIErrorBody, by hand",
             APIErrorBody(text: "Unknown api key", httpCode: 401, errorCode: "auth", request: url)),
            ("authentication", authentication), ("redactor", redactor),
        ]
    }

    /// What middlewares handle during a call (when ``Redactor/current`` knows the client's key): the request with
    /// the credential applied, and a response echoing the key in a header of any name and in the body.
    static func callValues(key: String, authentication: Authentication) -> [(String, Any)] {
        var request = ClientRequest(method: "GET", path: "/v3.0/search/", operationID: "search")
        request.addQuery("from", "c213")
        authentication.apply(to: &request)
        let headers = fields(["Set-Cookie": "session=\(key)", "X-Echo": key,
                              "X-Echo-Basic": "Basic \(Data(key.utf8).base64EncodedString())"])
        return [
            ("request", request),
            ("response", ClientResponse(status: 401, headers: headers, body: Data(echo(key).utf8))),
            ("response head", ClientResponseHead(status: 401, headers: headers)),
        ]
    }

    @Test("Every error type and payload holder, printed, reflected and dumped",
          arguments: [RaspKeyPlacement.header, .query])
    func everyValue(placement: RaspKeyPlacement) throws {
        for key in Self.keys {
            let authentication: Authentication = placement == .header ? .apiKeyHeader(key) : .apiKeyQuery(key)
            let values = try Self.values(key: key, authentication: authentication)
            let callValues = Self.callValues(key: key, authentication: authentication)
            let texts = values.flatMap { Self.renderings($0.0, $0.1) }
                + Redactor.$current.withValue(Redactor(authentication: authentication)) {
                    callValues.flatMap { Self.renderings($0.0, $0.1) }
                }
            Transcript.append("reliability-dumps", texts.map { "\($0.label)\n\($0.text)" }.joined(separator: "\n"))
            let leaks = KeyLeakScanner.leaks(in: texts, needles: KeyLeakScanner.needles(for: key))
            #expect(leaks.isEmpty, "\(leaks)")
            #expect(texts.count == (values.count + callValues.count) * 3)
        }
    }

    @Test("A failure from the generated client: the error, its body and the decoded ErrorResponse",
          arguments: [RaspKeyPlacement.header, .query])
    func generatedClient(placement: RaspKeyPlacement) async throws {
        for key in Self.keys {
            let headers = fields(["Content-Type": "application/json", "X-Echo": key])
            let transport = ScriptedTransport(.response(ClientResponse(status: 401, headers: headers,
                                                                   body: Data(Self.echo(key).utf8))))
            let client = try RaspClient.live(apiKey: key, placement: placement, retry: .never, transport: transport)
            let error = try await #require(throws: ClientError.self) { _ = try await client.copyright() }
            guard let failure = error.httpFailure else { Issue.record("expected .http, got \(error)"); continue }
            let decoded = try #require(failure.decodedBody(as: ErrorResponse.self), "the error body still decodes")
            #expect(decoded.error.text == "Unknown api key")
            #expect(decoded.error.request
                    == "https://api.rasp.yandex-net.ru/v3.0/copyright/?apikey=<redacted>&format=json")
            let texts = Self.renderings("error", error) + Self.renderings("failure", failure)
                + Self.renderings("decoded", decoded) + Self.renderings("details", decoded.error)
                + [("request field", decoded.error.request ?? ""),
                   ("body", String(decoding: failure.body, as: UTF8.self)),
                   ("headers", "\(failure.headers)"), ("api error", "\(failure.apiError as Any)")]
            Transcript.append("reliability-dumps", texts.map { "\($0.label)\n\($0.text)" }.joined(separator: "\n"))
            let leaks = KeyLeakScanner.leaks(in: texts, needles: KeyLeakScanner.needles(for: key))
            #expect(leaks.isEmpty, "\(leaks)")
            let sent = try #require(transport.sent.first)
            #expect((sent.header("Authorization") ?? sent.query.first { $0.name == "apikey" }?.value) == key,
                    "the key was sent, so masking it was needed")
        }
    }

    @Test("The scan finds the second key's percent-encoded and Base64 forms, so the checks above can fail")
    func needlesCoverEveryForm() {
        let key = Self.keys[1]
        let needles = KeyLeakScanner.needles(for: key)
        for planted in ["x \(key)", "apikey=k%2B%2F%3D\(testKey)", "Basic \(Data(key.utf8).base64EncodedString())",
                        Self.dumped(["token": key])] {
            #expect(!KeyLeakScanner.leaks(in: planted, needles: needles).isEmpty, "\(planted)")
        }
        #expect(KeyLeakScanner.leaks(in: Self.dumped(APIErrorBody(text: "x", request: "/?apikey=<redacted>")),
                                     needles: needles).isEmpty)
    }
}
