// Ranked lists for a search field or a listing, led by what the resolver decides, so that a list and a resolution
// of the same text always agree on the top place.
extension PlaceResolver {
    /// Settlements and stations for a text (`rasp stations`): first what ``resolve(_:)`` decides (the place, or
    /// the candidates of an ambiguous text; nothing when no place is plausible), then the directory's other matches
    /// for the name an alias stands for and for the text as written, each place once.
    /// - Parameters:
    ///   - text: What the person typed.
    ///   - limit: The most places to return.
    /// - Returns: Places, best first.
    public func places(for text: String, limit: Int) -> [Place] {
        guard limit > 0 else { return [] }
        let lead = Self.leading(resolve(text, suggesting: false))
        let matches = searchTexts(text).map { directory.resolve($0, limit: limit) }
        return Self.merged(lead, matches, limit: limit, id: \.code)
    }

    /// Settlements for a text (a city picker), ranked like ``places(for:limit:)``: a text that resolves to a
    /// station (`Пулково`) leads with the station's settlement.
    /// - Parameters:
    ///   - text: What the person typed.
    ///   - limit: The most settlements to return.
    /// - Returns: Settlements, best first.
    public func settlements(for text: String, limit: Int) -> [Settlement] {
        guard limit > 0 else { return [] }
        let lead = Self.leading(resolve(text, suggesting: false)).compactMap(settlement(of:))
        let matches = searchTexts(text).map { directory.searchSettlements($0, limit: limit) }
        return Self.merged(lead, matches, limit: limit, id: \.code)
    }

    /// The stations of one settlement for a text (a station picker): first what
    /// ``resolve(_:amongStationsOf:)`` decides, then the settlement's other matching stations.
    /// - Parameters:
    ///   - text: What the person typed.
    ///   - code: The settlement's code.
    ///   - limit: The most stations to return.
    /// - Returns: Stations, best first.
    public func stations(for text: String, inSettlement code: String, limit: Int) -> [Station] {
        guard limit > 0 else { return [] }
        let lead = Self.leading(decide(text, in: .stations(of: code), suggesting: false)).compactMap(\.station)
        let matches = directory.searchStations(text, inSettlement: code, limit: limit)
        return Self.merged(lead, [matches], limit: limit, id: \.code)
    }

    // MARK: Merging

    /// The places a resolution puts at the top of a list.
    static func leading(_ resolution: Resolution) -> [Place] {
        switch resolution {
        case .place(let place, _): [place]
        case .ambiguous(let candidates): candidates
        case .notFound: []
        }
    }

    /// The texts whose matches fill a list: the name an alias stands for, then the text.
    private func searchTexts(_ text: String) -> [String] {
        [PlaceAliases.canonicalName(for: text), text].compactMap { $0 }
    }

    /// The settlement of a place: itself, or a station's settlement when the directory has it.
    private func settlement(of place: Place) -> Settlement? {
        switch place {
        case .settlement(let settlement): settlement
        case .station(let station): station.settlementCode.flatMap { directory.settlement(code: $0) }
        }
    }

    /// `lead`, then each list in turn, each item once, up to `limit`.
    static func merged<Item>(_ lead: [Item], _ lists: [[Item]], limit: Int, id: (Item) -> String) -> [Item] {
        var seen: Set<String> = []
        var result: [Item] = []
        for item in lead + lists.joined() where result.count < limit && seen.insert(id(item)).inserted {
            result.append(item)
        }
        return result
    }
}
