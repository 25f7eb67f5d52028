import Foundation
import Testing
import RaspMiddlewares
import RaspRuntime
@testable import RaspServices
import RaspTestSupport

/// ``DiskCache`` repairs itself: a file that fails its checks is removed, reported once and downloaded again; a
/// file from before checksums is served unverified until a caller discards it; a folder that cannot hold files
/// means an uncached download, reported once, never a failure.
struct DiskCacheRepairTests {
    let folder = temporaryFolder()
    let events = Locked<[DiskCache.Event]>([])
    let downloads = Locked(0)
    let request = getRequest("stationsList", path: "/v3.0/stations_list/")
    static let content = Data((0..<4000).map { UInt8(truncatingIfNeeded: $0 &* 13) })

    func cache(in directory: URL? = nil) -> DiskCache {
        DiskCache(folder: directory ?? folder, onEvent: { event in self.events.withLock { $0.append(event) } })
    }

    var download: DiskCache.Downloader {
        { _, file in
            self.downloads.withLock { $0 += 1 }
            try AtomicFile.write(Self.content, to: file)
            return ClientResponseHead(status: 200)
        }
    }

    /// Damages the cached file, fetches, and checks for one report, one download and the right bytes.
    func expectRepair(_ name: String, reason: String, damage: (URL) throws -> Void) async throws {
        let first = try await cache().fetch("stations", request: request, download: download)
        events.withLock { $0 = [] }
        downloads.withLock { $0 = 0 }
        try damage(first.file)
        let repaired = try await cache().fetch("stations", request: request, download: download)
        #expect(repaired.origin == .downloaded, "\(name)")
        #expect(try Data(contentsOf: repaired.file) == Self.content, "\(name)")
        #expect(downloads.withLock { $0 } == 1, "\(name): one download")
        let reported = events.withLock { $0 }
        #expect(reported.count == 1, "\(name): one report, got \(reported)")
        if case .discarded(let key, let why)? = reported.first {
            #expect(key == "stations" && why.contains(reason), "\(name): \(why)")
        } else {
            Issue.record("\(name): expected .discarded, got \(reported)")
        }
        #expect(try await cache().fetch("stations", request: request, download: download).origin == .cache)
        #expect(events.withLock { $0.count } == 1, "\(name): reported once, not on every fetch")
    }

    @Test func junkOfTheSameSizeIsCaughtByTheChecksum() async throws {
        try await expectRepair("junk", reason: "checksum") { file in
            try Data(repeating: 0x20, count: Self.content.count).write(to: file)
        }
    }

    @Test func flippedBitsAreCaughtByTheChecksum() async throws {
        for position in [0, 1999, 3999] {
            try await expectRepair("flip at \(position)", reason: "checksum") { file in
                var bytes = [UInt8](try Data(contentsOf: file))
                bytes[position] ^= 0x10
                try Data(bytes).write(to: file)
            }
        }
    }

    @Test func truncatedMissingMetadataAndAFolderInPlaceAreRepaired() async throws {
        try await expectRepair("truncated", reason: "has 100 bytes instead of 4000") { file in
            try Self.content.prefix(100).write(to: file)
        }
        try await expectRepair("metadata removed", reason: "metadata is missing") { file in
            try FileManager.default.removeItem(at: file.appendingPathExtension("meta.json"))
        }
        try await expectRepair("metadata junk", reason: "metadata is not valid") { file in
            try Data("{\"key\": 4".utf8).write(to: file.appendingPathExtension("meta.json"))
        }
        try await expectRepair("folder", reason: "a folder is in its place") { file in
            try FileManager.default.removeItem(at: file)
            let inner = file.appendingPathComponent("inner")
            try FileManager.default.createDirectory(at: inner, withIntermediateDirectories: true)
        }
    }

