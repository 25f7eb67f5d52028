import RaspDirectory
import Testing

/// The resolver's lists lead with the place its decision takes, so a list and a resolution agree on the top place.
@Suite struct PlaceResolverTests {
    let resolver = PlaceResolver(directory: Fixtures.small)

    private func code(_ resolution: PlaceResolver.Resolution) -> String? {
        if case .place(let place, _) = resolution { return place.code }
        return nil
    }

    @Test(arguments: [
        ("спб", "c2"), ("Ленинград", "c2"), ("Saint Petersburg", "c2"), ("мск", "c213"), ("Moscow", "c213"),
        ("екб", "c54"), ("Моска", "c213"), ("sankt-peterburg", "c2"), ("Екатеринбрг", "c54"), ("Пулково", "s9600366"),
    ])
    func everyListStartsWithTheResolvedPlace(text: String, code: String) {
        #expect(self.code(resolver.resolve(text)) == code, "«\(text)»")
        #expect(resolver.places(for: text, limit: 10).first?.code == code, "«\(text)»")
        let city = code.hasPrefix("c") ? code : resolver.directory.station(code: code)?.settlementCode
        #expect(resolver.settlements(for: text, limit: 10).first?.code == city,
                "«\(text)»: a station leads with its city")
    }

    @Test func anAliasListsItsPlaceBeforeWhatTheAliasSpellsElsewhere() {
        // «Ленинград» is a word of Moscow's «Ленинградский вокзал» too: listed, but after St Petersburg and its
        // stations.
        let codes = resolver.places(for: "Ленинград", limit: 10).map(\.code)
        #expect(codes.first == "c2")
        let moscowStation = codes.firstIndex(of: "s2006004") ?? -1
        let lastOfPetersburg = codes.lastIndex { ["c2", "s9602494", "s9602498", "s9742908"].contains($0) } ?? -1
        #expect(lastOfPetersburg >= 0 && lastOfPetersburg < moscowStation, "\(codes)")
    }

    @Test func anAmbiguousTextListsItsCandidatesFirst() {
        guard case .ambiguous(let candidates) = resolver.resolve("Сосновка") else {
            Issue.record("«Сосновка» names two villages")
            return
        }
        #expect(candidates.map(\.code) == ["c20598", "c20599"])
        let list = resolver.places(for: "Сосновка", limit: 10)
        #expect(Array(list.prefix(candidates.count)) == candidates)
    }

    @Test func theStationListOfOneCityLeadsWithItsResolvedStation() {
        #expect(code(resolver.resolve("sheremetyevo", amongStationsOf: "c213")) == "s9600213")
        #expect(resolver.stations(for: "sheremetyevo", inSettlement: "c213", limit: 5).first?.code == "s9600213")
        #expect(resolver.stations(for: "Шереметево", inSettlement: "c213", limit: 5).first?.code == "s9600213")
        #expect(resolver.stations(for: "Ленинградский", inSettlement: "c213", limit: 5).first?.code == "s2006004")
        // Aliases name settlements, not stations: «ленинград» in St Petersburg's picker is no station there.
        #expect(resolver.stations(for: "ленинград", inSettlement: "c2", limit: 5).isEmpty)
    }

    @Test func nothingPlausibleLeadsWithNothing() {
        #expect(resolver.places(for: "Атлантида", limit: 5).isEmpty)
        #expect(resolver.settlements(for: "x", limit: 0).isEmpty)
        #expect(resolver.places(for: "спб", limit: 1).map(\.code) == ["c2"])
    }
}
