import Foundation
import RaspTestSupport
import RaspAPI
import RaspDemo
import RaspKit
import RaspMock
import RaspRuntime
import Testing

/// The stations_list cache of the app (`StationsListCache` over `RaspClient.live` and the mock server): any damage
/// to the cached file or its metadata means one fresh download with the right bytes, never a crash or a wrong file.
@Suite("Directory cache survives corrupted files")
struct DiskCacheCorruptionTests {
    private static let now = Date(timeIntervalSince1970: 1_780_304_400)

    private func withCache(_ body: (StationsListCache, MockServer, URL) async throws -> Void) async throws {
        let server = MockServer(api: DemoAPI(now: Self.now, requiredKey: testKey))
        let url = try await server.start()
        let folder = temporaryFolder("cache")
        let client = try RaspClient.live(apiKey: testKey, retry: .never, timeouts: TimeoutPolicy(defaultTimeout: .seconds(10)),
                                         serverURL: url, transport: URLSessionTransport(defaultTimeout: .seconds(10)))
        let cache = StationsListCache(client: client, directory: folder, now: { Self.now })
        do {
            try await body(cache, server, folder)
            await server.stop()
        } catch {
            await server.stop()
            throw error
        }
    }

    private func downloads(_ server: MockServer) async -> Int {
        await server.counters(for: "/v3.0/stations_list/").requests
    }

    @Test("Damaged metadata (cut at many lengths, garbage, another key) or a damaged file: one refetch each")
    func damageMeansRefetch() async throws {
        try await withCache { cache, server, folder in
            let first = try await cache.file()
            #expect(first.origin == .downloaded)
            let body = try Data(contentsOf: first.file)
            #expect(body == DemoAPI.stationsListJSON)
            let metaFile = folder.appendingPathComponent(cache.key + ".meta.json")
            let validMeta = try Data(contentsOf: metaFile)

            var damages: [(String, () throws -> Void)] = []
            for length in stride(from: 0, to: validMeta.count, by: 9) {
                damages.append(("metadata cut at \(length)", { try validMeta.prefix(length).write(to: metaFile) }))
            }
            damages.append(("metadata of another key", {
                let other = String(decoding: validMeta, as: UTF8.self).replacingOccurrences(of: cache.key, with: "other.json")
                try Data(other.utf8).write(to: metaFile)
            }))
            damages.append(("metadata garbage", { try Data((0..<200).map { UInt8($0) }).write(to: metaFile) }))
            damages.append(("metadata removed", { try FileManager.default.removeItem(at: metaFile) }))
            damages.append(("file cut short", { try body.prefix(body.count / 3).write(to: first.file) }))
            damages.append(("file grown", { try (body + Data("trailing".utf8)).write(to: first.file) }))
            damages.append(("file removed", { try FileManager.default.removeItem(at: first.file) }))
            damages.append(("file replaced by a folder", {
                try FileManager.default.removeItem(at: first.file)
                try FileManager.default.createDirectory(at: first.file, withIntermediateDirectories: false)
            }))

            for (name, damage) in damages {
                let before = await downloads(server)
                try damage()
                #expect(cache.cachedFile == nil, "\(name): a damaged entry is no entry")
                if name == "file replaced by a folder" {
                    // The download cannot be moved over a folder: a clear storage error, not a crash.
                    await #expect(throws: FileStorageError.self, "\(name)") { try await cache.file() }
                    try FileManager.default.removeItem(at: first.file)
                    _ = try await cache.file()
                    continue
                }
                let entry = try await cache.file()
                #expect(entry.origin == .downloaded, "\(name)")
                #expect(await downloads(server) == before + 1, "\(name): exactly one refetch")
                #expect(try Data(contentsOf: entry.file) == body, "\(name): the refetched file is whole")
                #expect(try await cache.file().origin == .cache, "\(name): then reused")
            }
            #expect(Corruption.temporaryFiles(in: folder).isEmpty, "\(Corruption.temporaryFiles(in: folder))")
            let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
            #expect(names == [cache.key, cache.key + ".meta.json"])
        }
    }

    @Test("Damaged metadata while the server is down: the error is a typed ClientError, nothing is served")
    func damageWhileOffline() async throws {
        let folder = temporaryFolder("cache")
        let offline = try RaspClient.live(apiKey: testKey, retry: .never, serverURL: URL(string: "http://127.0.0.1:9")!,
                                          transport: URLSessionTransport(defaultTimeout: .seconds(5)))
        let cache = StationsListCache(client: offline, directory: folder, now: { Self.now })
        try Data("{\"key\":".utf8).write(to: folder.appendingPathComponent(cache.key + ".meta.json"))
        try Data("[]".utf8).write(to: folder.appendingPathComponent(cache.key))
        do {
            _ = try await cache.file()
            Issue.record("a damaged entry must not be served")
        } catch let error as ClientError {
            guard case .noConnection = error else {
                Issue.record("expected .noConnection, got \(error)")
                return
            }
            #expect(!"\(error)".contains(testKey))
            Transcript.append("reliability-errors", "\(error)\n\(error.localizedDescription)")
        }
        #expect(Corruption.temporaryFiles(in: folder).isEmpty)
    }
}
