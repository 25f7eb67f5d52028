import Foundation
import Synchronization
import Testing
import RaspRuntime
import RaspMiddlewares
@testable import RaspServices
import RaspTestSupport

/// ``DiskCache``: reuse until the maximum age, conditional revalidation, atomic replacement, recovery from
/// broken metadata, and stale files when offline.
struct DiskCacheTests {
    /// A fake server for one document: answers conditional requests with 304 while the version is unchanged.
    final class Origin: Sendable {
        let version = Locked(1)
        let requests = Locked<[ClientRequest]>([])
        let failure = Locked<ClientError?>(nil)

        var etag: String { "\"v\(version.withLock { $0 })\"" }
        var count: Int { requests.withLock { $0.count } }
        var last: ClientRequest? { requests.withLock { $0.last } }

        var download: DiskCache.Downloader {
            { request, file in
                self.requests.withLock { $0.append(request) }
                if let failure = self.failure.withLock({ $0 }) { throw failure }
                if request.header("If-None-Match") == self.etag {
                    try AtomicFile.write(Data(), to: file)
                    return ClientResponseHead(status: 304, headers: fields(["ETag": self.etag]))
                }
                try AtomicFile.write(Data("content \(self.etag)".utf8), to: file)
                let headers = fields(["ETag": self.etag, "Last-Modified": "Fri, 01 May 2026 10:00:00 GMT"])
                return ClientResponseHead(status: 200, headers: headers)
            }
        }
    }

    let folder = temporaryFolder()
    let now = TestNow(Date(timeIntervalSince1970: 1_777_600_000))
    let request = getRequest("stationsList", path: "/v3.0/stations_list/")

    var cache: DiskCache { DiskCache(folder: folder, now: now.now) }

    func text(_ entry: DiskCache.Entry) throws -> String {
        String(decoding: try Data(contentsOf: entry.file), as: UTF8.self)
    }

    @Test func downloadsOnceThenReusesUntilTheMaximumAge() async throws {
        let origin = Origin()
        let first = try await cache.fetch("stations", request: request, download: origin.download)
        #expect(first.origin == .downloaded)
        #expect(try text(first) == "content \"v1\"")
        #expect(first.metadata.etag == "\"v1\"")
        #expect(first.metadata.lastModified == "Fri, 01 May 2026 10:00:00 GMT")

        now.advance(by: 23 * 3600)
        let second = try await cache.fetch("stations", request: request, download: origin.download)
        #expect(second.origin == .cache)
        #expect(second.file == first.file)
        #expect(origin.count == 1)
        #expect(cache.entry(for: "stations")?.metadata == first.metadata)
    }

    @Test func revalidatesAnExpiredFileAndKeepsItOn304() async throws {
        let origin = Origin()
        let first = try await cache.fetch("stations", request: request, download: origin.download)
        now.advance(by: 25 * 3600)
        let second = try await cache.fetch("stations", request: request, download: origin.download)
        #expect(second.origin == .revalidated)
        #expect(origin.last?.header("If-None-Match") == "\"v1\"")
        #expect(origin.last?.header("If-Modified-Since") == "Fri, 01 May 2026 10:00:00 GMT")
        #expect(try text(second) == "content \"v1\"")
        #expect(second.metadata.fetchedAt == first.metadata.fetchedAt.addingTimeInterval(25 * 3600))

        now.advance(by: 3600)
        #expect(try await cache.fetch("stations", request: request, download: origin.download).origin == .cache)
        #expect(origin.count == 2)
    }

    @Test func replacesTheFileWhenTheContentChanged() async throws {
        let origin = Origin()
        _ = try await cache.fetch("stations", request: request, download: origin.download)
        origin.version.withLock { $0 = 2 }
        let updated = try await cache.fetch("stations", request: request, refresh: .revalidate,
                                            download: origin.download)
        #expect(updated.origin == .downloaded)
        #expect(try text(updated) == "content \"v2\"")
        #expect(updated.metadata.etag == "\"v2\"")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(names == ["stations", "stations.meta.json"])
    }

