import Foundation
import RaspDemo
@testable import RaspDirectory
import Testing
@testable import rasp

/// The rules that turn a place argument into one place, an ambiguity or a miss.
@Suite struct PlaceResolverTests {
    static let fixture = PlaceResolver(
        directory: try! StationDirectory.load(json: Data(StationsListFixture.twoAlexandrovkas.utf8)))
    static let demo = PlaceResolver(directory: try! StationDirectory.load(json: DemoAPI.stationsListJSON))

    private func code(_ resolution: PlaceResolver.Resolution) -> String? {
        if case .place(let place, _) = resolution { return place.code }
        return nil
    }

    private func candidates(_ resolution: PlaceResolver.Resolution) -> [String] {
        if case .ambiguous(let places) = resolution { return places.map(\.code) }
        return []
    }

    @Test func exactSettlementNameWinsOverItsStations() {
        #expect(code(Self.demo.resolve("Москва")) == "c213")
        #expect(code(Self.demo.resolve("санкт петербург")) == "c2")
        #expect(code(Self.demo.resolve("Химки")) == "c10758", "a settlement before a station of the same name")
    }

    @Test(arguments: [
        ("спб", "c2"), ("СПб", "c2"), ("Спб", "c2"), ("spb", "c2"), ("Питер", "c2"), ("Ленинград", "c2"),
        ("Saint Petersburg", "c2"), ("St. Petersburg", "c2"), ("мск", "c213"), ("msk", "c213"), ("Moscow", "c213"),
        ("Екб", "c54"), ("kazan", "c43"),
    ])
    func abbreviationsColloquialAndEnglishNames(text: String, code: String) {
        #expect(self.code(Self.demo.resolve(text)) == code, "«\(text)»")
    }

    @Test func oneTypoAwayFromOneNameIsThatPlace() {
        #expect(code(Self.demo.resolve("Моска")) == "c213")
        #expect(code(Self.demo.resolve("Санкт-Петрбург")) == "c2")
        #expect(code(Self.demo.resolve("Kaзань")) != "c213")
    }

    /// A real place the demo directory does not hold is not "corrected" into a place that differs in its first
    /// letter (Томск → Омск, Тула → Пула would send the traveller elsewhere).
    @Test func aTypoNeverChangesTheFirstLetter() {
        #expect(code(Self.demo.resolve("Омск")) == "c66")
        #expect(code(Self.demo.resolve("Томск")) == nil)
        #expect(code(Self.demo.resolve("Омсск")) == "c66")
    }

    @Test func settlementCommaStation() {
        let place = Self.demo.resolve("Химки, Бутаково")
        #expect(code(place) == "s9743011", "\(place)")
    }

    @Test func everyNameTheTableShowsResolvesBack() {
        // The search table prints station titles (TripTable.shortName): each resolves to that station, or to its
        // settlement when the station is named like it (the station «Химки» of the town Химки).
        let directory = Self.demo.directory
        for settlement in ["c213", "c2", "c10758", "c43"] {
            for station in directory.stations(inSettlement: settlement) {
                let resolved = code(Self.demo.resolve(station.title))
                #expect(resolved == station.code || resolved == settlement, "«\(station.title)» → \(resolved ?? "-")")
            }
        }
    }

    @Test func codesResolveToThemselves() {
        #expect(Self.demo.resolve("s9600213")
            == .place(.station(Self.demo.directory.station(code: "s9600213")!), exact: true))
        #expect(code(Self.demo.resolve("c2")) == "c2")
    }

    @Test func sameNameInTwoRegionsIsAmbiguous() {
        #expect(candidates(Self.fixture.resolve("Александровка")) == ["c9001", "c9002"])
    }

    @Test func aCityBeatsAVillageOfTheSameName() {
        #expect(code(Self.fixture.resolve("Москва")) == "c213", "6 stations against 1")
        #expect(code(Self.fixture.resolve("moskva")) == "c213", "transliterated names are exact too")
    }

    @Test func anExactNameBeatsALongerOne() {
        #expect(code(Self.fixture.resolve("Ростов")) == "c10838")
    }

    @Test func aStationNameResolvesToTheStation() {
        #expect(code(Self.demo.resolve("Шереметьево")) == "s9600213")
        #expect(code(Self.demo.resolve("Пулково")) == "s9600366")
    }

    @Test func partialNamesOfOneCityResolveToIt() {
        #expect(Self.demo.resolve("Санкт")
            == .place(.settlement(Self.demo.directory.settlement(code: "c2")!), exact: false))
        #expect(code(Self.demo.resolve("nizhniy novgorod")) == "c47")
        #expect(code(Self.demo.resolve("Ленинградский вокзал")) == "s2006004")
    }

    @Test func partialNamesOfSeveralCitiesAreAmbiguous() {
        let found = candidates(Self.demo.resolve("Новгород"))
        #expect(found.contains("c24") && found.contains("c47"), "\(found)")
        #expect(found.count <= PlaceResolver.candidateLimit)
    }

    @Test func unknownNamesSuggestCloseMatches() {
        guard case .notFound(let suggestions) = Self.demo.resolve("Москвабад") else {
            Issue.record("expected not found")
            return
        }
        #expect(suggestions.first?.code == "c213")
        #expect(Self.demo.resolve("Атлантида") == .notFound(suggestions: []))
    }

    @Test func latinKeysMergeSpellingVariants() {
        #expect(PlaceResolver.latinKey("Нижний Новгород") == PlaceResolver.latinKey("nizhniy novgorod"))
        #expect(PlaceResolver.latinKey("Химки") == PlaceResolver.latinKey("khimki"))
        #expect(PlaceResolver.latinKey("Ярославль") == PlaceResolver.latinKey("yaroslavl"))
        #expect(PlaceResolver.latinKey("Щёлково") == PlaceResolver.latinKey("shchelkovo"))
        #expect(PlaceResolver.latinKey("Тверь") != PlaceResolver.latinKey("tula"))
    }

    @Test func codeSyntax() {
        #expect(PlaceLookup.isCode("c213"))
        #expect(PlaceLookup.isCode("s9600213"))
        #expect(!PlaceLookup.isCode("c"))
        #expect(!PlaceLookup.isCode("сочи"))
        #expect(!PlaceLookup.isCode("c21a"))
        #expect(PlaceLookup.shellQuoted("Санкт-Петербург") == "Санкт-Петербург")
        #expect(PlaceLookup.shellQuoted("Москва, Тверь") == "'Москва, Тверь'")
    }
}
