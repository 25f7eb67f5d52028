import Foundation
import RaspRuntime
import Logging
import RaspKit
import Testing
import RaspTestSupport

/// Settings in a file: persisted across instances, written atomically, a damaged file read as empty.
@Suite("File storage")
struct FileStorageTests {
    func temporaryFile() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("rasp-settings-\(UUID().uuidString)")
            .appendingPathComponent("nested/app-settings.json")
    }

    @Test("a theme set through one store is read by a new one (a restart); removing a key removes it")
    func persists() throws {
        let url = temporaryFile()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent().deletingLastPathComponent()) }
        let first = SettingsStore(storage: FileStorage(url: url))
        #expect(first.theme == .system)
        first.theme = .dark
        first.markStoryViewed("story-1")
        let second = SettingsStore(storage: FileStorage(url: url))
        #expect(second.theme == .dark)
        #expect(second.viewedStoryIDs == ["story-1"])
        second.storage.set(nil, forKey: SettingsStore.Key.theme.rawValue)
        #expect(SettingsStore(storage: FileStorage(url: url)).theme == .system)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: url.deletingLastPathComponent().path)
        #expect(leftovers == ["app-settings.json"], "no temporary files left behind")
    }

    @Test("a damaged file reads as empty with one warning, and the next change replaces it")
    func damaged() throws {
        let url = temporaryFile()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent().deletingLastPathComponent()) }
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("{\"raspkit.theme\": ".utf8).write(to: url)
        let lines = Locked<[String]>([])
        let logger = Logger(label: "test") { _ in LineLogHandler { _, line in lines.withLock { $0.append(line) } } }
        let storage = FileStorage(url: url, logger: logger)
        let settings = SettingsStore(storage: storage)
        #expect(settings.theme == .system)
        #expect(settings.viewedStoryIDs.isEmpty)
        #expect(lines.withLock { $0.count } == 1)
        settings.theme = .light
        #expect(SettingsStore(storage: FileStorage(url: url)).theme == .light)
    }
}
