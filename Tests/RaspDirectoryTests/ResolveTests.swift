import Testing
import RaspDirectory

@Suite struct ResolveTests {
    let directory = Fixtures.small

    @Test func codesResolveToTheirPlace() {
        #expect(directory.resolve("c213") == directory.settlement(code: "c213").map { [.settlement($0)] })
        #expect(directory.resolve("s9600213").map(\.code) == ["s9600213"])
        #expect(directory.resolve(" C2 ").map(\.title) == ["Санкт-Петербург"])
        #expect(directory.resolve("c1111").isEmpty)  // no such code, and no name matches it
    }

    @Test func aSettlementNameGivesTheSettlementFirst() throws {
        let places = directory.resolve("Москва")
        let first = try #require(places.first)
        #expect(first.settlement?.code == "c213")
        #expect(first.subtitle == "Москва и Московская область, Россия")
    }

    @Test func aStationNameGivesTheStation() {
        #expect(directory.resolve("Казанский вокзал").first?.code == "s2000003")
        #expect(directory.resolve("Шереметьево").first?.station?.stationType == .airport)
        #expect(directory.resolve("kazanskiy vokzal").first?.code == "s2000003")
    }

    @Test func settlementsBeforeStationsOnAnEqualMatch() {
        // Химки is both a settlement and its station.
        #expect(directory.resolve("Химки").map(\.code) == ["c10758", "s9601728"])
    }

    @Test func stationCommaSettlement() {
        #expect(directory.resolve("Финляндский вокзал, Санкт-Петербург").first?.code == "s9602498")
        #expect(directory.resolve("вокзал, Москва", limit: 2).map(\.code) == ["s2006004", "s2000003"])
    }

    @Test func limitAndEmptyText() {
        #expect(directory.resolve("н", limit: 3).count == 3)
        #expect(directory.resolve("").isEmpty)
        #expect(directory.resolve("Москва", limit: 0).isEmpty)
    }
}
