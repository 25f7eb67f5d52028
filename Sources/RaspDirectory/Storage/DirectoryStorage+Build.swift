extension DirectoryStorage {
    /// Finishes what the parser read: code lookups, entry ranks and both search indexes.
    convenience init(parsed parser: StationsListParser) {
        let text = parser.text
        var settlements = parser.settlements
        var stations = parser.stations
        settlements.codes.finish()
        stations.codes.finish()
        let values = parser.values.values
        let settlementIndex = Self.settlementIndex(settlements, text: text)
        let stationIndex = Self.stationIndex(stations, settlements: settlements, values: values, text: text)
        self.init(
            text: text, countries: parser.countries, regions: parser.regions, settlements: settlements,
            stations: stations, values: values, settlementIndex: settlementIndex, stationIndex: stationIndex
        )
    }

    /// Settlements are searchable by title and popular title when they have a code and a title; bigger ones
    /// (more stations) rank first.
    private static func settlementIndex(_ settlements: SettlementColumns, text: TextTable) -> NameIndex {
        var builder = NameIndexBuilder(joinsWords: true, expectedNames: settlements.count)
        text.bytes.withUnsafeBufferPointer { bytes in
            for entry in 0..<settlements.count {
                let title = settlements.titles[entry]
                guard !title.isEmpty, settlements.codes.hasCode(entry) else { continue }
                builder.add(entry: entry, name: slice(bytes, title))
                if let alias = settlements.aliases.text(of: entry), !same(bytes, alias, title) {
                    builder.add(entry: entry, name: slice(bytes, alias))
                }
            }
        }
        let keys = (0..<settlements.count).map { entry in
            UInt64(UInt32.max - settlements.stationCounts[entry]) << 32 | UInt64(entry)
        }
        return builder.finish(ranks: ranks(sortedBy: keys))
    }

    /// Stations are searchable by title and popular title when they have a title; hubs (train and bus
    /// stations, airports, ports) rank first, then stations, then stops, each by the size of their settlement.
    private static func stationIndex(
        _ stations: StationColumns, settlements: SettlementColumns, values: [TextRef], text: TextTable
    ) -> NameIndex {
        var builder = NameIndexBuilder(joinsWords: false, expectedNames: stations.count)
        text.bytes.withUnsafeBufferPointer { bytes in
            for entry in 0..<stations.count {
                let title = stations.titles[entry]
                guard !title.isEmpty else { continue }
                builder.add(entry: entry, name: slice(bytes, title))
                if let alias = stations.aliases.text(of: entry), !same(bytes, alias, title) {
                    builder.add(entry: entry, name: slice(bytes, alias))
                }
            }
        }
        var classes: [UInt32: UInt64] = [:]
        let keys = (0..<stations.count).map { entry in
            let type = stations.types[entry]
            let typeClass = classes[type] ?? {
                let value = UInt64(StationType(rawValue: text.string(values[Int(type)])).searchClass)
                classes[type] = value
                return value
            }()
            let size = settlements.stationCounts[Int(stations.settlements[entry])]
            return typeClass << 62 | UInt64(0x3FFF_FFFF - min(size, 0x3FFF_FFFF)) << 32 | UInt64(entry)
        }
        return builder.finish(ranks: ranks(sortedBy: keys))
    }

    /// Entry ranks from sort keys whose low 32 bits are the entry.
    private static func ranks(sortedBy keys: [UInt64]) -> [UInt32] {
        var ranks = [UInt32](repeating: 0, count: keys.count)
        for (rank, key) in keys.sorted().enumerated() { ranks[Int(key & 0xFFFF_FFFF)] = UInt32(rank) }
        return ranks
    }

    private static func same(_ bytes: UnsafeBufferPointer<UInt8>, _ left: TextRef, _ right: TextRef) -> Bool {
        slice(bytes, left).elementsEqual(slice(bytes, right))
    }

    private static func slice(_ bytes: UnsafeBufferPointer<UInt8>, _ ref: TextRef) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: bytes[Int(ref.start)..<ref.end])
    }
}
