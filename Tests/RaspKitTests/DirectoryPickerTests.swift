import Clocks
import Foundation
import RaspDemo
import RaspDirectory
import RaspKit
import Testing

/// The demo `stations_list` body as served by the mock server.
enum DemoAPIJSON {
    static let stationsList = DemoAPI.stationsListJSON
}

@MainActor
@Suite("Pickers over the real station directory")
struct DirectoryPickerTests {
    let directory = try! StationDirectory.load(json: DemoAPIJSON.stationsList)

    @Test("StationDirectory answers the pickers: ranked cities, a city's stations, notable cities for an empty query")
    func conformance() throws {
        let moscow = try #require(directory.searchCities("моск", limit: 5).first)
        #expect(moscow.code == "c213")
        #expect(moscow.title == "Москва")
        #expect(moscow.subtitle?.contains("Россия") == true)
        #expect(directory.searchCities("sankt-peterburg", limit: 1).first?.code == "c2")
        let notable = directory.searchCities("", limit: 3)
        #expect(notable.count == 3)
        #expect(notable.contains { $0.code == "c213" })
        let stations = directory.searchStations("", inCity: "c213", limit: 100)
        #expect(stations.contains { $0.code == "s2006004" })
        #expect(directory.searchStations("ленинград", inCity: "c213", limit: 5).first?.code == "s2006004")
        #expect(directory.searchStations("ленинград", inCity: "c2", limit: 5).isEmpty)
        #expect(directory.searchCities("x", limit: 0).isEmpty)
    }

    @Test("typing in the city picker over the directory, with a typo and with nothing found")
    func typing() async throws {
        let clock = TestClock()
        let picker = CityPickerViewModel(directory: .ready(directory), clock: clock, strings: .init(language: .ru))
        picker.onAppear()
        await eventually { picker.state.value != nil }
        picker.query = "Екатеринбруг"  // two letters swapped
        await clock.advance(by: .milliseconds(300))
        await eventually(nudging: clock) { picker.state.value?.first?.code == "c54" }
        picker.query = "Атлантида"
        await clock.advance(by: .milliseconds(300))
        await eventually(nudging: clock) { picker.state.emptyMessage != nil }
        #expect(picker.state == .empty(message: "Город не найден"))
    }

    @Test("route titles do not repeat the city when the station's name has it")
    func routeTitles() throws {
        let ru = RaspKit.Strings(language: .ru)
        let moscow = try #require(directory.searchCities("Москва", limit: 1).first)
        let leningradsky = try #require(directory.searchStations("Ленинградский", inCity: "c213", limit: 1).first)
        #expect(RoutePoint(city: moscow, station: leningradsky).title(ru) == leningradsky.title)
        #expect(RoutePoint(city: Samples.moscow, station: Samples.leningradsky).title(ru)
            == "Москва (Ленинградский вокзал)")
    }
}
