import Testing
import RaspDirectory

@Suite struct StationSearchTests {
    let directory = Fixtures.small

    @Test func searchesInsideOneSettlement() {
        #expect(
            directory.searchStations("вокзал", inSettlement: "c213").codes
                == ["s2006004", "s2000003", "s2000002", "s2000001"])
        #expect(directory.searchStations("шереметьево", inSettlement: "c213").codes == ["s9600213"])
        #expect(directory.searchStations("шереметьево", inSettlement: "c2").isEmpty)
        #expect(directory.searchStations("вокзал", inSettlement: "c1111").isEmpty)
    }

    @Test func hubsBeforeStops() {
        // Казанский вокзал (a train station) before Казанская улица (a bus stop).
        #expect(directory.searchStations("казан", inSettlement: "c213").codes == ["s2000003", "s9881704"])
    }

    @Test func exactBeforePrefixInsideASettlement() {
        #expect(
            directory.searchStations("Сергач", inSettlement: "c20044").codes == ["s9606251", "s9856102", "s9856103"])
        #expect(directory.searchStations("больница", inSettlement: "c20044").codes == ["s9856103"])
    }

    @Test func searchesEveryStation() {
        #expect(directory.searchStations("Пулково", inSettlement: nil).codes == ["s9600366"])
        #expect(directory.searchStations("sheremetyevo", inSettlement: nil).codes == ["s9600213"])
        #expect(directory.searchStations("Шеремтьево", inSettlement: nil).codes == ["s9600213"])
        #expect(directory.searchStations("домод", inSettlement: nil).codes == ["s9600216"])
    }

    @Test func popularTitlesAreAliases() {
        // «Санкт-Петербург, Северный автовокзал» is popularly «Северный автовокзал (Мурино)».
        #expect(directory.searchStations("Мурино", inSettlement: nil).codes == ["s9742908"])
        #expect(directory.searchStations("мурино", inSettlement: "c2").codes == ["s9742908"])
        // The alias matches exactly, the title only by a later word.
        let finland = directory.searchStations("Финляндский вокзал", inSettlement: nil)
        #expect(finland.first?.code == "s9602498")
        #expect(finland.first?.popularTitle == "Финляндский вокзал")
    }

    @Test func punctuationInNamesIsIgnored() {
        #expect(directory.searchStations("южные ворота", inSettlement: nil).codes == ["s9623561"])
        #expect(directory.searchStations("Автовокзал Южные", inSettlement: "c213").codes == ["s9623561"])
    }

    @Test func emptyQueryFindsNothing() {
        #expect(directory.searchStations("", inSettlement: "c213").isEmpty)
        #expect(directory.searchStations(" - ", inSettlement: nil).isEmpty)
    }
}
