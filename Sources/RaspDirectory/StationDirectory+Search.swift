import Foundation

extension StationDirectory {
    /// Settlements whose name matches `query`, best first.
    ///
    /// Matching is forgiving: case and ё/е do not matter, punctuation, hyphens and spaces are word breaks
    /// («санкт петербург» = «Санкт-Петербург»), and the words may also be written together
    /// («санктпетербург»); every query word must start some word of the name («новг» finds Нижний Новгород);
    /// Latin finds Cyrillic and back by transliteration (`moskva`, `sankt-peterburg`, `nizhniy novgorod`);
    /// popular titles in the data are aliases; one typo (a letter wrong, missing, extra, or two swapped) is
    /// forgiven in a word of 5+ letters.
    ///
    /// Ranking: an exact name first, then names starting with the query, then names with a word starting with
    /// it, then typo matches; within each, settlements with more stations first, then directory order, so
    /// equal matches always come in the same order. An empty query (no letters or digits) returns nothing.
    public func searchSettlements(_ query: String, limit: Int = 20) -> [Settlement] {
        rankedSettlements(query, limit: limit).map { settlement(at: $0.entry) }
    }

    /// Stations whose name matches `query`, best first, matched like ``searchSettlements(_:limit:)``; within a
    /// kind of match, hubs (train and bus stations, airports, ports) come first, then stations, then stops,
    /// each by the size of their settlement.
    /// - Parameters:
    ///   - query: What the user typed.
    ///   - code: A settlement code to search only its stations (nothing when there is no such settlement), or nil
    ///     to search every station.
    ///   - limit: The most stations to return.
    public func searchStations(_ query: String, inSettlement code: String?, limit: Int = 20) -> [Station] {
        rankedStations(query, inSettlement: code, limit: limit).map { station(at: $0.entry) }
    }

    /// Places for free text, for a CLI argument or a search field: a settlement or station code (`c213`,
    /// `s9600213`) gives that place; «Станция, Город» gives stations of that name in the best matching
    /// settlement; any other text gives matching settlements and stations, best match first (a settlement
    /// before a station on an equal match).
    public func resolve(_ text: String, limit: Int = 5) -> [Place] {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard limit > 0, !trimmed.isEmpty else { return [] }
        if let place = place(code: trimmed) { return [place] }
        if let comma = trimmed.lastIndex(of: ","), let found = resolve(
            station: String(trimmed[..<comma]), settlement: String(trimmed[trimmed.index(after: comma)...]),
            limit: limit), !found.isEmpty
        {
            return found
        }
        let settlements = rankedSettlements(trimmed, limit: limit)
        let stations = rankedStations(trimmed, inSettlement: nil, limit: limit)
        var places: [Place] = []
        var settlementIndex = 0
        var stationIndex = 0
        while places.count < limit, settlementIndex < settlements.count || stationIndex < stations.count {
            let takeSettlement = stationIndex == stations.count
                || (settlementIndex < settlements.count
                    && settlements[settlementIndex].kind <= stations[stationIndex].kind)
            if takeSettlement {
                places.append(.settlement(settlement(at: settlements[settlementIndex].entry)))
                settlementIndex += 1
            } else {
                places.append(.station(station(at: stations[stationIndex].entry)))
                stationIndex += 1
            }
        }
        return places
    }

    // MARK: Ranked entries

    func rankedSettlements(_ query: String, limit: Int) -> [RankedEntry] {
        guard let query = SearchQuery(query) else { return [] }
        return storage.settlementIndex.search(query, limit: limit)
    }

    func rankedStations(_ query: String, inSettlement code: String?, limit: Int) -> [RankedEntry] {
        guard let query = SearchQuery(query) else { return [] }
        guard let code else { return storage.stationIndex.search(query, limit: limit) }
        guard let settlement = storage.settlements.codes.entry(for: code, text: storage.text) else { return [] }
        return storage.stationIndex.scan(query, entries: storage.settlements.stations(of: settlement), limit: limit)
    }

    /// The place with this code, when `text` is a code that exists.
    private func place(code text: String) -> Place? {
        guard !text.contains(where: { $0 == " " || $0 == "," }) else { return nil }
        if let settlement = settlement(code: text) { return .settlement(settlement) }
        if let station = station(code: text) { return .station(station) }
        return nil
    }

    /// Stations named `station` in the settlement best matching `settlement`.
    private func resolve(station: String, settlement: String, limit: Int) -> [Place]? {
        guard let best = rankedSettlements(settlement, limit: 1).first,
            let code = storage.settlements.codes.code(of: best.entry, text: storage.text)
        else { return nil }
        return rankedStations(station, inSettlement: code, limit: limit).map { .station(self.station(at: $0.entry)) }
    }
}
