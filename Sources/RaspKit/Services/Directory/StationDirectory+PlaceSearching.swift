import RaspDirectory

// This file imports RaspDirectory only: RaspAPI has its own `Settlement` and `Station` (stations_list JSON).

extension StationDirectory: PlaceSearching {
    /// Settlements for what the user typed, led by the city `rasp search` would take for it (`PlaceResolver`:
    /// aliases such as «спб» or «Moscow», transliteration, one typo), then the directory's other matches; for an
    /// empty query, the settlements with the most stations (the big cities), so the city picker has something to
    /// offer before the user types.
    public func searchCities(_ query: String, limit: Int) -> [RouteCity] {
        guard limit > 0 else { return [] }
        if query.contains(where: { $0.isLetter || $0.isNumber }) {
            return PlaceResolver(directory: self).settlements(for: query, limit: limit).map(RouteCity.init)
        }
        return settlements.sorted { $0.stationCount > $1.stationCount }.prefix(limit).map(RouteCity.init)
    }

    /// A settlement's stations for what the user typed, led by the station the resolver takes for it among the
    /// city's stations (transliteration, one typo), then the others ranked by the directory's search (hubs first);
    /// for an empty query, all of them in directory order.
    public func searchStations(_ query: String, inCity cityCode: String, limit: Int) -> [RouteStation] {
        guard limit > 0 else { return [] }
        if query.contains(where: { $0.isLetter || $0.isNumber }) {
            return PlaceResolver(directory: self).stations(for: query, inSettlement: cityCode, limit: limit)
                .map(RouteStation.init)
        }
        return stations(inSettlement: cityCode).filter { !$0.title.isEmpty }.prefix(limit).map(RouteStation.init)
    }
}

extension RouteCity {
    /// The city of a directory settlement, with «region, country» as the subtitle.
    /// - Parameter settlement: The settlement.
    public init(_ settlement: Settlement) {
        let subtitle = [settlement.regionTitle, settlement.countryTitle].compactMap { $0 }.filter { !$0.isEmpty }
        self.init(code: settlement.code, title: settlement.title,
                  subtitle: subtitle.isEmpty ? nil : subtitle.joined(separator: ", "))
    }
}

extension RouteStation {
    /// The station of a directory station.
    /// - Parameter station: The station.
    public init(_ station: Station) {
        self.init(code: station.code, title: station.title, transportType: station.transportType.rawValue,
                  stationType: station.stationType.rawValue)
    }
}
