import Foundation
import Testing
@testable import RaspDirectory

@Suite struct LoadingTests {
    @Test func loadsTheWholeHierarchy() throws {
        let directory = Fixtures.small
        #expect(directory.settlementCount == 23)
        #expect(directory.stationCount == 41)
        let moscow = try #require(directory.settlement(code: "c213"))
        #expect(moscow.title == "Москва")
        #expect(moscow.regionTitle == "Москва и Московская область")
        #expect(moscow.regionCode == "r1")
        #expect(moscow.countryTitle == "Россия")
        #expect(moscow.countryCode == "l225")
        #expect(moscow.stationCount == 10)
        let latitude = try #require(moscow.latitude)
        #expect(latitude > 55.4 && latitude < 56)
    }

    @Test func stationsCarryEveryField() throws {
        let station = try #require(Fixtures.small.station(code: "s2000003"))
        #expect(station.title == "Казанский вокзал")
        #expect(station.stationType == .trainStation)
        #expect(station.transportType == .train)
        #expect(station.latitude == 55.773)
        #expect(station.longitude == 37.657)
        #expect(station.settlementCode == "c213")
        #expect(station.settlementTitle == "Москва")
        #expect(station.regionTitle == "Москва и Московская область")
        #expect(station.countryTitle == "Россия")
        #expect(station.direction == "Казанское")
        #expect(station.esrCode == "194013")
        let airport = try #require(Fixtures.small.station(code: "s9600213"))
        #expect(airport.direction == nil)
        #expect(airport.esrCode == nil)
        #expect(airport.latitude == 55.972642)
    }

    @Test func stationsOfASettlementInDocumentOrder() {
        let stations = Fixtures.small.stations(inSettlement: "c2")
        #expect(stations.codes == ["s9602494", "s9602498", "s9742908", "s9600366"])
        #expect(Fixtures.small.stations(inSettlement: "c1111").isEmpty)
    }

    @Test func codesAreLookedUpExactly() {
        let directory = Fixtures.small
        #expect(directory.settlement(code: "c2")?.title == "Санкт-Петербург")
        #expect(directory.settlement(code: "C2")?.title == "Санкт-Петербург")
        #expect(directory.settlement(code: "c20") == nil)
        #expect(directory.settlement(code: "s9600213") == nil)
        #expect(directory.station(code: "s9600213")?.title == "Шереметьево")
        #expect(directory.station(code: "s09600213") == nil)
        #expect(directory.station(code: "") == nil)
    }

    @Test func readsTheDocumentationExample() throws {
        let directory = try StationDirectory.load(contentsOf: Fixtures.docsExampleURL)
        #expect(directory.settlementCount == 4)
        #expect(directory.stationCount == 4)
        let bermuda = try #require(directory.station(code: "s9628674"))
        #expect(bermuda.stationType == .airport)  // «аэропорт»
        #expect(bermuda.transportType == .plane)  // «Самолёт»
        #expect(bermuda.settlementCode == nil)  // its settlement has `"codes": {}`
        #expect(bermuda.settlementTitle == "Населенный пункт на Бермудских островах")
        #expect(bermuda.regionTitle == "Регион на Бермудских островах")
        #expect(bermuda.countryTitle == "Бермудские острова")
        let kastornaya = try #require(directory.station(code: "s9605487"))
        #expect(kastornaya.latitude == 51.780828)
        #expect(kastornaya.longitude == 38.123675)
        #expect(kastornaya.esrCode == "595401")
        #expect(kastornaya.direction == "Елецкое")
        #expect(directory.searchSettlements("Банжул").codes == ["c21012"])
        #expect(directory.searchSettlements("Населенный пункт").isEmpty)
        #expect(directory.settlements.codes == ["c21012", "c54722", "c22754"])
    }

    @Test func loadsFromDataLikeFromAFile() throws {
        let data = try Data(contentsOf: Fixtures.url("stations_list_small.json"))
        let directory = try StationDirectory.load(json: data)
        #expect(directory.stationCount == Fixtures.small.stationCount)
        #expect(directory.searchSettlements("моск").codes == Fixtures.small.searchSettlements("моск").codes)
    }
}
