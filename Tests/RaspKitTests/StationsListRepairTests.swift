import Foundation
import RaspAPI
import RaspDirectory
import RaspKit
import RaspRuntime
import RaspServices
import Testing
import RaspTestSupport

/// The app's stations_list cache repairs itself with the server reachable: a damaged file, a file from before
/// checksums that does not parse, and a cache folder that cannot hold files each still give the directory, with
/// one event each and at most one extra download.
@Suite struct StationsListRepairTests {
    /// The events a cache reported.
    final class Events: Sendable {
        private let list = Locked<[DiskCache.Event]>([])
        func append(_ event: DiskCache.Event) { list.withLock { $0.append(event) } }
        var all: [DiskCache.Event] { list.withLock { $0 } }
    }

    /// Runs `body` with a started mock server, stopping it afterwards.
    private func withServer(_ body: (MockServerHarness) async throws -> Void) async throws {
        let harness = try await MockServerHarness.start()
        do {
            try await body(harness)
            await harness.stop()
        } catch {
            await harness.stop()
            throw error
        }
    }

    private func downloads(_ harness: MockServerHarness) async -> Int {
        await harness.server.counters(for: "/v3.0/stations_list/").requests
    }

    private func folder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("raspkit-repair-\(UUID().uuidString)")
    }

    @Test func aDamagedFileIsDownloadedAgainOnce() async throws {
        try await withServer { harness in
            let events = Events()
            let cache = StationsListCache(client: try harness.client(), folder: folder(), onEvent: events.append)
            let first = try await cache.loadDirectory()
            let file = try #require(cache.cachedFile).file
            try Data(repeating: UInt8(ascii: "x"), count: try Data(contentsOf: file).count).write(to: file)
            // Damaged after the snapshot was written, so the snapshot no longer stands for it (file times can be
            // equal within one clock tick when both writes come this fast).
            let snapshot = StationsListCache.snapshotURL(beside: file)
            let snapshotDate = try #require(try FileManager.default.attributesOfItem(atPath: snapshot.path)[
                .modificationDate] as? Date)
            try FileManager.default.setAttributes([.modificationDate: snapshotDate.addingTimeInterval(1)],
                                                  ofItemAtPath: file.path)

            let loader = PlaceDirectoryLoader.stationsList(cache)
            let repaired = try await loader.directory()
            #expect(repaired.searchCities("Москва", limit: 1) == first.searchCities("Москва", limit: 1))
            #expect(repaired.searchCities("Москва", limit: 1).first?.title == "Москва")
            #expect(await downloads(harness) == 2)
            #expect(events.all.count == 1, "\(events.all)")
            guard case .discarded(_, let reason)? = events.all.first else { Issue.record("\(events.all)"); return }
            #expect(reason == "its content does not match its checksum")
        }
    }

    @Test func anOldCacheThatDoesNotParseIsDiscardedOnce() async throws {
        try await withServer { harness in
            let events = Events()
            let cache = StationsListCache(client: try harness.client(), folder: folder(), onEvent: events.append)
            _ = try await cache.file()
            let file = try #require(cache.cachedFile).file
            // What an earlier version left: metadata without a checksum, and (here) a damaged file of the same size.
            let metaFile = file.appendingPathExtension("meta.json")
            let object = try JSONSerialization.jsonObject(with: Data(contentsOf: metaFile))
            var metadata = try #require(object as? [String: Any])
            metadata["checksum"] = nil
            try JSONSerialization.data(withJSONObject: metadata).write(to: metaFile)
            try Data(repeating: UInt8(ascii: "["), count: try Data(contentsOf: file).count).write(to: file)

            let directory = try await cache.loadDirectory()
            #expect(directory.settlementCount > 0)
            #expect(await downloads(harness) == 2)
            #expect(events.all.count == 1, "\(events.all)")
            guard case .discarded(_, let reason)? = events.all.first else { Issue.record("\(events.all)"); return }
            #expect(reason.hasPrefix("it does not read as a stations_list document: stations_list JSON is malformed"))
            #expect(try await cache.file().metadata.checksum != nil, "the new copy carries a checksum")
        }
    }

    @Test func aCacheFolderThatCannotHoldFilesStillGivesTheDirectory() async throws {
        try await withServer { harness in
            let base = folder()
            try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
            let blocker = base.appendingPathComponent("caches")
            try Data("a file, not a folder".utf8).write(to: blocker)
            let events = Events()
            let cache = StationsListCache(client: try harness.client(),
                                          folder: blocker.appendingPathComponent("rasp"), onEvent: events.append)
            let directory = try await PlaceDirectoryLoader.stationsList(cache).directory()
            #expect(directory.searchCities("Москва", limit: 1).first?.title == "Москва")
            #expect(events.all == [.folderUnusable(path: blocker.appendingPathComponent("rasp").path,
                                                      reason: "cannot create it: Not a directory")])
            #expect(try Data(contentsOf: blocker) == Data("a file, not a folder".utf8))
        }
    }

    /// Records what a directory load reports.
    final class Steps: DirectoryLoadProgress {
        private let list = Locked<[String]>([])
        var all: [String] { list.withLock { $0 } }
        private func add(_ step: String) { list.withLock { $0.append(step) } }
        func fetchDidEnd(_ entry: DiskCache.Entry?) { add("fetched \(entry.map { "\($0.origin)" } ?? "nothing")") }
        func parseDidEnd(_ directory: StationDirectory?) { add(directory == nil ? "parse failed" : "parsed") }
        func workedAround(_ problem: DirectorySnapshotProblem) {
            if case .damaged = problem { add("snapshot damaged") } else { add("snapshot not saved") }
        }
    }

    @Test func aFreshFileLoadsFromItsSnapshotWithoutARequestOrAParse() async throws {
        try await withServer { harness in
            let cache = StationsListCache(client: try harness.client(), folder: folder())
            let first = Steps()
            let directory = try await cache.loadDirectory(progress: first)
            #expect(first.all == ["fetched downloaded", "parsed"])
            let json = try #require(cache.cachedFile).file
            #expect(FileManager.default.fileExists(atPath: StationsListCache.snapshotURL(beside: json).path))

            let second = Steps()
            let again = try await cache.loadDirectory(progress: second)
            #expect(second.all.isEmpty, "\(second.all)")
            #expect(await downloads(harness) == 1)
            #expect(again.stationCount == directory.stationCount)
            #expect(again.searchCities("Москва", limit: 1) == directory.searchCities("Москва", limit: 1))

            // Without snapshots every load parses the cached JSON.
            let plain = Steps()
            _ = try await cache.loadDirectory(snapshots: false, progress: plain)
            #expect(plain.all == ["fetched cache", "parsed"])
        }
    }

    @Test func aDamagedSnapshotIsReportedAndRebuiltFromTheJSON() async throws {
        try await withServer { harness in
            let cache = StationsListCache(client: try harness.client(), folder: folder())
            let directory = try await cache.loadDirectory()
            let snapshot = StationsListCache.snapshotURL(beside: try #require(cache.cachedFile).file)
            let size = try Data(contentsOf: snapshot).count
            try Data(repeating: 0xA5, count: size).write(to: snapshot)

            let steps = Steps()
            let repaired = try await cache.loadDirectory(progress: steps)
            #expect(steps.all == ["snapshot damaged", "fetched cache", "parsed"])
            #expect(repaired.stationCount == directory.stationCount)
            #expect(await downloads(harness) == 1)
            // The rebuilt snapshot serves the next load.
            let next = Steps()
            _ = try await cache.loadDirectory(progress: next)
            #expect(next.all.isEmpty, "\(next.all)")
        }
    }

    @Test func aKeyWithALineBreakIsRefusedUpFront() throws {
        for key in ["\(testKey)\r\nX-Injected: 1", "abc\u{0}def", "abc\ndef"] {
            let error = try #require(throws: RaspServiceError.self) { try RaspClient.live(apiKey: key) }
            guard case .invalidAPIKey(let character) = error else { Issue.record("\(error)"); continue }
            #expect(["CR", "NUL", "LF"].contains(character))
            #expect(!error.description.contains(testKey))
        }
        #expect(throws: Never.self) { _ = try RaspClient.live(apiKey: " \(testKey)\n") }
    }
}
