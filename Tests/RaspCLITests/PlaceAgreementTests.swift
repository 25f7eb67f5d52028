import Foundation
import RaspDemo
import RaspDirectory
import RaspKit
import Testing

/// One way to read a place name: `rasp search`, `rasp stations`, `rasp schedule` and the app's city and station
/// pickers take the same top place for the same text, on the demo data. Aliases, English names, transliterations
/// and one typo are read alike everywhere.
@Suite struct PlaceAgreementTests {
    static let directory = try! StationDirectory.load(json: DemoAPI.stationsListJSON)

    /// Texts that name a city, with its code: aliases and former names, English names, transliterations, typos.
    static let cities: [(text: String, code: String)] = [
        ("спб", "c2"), ("мск", "c213"), ("Moscow", "c213"), ("Saint Petersburg", "c2"), ("екб", "c54"),
        ("Нск", "c65"), ("Ленинград", "c2"), ("питер", "c2"), ("СПб", "c2"), ("St. Petersburg", "c2"),
        ("Yekaterinburg", "c54"), ("moskva", "c213"), ("sankt-peterburg", "c2"), ("nizhniy novgorod", "c47"),
        ("Novosibirsk", "c65"), ("Моска", "c213"), ("Санкт-Петрбург", "c2"), ("Екатеринбруг", "c54"),
        ("Новосибрск", "c65"), ("Нижний Новгрод", "c47"),
    ]

    /// Texts that name a station, with its code and the city whose station picker lists it.
    static let stations: [(text: String, code: String, city: String)] = [
        ("Шереметьево", "s9600213", "c213"), ("sheremetyevo", "s9600213", "c213"), ("Шереметево", "s9600213", "c213"),
        ("Пулково", "s9600366", "c2"), ("pulkovo", "s9600366", "c2"), ("Пулкого", "s9600366", "c2"),
    ]

    @Test(arguments: cities)
    func aCityNameMeansTheSameCityEverywhere(text: String, code: String) async throws {
        #expect(try await Self.search(text) == code, "rasp search «\(text)»")
        #expect(try await Self.stationsList(text) == code, "rasp stations «\(text)»")
        #expect(try await Self.schedulePlace(text, naming: .city) == code, "rasp schedule «\(text)»")
        #expect(await Self.cityPicker(text) == code, "city picker «\(text)»")
    }

    @Test(arguments: stations)
    func aStationNameMeansTheSameStationEverywhere(text: String, code: String, city: String) async throws {
        #expect(try await Self.search(text) == code, "rasp search «\(text)»")
        #expect(try await Self.stationsList(text) == code, "rasp stations «\(text)»")
        #expect(try await Self.schedulePlace(text, naming: .station) == code, "rasp schedule «\(text)»")
        #expect(await Self.stationPicker(text, city: city) == code, "station picker of \(city) «\(text)»")
        #expect(await Self.cityPicker(text) == city, "city picker «\(text)»: the station's city")
    }

    // MARK: Entry points

    /// The origin `rasp search TEXT Тверь` searched from.
    static func search(_ text: String) async throws -> String? {
        let run = try await RaspProcess.run(["search", text, "Тверь", "--json", "--limit", "1"])
        let record = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        return (record?["from"] as? [String: Any])?["code"] as? String
    }

    /// The first place `rasp stations TEXT` lists.
    static func stationsList(_ text: String) async throws -> String? {
        let run = try await RaspProcess.run(["stations", text, "--json", "--limit", "3"])
        let places = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]]
        return places?.first?["code"] as? String
    }

    /// What a text is expected to name.
    enum Kind {
        case city, station
    }

    /// The place `rasp schedule TEXT` took: the station it shows, or the city whose stations it lists to pick
    /// from. A city with one station is that station; for a city name, the station's city is returned then.
    static func schedulePlace(_ text: String, naming kind: Kind) async throws -> String? {
        let run = try await RaspProcess.run(["schedule", text, "--json", "--limit", "1"])
        if run.status == 0 {
            let record = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
            let station = (record?["station"] as? [String: Any])?["code"] as? String
            guard kind == .city else { return station }
            return station.flatMap { directory.station(code: $0)?.settlementCode }
        }
        // «Санкт-Петербург (c2) is a settlement; timetables are per station.», maybe wrapped.
        let match = run.stderr.firstMatch(of: #/\((c\d+)\)\s+is\s+a\s+settlement/#)
        return match.map { String($0.1) }
    }

    /// The first city of a city picker over the directory, for a query typed before it appeared.
    @MainActor
    static func cityPicker(_ text: String) async -> String? {
        let picker = CityPickerViewModel(directory: .ready(directory))
        return await firstResult(of: picker, for: text)?.code
    }

    /// The first station of a city's station picker.
    @MainActor
    static func stationPicker(_ text: String, city: String) async -> String? {
        guard let settlement = directory.settlement(code: city) else { return nil }
        let picker = StationPickerViewModel(city: RouteCity(settlement), directory: .ready(directory))
        return await firstResult(of: picker, for: text)?.code
    }

    /// The first item a picker shows for a query: typed before the directory loads, it is searched as soon as the
    /// load ends, with no debounce.
    @MainActor
    private static func firstResult<Item: Sendable & Hashable & Identifiable>(
        of picker: PlacePickerViewModel<Item>, for text: String
    ) async -> Item? {
        picker.query = text
        picker.onAppear()
        // A hang guard only: the search runs on a detached task and ends within milliseconds.
        let deadline = ContinuousClock.now + .seconds(30)
        while ContinuousClock.now < deadline {
            switch picker.state {
            case .loaded(let items): return items.first
            case .empty, .failed: return nil
            case .idle, .loading: try? await Task.sleep(for: .milliseconds(2))
            }
        }
        Issue.record("the picker never answered «\(text)»")
        return nil
    }
}
