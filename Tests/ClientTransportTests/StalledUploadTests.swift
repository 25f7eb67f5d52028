import EdgeCasesAPI
import Foundation
import RaspMock
import RaspRuntime
import RaspTestSupport
import Testing

/// An upload whose source has no bytes ready holds up its own request only.
///
/// On the AsyncHTTPClient transport a source is read by a task of its own and the connection simply waits, so other
/// requests go on. (With URLSession on Linux, FoundationNetworking reads every body stream on one queue shared by all
/// sessions, so a stalled source holds up every request of the process, up to the request's timeout: a documented
/// limit of that transport, not tested here.)
@Suite(.serialized) struct StalledUploadTests {
    /// A copyright request for the mock server.
    static var copyright: ClientRequest {
        var request = ClientRequest(method: "GET", path: "/v3.0/copyright/", operationID: "copyright")
        request.setHeader("Authorization", testKey)
        return request
    }

    @Test("A request sent while an upload's source stalls completes while the upload is still stalled")
    func aStalledUploadDoesNotDelayOtherRequests() async throws {
        try await UploadStreamingTests.withSink { server, url in
            let transport = TransportKind.asyncHTTPClient.make()
            let (source, feed) = AsyncStream<Data>.makeStream()
            feed.yield(Data(repeating: 1, count: 1000))
            var request = ClientRequest(method: "PUT", path: "/_sink/upload", operationID: "upload")
            request.setBody(MessageBody(source), contentType: "application/octet-stream")
            let upload = Task { try await transport.send(request, baseURL: url) }
            // The server has the first chunk; the source has nothing more until `feed` says so.
            try await waitUntil("the upload's first bytes at the server") { server.sinkStats().bytesRead >= 1000 }

            let start = ContinuousClock.now
            let response = try await withHangGuard { try await transport.send(Self.copyright, baseURL: url) }
            let latency = ContinuousClock.now - start
            #expect(response.status == 200)
            // Ordering, not timing: the request completed while the upload was still waiting for its source.
            #expect(server.sinkStats().completed.isEmpty)
            #expect(server.sinkStats().bytesRead == 1000)
            // And it took a request's time, not a timeout's: a generous bound for a loaded machine (it takes about a
            // millisecond on a quiet one).
            #expect(latency < .seconds(10), "the concurrent request took \(latency)")
            Transcript.append("stalled-upload", "concurrent request while an upload stalls: \(latency)")

            feed.yield(Data(repeating: 2, count: 1000))
            feed.finish()
            let receipt = try JSONDecoder().decode(UploadReceipt.self, from: try await upload.value.body.data ?? Data())
            #expect(receipt.size == 2000)
            #expect(server.sinkStats().completed.count == 1)
        }
    }

    @Test("Cancelling an upload whose source stalls ends it at once and lets go of the source",
          arguments: TransportKind.allCases)
    func cancellingAStalledUpload(kind: TransportKind) async throws {
        try await UploadStreamingTests.withSink { server, url in
            let transport = kind.make()
            let released = Locked(false)
            let (source, feed) = AsyncStream<Data>.makeStream()
            feed.onTermination = { _ in released.withLock { $0 = true } }
            feed.yield(Data(repeating: 1, count: 1000))
            var request = ClientRequest(method: "PUT", path: "/_sink/upload", operationID: "upload")
            request.setBody(MessageBody(source), contentType: "application/octet-stream")
            let upload = Task { try await transport.send(request, baseURL: url) }
            try await waitUntil("the upload's first bytes at the server") { server.sinkStats().bytesRead >= 1000 }
            upload.cancel()
            let error = await clientError { try await upload.value }
            guard error?.kind == .cancelled, error?.operationID == "upload" else {
                Issue.record("expected .cancelled, got \(String(describing: error))")
                return
            }
            // The reading of the source was cancelled (an AsyncStream then terminates), not left waiting for bytes.
            try await waitUntil("the upload to let go of its source") { released.withLock { $0 } }
            #expect(server.sinkStats().completed.isEmpty)
        }
    }
}
