import Foundation

/// A deterministic synthetic stations_list document, shaped like the real one: countries → regions →
/// settlements → stations, Russian names composed from real name parts around real regions and cities, many
/// villages with a single stop and big cities with hundreds, and the real data's quirks at realistic rates
/// (`""` and string coordinates, missing codes, localized type names, empty titles). The same seed and size
/// always give the same bytes.
///
/// At the default size (252,000 stations, ~45 MB) it is about as big as the real directory, for benchmarks;
/// small sizes suit tests. It is labelled data for measuring, not real geography: codes of the big cities are
/// their real Yandex codes, everything else is made up.
public enum SyntheticStationsList {
    /// What a generated document holds.
    public struct Summary: Sendable, Equatable {
        /// Countries in the document.
        public var countries = 0
        /// Regions in the document.
        public var regions = 0
        /// Settlements in the document (with or without a code).
        public var settlements = 0
        /// Stations in the document, with or without a code.
        public var stations = 0
        /// Stations written without a Yandex code (a quirk; a directory skips them).
        public var stationsWithoutCode = 0
        /// The document's size in bytes.
        public var bytes = 0
    }

    /// The default number of stations: about the size of the real directory.
    public static let fullSize = 252_000

    /// Writes the document to `url` atomically (a temporary file, then a rename), streaming it so it is never
    /// in memory as a whole.
    public static func write(to url: URL, stations: Int = fullSize, seed: UInt64 = 1) throws -> Summary {
        let temporary = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).tmp")
        guard FileManager.default.createFile(atPath: temporary.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: temporary.path])
        }
        do {
            let handle = try FileHandle(forWritingTo: temporary)
            defer { try? handle.close() }
            var emitter = SyntheticEmitter(writer: JSONTextWriter(handle: handle), stations: stations, seed: seed)
            let summary = try emitter.run()
            try handle.synchronize()
            guard rename(temporary.path, url.path) == 0 else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
            }
            return summary
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
    }

    /// The document in memory (for tests and small sizes).
    public static func data(stations: Int, seed: UInt64 = 1) -> (data: Data, summary: Summary) {
        var emitter = SyntheticEmitter(writer: JSONTextWriter(handle: nil), stations: stations, seed: seed)
        let summary = (try? emitter.run()) ?? Summary()
        return (Data(emitter.writer.collected), summary)
    }
}

/// Writes one synthetic document.
struct SyntheticEmitter {
    var writer: JSONTextWriter
    private var random: SeededRandom
    private let target: Int
    private var summary = SyntheticStationsList.Summary()
    private var nextSettlementCode = 20_000
    private var nextStationCode = 9_600_000
    private var nextRegionCode = 10_000
    private var nextCountryCode = 20_000

    init(writer: JSONTextWriter, stations: Int, seed: UInt64) {
        self.writer = writer
        self.random = SeededRandom(seed: seed)
        self.target = max(stations, 1)
    }

    mutating func run() throws -> SyntheticStationsList.Summary {
        let scale = min(1.0, Double(target) / Double(SyntheticStationsList.fullSize))
        let bigCities = SyntheticPlaces.bigCities.map { max(1, Int(Double($0.stations) * scale)) }
        let abroad = SyntheticPlaces.abroad.reduce(0) { $0 + $1.regions.reduce(0) { $0 + $1.1.count } }
        let villages = max(0, target - bigCities.reduce(0, +) - Int(Double(abroad) * 3 * scale.squareRoot()))
        let regionCount = SyntheticPlaces.russianRegions.count
        let weights = (0..<regionCount).map { _ in 0.5 + random.unit() }
        let totalWeight = weights.reduce(0, +) + 6  // six shares go to Belarus, Kazakhstan and Ukraine villages

        writer.raw("{\"countries\":[")
        beginCountry(first: true)
        for region in 0..<regionCount {
            let cities = SyntheticPlaces.bigCities.indices.filter { SyntheticPlaces.bigCities[$0].region == region }
            beginRegion(first: region == 0)
            var first = true
            for index in cities {
                let city = SyntheticPlaces.bigCities[index]
                settlement(city.name, code: city.code, stations: bigCities[index], big: true, first: first)
                first = false
            }
            let budget = Int(Double(villages) * weights[region] / totalWeight)
            generatedSettlements(budget: budget, turkic: SyntheticPlaces.turkicRegions.contains(region), first: first)
            endRegion(title: SyntheticPlaces.russianRegions[region])
        }
        endCountry(title: "Россия", code: "l225")
        for (country, regions) in SyntheticPlaces.abroad {
            writer.raw(",")
            beginCountry(first: true)
            for (index, (region, cities)) in regions.enumerated() {
                beginRegion(first: index == 0)
                for (position, city) in cities.enumerated() {
                    let stations = position == 0 ? max(2, Int(12 * scale.squareRoot())) : random.int(1...3)
                    settlement(city, code: nil, stations: stations, big: position == 0, first: position == 0)
                }
                if ["Беларусь", "Казахстан", "Украина"].contains(country) {
                    let budget = Int(Double(villages) * 2 / totalWeight) / regions.count
                    generatedSettlements(budget: budget, turkic: country == "Казахстан", first: false)
                }
                endRegion(title: region)
            }
            nextCountryCode += random.int(1...40)
            endCountry(title: country, code: "l\(nextCountryCode)")
        }
        writer.raw("]}\n")
        try writer.finish()
        summary.bytes = writer.bytesWritten
        return summary
    }

    // MARK: Levels

