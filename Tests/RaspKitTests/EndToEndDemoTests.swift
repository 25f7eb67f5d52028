import Clocks
import Foundation
import RaspAPI
import RaspDirectory
import RaspKit
import RaspRuntime
import Testing
import RaspTestSupport

/// The app's main flow driven headlessly against the mock Rasp server (demo data over real HTTP): pick Москва →
/// Санкт-Петербург through the pickers, search, filter to evening direct trips, open a carrier, read the
/// settings. Run it alone to see the transcript:
/// `swift test --filter "RaspKitTests.EndToEndDemoTests"`.
@MainActor
@Suite("End to end over the mock server", .serialized)
struct EndToEndDemoTests {
    let strings = RaspKit.Strings(language: .ru)

    /// Picks a city and then a station through the two pickers, as a user typing would.
    func pick(city cityQuery: String, station stationQuery: String, loader: PlaceDirectoryLoader,
              clock: ImmediateClock<Duration>, transcript: inout [String]) async throws -> RoutePoint {
        let cities = CityPickerViewModel(directory: loader, clock: clock, strings: strings)
        cities.onAppear()
        await eventually { cities.state.value != nil }
        cities.query = cityQuery
        await eventually { cities.state.value?.first?.title.lowercased().hasPrefix(cityQuery.lowercased()) == true }
        let city = try #require(cities.state.value?.first)
        cities.select(city)
        transcript.append("\(cities.title): «\(cityQuery)» → \(city.title) (\(city.code))")

        let stations = StationPickerViewModel(city: city, directory: loader, clock: clock, strings: strings)
        stations.onAppear()
        await eventually { stations.state.value != nil }
        stations.query = stationQuery
        await eventually { stations.state.value?.first?.title.contains(stationQuery) == true }
        let station = try #require(stations.state.value?.first)
        stations.select(station)
        transcript.append("\(stations.title): «\(stationQuery)» → \(station.title) (\(station.code))")
        return RoutePoint(city: city, station: station)
    }

