/// A station (railway station, platform, airport, bus stop, pier…) of the station directory.
public struct Station: Sendable, Hashable, Identifiable {
    /// The Yandex code, `s…` (`s9600213` is Sheremetyevo). Stations without one are not loaded.
    public var code: String
    /// The name («Казанский вокзал»). May be empty in the data; such stations are not found by name.
    public var title: String
    /// Another well-known name, when the data has one (`popular_title`); search finds it as an alias.
    public var popularTitle: String?
    /// What kind of station this is, normalized from a code or a localized name.
    public var stationType: StationType
    /// The transport serving it, normalized from a code or a localized name.
    public var transportType: TransportType
    /// Latitude, nil when the data has none (`""`, `null`, missing).
    public var latitude: Double?
    /// Longitude, nil when the data has none.
    public var longitude: Double?
    /// The code of its settlement, nil when that settlement has no code.
    public var settlementCode: String?
    /// The name of its settlement, `""` when the data has none.
    public var settlementTitle: String
    /// The name of its region, when the data has one.
    public var regionTitle: String?
    /// The name of its country, when the data has one.
    public var countryTitle: String?
    /// The railway direction («Курское»), nil for non-rail stations (`""` in the data).
    public var direction: String?
    /// The ESR (Russian railway) code, when the data has one.
    public var esrCode: String?

    /// The code, which identifies a station.
    public var id: String { code }

    /// Creates a station value (the directory makes these; tests and previews may too).
    public init(
        code: String, title: String, popularTitle: String? = nil, stationType: StationType = .unknown,
        transportType: TransportType = .unknown, latitude: Double? = nil, longitude: Double? = nil,
        settlementCode: String? = nil, settlementTitle: String = "", regionTitle: String? = nil,
        countryTitle: String? = nil, direction: String? = nil, esrCode: String? = nil
    ) {
        self.code = code
        self.title = title
        self.popularTitle = popularTitle
        self.stationType = stationType
        self.transportType = transportType
        self.latitude = latitude
        self.longitude = longitude
        self.settlementCode = settlementCode
        self.settlementTitle = settlementTitle
        self.regionTitle = regionTitle
        self.countryTitle = countryTitle
        self.direction = direction
        self.esrCode = esrCode
    }
}
