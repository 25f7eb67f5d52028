import Foundation
import RaspTestSupport
import RaspAPI
import RaspDemo
import RaspKit
import RaspMock
import RaspRuntime
import RaspMiddlewares
import RaspURLSession
import RaspServices
import Testing
import RaspBenchData

/// The stations_list cache of the app (`StationsListCache` over `RaspClient.live` and the mock server): any damage
/// to the cached file or its metadata means one fresh download with the right bytes and one report, never a crash
/// or a wrong file.
@Suite("Directory cache survives corrupted files")
struct DiskCacheCorruptionTests {
    private static let now = Date(timeIntervalSince1970: 1_780_304_400)

    /// The events a cache reported.
    final class Events: Sendable {
        private let list = Locked<[DiskCache.Event]>([])
        func append(_ event: DiskCache.Event) { list.withLock { $0.append(event) } }
        func take() -> [DiskCache.Event] { list.withLock { list in defer { list = [] }; return list } }
    }

    private func withCache(_ body: (StationsListCache, MockServer, URL, Events) async throws -> Void) async throws {
        let server = MockServer(api: DemoAPI(now: Self.now, requiredKey: testKey))
        let url = try await server.start()
        let folder = temporaryFolder("cache")
        let client = try RaspClient.live(apiKey: testKey, retry: .never,
                                         timeouts: TimeoutPolicy(defaultTimeout: hangGuard),
                                         serverURL: url,
                                         transport: URLSessionTransport.withOwnSession(defaultTimeout: hangGuard))
        let events = Events()
        let cache = StationsListCache(client: client, folder: folder, now: { Self.now }, onEvent: events.append)
        do {
            try await body(cache, server, folder, events)
            await server.stop()
        } catch {
            await server.stop()
            throw error
        }
    }

    /// The stations_list body the server sends (the generated server's encoding of the demo directory), fetched
    /// past the cache.
    private static func servedDirectory(_ server: MockServer) async throws -> Data {
        var request = ClientRequest(method: "GET", path: "/v3.0/stations_list/", operationID: "stationsList")
        request.setHeader("Authorization", testKey)
        let url = try #require(await server.url)
        let transport = URLSessionTransport.withOwnSession(defaultTimeout: hangGuard)
        return try await transport.send(request, baseURL: url).body.data ?? Data()
    }

    private func downloads(_ server: MockServer) async -> Int {
        await server.counters(for: "/v3.0/stations_list/").requests
    }

    @Test("Damaged metadata (cut, garbage, another key) or a damaged file: one refetch and one report each")
    func damageMeansRefetch() async throws {
        try await withCache { cache, server, folder, events in
            let first = try await cache.file()
            #expect(first.origin == .downloaded)
            let body = try Data(contentsOf: first.file)
            #expect(body == (try await Self.servedDirectory(server)), "the file holds the bytes the server sent")
            let metaFile = folder.appendingPathComponent(cache.key + ".meta.json")
            let validMeta = try Data(contentsOf: metaFile)

            // Each damage, and whether the cheap check of `cachedFile` already sees it (content damage needs the
            // checksum, which only a fetch reads).
            var damages: [(String, cheap: Bool, () throws -> Void)] = []
            for length in stride(from: 0, to: validMeta.count, by: 9) {
                damages.append(("metadata cut at \(length)", true, {
                    try validMeta.prefix(length).write(to: metaFile)
                }))
            }
            damages.append(("metadata of another key", true, {
                let other = String(decoding: validMeta, as: UTF8.self)
                    .replacingOccurrences(of: cache.key, with: "other.json")
                try Data(other.utf8).write(to: metaFile)
            }))
            damages.append(("metadata garbage", true, { try Data((0..<200).map { UInt8($0) }).write(to: metaFile) }))
            damages.append(("metadata removed", true, { try FileManager.default.removeItem(at: metaFile) }))
            damages.append(("file cut short", true, { try body.prefix(body.count / 3).write(to: first.file) }))
            damages.append(("file grown", true, { try (body + Data("trailing".utf8)).write(to: first.file) }))
            damages.append(("file replaced by a folder", true, {
                try FileManager.default.removeItem(at: first.file)
                try FileManager.default.createDirectory(at: first.file, withIntermediateDirectories: false)
            }))
            damages.append(("file overwritten by junk of the same size", false, {
                var random = SeededRandom(seed: 11)
                try Data((0..<body.count).map { _ in UInt8.random(in: 0...255, using: &random) }).write(to: first.file)
            }))
            for position in [0, body.count / 2, body.count - 1] {
                damages.append(("a bit flipped at \(position)", false, {
                    var bytes = [UInt8](body)
                    bytes[position] ^= 0x04
                    try Data(bytes).write(to: first.file)
                }))
            }

            for (name, cheap, damage) in damages {
                let before = await downloads(server)
                try damage()
                if cheap { #expect(cache.cachedFile == nil, "\(name): a damaged entry is no entry") }
                let entry = try await cache.file()
                #expect(entry.origin == .downloaded, "\(name)")
                #expect(await downloads(server) == before + 1, "\(name): exactly one refetch")
                #expect(try Data(contentsOf: entry.file) == body, "\(name): the refetched file is whole")
                let reported = events.take()
                #expect(reported.count == 1, "\(name): one report, got \(reported)")
                if case .discarded(let key, _)? = reported.first { #expect(key == cache.key) }
                #expect(try await cache.file().origin == .cache, "\(name): then reused")
                #expect(events.take().isEmpty, "\(name): reported once")
            }

            try FileManager.default.removeItem(at: first.file)
            #expect(try await cache.file().origin == .downloaded)
            #expect(events.take().isEmpty, "a file the user removed is downloaded again without a report")
            #expect(Corruption.temporaryFiles(in: folder).isEmpty, "\(Corruption.temporaryFiles(in: folder))")
            let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
            #expect(names == [cache.key, cache.key + ".meta.json"])
        }
    }

    @Test("Damaged metadata while the server is down: the error is a typed ClientError, nothing is served")
    func damageWhileOffline() async throws {
        let folder = temporaryFolder("cache")
        let offline = try RaspClient.live(apiKey: testKey, retry: .never, serverURL: URL(string: "http://127.0.0.1:9")!,
                                          transport: URLSessionTransport.withOwnSession(defaultTimeout: hangGuard))
        let cache = StationsListCache(client: offline, folder: folder, now: { Self.now })
        try Data("{\"key\":".utf8).write(to: folder.appendingPathComponent(cache.key + ".meta.json"))
        try Data("[]".utf8).write(to: folder.appendingPathComponent(cache.key))
        do {
            _ = try await cache.file()
            Issue.record("a damaged entry must not be served")
        } catch let error as ClientError {
            guard error.kind == .noConnection else {
                Issue.record("expected .noConnection, got \(error)")
                return
            }
            #expect(!"\(error)".contains(testKey))
            Transcript.append("reliability-errors", "\(error)\n\(error.localizedDescription)")
        }
        #expect(Corruption.temporaryFiles(in: folder).isEmpty)
    }
}