    @Test("Москва → Санкт-Петербург: pickers, search, evening direct trips, carrier, settings")
    func mainFlow() async throws {
        try await MockServerHarness.with { harness in
            let client = try harness.client()
            let cacheFolder = FileManager.default.temporaryDirectory
                .appendingPathComponent("raspkit-e2e-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: cacheFolder) }
            let loader = PlaceDirectoryLoader.stationsList(StationsListCache(client: client, folder: cacheFolder))
            let settings = SettingsStore.inMemory()
            let analytics = InMemoryAnalyticsTracker()
            let clock = ImmediateClock()
            var transcript: [String] = []

            // Route screen with the stories strip.
            let route = RouteViewModel(settings: settings, stories: try StoryLibrary.bundled(strings: strings),
                                       strings: strings, analytics: analytics, today: { MockServerHarness.today })
            route.onAppear()
            #expect(!route.canSearch)
            let from = try await pick(city: "Москва", station: "Ленинградский", loader: loader, clock: clock,
                                      transcript: &transcript)
            route.set(.from, to: from)
            let to = try await pick(city: "Санкт-Пет", station: "Московский", loader: loader, clock: clock,
                                    transcript: &transcript)
            route.set(.to, to: to)
            #expect(route.canSearch)
            transcript.append("\(route.title(for: .from)) → \(route.title(for: .to)): «\(route.searchTitle)»")
            let request = try #require(route.search())
            #expect(request.from.code == "s2006004" && request.to.code == "s9602494")

            // Schedule: every trip of the day, then evening direct trips.
            let schedule = ScheduleViewModel(request: request, client: client, settings: settings, strings: strings,
                                             analytics: analytics)
            schedule.load()
            await eventually { schedule.state.value != nil || schedule.state.failure != nil }
            let all = try #require(schedule.state.value, "\(schedule.state)")
            transcript.append("\(schedule.title), \(request.date): \(all.count) trips")
            #expect(all.count >= 12)

            let filters = schedule.makeFiltersViewModel()
            filters.toggle(.evening)
            filters.select(.directOnly)
            #expect(filters.isApplyVisible)
            filters.apply()
            await eventually { schedule.state.value.map { $0.count < all.count } == true }
            let evening = try #require(schedule.state.value)
            #expect(schedule.filtersAreActive)
            #expect(evening.map(\.departureText) == ["18:40", "20:00", "21:30", "22:50", "23:55"])
            #expect(evening.allSatisfy { $0.slot == .evening && !$0.hasTransfers && $0.transferNote == nil })
            for row in evening {
                transcript.append("  \(row.departureText) → \(row.arrivalText) (\(row.dateText ?? "")), "
                    + "\(row.durationText), \(row.number), \(row.carrierTitle)")
            }

            // Carrier of the first evening trip.
            let carrier = try #require(schedule.makeCarrierViewModel(for: evening[0]))
            carrier.load()
            await eventually { carrier.state.value != nil || carrier.state.failure != nil }
            let details = try #require(carrier.state.value, "\(carrier.state)")
            #expect(details.title == "РЖД/ДОСС")
            #expect(details.phoneURL?.absoluteString == "tel:88007750000")
            #expect(details.siteURL?.absoluteString == "https://www.rzd.ru/")
            #expect(details.logoURL?.absoluteString == "https://yastatic.net/rasp/media/data/company/logo/doss.png")
            #expect(details.emailURL == nil)
            transcript.append("\(carrier.title): \(details.title), \(details.phoneURL?.absoluteString ?? "-"), "
                + "\(details.siteURL?.absoluteString ?? "-")")

            // Settings with the attribution from /copyright/.
            let settingsScreen = SettingsViewModel(client: client, settings: settings, strings: strings,
                                                   analytics: analytics)
            settingsScreen.onAppear()
            await eventually { settingsScreen.attribution.value != nil || settingsScreen.attribution.failure != nil }
            let attribution = try #require(settingsScreen.attribution.value)
            transcript.append("\(settingsScreen.apiNotice): «\(attribution.text)»")

            #expect(analytics.events.contains(.searchPerformed(fromCode: "s2006004", toCode: "s9602494",
                                                               date: request.date.description, transfers: .any)))
            #expect(analytics.events.contains(.filtersChanged(slots: [.evening], transfers: .directOnly)))
            #expect(analytics.events.contains(.carrierViewed(code: "4240")))
            #expect(await harness.server.counters(for: "/v3.0/stations_list/").requests == 1)
            print(transcript.joined(separator: "\n"))
        }
    }

    @Test("transfers over HTTP: trips with transfers only carry the transfer note")
    func transfersOnly() async throws {
        try await MockServerHarness.with { harness in
            let client = try harness.client()
            let directory = try StationDirectory.load(json: DemoAPIJSON.stationsList)
            let kaliningrad = try #require(directory.searchCities("Калининград", limit: 1).first)
            let sochi = try #require(directory.searchCities("Сочи", limit: 1).first)
            let request = ScheduleRequest(
                from: RoutePoint(
                    city: kaliningrad,
                    station: try #require(directory.searchStations("", inCity: kaliningrad.code, limit: 1).first)),
                to: RoutePoint(
                    city: sochi,
                    station: try #require(directory.searchStations("", inCity: sochi.code, limit: 1).first)),
                date: MockServerHarness.today)
            let settings = SettingsStore.inMemory()
            settings.scheduleFilters = TripFilters(transfers: .withTransfers)
            let schedule = ScheduleViewModel(request: request, client: client, settings: settings, strings: strings)
            schedule.load()
            await eventually {
                schedule.state.value != nil || schedule.state.emptyMessage != nil || schedule.state.failure != nil
            }
            if let rows = schedule.state.value {
                #expect(rows.allSatisfy { $0.hasTransfers && $0.transferNote?.hasPrefix("С пересадк") == true })
            } else {
                #expect(schedule.state.emptyMessage == "Вариантов нет")
            }
        }
    }

    @Test("over HTTP: server faults show the server-error screen, lost connections the no-internet one; retry recovers")
    func errorsOverHTTP() async throws {
        try await MockServerHarness.with { harness in
            // A body cut short by the connection closing is a lost connection (`ClientError.noConnection`).
            let faults: [(String, ScreenFailure.Kind)] = [("500", .serverError), ("503", .serverError),
                                                          ("429", .serverError), ("malformed", .serverError),
                                                          ("truncate", .noInternet), ("close", .noInternet)]
            for (fault, kind) in faults {
                let schedule = ScheduleViewModel(request: Samples.request, client: harness.client(fault: fault),
                                                 strings: strings)
                schedule.load()
                await eventually("fault \(fault)") { schedule.state.failure != nil }
                #expect(schedule.state.failure?.kind == kind, "fault \(fault)")
                #expect(schedule.state.failure?.title == (kind == .serverError ? "Ошибка сервера" : "Нет интернета"))
            }

            // Port 1 on loopback: nothing listens there, the connection is refused at once.
            let unreachable = try RaspClient.live(apiKey: testKey, retry: .never,
                                                  serverURL: URL(string: "http://127.0.0.1:1")!)
            let carrier = CarrierViewModel(code: "112", client: unreachable, strings: strings)
            carrier.load()
            await eventually { carrier.state.failure != nil }
            #expect(carrier.state.failure?.kind == .noInternet)
            #expect(carrier.state.failure?.title == "Нет интернета")

            let recovered = CarrierViewModel(code: "112", client: try harness.client(), strings: strings)
            recovered.load()
            await eventually { recovered.state.value != nil }
            #expect(recovered.state.value?.title == "РЖД/ФПК")
        }
    }
}