    @Test func corruptOrTruncatedMetadataMeansARefetch() async throws {
        let origin = Origin()
        let first = try await cache.fetch("stations", request: request, download: origin.download)
        try Data("{\"key\": \"stations\", \"fetch".utf8).write(to: folder.appendingPathComponent("stations.meta.json"))
        let afterCorruption = try await cache.fetch("stations", request: request, download: origin.download)
        #expect(afterCorruption.origin == .downloaded)
        #expect(origin.last?.header("If-None-Match") == nil)

        try Data("cont".utf8).write(to: first.file)
        let afterTruncation = try await cache.fetch("stations", request: request, download: origin.download)
        #expect(afterTruncation.origin == .downloaded)
        #expect(try text(afterTruncation) == "content \"v1\"")
        #expect(origin.count == 3)
    }

    @Test func servesTheStaleFileWhenOfflineButNotAfterAClientError() async throws {
        let origin = Origin()
        _ = try await cache.fetch("stations", request: request, download: origin.download)
        now.advance(by: 48 * 3600)
        origin.failure.withLock { $0 = .noConnection(operationID: "stationsList", reason: "offline") }
        let stale = try await cache.fetch("stations", request: request, download: origin.download)
        #expect(stale.origin == .stale)
        #expect(try text(stale) == "content \"v1\"")

        origin.failure.withLock { $0 = .invalidRequest(operationID: "stationsList", reason: "bad") }
        await #expect(throws: ClientError.self) {
            try await cache.fetch("stations", request: request, download: origin.download)
        }
        var strict = cache
        strict.serveStaleOnError = false
        origin.failure.withLock { $0 = .timeout(operationID: "stationsList") }
        await #expect(throws: ClientError.self) {
            try await strict.fetch("stations", request: request, download: origin.download)
        }
    }

    @Test func rejectsKeysThatAreNotPlainFileNames() async throws {
        for key in ["", "../escape", ".hidden", "a/b"] {
            await #expect(throws: FileStorageError.self) {
                try await cache.fetch(key, request: request, download: Origin().download)
            }
        }
    }

    @Test func worksThroughClientCoreDownloadAndItsMiddlewares() async throws {
        let transport = ScriptedTransport(
            .response(ClientResponse(status: 503)),
            .response(ClientResponse(status: 200, headers: fields(["ETag": "\"x\""]), body: Data("{}".utf8)))
        )
        let core = ClientCore(serverURL: testServer, transport: transport,
                              middlewares: [RetryMiddleware(sleeper: SleepRecorder().sleeper)],
                              authentication: .apiKey(testKey, in: .header("Authorization")))
        let entry = try await cache.fetch("stations", request: request, download: core.download)
        #expect(entry.origin == .downloaded)
        #expect(try text(entry) == "{}")
        #expect(transport.sentCount == 2)
        #expect(transport.sent.last?.header("Authorization") == testKey)
    }

    @Test func clientCoreDownloadTurnsErrorStatusesIntoHTTPFailures() async throws {
        let body = #"{"error": {"text": "Нет такого", "request": "/v3.0/x/?apikey=\#(testKey)"}}"#
        let core = ClientCore(serverURL: testServer, transport: ScriptedTransport(.response(jsonResponse(404, body))),
                              middlewares: [], authentication: .apiKey(testKey, in: .query("apikey")))
        let file = folder.appendingPathComponent("download.json")
        let error = try await #require(throws: ClientError.self) { try await core.download(request, to: file) }
        guard let failure = error.httpFailure else { Issue.record("expected .http, got \(error)"); return }
        #expect(failure.status == 404)
        #expect(failure.apiError?.text == "Нет такого")
        #expect(failure.apiError?.request == "/v3.0/x/?apikey=<redacted>")
        #expect(!FileManager.default.fileExists(atPath: file.path))
    }
}