    private mutating func beginCountry(first: Bool) {
        summary.countries += 1
        writer.raw("{\"regions\":[")
    }

    private mutating func endCountry(title: String, code: String) {
        writer.raw("],\"codes\":{\"yandex_code\":")
        writer.string(code)
        writer.raw("},\"title\":")
        writer.string(title)
        writer.raw("}")
    }

    private mutating func beginRegion(first: Bool) {
        summary.regions += 1
        if !first { writer.raw(",") }
        writer.raw("{\"settlements\":[")
    }

    private mutating func endRegion(title: String) {
        nextRegionCode += random.int(1...30)
        writer.raw("],\"codes\":{\"yandex_code\":")
        writer.string("r\(nextRegionCode)")
        writer.raw("},\"title\":")
        writer.string(title)
        writer.raw("}")
    }

    /// Villages and towns until `budget` stations are spent: most with one stop, a few with dozens.
    private mutating func generatedSettlements(budget: Int, turkic: Bool, first: Bool) {
        var left = budget
        var first = first
        while left > 0 {
            let stations: Int
            switch random.unit() {
            case ..<0.55: stations = 1
            case ..<0.80: stations = random.int(2...3)
            case ..<0.94: stations = random.int(4...9)
            default: stations = random.int(10...40)
            }
            let name = SyntheticNames.settlement(turkic: turkic, using: &random)
            settlement(name, code: nil, stations: min(stations, left), big: false, first: first)
            first = false
            left -= stations
        }
    }

    private mutating func settlement(_ name: String, code: Int?, stations: Int, big: Bool, first: Bool) {
        summary.settlements += 1
        if !first { writer.raw(",") }
        let quirk = random.unit()
        writer.raw("{\"title\":")
        writer.string(quirk < 0.0005 ? "" : name)
        if quirk >= 0.0005, quirk < 0.0025 {
            writer.raw(",\"codes\":{}")
        } else {
            nextSettlementCode += random.int(1...3)
            writer.raw(",\"codes\":{\"yandex_code\":")
            writer.string("c\(code ?? nextSettlementCode)")
            writer.raw("}")
        }
        writer.raw(",\"stations\":[")
        let latitude = 43 + random.unit() * 25
        let longitude = 28 + random.unit() * (random.chance(0.8) ? 32 : 140)
        let direction = random.pick(SyntheticPlaces.directions)
        for index in 0..<stations {
            if index > 0 { writer.raw(",") }
            let spread = big ? 0.15 : 0.03
            let stationLatitude = latitude + (random.unit() - 0.5) * spread
            let stationLongitude = longitude + (random.unit() - 0.5) * spread
            station(
                in: name, index: index, big: big, direction: direction, latitude: stationLatitude,
                longitude: stationLongitude)
        }
        writer.raw("]}")
    }

    private mutating func station(
        in town: String, index: Int, big: Bool, direction: String, latitude: Double, longitude: Double
    ) {
        summary.stations += 1
        var (title, type, transport, rail) = SyntheticNames.station(
            in: town, index: index, bigCity: big, using: &random)
        if big, index == 0 { (title, type, transport, rail) = (town + "-Пассажирский", "train_station", "train", true) }
        if big, index == 1 { (title, type, transport, rail) = ("Аэропорт " + town, "airport", "plane", false) }
        let quirk = random.unit()
        writer.raw("{\"direction\":")
        writer.string(rail ? direction : "")
        if quirk < 0.001 {
            summary.stationsWithoutCode += 1
            writer.raw(",\"codes\":{}")
        } else {
            nextStationCode += random.int(1...2)
            writer.raw(",\"codes\":{\"yandex_code\":")
            writer.string("s\(nextStationCode)")
            if rail, random.chance(0.6) {
                writer.raw(",\"esr_code\":")
                writer.string(String(format: "%06d", random.int(10_000...999_999)))
            }
            writer.raw("}")
        }
        let localized = quirk > 0.98
        let blank = quirk > 0.975 && quirk <= 0.98
        writer.raw(",\"station_type\":")
        writer.string(blank ? "" : localized ? Self.localizedTypes[type] ?? type : type)
        writer.raw(",\"title\":")
        writer.string(title)
        writer.raw(",\"longitude\":")
        coordinate(longitude, quirk: quirk)
        writer.raw(",\"transport_type\":")
        writer.string(blank ? "" : localized ? Self.localizedTransports[transport] ?? transport : transport)
        writer.raw(",\"latitude\":")
        coordinate(latitude, quirk: quirk)
        writer.raw("}")
    }

    /// A coordinate as the data writes them: usually a number with 6 or 13 decimals, sometimes `""` or a
    /// number in a string.
    private mutating func coordinate(_ value: Double, quirk: Double) {
        if quirk >= 0.001, quirk < 0.004 {
            writer.raw("\"\"")
        } else if quirk >= 0.004, quirk < 0.005 {
            writer.string(String(format: "%.6f", value))
        } else {
            writer.number(value, decimals: random.chance(0.1) ? 13 : 6)
        }
    }

    private static let localizedTypes = [
        "bus_stop": "автобусная остановка", "station": "станция", "platform": "платформа", "train_station": "вокзал",
        "airport": "аэропорт", "bus_station": "автовокзал", "stop": "остановочный пункт", "wharf": "пристань",
        "river_port": "речной вокзал",
    ]
    private static let localizedTransports = [
        "bus": "Автобус", "train": "Поезд", "suburban": "Электричка", "plane": "Самолёт", "water": "Водный транспорт",
    ]
}
