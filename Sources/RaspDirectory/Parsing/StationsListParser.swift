/// Parses a stations_list document (countries → regions → settlements → stations) in one pass straight into
/// directory columns, tolerating the data's quirks: `null` or missing members, `{}` codes, empty titles,
/// coordinates as numbers, numeric strings, `""` or `null`, members in any order, unknown members.
///
/// Stations without a Yandex code are skipped. Settlements are all kept (their stations need them), even
/// without a code or a title.
struct StationsListParser {
    private var scanner: JSONScanner
    private(set) var text = TextTable()
    private(set) var countries = AreaColumns()
    private(set) var regions = AreaColumns()
    private(set) var settlements = SettlementColumns()
    private(set) var stations = StationColumns()
    private(set) var values = ValueInterner()
    /// Raw type value number → normalized value number (0 = not seen yet).
    private var stationTypeCodes: [UInt32] = []
    private var transportTypeCodes: [UInt32] = []
    private var code: [UInt8] = []
    private var esrCode: [UInt8] = []
    private var scratch: [UInt8] = []

    init(_ bytes: UnsafeRawBufferPointer, dropsReadPages: Bool) {
        scanner = JSONScanner(bytes, dropsReadPages: dropsReadPages)
        // Real and synthetic documents run at 150–200 bytes of JSON a station, 35 of them text. Reserving from
        // that avoids regrowing (and copying) the big columns; unused capacity is never touched.
        let stations = bytes.count / 140
        let settlements = stations / 3
        text.bytes.reserveCapacity(bytes.count / 4)
        self.stations.titles.reserveCapacity(stations)
        self.stations.codes.numbers.reserveCapacity(stations)
        self.stations.settlements.reserveCapacity(stations)
        self.stations.directions.reserveCapacity(stations)
        self.stations.types.reserveCapacity(stations)
        self.stations.transports.reserveCapacity(stations)
        self.stations.latitudes.reserveCapacity(stations)
        self.stations.longitudes.reserveCapacity(stations)
        self.stations.esrCodes.reserveCapacity(stations)
        self.settlements.titles.reserveCapacity(settlements)
        self.settlements.codes.numbers.reserveCapacity(settlements)
        self.settlements.regions.reserveCapacity(settlements)
        self.settlements.firstStations.reserveCapacity(settlements)
        self.settlements.stationCounts.reserveCapacity(settlements)
    }

    /// Reads the whole document.
    mutating func parse() throws {
        var sawCountries = false
        guard try scanner.beginObject() else { throw scanner.error("the document has no \"countries\"") }
        repeat {
            switch try scanner.readKey(StationsListKey.init) {
            case .countries:
                sawCountries = true
                guard try scanner.beginArray() else { break }
                repeat { try parseCountry() } while try scanner.nextElement()
            default: try scanner.skipValue()
            }
        } while try scanner.nextMember()
        try scanner.expectEnd()
        guard sawCountries else { throw scanner.error("the document has no \"countries\"") }
    }

    // MARK: Levels

    private mutating func parseCountry() throws {
        let country = countries.count
        countries.titles.append(.empty)
        countries.codes.append(.empty)
        guard try scanner.beginObject() else { return }
        repeat {
            switch try scanner.readKey(StationsListKey.init) {
            case .title: countries.titles[country] = try readText()
            case .codes: countries.codes[country] = try readAreaCode()
            case .regions:
                guard try scanner.beginArray() else { break }
                repeat { try parseRegion(country: country) } while try scanner.nextElement()
            default: try scanner.skipValue()
            }
        } while try scanner.nextMember()
    }

    private mutating func parseRegion(country: Int) throws {
        let region = regions.count
        regions.titles.append(.empty)
        regions.codes.append(.empty)
        regions.parents.append(UInt32(country))
        guard try scanner.beginObject() else { return }
        repeat {
            switch try scanner.readKey(StationsListKey.init) {
            case .title: regions.titles[region] = try readText()
            case .codes: regions.codes[region] = try readAreaCode()
            case .settlements:
                guard try scanner.beginArray() else { break }
                repeat { try parseSettlement(region: region) } while try scanner.nextElement()
            default: try scanner.skipValue()
            }
        } while try scanner.nextMember()
    }

    private mutating func parseSettlement(region: Int) throws {
        let settlement = settlements.count
        settlements.titles.append(.empty)
        settlements.regions.append(UInt32(region))
        settlements.firstStations.append(UInt32(stations.count))
        var alias = TextRef.empty
        var settlementCode: [UInt8] = []
        if try scanner.beginObject() {
            repeat {
                switch try scanner.readKey(StationsListKey.init) {
                case .title: settlements.titles[settlement] = try readText()
                case .popularTitle: alias = try readText()
                case .codes:
                    try readCodes()
                    settlementCode = code
                case .stations:
                    guard try scanner.beginArray() else { break }
                    repeat { try parseStation(settlement: settlement) } while try scanner.nextElement()
                default: try scanner.skipValue()
                }
            } while try scanner.nextMember()
        }
        settlements.stationCounts.append(UInt32(stations.count) - settlements.firstStations[settlement])
        settlementCode.withUnsafeBufferPointer { _ = settlements.codes.append($0, text: &text) }
        if !alias.isEmpty { settlements.aliases.append(entry: settlement, text: alias) }
        scanner.dropReadPages()
    }

