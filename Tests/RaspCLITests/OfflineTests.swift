import Foundation
@testable import RaspMiddlewares
import RaspMock
import Testing

/// A traveller without a connection: answers saved while online are shown, with their age, when the server cannot
/// be reached; `--offline` answers from them alone, `--refresh` never falls back on them, `rasp cache` shows and
/// clears them, and no saved file holds the key.
@Suite struct OfflineTests {
    static let search = ["search", "Москва", "Санкт-Петербург", "--date", "2026-12-20"]

    /// Runs the first searches against a mock server on loopback, stops it, and hands over the sandbox and URL.
    static func afterOnlineSearch(key: String? = nil,
                                  _ body: (URL, String) async throws -> Void) async throws {
        let server = MockServer()
        let url = try await server.start().absoluteString
        let sandbox = try RaspProcess.makeSandbox()
        let environment = key.map { ["RASP_API_KEY": $0] } ?? [:]
        let live = try await RaspProcess.run(search + ["--base-url", url], sandbox: sandbox, environment: environment)
        await server.stop()
        #expect(live.status == 0, "\(live)")
        #expect(!live.stderr.contains("saved"), "\(live)")
        try await body(sandbox, url)
    }

    /// Makes every saved answer in a sandbox `seconds` older, as if the clock had moved on (past the freshness of
    /// a timetable, for the answers to be shown only when the server cannot be reached).
    static func ageSavedAnswers(in sandbox: URL, by seconds: TimeInterval) async throws {
        let cache = sandbox.appendingPathComponent("cache")
        let files = try #require(FileManager.default.enumerator(at: cache, includingPropertiesForKeys: nil))
        var folders: Set<URL> = []
        for case let file as URL in files where file.pathExtension == DiskHTTPCacheStore.fileExtension {
            folders.insert(file.deletingLastPathComponent())
        }
        for folder in folders {
            for file in try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            where file.pathExtension == DiskHTTPCacheStore.fileExtension {
                var record = try DiskHTTPCacheStore.decode(try Data(contentsOf: file))
                for index in record.responses.indices {
                    record.responses[index].requestTime -= seconds
                    record.responses[index].responseTime -= seconds
                }
                await DiskHTTPCacheStore(folder: folder).save(record)
            }
        }
        #expect(!folders.isEmpty, "no saved answer in \(cache.path)")
    }

    @Test func aSearchAnsweredOnlineIsShownWithItsAgeWhenTheServerIsGone() async throws {
        let server = MockServer()
        let url = try await server.start().absoluteString
        let sandbox = try RaspProcess.makeSandbox()
        let live = try await RaspProcess.run(Self.search + ["--base-url", url], sandbox: sandbox)
        await server.stop()
        #expect(live.status == 0, "\(live)")
        // Within its freshness, the saved answer is shown as it is, with no request and no notice.
        let fresh = try await RaspProcess.run(Self.search + ["--base-url", url], sandbox: sandbox)
        #expect(fresh.status == 0 && fresh.stdout == live.stdout, "\(fresh)")
        #expect(!fresh.stderr.contains("saved"), "\(fresh)")

        try await Self.ageSavedAnswers(in: sandbox, by: 2 * 3600)
        let saved = try await RaspProcess.run(Self.search + ["--base-url", url], sandbox: sandbox)
        #expect(saved.status == 0, "\(saved)")
        #expect(saved.stdout == live.stdout, "the same table: \(saved)")
        #expect(saved.stderr.contains("showing the answer saved 2 h"), "\(saved)")

        let russian = try await RaspProcess.run(Self.search + ["--base-url", url, "--lang", "ru"], sandbox: sandbox)
        #expect(russian.status == 0 && russian.stderr.contains("показан ответ, сохранённый"), "\(russian)")

        // --refresh asks the server and fails as without a cache.
        let refresh = try await RaspProcess.run(Self.search + ["--base-url", url, "--refresh"], sandbox: sandbox)
        #expect(refresh.status == 4, "\(refresh)")
    }

    @Test func offlineAnswersFromSavedAnswersOnlyAndAMissHasItsOwnExitCode() async throws {
        try await Self.afterOnlineSearch { sandbox, url in
            let hit = try await RaspProcess.run(Self.search + ["--base-url", url, "--offline"], sandbox: sandbox)
            #expect(hit.status == 0, "\(hit)")
            #expect(hit.stdout.hasPrefix("Москва → Санкт-Петербург"), "\(hit)")
            #expect(hit.stderr.contains("saved answer, received"), "\(hit)")
            let miss = try await RaspProcess.run(["search", "Москва", "Тверь", "--base-url", url, "--offline"],
                                                 sandbox: sandbox)
            #expect(miss.status == 5, "\(miss)")
            #expect(miss.stderr.contains("no saved answer"), "\(miss)")
        }
    }

    @Test func theCacheCommandShowsAndClearsSavedAnswers() async throws {
        try await Self.afterOnlineSearch { sandbox, url in
            let shown = try await RaspProcess.run(["cache", "--base-url", url, "--json"], sandbox: sandbox)
            #expect(shown.status == 0, "\(shown)")
            let object = try #require(try JSONSerialization.jsonObject(with: Data(shown.stdout.utf8)) as? [String: Any])
            #expect((object["entries"] as? Int ?? 0) >= 1, "\(shown)")
            #expect((object["bytes"] as? Int ?? 0) > 0, "\(shown)")
            let cleared = try await RaspProcess.run(["cache", "--clear", "--base-url", url, "--json"], sandbox: sandbox)
            let after = try #require(
                try JSONSerialization.jsonObject(with: Data(cleared.stdout.utf8)) as? [String: Any])
            #expect(after["entries"] as? Int == 0, "\(cleared)")
            let miss = try await RaspProcess.run(Self.search + ["--base-url", url, "--offline"], sandbox: sandbox)
            #expect(miss.status == 5, "\(miss)")
        }
    }

    @Test func noSavedFileHoldsTheKey() async throws {
        // The key the CI's leak scan looks for in every file the tests leave in their temporary folders (these ones
        // are left for it).
        let key = ProcessInfo.processInfo.environment["RASP_TEST_KEY"] ?? "test-key-0c1f5e9a"
        try await Self.afterOnlineSearch(key: key) { sandbox, _ in
            let cache = sandbox.appendingPathComponent("cache")
            let files = try #require(FileManager.default.enumerator(at: cache, includingPropertiesForKeys: nil))
            var scanned = 0
            for case let file as URL in files {
                guard let data = try? Data(contentsOf: file) else { continue }
                scanned += 1
                #expect(data.range(of: Data(key.utf8)) == nil, "\(file.path) holds the key")
                #expect(!file.path.contains(key))
            }
            #expect(scanned >= 2, "the directory and at least one answer are saved")
        }
    }
}
