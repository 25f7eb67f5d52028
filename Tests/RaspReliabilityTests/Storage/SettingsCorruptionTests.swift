import Foundation
import Logging
import RaspKit
import RaspRuntime
import RaspTestSupport
import Testing

/// Every damaged value under each settings key reads as that key's default, leaves the other keys alone, and is
/// repaired by the next write; in memory and in `UserDefaults`, and through the stories screen's viewed state.
@Suite("Settings survive corrupted values")
struct SettingsCorruptionTests {
    /// Values that differ from every default.
    private func fill(_ settings: SettingsStore) {
        settings.theme = .dark
        settings.viewedStoryIDs = ["story-1", "story-2"]
        settings.scheduleFilters = TripFilters(slots: [.morning, .evening], transfers: .withTransfers)
    }

    /// Checks each key: damaged → default, others intact, rewritten → readable again.
    private func checkEveryKey(_ settings: SettingsStore, write: (Data, String) -> Void) {
        for key in SettingsStore.Key.allCases {
            fill(settings)
            let valid = settings.storage.data(forKey: key.rawValue) ?? Data()
            var damaged = 0
            for bytes in Corruption.variants(of: valid) {
                write(bytes, key.rawValue)
                // A damaged value that still decodes to a valid value (e.g. a cut `["a","b"]` → never) is no
                // corruption; only bytes that differ from every valid encoding must read as the default.
                switch key {
                case .theme:
                    if (try? JSONDecoder().decode(AppTheme.self, from: bytes)) == nil {
                        #expect(settings.theme == .system)
                    }
                case .viewedStories:
                    if (try? JSONDecoder().decode([String].self, from: bytes)) == nil {
                        #expect(settings.viewedStoryIDs.isEmpty)
                    }
                case .scheduleFilters:
                    if (try? JSONDecoder().decode(TripFilters.self, from: bytes)) == nil {
                        #expect(settings.scheduleFilters == TripFilters())
                    }
                }
                damaged += 1
                if key != .theme { #expect(settings.theme == .dark, "\(key) damage leaked into theme") }
                if key != .viewedStories { #expect(settings.viewedStoryIDs == ["story-1", "story-2"]) }
                if key != .scheduleFilters {
                    #expect(settings.scheduleFilters
                        == TripFilters(slots: [.morning, .evening], transfers: .withTransfers))
                }
            }
            #expect(damaged > valid.count, "every truncation and the other damage kinds were tried for \(key)")
            fill(settings)
            #expect(settings.theme == .dark && settings.viewedStoryIDs == ["story-1", "story-2"]
                    && settings.scheduleFilters == TripFilters(slots: [.morning, .evening], transfers: .withTransfers),
                    "the next write repairs \(key)")
        }
    }

    @Test("A damaged value is removed and reported once as a warning; the other keys stay; a write repairs it")
    func damagedValueIsDiscardedOnce() {
        let lines = Locked<[String]>([])
        let logger = Logger(label: "settings") { _ in
            LineLogHandler { level, line in lines.withLock { $0.append("\(level) \(line)") } }
        }
        let storage = InMemoryStorage()
        let settings = SettingsStore(storage: storage, logger: logger)
        fill(settings)
        storage.set(Data(#"{"slots": [1, "#.utf8), forKey: SettingsStore.Key.scheduleFilters.rawValue)
        #expect(settings.scheduleFilters == TripFilters())
        #expect(settings.scheduleFilters == TripFilters())
        #expect(storage.data(forKey: SettingsStore.Key.scheduleFilters.rawValue) == nil, "the damaged bytes are gone")
        let logged = lines.withLock { $0 }
        #expect(logged.count == 1, "\(logged)")
        let expected = "warning Settings: the stored raspkit.scheduleFilters was damaged (14 bytes"
        #expect(logged.first?.hasPrefix(expected) == true, "\(logged)")
        #expect(settings.theme == .dark && settings.viewedStoryIDs == ["story-1", "story-2"])
        settings.scheduleFilters = TripFilters(slots: [.night], transfers: .withTransfers)
        #expect(settings.scheduleFilters == TripFilters(slots: [.night], transfers: .withTransfers))
        #expect(lines.withLock { $0.count } == 1)
    }

    @Test("In memory: each key damaged every way reads as its default; the others survive; a write repairs it")
    func inMemory() {
        let storage = InMemoryStorage()
        checkEveryKey(SettingsStore(storage: storage)) { storage.set($0, forKey: $1) }
        #expect(storage.keys == SettingsStore.Key.allCases.map(\.rawValue).sorted())
    }

    @Test("UserDefaults: damaged bytes and foreign value types read as defaults, across store instances")
    func userDefaults() throws {
        let suite = "rasp-reliability-\(UUID().uuidString)"
        let defaults = try #require(UserDefaults(suiteName: suite))
        defer { defaults.removePersistentDomain(forName: suite) }
        let settings = SettingsStore(storage: UserDefaultsStorage(defaults))
        checkEveryKey(settings) { defaults.set($0, forKey: $1) }

        fill(settings)
        let foreign: [Any] = ["dark", 42, 3.5, true, ["a", "b"], ["theme": "dark"], Date()]
        for key in SettingsStore.Key.allCases {
            for value in foreign {
                defaults.set(value, forKey: key.rawValue)
                let reopened = SettingsStore(storage: try #require(UserDefaultsStorage(suiteName: suite)))
                switch key {
                case .theme: #expect(reopened.theme == .system)
                case .viewedStories: #expect(reopened.viewedStoryIDs.isEmpty)
                case .scheduleFilters: #expect(reopened.scheduleFilters == TripFilters())
                }
            }
            fill(settings)
        }
        let reopened = SettingsStore(storage: try #require(UserDefaultsStorage(suiteName: suite)))
        #expect(reopened.theme == .dark && reopened.viewedStoryIDs == ["story-1", "story-2"])
    }

    @Test("Stories: a damaged viewed-stories value starts empty and the screen writes a valid one again")
    @MainActor
    func storiesViewedState() throws {
        let storage = InMemoryStorage()
        let settings = SettingsStore(storage: storage)
        settings.theme = .light
        let stories = try StoryLibrary.bundled()
        try #require(stories.count >= 2)
        for bytes in Corruption.variants(of: Data(#"["1","2"]"#.utf8)) {
            storage.set(bytes, forKey: SettingsStore.Key.viewedStories.rawValue)
            let model = StoriesViewModel(stories: stories, startAt: 1, clock: ContinuousClock(), settings: settings)
            let before = settings.viewedStoryIDs
            model.start()
            model.close()
            #expect(settings.viewedStoryIDs == before.union([stories[1].id]))
            let stored = try #require(storage.data(forKey: SettingsStore.Key.viewedStories.rawValue))
            #expect((try? JSONDecoder().decode([String].self, from: stored)) != nil, "the value is valid JSON again")
            #expect(settings.theme == .light)
        }
    }
}
