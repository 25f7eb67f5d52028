import Clocks
import Foundation
import RaspAPI
import RaspDemo
import RaspDirectory
import RaspKit
import Testing

/// The app's flow between screens: pickers filling the route, the schedule opening filters and carriers,
/// stories closing themselves, tabs keeping their stacks. Demo data in-process, test clocks.
@MainActor
@Suite("App flow")
struct AppViewModelTests {
    let strings = RaspKit.Strings(language: .ru)
    let directory = try! StationDirectory.load(json: DemoAPI.stationsListJSON)

    func app(settings: SettingsStore = .inMemory(), stories: [Story]? = nil,
             storyClock: TestClock<Duration> = TestClock()) throws -> AppViewModel {
        let api = DemoAPI(now: MockServerHarness.now)
        let client = RaspClient(serverURL: Servers.server1, transport: DemoTransport(api: api))
        let dependencies = AppDependencies(
            client: client, directory: .ready(directory), settings: settings,
            stories: try stories ?? StoryLibrary.bundled(strings: strings), strings: strings,
            today: { MockServerHarness.today }, pickerClock: ImmediateClock(), storyClock: storyClock)
        return AppViewModel(dependencies: dependencies)
    }

    /// Picks a city and a station through the open pickers by typing, as a user would.
    func pick(_ app: AppViewModel, _ end: RouteEnd, city: String, station: String) async throws {
        app.pickPoint(end)
        #expect(app.screen == .cityPicker(end))
        let cities = try #require(app.cityPicker)
        cities.query = city
        await eventually { cities.state.value?.first?.title.lowercased().hasPrefix(city.lowercased()) == true }
        app.chooseCity(try #require(cities.state.value?.first))
        #expect(app.screen == .stationPicker(end))
        let stations = try #require(app.stationPicker)
        stations.query = station
        await eventually { stations.state.value?.first?.title.contains(station) == true }
        app.chooseStation(try #require(stations.state.value?.first))
    }

    @Test("the pickers fill the route and close; «Найти» opens the schedule; Esc walks back")
    func routeToSchedule() async throws {
        let app = try app()
        #expect(app.showsTabBar && app.screen == nil)
        try await pick(app, .from, city: "Моск", station: "Ленинградский")
        #expect(app.path.isEmpty && app.cityPicker == nil && app.stationPicker == nil)
        #expect(app.route.from?.station.code == "s2006004")
        app.search()
        #expect(app.screen == nil, "no schedule while «Куда» is empty")
        try await pick(app, .to, city: "Санкт", station: "Московский")
        #expect(app.route.canSearch)
        app.search()
        #expect(app.screen == .schedule && !app.showsTabBar)
        let schedule = try #require(app.schedule)
        await eventually { schedule.state.value != nil }
        #expect((schedule.state.value?.count ?? 0) > 5)
        app.back()
        #expect(app.screen == nil && app.schedule == nil)
    }

    @Test("Esc in the station picker returns to the city picker; the route stays unset")
    func backFromStationPicker() async throws {
        let app = try app()
        app.pickPoint(.to)
        let cities = try #require(app.cityPicker)
        await eventually { cities.state.value != nil }
        app.chooseCity(try #require(cities.state.value?.first))
        app.back()
        #expect(app.screen == .cityPicker(.to) && app.stationPicker == nil && app.cityPicker != nil)
        app.back()
        #expect(app.screen == nil && app.route.to == nil)
        app.chooseStation(RouteStation(code: "s1", title: "x"))
        #expect(app.route.to == nil, "a station without an open picker is ignored")
    }

    @Test("filters apply to the open schedule and close; a carrier opens from a trip")
    func filtersAndCarrier() async throws {
        let app = try app()
        try await pick(app, .from, city: "Моск", station: "Ленинградский")
        try await pick(app, .to, city: "Санкт", station: "Московский")
        app.search()
        let schedule = try #require(app.schedule)
        await eventually { schedule.state.value != nil }
        app.openFilters()
        #expect(app.screen == .filters)
        let filters = try #require(app.filters)
        filters.toggle(.evening)
        app.applyFilters()
        #expect(app.screen == .schedule && app.filters == nil)
        #expect(schedule.filtersAreActive)
        await eventually { schedule.state.value?.allSatisfy { $0.slot == .evening } == true }
        let row = try #require(schedule.state.value?.first { $0.carrierCode != nil })
        app.openCarrier(of: row)
        #expect(app.screen == .carrier)
        let carrier = try #require(app.carrier)
        await eventually { carrier.state.value != nil }
        #expect(carrier.state.value?.links(strings).isEmpty == false)
    }

    @Test("stories close themselves after the last one and the strip marks them viewed")
    func storiesAutoClose() async throws {
        let clock = TestClock()
        let settings = SettingsStore.inMemory()
        let app = try app(settings: settings, storyClock: clock)
        let count = app.route.stories.count
        #expect(count >= 2 && app.route.stories.allSatisfy { !$0.isViewed })
        app.openStories(at: count - 1)
        #expect(app.screen == .stories)
        await clock.advance(by: .seconds(10))
        await eventually(nudging: clock) { app.screen == nil }
        #expect(app.stories == nil)
        #expect(app.route.stories.last?.isViewed == true)
        #expect(app.route.stories.first?.isViewed == false)
    }

    @Test("a swipe down closes the stories screen at once; taps move between stories")
    func storiesGestures() throws {
        let app = try app()
        app.openStories(at: 0)
        app.handleStories(.tapRight)
        #expect(app.stories?.currentIndex == 1)
        app.handleStories(.swipeDown)
        #expect(app.screen == nil && app.stories == nil)
        let viewed = app.route.stories.map(\.isViewed)
        #expect(viewed.prefix(2) == [true, true])
        app.handleStories(.tapRight)
        #expect(app.screen == nil)
    }

    @Test("each tab keeps its own stack; the agreement opens on the settings tab")
    func tabs() async throws {
        let app = try app()
        app.pickPoint(.from)
        app.select(.settings)
        #expect(app.showsTabBar && app.screen == nil)
        app.openAgreement()
        #expect(app.screen == .agreement)
        app.select(.schedule)
        #expect(app.screen == .cityPicker(.from))
        #expect(app.title(of: .schedule) == "Расписание" && app.title(of: .settings) == "Настройки")
    }

    @Test("carrier links: site, e-mail and phone in order, only those with a usable URL")
    func carrierLinks() throws {
        let carrier = Carrier(code: 1, title: "X", codes: CarrierCodes(), url: "rzd.ru", email: "not an address",
                              phone: "8 (800) 775-00-00")
        let links = CarrierDetails(carrier).links(strings)
        #expect(links.map(\.kind) == [.site, .phone])
        #expect(links.map(\.title) == ["Сайт", "Телефон"])
        #expect(links.first?.url.absoluteString == "https://rzd.ru")
    }
}
