import Foundation
import Testing
@testable import RaspRuntime
import RaspTestSupport

/// ``URLSessionTransport`` against a real loopback socket: cancellation, the total deadline, and downloads (their
/// revalidation through RaspServices' `DiskCache` is in `DiskCacheDownloadTests`).
@Suite(.serialized) struct URLSessionTransportTests {
    @Test func cancellingTheTaskEndsARequestTheServerNeverAnswers() async throws {
        let server = try RawHTTPServer { _ in .silent }
        defer { server.stop() }
        let transport = URLSessionTransport(defaultTimeout: .seconds(60))
        let task = Task { try await transport.send(getRequest(), baseURL: server.baseURL) }
        for await _ in server.requests { break }
        task.cancel()
        let result = await task.result
        guard case .failure(let error as ClientError) = result, case .cancelled("search") = error else {
            Issue.record("expected .cancelled, got \(result)")
            return
        }
    }

    @Test func theTimeoutIsATotalDeadline() async throws {
        // The body never ends but a byte arrives every 50 ms, so URLSession's idle timer never fires:
        // only the transport's total deadline can end the call.
        let server = try RawHTTPServer { _ in
            .trickle(RawHTTPServer.bytes(200, headers: ["Content-Length": "100000"]))
        }
        defer { server.stop() }
        var request = getRequest()
        request.timeout = .seconds(1)
        let error = try await #require(throws: ClientError.self) {
            try await URLSessionTransport().send(request, baseURL: server.baseURL)
        }
        guard case .timeout("search") = error else { Issue.record("expected .timeout, got \(error)"); return }
    }

    @Test func downloadErrorsCarryTheBody() async throws {
        let server = try RawHTTPServer { _ in
            RawHTTPServer.response(500, body: Data(#"{"error": {"text": "Внутренняя ошибка"}}"#.utf8))
        }
        defer { server.stop() }
        let core = ClientCore(serverURL: server.baseURL, transport: URLSessionTransport(), middlewares: [],
                              authentication: nil)
        let file = temporaryFolder().appendingPathComponent("out")
        let error = try await #require(throws: ClientError.self) { try await core.download(getRequest(), to: file) }
        guard case .http(let failure) = error else { Issue.record("expected .http, got \(error)"); return }
        #expect(failure.status == 500)
        #expect(failure.apiError?.text == "Внутренняя ошибка")
    }
}
