import Foundation
import Logging
import Testing
@_spi(Generated) @testable import RaspRuntime
@testable import RaspMiddlewares
import RaspTestSupport

/// ``LoggingMiddleware`` writes one line per call and never the key, whichever way the key is sent.
struct LoggingMiddlewareTests {
    func run(_ authentication: Authentication, _ steps: ScriptedTransport.Step...,
             retry: Bool = false) async -> LogCapture {
        let capture = LogCapture()
        var middlewares: [any ClientMiddleware] = [LoggingMiddleware(logger: capture.logger)]
        if retry { middlewares.append(RetryMiddleware(random: { 0 }, sleeper: SleepRecorder().sleeper)) }
        let core = ClientCore(serverURL: testServer, transport: ScriptedTransport(steps: steps),
                              middlewares: middlewares, authentication: authentication)
        _ = try? await core.performRaw(getRequest())
        return capture
    }

    @Test func oneInfoLinePerCallWithStatusBytesAndAttempts() async {
        let capture = await run(.apiKey(testKey, in: .query("apikey")), .response(jsonResponse(200, #"{"ok": true}"#)))
        let info = capture.all.filter { $0.level == .info }
        #expect(info.count == 1)
        let line = info.first?.text ?? ""
        #expect(line.hasPrefix("search GET https://api.example.test/v3.0/search/?from=c213&to=c2&apikey=<redacted>"
            + " -> 200, 12 bytes,"))
        #expect(line.contains("1 attempt"))
        #expect(line.contains("rasp.status=200"))
    }

    @Test func retriedCallsReportTheirAttempts() async {
        let capture = await run(.apiKey(testKey, in: .header("Authorization")), .response(ClientResponse(status: 503)),
                                .response(jsonResponse(200, "{}")), retry: true)
        let line = capture.all.first { $0.level == .info }?.text ?? ""
        #expect(line.contains("-> 200"))
        #expect(line.contains("2 attempts"))
    }

    @Test func theKeyNeverAppearsInAnyLine() async {
        let echo = #"{"error": {"text": "bad", "request": "https://h/v3.0/search/?apikey=\#(testKey)"}}"#
        let captures = [
            await run(.apiKey(testKey, in: .query("apikey")), .response(jsonResponse(200, "{}"))),
            await run(.apiKey(testKey, in: .header("Authorization")), .response(jsonResponse(200, "{}"))),
            await run(.apiKey(testKey, in: .header("X-Custom-Key")), .response(jsonResponse(200, "{}"))),
            await run(.apiKey(testKey, in: .query("k")), .response(jsonResponse(404, echo))),
            await run(.apiKey(testKey, in: .query("apikey")), .failure(ClientError.http(.init(
                operationID: "search", status: 400, headers: [:], body: Data(echo.utf8), decodedBody: nil)))),
            await run(.apiKey(testKey, in: .query("apikey")),
                      .failure(ClientError.noConnection(operationID: "search",
                                                        reason: "refused for apikey=\(testKey)"))),
        ]
        for capture in captures {
            #expect(!capture.all.isEmpty)
            for line in capture.all { #expect(!line.text.contains(testKey), "\(line.text)") }
        }
        let headerLine = captures[2].all.first { $0.level == .debug && $0.text.contains("request headers") }?.text ?? ""
        #expect(headerLine.contains("X-Custom-Key: <redacted>"))
    }

    @Test func failuresLogAWarningWithTheErrorText() async {
        let capture = await run(.apiKey(testKey, in: .query("apikey")), .failure(URLError(.notConnectedToInternet)))
        let warning = capture.all.first { $0.level == .warning }?.text ?? ""
        #expect(warning.hasPrefix("search GET https://api.example.test/v3.0/search/?from=c213&to=c2&apikey=<redacted>"
            + " failed: search: no connection"))
    }
}
