/// Countries or regions: a title and a code each, and for regions the country they belong to.
struct AreaColumns: Sendable {
    var titles: [TextRef] = []
    var codes: [TextRef] = []
    /// The parent of each entry (the country of a region); empty for countries.
    var parents: [UInt32] = []

    var count: Int { titles.count }
}

/// Settlements, in document order; each owns a contiguous run of stations.
struct SettlementColumns: Sendable {
    var titles: [TextRef] = []
    var codes = CodeColumn(letter: UInt8(ascii: "c"))
    var regions: [UInt32] = []
    var firstStations: [UInt32] = []
    var stationCounts: [UInt32] = []
    /// `popular_title` values, when the data has them.
    var aliases = SparseTexts()

    var count: Int { titles.count }

    /// The stations of `entry` as a range of station entries.
    func stations(of entry: Int) -> Range<Int> {
        let first = Int(firstStations[entry])
        return first..<(first + Int(stationCounts[entry]))
    }
}

/// Stations with codes, in document order.
struct StationColumns: Sendable {
    var titles: [TextRef] = []
    var codes = CodeColumn(letter: UInt8(ascii: "s"))
    var settlements: [UInt32] = []
    /// Index into ``DirectoryStorage/values`` of the direction; 0 is the empty direction.
    var directions: [UInt32] = []
    /// Index into ``DirectoryStorage/values`` of the normalized station type code.
    var types: [UInt32] = []
    /// Index into ``DirectoryStorage/values`` of the normalized transport type code.
    var transports: [UInt32] = []
    /// NaN when unknown.
    var latitudes: [Double] = []
    /// NaN when unknown.
    var longitudes: [Double] = []
    var esrCodes: [TextRef] = []
    /// `popular_title` values, when the data has them.
    var aliases = SparseTexts()

    var count: Int { titles.count }
}

/// Everything a loaded directory holds, in flat arrays (a few bytes per station, no object per entry).
/// Immutable once built, so one instance is shared by every copy of a ``StationDirectory``.
final class DirectoryStorage: Sendable {
    let text: TextTable
    let countries: AreaColumns
    let regions: AreaColumns
    let settlements: SettlementColumns
    let stations: StationColumns
    /// Repeated short values (directions, type codes), each stored once; entry 0 is `""`.
    let values: [TextRef]
    let settlementIndex: NameIndex
    let stationIndex: NameIndex

    init(
        text: TextTable, countries: AreaColumns, regions: AreaColumns, settlements: SettlementColumns,
        stations: StationColumns, values: [TextRef], settlementIndex: NameIndex, stationIndex: NameIndex
    ) {
        self.text = text
        self.countries = countries
        self.regions = regions
        self.settlements = settlements
        self.stations = stations
        self.values = values
        self.settlementIndex = settlementIndex
        self.stationIndex = stationIndex
    }
}
