import Foundation
import RaspRuntime
import RaspTestSupport
import Testing

/// Every transport against a real loopback socket that misbehaves on purpose (``RawHTTPServer``): cancellation of a
/// request the server never answers, the total deadline of a body that never ends, and the body of a failed download
/// (its revalidation through RaspServices' `DiskCache` is in `DiskCacheDownloadTests`).
@Suite(.serialized) struct DeadlineTests {
    @Test(arguments: TransportKind.allCases)
    func cancellingTheTaskEndsARequestTheServerNeverAnswers(kind: TransportKind) async throws {
        let server = try RawHTTPServer { _ in .silent }
        defer { server.stop() }
        let transport = kind.make()
        let task = Task { try await transport.send(getRequest(), baseURL: server.baseURL) }
        for await _ in server.requests { break }
        task.cancel()
        let result = await task.result
        guard case .failure(let error as ClientError) = result,
              error.kind == .cancelled, error.operationID == "search" else {
            Issue.record("expected .cancelled, got \(result)")
            return
        }
    }

    @Test(arguments: TransportKind.allCases)
    func theTimeoutIsATotalDeadline(kind: TransportKind) async throws {
        // The body never ends but a byte arrives every 50 ms, so an idle timer never fires: only the transport's
        // total deadline can end the call.
        let server = try RawHTTPServer { _ in
            .trickle(RawHTTPServer.bytes(200, headers: ["Content-Length": "100000"]))
        }
        defer { server.stop() }
        var request = getRequest()
        request.timeout = .seconds(1)
        let transport = kind.make()
        let error = try await #require(throws: ClientError.self) {
            try await transport.send(request, baseURL: server.baseURL)
        }
        guard error.kind == .timeout,
              error.operationID == "search" else { Issue.record("expected .timeout, got \(error)"); return }
    }

    @Test(arguments: TransportKind.allCases)
    func downloadErrorsCarryTheBody(kind: TransportKind) async throws {
        let server = try RawHTTPServer { _ in
            RawHTTPServer.response(500, body: Data(#"{"error": {"text": "Внутренняя ошибка"}}"#.utf8))
        }
        defer { server.stop() }
        let core = ClientCore(serverURL: server.baseURL, transport: kind.make(), middlewares: [], authentication: nil)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("transport-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("out")
        let error = try await #require(throws: ClientError.self) { try await core.download(getRequest(), to: file) }
        guard let failure = error.httpFailure else { Issue.record("expected .http, got \(error)"); return }
        #expect(failure.status == 500)
        #expect(failure.serverMessage == "Внутренняя ошибка")
    }
}
