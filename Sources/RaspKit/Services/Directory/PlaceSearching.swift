/// A city (settlement) as the pickers and the route show it.
public struct RouteCity: Sendable, Hashable, Identifiable, Codable {
    /// The Yandex settlement code, e.g. `c213`.
    public var code: String
    /// The name, e.g. «Москва».
    public var title: String
    /// Region and country, e.g. «Москва и Московская область, Россия», when known.
    public var subtitle: String?

    /// A city.
    /// - Parameters:
    ///   - code: The settlement code.
    ///   - title: The name.
    ///   - subtitle: Region and country.
    public init(code: String, title: String, subtitle: String? = nil) {
        self.code = code
        self.title = title
        self.subtitle = subtitle
    }

    /// The code.
    public var id: String { code }
}

/// A station as the station picker and the route show it.
public struct RouteStation: Sendable, Hashable, Identifiable, Codable {
    /// The Yandex station code, e.g. `s2006004`.
    public var code: String
    /// The name, e.g. «Ленинградский вокзал».
    public var title: String
    /// The transport type code (`train`, `plane`, …), when known.
    public var transportType: String?
    /// The station type code (`train_station`, `airport`, …), when known.
    public var stationType: String?

    /// A station.
    /// - Parameters:
    ///   - code: The station code.
    ///   - title: The name.
    ///   - transportType: The transport type code.
    ///   - stationType: The station type code.
    public init(code: String, title: String, transportType: String? = nil, stationType: String? = nil) {
        self.code = code
        self.title = title
        self.transportType = transportType
        self.stationType = stationType
    }

    /// The code.
    public var id: String { code }
}

/// What the city and station pickers search: a station directory, already loaded.
///
/// `StationDirectory` (RaspDirectory) conforms; ``InMemoryPlaceDirectory`` is a small conformer for tests and
/// previews. Searches are ranked (best first) and synchronous; the pickers call them off the main actor.
public protocol PlaceSearching: Sendable {
    /// Cities matching `query`, best first. An empty query returns the directory's most notable cities
    /// (or nothing, when it has no notion of that).
    /// - Parameters:
    ///   - query: What the user typed.
    ///   - limit: The most results to return.
    /// - Returns: Ranked cities.
    func searchCities(_ query: String, limit: Int) -> [RouteCity]

    /// Stations of a city matching `query`, best first. An empty query returns the city's stations.
    /// - Parameters:
    ///   - query: What the user typed.
    ///   - cityCode: The settlement code.
    ///   - limit: The most results to return.
    /// - Returns: Ranked stations.
    func searchStations(_ query: String, inCity cityCode: String, limit: Int) -> [RouteStation]
}
