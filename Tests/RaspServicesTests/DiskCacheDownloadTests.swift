import Foundation
import Testing
import RaspRuntime
import RaspURLSession
import RaspServices
import RaspTestSupport

/// ``DiskCache`` over ``URLSessionTransport`` and a real loopback socket: the download streams to the file, and an
/// expired file is revalidated with a 304.
@Suite(.serialized) struct DiskCacheDownloadTests {
    @Test func downloadsStreamToTheFileAndRevalidate() async throws {
        let body = Data((0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        let server = try RawHTTPServer { head in
            head.lowercased().contains("if-none-match: \"v1\"")
                ? RawHTTPServer.response(304, headers: ["ETag": "\"v1\""])
                : RawHTTPServer.response(200, headers: ["ETag": "\"v1\"", "Content-Type": "text/html"], body: body)
        }
        defer { server.stop() }
        let core = ClientCore(serverURL: server.baseURL, transport: URLSessionTransport.withOwnSession(),
                              middlewares: [], authentication: .apiKey(testKey, in: .header("Authorization")))
        let now = TestNow(Date(timeIntervalSince1970: 1_777_600_000))
        let cache = DiskCache(folder: temporaryFolder(), now: now.now)
        let request = getRequest("stationsList", path: "/v3.0/stations_list/")

        let first = try await cache.fetch("stations", request: request, download: core.download)
        #expect(first.origin == .downloaded)
        #expect(try Data(contentsOf: first.file) == body)
        #expect(first.metadata.size == body.count)

        now.advance(by: 2 * 24 * 3600)
        let second = try await cache.fetch("stations", request: request, download: core.download)
        #expect(second.origin == .revalidated)
        #expect(try Data(contentsOf: second.file) == body)
    }
}
