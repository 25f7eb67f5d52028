import Foundation
import RaspTestSupport
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Logging
import RaspAPI
import RaspKit
import RaspRuntime
import RaspMiddlewares
import RaspServices
import Testing

/// The key never shows in what the SDK writes for people: every `ClientError` in every rendering, redacted URLs,
/// header fields and bodies, and every log line of every outcome at trace level. Everything checked here also
/// goes to the transcript `Scripts/ci/scan-key-leaks.sh` reads after the run.
@Suite("The API key never leaks")
struct KeyLeakTests {
    static let url = "https://api.rasp.yandex-net.ru/v3.0/search/?apikey=\(testKey)&from=c213&to=c2"
    static let echo = #"{"error": {"text": "Unknown api key", "http_code": 401, "error_code": "auth", "request": ""#
        + url + #""}}"#

    /// Every case of `ClientError`, each carrying the key wherever a real failure could (URLs in reasons, echoed
    /// requests and header fields in bodies), built with the client's redactor and with the standard one.
    static func everyError(redactor: Redactor) -> [ClientError] {
        let headers = fields(["Content-Type": "application/json", "Set-Cookie": "session=\(testKey)",
                              "X-Echo-Authorization": testKey])
        let decoding = DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "bad JSON near \(url)"))
        return [
            .noConnection(operationID: "search", reason: "GET \(url) failed, apikey=\(testKey)"),
            ClientError(transportError: URLError(.networkConnectionLost,
                                                 userInfo: [NSURLErrorFailingURLErrorKey: URL(string: url)!]),
                        operationID: "search"),
            .timeout(operationID: "search"),
            .cancelled(operationID: "search"),
            .quotaExhausted(operationID: "search", limit: 500),
            .invalidRequest(operationID: "search", reason: "cannot build a URL from \(url)"),
            ClientError(decodingError: decoding, operationID: "search", status: 200),
            .http(.init(operationID: "search", status: 401, headers: headers, body: Data(echo.utf8), decodedBody: nil,
                        redactor: redactor)),
            .http(.init(operationID: "search", status: 500, headers: headers,
                        body: Data("<html>proxy error for \(url)</html>".utf8),
                        decodedBody: nil, redactor: redactor)),
            .http(.init(operationID: "search", status: 404, headers: [:],
                        body: Data("{\"apikey\": \"\(testKey)\"}".utf8),
                        decodedBody: nil, redactor: redactor)),
        ]
    }

    /// Every text a person can be shown for an error.
    static func renderings(_ error: ClientError) -> [(label: String, text: String)] {
        var texts: [(label: String, text: String)] = [
            ("description", "\(error)"), ("reflecting", String(reflecting: error)),
            ("localized", error.localizedDescription),
            ("ru", error.userMessage(language: .ru)), ("en", error.userMessage(language: .en)),
            ("as Error", "\(error as any Error)"),
        ]
        if let failure = error.httpFailure {
            texts.append(("snippet", failure.bodySnippet() ?? ""))
            texts.append(("api text", failure.apiError?.text ?? ""))
            texts.append(("api request", failure.apiError?.request ?? ""))
        }
        return texts
    }

    @Test("Every ClientError case, in every rendering, with the client's redactor and with the standard one",
          arguments: [Authentication.apiKeyHeader(testKey), .apiKeyQuery(testKey)])
    func errors(authentication: Authentication) {
        for redactor in [Redactor(authentication: authentication), .standard] {
            for error in Self.everyError(redactor: redactor) {
                let texts = Self.renderings(error)
                Transcript.append("reliability-errors", texts.map(\.text).joined(separator: "\n"))
                let leaks = KeyLeakScanner.leaks(in: texts)
                #expect(leaks.isEmpty, "\(leaks)")
            }
        }
    }

    @Test("Redacted URLs, header fields and bodies keep no trace of the key")
    func redaction() throws {
        let redactor = Redactor(authentication: .apiKeyQuery(testKey))
        let header = Redactor(authentication: .apiKeyHeader(testKey))
        let texts: [(label: String, text: String)] = [
            ("url", redactor.redact(url: try #require(URL(string: Self.url)))),
            ("url, other name", redactor.redact("https://host/x?from=c2&key=\(testKey)&token=\(testKey)")),
            ("url, header redactor", header.redact("https://host/x?from=c2&apikey=\(testKey)")),
            ("free text", header.redact("the key \(testKey) was refused")),
            ("json", redactor.redact(Self.echo)),
            ("headers", header.redact(headers: [("Authorization", testKey), ("X-Other", "Bearer \(testKey)")])
                .map { "\($0): \($1)" }
                .joined(separator: "; ")),
            ("header dict", "\(header.redact(headers: fields(["Authorization": testKey, "Cookie": "k=\(testKey)"])))"),
            ("header dump", Redactor.standard.redact("Authorization: \(testKey)\r\nX-API-Key: \(testKey)")),
        ]
        Transcript.append("reliability-redaction", texts.map(\.text).joined(separator: "\n"))
        let leaks = KeyLeakScanner.leaks(in: texts)
        #expect(leaks.isEmpty, "\(leaks)")
    }

    @Test("Trace-level log lines of every outcome through RaspClient.live", arguments: RaspKeyPlacement.allCases)
    func logLines(placement: RaspKeyPlacement) async throws {
        let logs = LogLineCounter(needles: KeyLeakScanner.needles, level: .trace, source: "reliability-log")
        let echoed = ClientResponse(status: 401,
                                    headers: fields(["Content-Type": "application/json", "Set-Cookie": "s=\(testKey)"]),
                                    body: Data(Self.echo.utf8))
        let transport = ScriptedTransport(
            .response(ClientResponse(status: 200, headers: fields(["Content-Type": "application/json"]),
                                     body: Data((#"{"copyright": {"logo_vm": "", "logo_hm": "", "logo_vd": "", "#
                                         + #""logo_hy": "", "logo_hd": "", "logo_vy": "", "logo_y": "", "#
                                         + #""url": "http://rasp.yandex.ru/", "#
                                         + #""text": "Данные предоставлены сервисом Яндекс.Расписания"}}"#).utf8))),
            .response(echoed),
            .response(ClientResponse(status: 503, headers: fields(["Retry-After": "0"]),
                                     body: Data("down for \(Self.url)".utf8))),
            .response(ClientResponse(status: 503, headers: fields(["Retry-After": "0"]), body: Data())),
            .failure(URLError(.notConnectedToInternet,
                              userInfo: [NSURLErrorFailingURLErrorKey: URL(string: Self.url)!])),
            .response(ClientResponse(status: 200, body: Data("{\"segments\": \"\(testKey)\"".utf8)))
        )
        let quota = QuotaCounter(limit: 6, onEvent: nil)
        let client = try RaspClient.live(apiKey: testKey, placement: placement, logger: logs.logger, quota: quota,
                                         retry: RetryPolicy(maxAttempts: 2, baseDelay: .zero, maxDelay: .zero),
                                         timeouts: TimeoutPolicy(defaultTimeout: hangGuard), transport: transport)
        var errors: [String] = []
        for _ in 0..<6 {
            do {
                _ = try await client.copyright()
            } catch {
                errors.append("\(error)")
            }
        }
        let counts = logs.snapshot
        #expect(counts.total >= 12, "request and response lines of every call were logged (\(counts.total))")
        #expect(counts.leaks == 0, "\(counts.leakedLines)")
        #expect(errors.count >= 4)
        #expect(KeyLeakScanner.leaks(in: errors.map { ("error", $0) }).isEmpty)
        #expect(transport.sent.allSatisfy {
            ($0.header("Authorization") ?? $0.query.first { $0.name == "apikey" }?.value) == testKey
        }, "the key was sent (so masking it was needed)")
    }

    @Test("Describing or dumping a client, its core or its credential never shows the key",
          arguments: RaspKeyPlacement.allCases)
    func describingValues(placement: RaspKeyPlacement) throws {
        let client = try RaspClient.live(apiKey: testKey, placement: placement)
        let authentication = try #require(client.core.authentication)
        let texts: [(label: String, text: String)] = [
            ("authentication", "\(authentication)"), ("authentication debug", String(reflecting: authentication)),
            ("redactor", "\(client.core.redactor)"), ("redactor debug", String(reflecting: client.core.redactor)),
            ("core", "\(client.core)"), ("dump", { var text = ""; dump(client, to: &text); return text }()),
        ]
        Transcript.append("reliability-values", texts.map(\.text).joined(separator: "\n"))
        let leaks = KeyLeakScanner.leaks(in: texts)
        #expect(leaks.isEmpty, "\(leaks)")
    }

    @Test("The scanner finds the key in every form it looks for, and nothing in clean text")
    func scannerCanFail() {
        let base64 = Data(testKey.utf8).base64EncodedString()
        for planted in ["x \(testKey) y", "apikey=\(testKey)", "Basic \(base64)", "blob:\(base64.dropLast())",
                        "https://h/?apikey=\(ClientRequestEncoding.percentEncoded(testKey))"] {
            #expect(!KeyLeakScanner.leaks(in: planted).isEmpty, "\(planted)")
        }
        for clean in ["apikey=<redacted>", "test-key-", "0c1f5e9a", "", Redactor.mask] {
            #expect(KeyLeakScanner.leaks(in: clean).isEmpty, "\(clean)")
        }
    }
}

/// Percent-encoding as URLs carry a query value (the key has only unreserved characters, so it stays as is).
enum ClientRequestEncoding {
    static func percentEncoded(_ text: String) -> String {
        text.addingPercentEncoding(
            withAllowedCharacters: .urlQueryAllowed.subtracting(CharacterSet(charactersIn: "&=+"))) ?? text
    }
}