    @Test func metadataWithoutAChecksumIsServedUntilACallerDiscardsIt() async throws {
        let first = try await cache().fetch("stations", request: request, download: download)
        let metaFile = first.file.appendingPathExtension("meta.json")
        var object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: metaFile)) as? [String: Any])
        #expect(object["checksum"] as? String == Checksum64.text(of: Self.content))
        object["checksum"] = nil
        try JSONSerialization.data(withJSONObject: object).write(to: metaFile)
        try Data(repeating: 0x20, count: Self.content.count).write(to: first.file)

        let unverified = try await cache().fetch("stations", request: request, download: download)
        #expect(unverified.origin == .cache, "an old entry is served as is")
        #expect(unverified.metadata.checksum == nil)
        #expect(events.withLock { $0.isEmpty })

        cache().discard("stations", reason: "it does not parse")
        #expect(events.withLock { $0 } == [.discarded(key: "stations", reason: "it does not parse")])
        #expect(cache().entry(for: "stations") == nil)
        let fresh = try await cache().fetch("stations", request: request, download: download)
        #expect(fresh.origin == .downloaded && fresh.metadata.checksum != nil)
        #expect(downloads.withLock { $0 } == 2)
    }

    @Test func aDamagedFileIsNotServedAsStale() async throws {
        let now = TestNow(Date(timeIntervalSince1970: 1_777_600_000))
        let cache = DiskCache(folder: folder, now: now.now)
        let first = try await cache.fetch("stations", request: request, download: download)
        try Data(repeating: 0x20, count: Self.content.count).write(to: first.file)
        now.advance(by: 48 * 3600)
        let offline: DiskCache.Downloader = { _, _ in
            throw ClientError.noConnection(operationID: "stationsList", reason: "offline")
        }
        for refresh in [DiskCache.Refresh.ifExpired, .reload] {
            await #expect(throws: ClientError.self, "\(refresh)") {
                try await cache.fetch("stations", request: request, refresh: refresh, download: offline)
            }
        }
    }

    @Test func aPlainFileWhereTheFolderShouldBeMeansAnUncachedDownload() async throws {
        let blocker = folder.appendingPathComponent("blocker")
        try Data("not a folder".utf8).write(to: blocker)
        let cache = cache(in: blocker.appendingPathComponent("cache"))
        let entry = try await cache.fetch("stations", request: request, download: download)
        #expect(entry.origin == .uncached)
        #expect(try Data(contentsOf: entry.file) == Self.content)
        #expect(entry.metadata.checksum == Checksum64.text(of: Self.content))
        let reported = events.withLock { $0 }
        #expect(reported.count == 1, "\(reported)")
        if case .folderUnusable(let path, let reason)? = reported.first {
            #expect(path == blocker.appendingPathComponent("cache").path)
            #expect(reason == "cannot create it: Not a directory", "no 'NSCocoaErrorDomain error 512': \(reason)")
        } else {
            Issue.record("expected .folderUnusable, got \(reported)")
        }
        let temporary = entry.file.deletingLastPathComponent()
        #expect(temporary.path.hasPrefix(FileManager.default.temporaryDirectory.path))
        cache.release(entry)
        #expect(!FileManager.default.fileExists(atPath: temporary.path), "release removes the temporary folder")
        #expect(try Data(contentsOf: blocker) == Data("not a folder".utf8), "the blocking file is left alone")
    }

    @Test func anUncachedDownloadThatFailsLeavesNoTemporaryFolder() async throws {
        let blocker = folder.appendingPathComponent("blocker")
        try Data().write(to: blocker)
        let target = Locked<URL?>(nil)
        let failing: DiskCache.Downloader = { _, file in
            target.withLock { $0 = file }
            try AtomicFile.write(Data("partial".utf8), to: file)
            throw ClientError.timeout(operationID: "stationsList")
        }
        await #expect(throws: ClientError.self) {
            try await cache(in: blocker).fetch("stations", request: request, download: failing)
        }
        let file = try #require(target.withLock { $0 })
        #expect(file.deletingLastPathComponent().lastPathComponent.hasPrefix("rasp-uncached-"))
        #expect(!FileManager.default.fileExists(atPath: file.deletingLastPathComponent().path))
    }
}
