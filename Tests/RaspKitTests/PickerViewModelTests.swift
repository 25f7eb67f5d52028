import Clocks
import Foundation
import RaspKit
import RaspRuntime
import Testing

@MainActor
@Suite("City and station pickers")
struct PickerViewModelTests {
    @Test("search as you type is debounced on the clock and ranked")
    func debouncedSearch() async throws {
        let clock = TestClock()
        let picker = CityPickerViewModel(directory: .ready(Samples.directory), clock: clock,
                                         strings: .init(language: .ru))
        #expect(picker.state == .idle)
        #expect(picker.title == "Выбор города")
        picker.onAppear()
        await eventually { picker.state.value?.count == 4 }

        picker.query = "мо"
        picker.query = "мос"
        await clock.advance(by: .milliseconds(299))
        #expect(picker.state.value?.count == 4, "no search before the pause ends")
        await clock.advance(by: .milliseconds(1))
        await eventually(nudging: clock) { picker.state.value?.count == 2 }
        #expect(picker.state.value?.map(\.title) == ["Москва", "Мосальск"])

        picker.query = "ПЕТЕРБ"
        await clock.advance(by: .milliseconds(300))
        await eventually(nudging: clock) { picker.state.value?.first?.code == "c2" }
    }

    @Test("nothing found → «Город не найден» / «Станция не найдена», in both languages")
    func emptyMessages() async {
        let clock = TestClock()
        let city = CityPickerViewModel(directory: .ready(Samples.directory), clock: clock,
                                       strings: .init(language: .ru))
        city.onAppear()
        await eventually { city.state.value != nil }
        city.query = "Лондон"
        await clock.advance(by: .milliseconds(300))
        await eventually(nudging: clock) { city.state.emptyMessage != nil }
        #expect(city.state == .empty(message: "Город не найден"))

        let station = StationPickerViewModel(city: Samples.moscow, directory: .ready(Samples.directory), clock: clock,
                                             strings: .init(language: .en))
        station.onAppear()
        await eventually { station.state.value?.count == 3 }
        station.query = "Ладожский"  // a Petersburg station
        await clock.advance(by: .milliseconds(300))
        await eventually(nudging: clock) { station.state.emptyMessage != nil }
        #expect(station.state == .empty(message: "Station not found"))
        station.query = ""
        await clock.advance(by: .milliseconds(300))
        await eventually(nudging: clock) { station.state.value?.count == 3 }
    }

    @Test("a station picker searches only its city and records the pick")
    func stationPicker() async throws {
        let clock = TestClock()
        let picker = StationPickerViewModel(city: Samples.moscow, directory: .ready(Samples.directory), clock: clock,
                                            strings: .init(language: .ru))
        picker.onAppear()
        await eventually { picker.state.value != nil }
        #expect(picker.state.value?.map(\.code) == ["s2006004", "s2000001", "s9600213"])
        picker.query = "вокзал"
        await clock.advance(by: .milliseconds(300))
        await eventually(nudging: clock) { picker.state.value?.count == 2 }
        let pick = try #require(picker.state.value?.first)
        picker.select(pick)
        #expect(picker.selection == pick)
    }

    @Test("the directory's load: loading, then each error screen, then retry")
    func directoryLoad() async {
        let attempts = Recorder<Int>()
        let loader = PlaceDirectoryLoader {
            attempts.append(1)
            switch attempts.count {
            case 1: throw ClientError.noConnection(operationID: "stationsList", reason: "offline")
            case 2: throw ClientError.http(.init(operationID: "stationsList", status: 503, headers: [:], body: Data(),
                                                 decodedBody: nil))
            default: return Samples.directory
            }
        }
        let analytics = InMemoryAnalyticsTracker()
        let picker = CityPickerViewModel(directory: loader, clock: TestClock(), strings: .init(language: .ru),
                                         analytics: analytics)
        picker.query = "моск"  // typed while loading: searched once the directory arrives
        picker.onAppear()
        #expect(picker.state == .loading)
        await eventually { picker.state.failure != nil }
        #expect(picker.state.failure?.kind == .noInternet)
        #expect(picker.state.failure?.title == "Нет интернета")
        picker.retry()
        await eventually { picker.state.failure?.kind == .serverError }
        picker.retry()
        await eventually { picker.state.value != nil }
        #expect(picker.state.value?.map(\.title) == ["Москва"])
        #expect(analytics.events.first == .screenOpened(.cityPicker))
        #expect(analytics.events.contains(.errorShown(screen: .cityPicker, kind: .noInternet)))

        // A second picker gets the cached directory without loading it again.
        let station = StationPickerViewModel(city: Samples.petersburg, directory: loader, clock: TestClock())
        station.onAppear()
        await eventually { station.state.value?.count == 2 }
        #expect(attempts.count == 3)
    }

    @Test("a new query cancels the pending search it supersedes")
    func supersededSearch() async {
        let clock = TestClock()
        let picker = CityPickerViewModel(directory: .ready(Samples.directory), clock: clock)
        picker.onAppear()
        await eventually { picker.state.value != nil }
        picker.query = "Екат"
        await clock.advance(by: .milliseconds(200))
        picker.query = "Санкт"
        await clock.advance(by: .milliseconds(200))
        #expect(picker.state.value?.count == 4, "the first query's timer was cancelled")
        await clock.advance(by: .milliseconds(100))
        await eventually(nudging: clock) { picker.state.value?.map(\.code) == ["c2"] }
    }

    @Test("ranking: prefix of the name, then of a word, then inside; ё is е")
    func ranking() {
        let directory = InMemoryPlaceDirectory([
            .init(city: RouteCity(code: "1", title: "Новая Москва"), stations: []),
            .init(city: RouteCity(code: "2", title: "Москва"), stations: []),
            .init(city: RouteCity(code: "3", title: "Подмосковье"), stations: []),
            .init(city: RouteCity(code: "4", title: "Орёл"), stations: []),
        ])
        #expect(directory.searchCities("моск", limit: 10).map(\.code) == ["2", "1", "3"])
        #expect(directory.searchCities("орел", limit: 10).map(\.code) == ["4"])
        #expect(directory.searchCities("", limit: 2).map(\.code) == ["1", "2"])
    }
}
