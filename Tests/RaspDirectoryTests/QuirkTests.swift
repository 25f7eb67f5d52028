import Foundation
import Testing
import RaspDirectory

/// The quirks of real stations_list data, one at a time (`Fixtures/stations_list_quirks.json`).
@Suite struct QuirkTests {
    let directory = Fixtures.quirks

    @Test func stationsWithoutCodesAreSkipped() {
        #expect(directory.stationCount == 5)
        #expect(directory.searchStations("платформа без кода", inSettlement: nil).isEmpty)
        #expect(directory.settlement(code: "c99903")?.stationCount == 3)
    }

    @Test func settlementWithEmptyTitleKeepsItsStationsButIsNotSearchable() throws {
        let settlement = try #require(directory.settlement(code: "c99901"))
        #expect(settlement.title == "")
        #expect(settlement.countryTitle == nil)  // the country's title is "" too
        let station = try #require(directory.station(code: "s9999901"))
        #expect(station.settlementCode == "c99901")
        #expect(station.settlementTitle == "")
        #expect(directory.searchStations("Разъезд", inSettlement: nil).codes == ["s9999901"])
        #expect(!directory.settlements.codes.contains("c99901"))
    }

    @Test func settlementWithoutCodeKeepsItsStationsButIsNotSearchable() throws {
        #expect(directory.searchSettlements("Новая Деревня").isEmpty)
        let station = try #require(directory.station(code: "s9999902"))
        #expect(station.settlementCode == nil)
        #expect(station.settlementTitle == "Новая Деревня")
    }

    @Test func emptyStringAndNullCoordinatesAreNil() throws {
        let empty = try #require(directory.station(code: "s9999901"))
        #expect(empty.latitude == nil && empty.longitude == nil)
        let null = try #require(directory.station(code: "s9999904"))
        #expect(null.latitude == nil)
        #expect(null.longitude == 38.25)
        let missing = try #require(directory.station(code: "s9999905"))
        #expect(missing.latitude == nil && missing.longitude == nil)
    }

    @Test func stringCoordinatesAreNumbers() throws {
        let station = try #require(directory.station(code: "s9999902"))
        #expect(station.latitude == 55.123)
        #expect(station.longitude == 37.456)  // " 37.456 " with spaces
    }

    @Test func localizedTypeNamesBecomeCodes() throws {
        let airport = try #require(directory.station(code: "s9999904"))
        #expect(airport.stationType == .airport)  // «аэропорт»
        #expect(airport.transportType == .plane)  // «Самолёт»
        let stop = try #require(directory.station(code: "s9999905"))
        #expect(stop.stationType == .stop)  // «остановочный пункт»
        #expect(stop.transportType == .suburban)  // «Электричка»
        let kastornaya = try #require(Fixtures.small.station(code: "s9605487"))
        #expect(kastornaya.stationType == .station)  // «станция»
        #expect(kastornaya.transportType == .train)  // «Поезд»
        let blank = try #require(directory.station(code: "s9999901"))
        #expect(blank.stationType == .unknown)  // ""
        #expect(blank.transportType == .unknown)
        #expect(StationType(apiValue: "Речной вокзал") == .riverPort)
        #expect(StationType(apiValue: "halt") == StationType(rawValue: "halt"))
        #expect(!StationType(apiValue: "halt").isKnown)
    }

    @Test func stationWithEmptyTitleIsFoundByCodeOnly() throws {
        let station = try #require(directory.station(code: "s9999905"))
        #expect(station.title == "")
        #expect(station.direction == "Павелецкое")
        #expect(directory.resolve("s9999905").map(\.code) == ["s9999905"])
    }

    @Test func escapedStringsAreDecoded() throws {
        let station = try #require(directory.station(code: "s9999906"))
        #expect(station.title == "Сосновка-Товарная \"2\"")
        #expect(directory.searchStations("товарная 2", inSettlement: "c99903").codes == ["s9999906"])
    }

    @Test func unknownMembersAndAnyMemberOrderAreFine() throws {
        // Сосновка has an "extra" member and its codes before its title.
        let settlement = try #require(directory.settlement(code: "c99903"))
        #expect(settlement.title == "Сосновка")
        #expect(settlement.regionTitle == "Регион с причудами")
        #expect(directory.station(code: "s9999904")?.esrCode == "230108")
    }

    @Test func malformedDocumentsThrowWithAnOffset() {
        let cases: [(String, Int)] = [
            ("", 0), ("[]", 0), ("{\"foo\": 1}", 10), ("{\"countries\": [", 15),
            ("{\"countries\": [{\"title\": \"Россия}]}", 41), ("{\"countries\": []} x", 18),
            ("{\"countries\": [{\"regions\": [{\"settlements\": [{\"stations\": [{\"title\": tru}]}]}]}]}", 69),
        ]
        for (json, offset) in cases {
            #expect(throws: StationDirectoryError.self) { try StationDirectory.load(json: Data(json.utf8)) }
            do {
                _ = try StationDirectory.load(json: Data(json.utf8))
            } catch let StationDirectoryError.malformedJSON(found, reason) {
                #expect(found == offset, "\(json): \(reason)")
            } catch {
                Issue.record("unexpected error \(error)")
            }
        }
    }

    @Test func emptyCountriesIsAnEmptyDirectory() throws {
        let directory = try StationDirectory.load(json: Data("{\"countries\": []}".utf8))
        #expect(directory.settlementCount == 0)
        #expect(directory.searchSettlements("москва").isEmpty)
        #expect(directory.resolve("Москва").isEmpty)
    }
}
