/// A settlement (city, town, village) of the station directory, with the stations the directory lists in it.
public struct Settlement: Sendable, Hashable, Identifiable {
    /// The Yandex code, `c…` (`c213` is Moscow). Settlements without one cannot be searched or looked up.
    public var code: String
    /// The name, as the directory gives it («Санкт-Петербург»). May be empty in the data.
    public var title: String
    /// Another well-known name, when the data has one (`popular_title`); search finds it as an alias.
    public var popularTitle: String?
    /// The region's name («Курская область»), when the data has one.
    public var regionTitle: String?
    /// The region's code (`r…`), when the data has one.
    public var regionCode: String?
    /// The country's name («Россия»), when the data has one.
    public var countryTitle: String?
    /// The country's code (`l…`), when the data has one.
    public var countryCode: String?
    /// How many stations (with codes) the directory lists in this settlement.
    public var stationCount: Int
    /// The mean latitude of its stations that have coordinates (the directory has none for settlements).
    public var latitude: Double?
    /// The mean longitude of its stations that have coordinates.
    public var longitude: Double?

    /// The code, which identifies a settlement.
    public var id: String { code }

    /// Creates a settlement value (the directory makes these; tests and previews may too).
    public init(
        code: String, title: String, popularTitle: String? = nil, regionTitle: String? = nil,
        regionCode: String? = nil, countryTitle: String? = nil, countryCode: String? = nil, stationCount: Int = 0,
        latitude: Double? = nil, longitude: Double? = nil
    ) {
        self.code = code
        self.title = title
        self.popularTitle = popularTitle
        self.regionTitle = regionTitle
        self.regionCode = regionCode
        self.countryTitle = countryTitle
        self.countryCode = countryCode
        self.stationCount = stationCount
        self.latitude = latitude
        self.longitude = longitude
    }
}
