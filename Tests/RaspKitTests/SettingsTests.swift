import Foundation
import RaspAPI
import RaspKit
import RaspRuntime
import Testing

@MainActor
@Suite("Settings")
struct SettingsTests {
    @Test("defaults, then values written and read back")
    func roundTrip() {
        let settings = SettingsStore.inMemory()
        #expect(settings.theme == .system)
        #expect(settings.viewedStoryIDs.isEmpty)
        #expect(settings.scheduleFilters == TripFilters())
        settings.theme = .dark
        settings.markStoryViewed("a")
        settings.markStoryViewed("a")
        settings.scheduleFilters = TripFilters(slots: [.night, .morning], transfers: .withTransfers)
        #expect(settings.theme == .dark)
        #expect(settings.viewedStoryIDs == ["a"])
        #expect(settings.scheduleFilters == TripFilters(slots: [.morning, .night], transfers: .withTransfers))
    }

    @Test("a corrupted value falls back to its default without losing the other keys")
    func corruption() {
        let storage = InMemoryStorage()
        let settings = SettingsStore(storage: storage)
        settings.viewedStoryIDs = ["story-1"]
        settings.scheduleFilters = TripFilters(slots: [.day])
        storage.set(Data("not json".utf8), forKey: SettingsStore.Key.theme.rawValue)
        storage.set(Data(#"{"slots": ["dawn"], "transfers": "any"}"#.utf8),
                    forKey: SettingsStore.Key.scheduleFilters.rawValue)
        #expect(settings.theme == .system)
        #expect(settings.scheduleFilters == TripFilters())
        #expect(settings.viewedStoryIDs == ["story-1"])
        #expect(storage.keys == [SettingsStore.Key.viewedStories.rawValue],
                "the damaged values are discarded, the good one stays")
        settings.theme = .light
        #expect(settings.theme == .light)
    }

    @Test("UserDefaults in a suite persists across store instances; foreign types read as defaults")
    func userDefaults() throws {
        let suite = "raspkit-tests-\(UUID().uuidString)"
        let defaults = try #require(UserDefaults(suiteName: suite))
        defer { defaults.removePersistentDomain(forName: suite) }
        let first = SettingsStore(storage: UserDefaultsStorage(defaults))
        first.theme = .dark
        first.markStoryViewed("story-3")
        defaults.set("dark", forKey: SettingsStore.Key.scheduleFilters.rawValue)  // a string where bytes belong
        let second = SettingsStore(storage: try #require(UserDefaultsStorage(suiteName: suite)))
        #expect(second.theme == .dark)
        #expect(second.viewedStoryIDs == ["story-3"])
        #expect(second.scheduleFilters == TripFilters())
    }

    @Test("the settings screen: theme persisted, agreement, API notice with attribution, version")
    func screen() async throws {
        var client = MockRaspClient()
        client.copyrightHandler = { _ in
            CopyrightResponse(copyright: Copyright(url: "http://rasp.yandex.ru/",
                                                   text: "Данные предоставлены сервисом Яндекс.Расписания"))
        }
        let settings = SettingsStore.inMemory()
        let analytics = InMemoryAnalyticsTracker()
        let model = SettingsViewModel(client: client, settings: settings, appVersion: "1.0 (7)",
                                      strings: .init(language: .ru), analytics: analytics)
        #expect(model.theme == .system)
        #expect(model.attribution == .idle)
        model.onAppear()
        #expect(model.attribution == .loading)
        await eventually { model.attribution.value != nil }
        #expect(model.attribution.value?.text == "Данные предоставлены сервисом Яндекс.Расписания")
        #expect(model.attribution.value?.url?.absoluteString == "http://rasp.yandex.ru/")
        #expect(model.apiNotice == "Приложение использует API «Яндекс.Расписания»")
        #expect(model.versionText == "Версия 1.0 (7)")
        #expect(model.agreementText.hasPrefix("Пользовательское соглашение"))
        #expect(model.themeOptions.map(\.title) == ["Как в системе", "Светлая", "Тёмная"])
        model.setTheme(.dark)
        #expect(model.theme == .dark)
        #expect(settings.theme == .dark)
        #expect(analytics.events.contains(.themeChanged(.dark)))
        let reopened = SettingsViewModel(client: client, settings: settings, strings: .init(language: .en))
        #expect(reopened.theme == .dark)
        #expect(reopened.agreementText.hasPrefix("User agreement"))
        #expect(reopened.versionText == "Version \(RaspKit.version)")
    }

    @Test("the attribution's error screens and retry")
    func attributionErrors() async {
        let attempts = Recorder<Int>()
        var client = MockRaspClient()
        client.copyrightHandler = { _ in
            attempts.append(1)
            if attempts.count == 1 { throw ClientError.timeout(operationID: "copyright") }
            if attempts.count == 2 {
                throw ClientError.http(.init(operationID: "copyright", status: 502, headers: [:], body: Data(),
                                             decodedBody: nil))
            }
            return CopyrightResponse(copyright: Copyright(url: "", text: " "))
        }
        let model = SettingsViewModel(client: client, settings: .inMemory(), strings: .init(language: .en))
        model.onAppear()
        await eventually { model.attribution.failure?.kind == .noInternet }
        #expect(model.attribution.failure?.title == "No internet connection")
        model.retry()
        await eventually { model.attribution.failure?.kind == .serverError }
        #expect(model.attribution.failure?.title == "Server error")
        model.retry()
        await eventually { model.attribution.emptyMessage != nil }
    }
}
