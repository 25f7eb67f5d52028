import RaspKit
import RaspRuntime
import Testing

@MainActor
@Suite("Route")
struct RouteViewModelTests {
    let moscow = RoutePoint(city: Samples.moscow, station: Samples.leningradsky)
    let petersburg = RoutePoint(city: Samples.petersburg, station: Samples.moskovsky)

    @Test("«Найти» only with both points set, and never for the same station")
    func canSearch() {
        let route = RouteViewModel(settings: .inMemory(), strings: .init(language: .ru), today: { Samples.date })
        #expect(!route.canSearch)
        #expect(route.search() == nil)
        #expect(route.title(for: .from) == "Откуда")
        #expect(route.isPlaceholder(.to))
        route.set(.from, to: moscow)
        #expect(!route.canSearch)
        route.set(.to, to: moscow)
        #expect(!route.canSearch)
        route.set(.to, to: petersburg)
        #expect(route.canSearch)
        #expect(route.title(for: .from) == "Москва (Ленинградский вокзал)")
        #expect(route.searchTitle == "Найти")
        #expect(route.search() == ScheduleRequest(from: moscow, to: petersburg, date: Samples.date))
        route.set(.from, to: nil)
        #expect(!route.canSearch)
    }

    @Test("swap exchanges the points, including an empty one")
    func swap() {
        let route = RouteViewModel(settings: .inMemory(), strings: .init(language: .en))
        route.set(.from, to: moscow)
        route.swap()
        #expect(route.from == nil)
        #expect(route.to == moscow)
        #expect(route.title(for: .from) == "From")
        route.set(.from, to: petersburg)
        route.swap()
        #expect(route.from == moscow && route.to == petersburg)
    }

    @Test("the stories strip shows which stories were viewed, refreshed after the stories close")
    func storiesStrip() throws {
        let settings = SettingsStore.inMemory()
        let stories = try StoryLibrary.bundled(strings: .init(language: .ru))
        let analytics = InMemoryAnalyticsTracker()
        let route = RouteViewModel(settings: settings, stories: stories, analytics: analytics)
        route.onAppear()
        #expect(route.stories.map(\.isViewed) == [false, false, false])
        settings.markStoryViewed("story-2")
        route.refreshStories()
        #expect(route.stories.map(\.isViewed) == [false, true, false])
        #expect(route.storyIndex(of: "story-3") == 2)
        #expect(analytics.events == [.screenOpened(.route)])
    }

    @Test("today is the default date")
    func today() throws {
        let route = RouteViewModel(settings: .inMemory())
        route.set(.from, to: moscow)
        route.set(.to, to: petersburg)
        let request = try #require(route.search())
        #expect(request.date == LocalDate(.now, in: .current))
    }
}