    private mutating func parseStation(settlement: Int) throws {
        var title = TextRef.empty
        var alias = TextRef.empty
        var direction: UInt32 = 0
        var stationType: UInt32 = 0
        var transportType: UInt32 = 0
        var latitude = Double.nan
        var longitude = Double.nan
        Self.clear(&code)
        Self.clear(&esrCode)
        guard try scanner.beginObject() else { return }
        repeat {
            switch try scanner.readKey(StationsListKey.init) {
            case .title: title = try readText()
            case .popularTitle: alias = try readText()
            case .codes: try readCodes()
            case .direction: direction = try readValue()
            case .stationType: stationType = try readValue()
            case .transportType: transportType = try readValue()
            case .latitude: latitude = try scanner.readLooseNumber() ?? .nan
            case .longitude: longitude = try scanner.readLooseNumber() ?? .nan
            default: try scanner.skipValue()
            }
        } while try scanner.nextMember()
        guard !code.isEmpty else { return }
        let entry = stations.count
        code.withUnsafeBufferPointer { _ = stations.codes.append($0, text: &text) }
        stations.titles.append(title)
        stations.settlements.append(UInt32(settlement))
        stations.directions.append(direction)
        let type = Self.normalized(stationType, &stationTypeCodes, &values, &text) {
            StationType(apiValue: $0).rawValue
        }
        stations.types.append(type)
        let transport = Self.normalized(transportType, &transportTypeCodes, &values, &text) {
            TransportType(apiValue: $0).rawValue
        }
        stations.transports.append(transport)
        stations.latitudes.append(latitude)
        stations.longitudes.append(longitude)
        stations.esrCodes.append(esrCode.isEmpty ? .empty : esrCode.withUnsafeBufferPointer { text.append($0) })
        if !alias.isEmpty { stations.aliases.append(entry: entry, text: alias) }
    }

    // MARK: Values

    /// A string member as text (`null` and non-strings read as empty).
    private mutating func readText() throws -> TextRef {
        guard scanner.peek() == UInt8(ascii: "\"") else {
            try scanner.skipValue()
            return .empty
        }
        let start = text.bytes.count
        try scanner.readString(into: &text.bytes)
        return TextRef(start: UInt32(start), count: UInt32(text.bytes.count - start))
    }

    /// A short repeated string member, interned.
    private mutating func readValue() throws -> UInt32 {
        Self.clear(&scratch)
        guard scanner.peek() == UInt8(ascii: "\"") else {
            try scanner.skipValue()
            return 0
        }
        try scanner.readString(into: &scratch)
        return scratch.withUnsafeBufferPointer { values.intern($0, text: &text) }
    }

    /// The normalized value number for raw value `raw` (0 = none), computed once per distinct raw value.
    private static func normalized(
        _ raw: UInt32, _ cache: inout [UInt32], _ values: inout ValueInterner, _ text: inout TextTable,
        _ normalize: (String) -> String
    ) -> UInt32 {
        let slot = Int(raw)
        if slot < cache.count, cache[slot] != 0 { return cache[slot] }
        if slot >= cache.count { cache.append(contentsOf: repeatElement(0, count: slot + 1 - cache.count)) }
        let rawText = text.string(values.values[slot])
        let number = values.intern(normalize(rawText), text: &text)
        cache[slot] = number
        return number
    }

    /// A `codes` object: sets ``code`` (yandex_code) and ``esrCode``, empty when missing.
    private mutating func readCodes() throws {
        Self.clear(&code)
        Self.clear(&esrCode)
        guard try scanner.beginObject() else { return }
        repeat {
            switch try scanner.readKey(StationsListKey.init) {
            case .yandexCode where scanner.peek() == UInt8(ascii: "\""): try scanner.readString(into: &code)
            case .esrCode where scanner.peek() == UInt8(ascii: "\""): try scanner.readString(into: &esrCode)
            default: try scanner.skipValue()
            }
        } while try scanner.nextMember()
    }

    /// Empties a reused buffer (skipping the call when it is empty already, which is most of the time).
    @inline(__always)
    private static func clear(_ buffer: inout [UInt8]) {
        if !buffer.isEmpty { buffer.removeAll(keepingCapacity: true) }
    }

    /// The yandex_code of a country or region, as text.
    private mutating func readAreaCode() throws -> TextRef {
        try readCodes()
        return code.isEmpty ? .empty : code.withUnsafeBufferPointer { text.append($0) }
    }
}
