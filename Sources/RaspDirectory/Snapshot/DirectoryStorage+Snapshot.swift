extension DirectoryStorage {
    /// The snapshot file of this directory (see ``SnapshotFormat``).
    func snapshot() -> [UInt8] {
        var writer = SnapshotWriter()
        writer.write(text.bytes)
        countries.write(to: &writer)
        regions.write(to: &writer)
        settlements.write(to: &writer)
        stations.write(to: &writer)
        writer.write(values)
        settlementIndex.write(to: &writer)
        stationIndex.write(to: &writer)
        return writer.file()
    }

    /// Reads a snapshot file and checks that everything in it points where it may.
    convenience init(snapshot file: UnsafeRawBufferPointer) throws {
        var reader = try SnapshotReader(file: file)
        let text = TextTable(bytes: try reader.read())
        let countries = try AreaColumns(from: &reader)
        let regions = try AreaColumns(from: &reader)
        let settlements = try SettlementColumns(from: &reader)
        let stations = try StationColumns(from: &reader)
        let values: [TextRef] = try reader.read()
        let settlementIndex = try NameIndex(from: &reader)
        let stationIndex = try NameIndex(from: &reader)
        try reader.expectEnd()
        self.init(
            text: text, countries: countries, regions: regions, settlements: settlements, stations: stations,
            values: values, settlementIndex: settlementIndex, stationIndex: stationIndex
        )
        try validate()
    }

    /// Throws ``StationDirectoryError/corruptSnapshot(reason:)`` unless every reference is in bounds.
    private func validate() throws {
        func check(_ condition: Bool, _ reason: String) throws {
            guard condition else { throw StationDirectoryError.corruptSnapshot(reason: reason) }
        }
        try check(values.first == .empty && text.contains(values), "values")
        for (name, areas, parentCount) in [("countries", countries, 0), ("regions", regions, countries.count)] {
            try check(
                areas.codes.count == areas.count && text.contains(areas.titles) && text.contains(areas.codes), name)
            try check(parentCount == 0 || areas.parents.count == areas.count, name)
            try check(areas.parents.allSatisfy { $0 < parentCount }, name)
        }
        let settlementCount = settlements.count
        try check(
            [settlements.regions.count, settlements.firstStations.count, settlements.stationCounts.count,
             settlements.codes.numbers.count].allSatisfy { $0 == settlementCount }
                && settlements.regions.allSatisfy { $0 < regions.count } && text.contains(settlements.titles)
                && zip(settlements.firstStations, settlements.stationCounts).allSatisfy {
                    UInt64($0) + UInt64($1) <= UInt64(stations.count)
                },
            "settlements")
        let stationCount = stations.count
        try check(
            [stations.codes.numbers.count, stations.settlements.count, stations.directions.count, stations.types.count,
             stations.transports.count, stations.latitudes.count, stations.longitudes.count, stations.esrCodes.count]
                .allSatisfy { $0 == stationCount }
                && stations.settlements.allSatisfy { $0 < settlementCount } && text.contains(stations.titles)
                && text.contains(stations.esrCodes)
                && [stations.directions, stations.types, stations.transports].allSatisfy {
                    $0.allSatisfy { $0 < values.count }
                },
            "stations")
        let codeColumns = [
            ("settlement", settlements.codes, settlementCount), ("station", stations.codes, stationCount),
        ]
        for (name, codes, count) in codeColumns {
            let inBounds = codes.lookup.allSatisfy { $0 & 0xFFFF_FFFF < count }
            try check(inBounds && codes.irregular.isValid(count, text), "\(name) codes")
        }
        let aliasesValid = settlements.aliases.isValid(settlementCount, text)
            && stations.aliases.isValid(stationCount, text)
        try check(aliasesValid, "aliases")
        try check(settlementIndex.isValid(entryCount: settlementCount), "settlement index")
        try check(stationIndex.isValid(entryCount: stationCount), "station index")
    }
}

extension SparseTexts {
    init(from reader: inout SnapshotReader) throws {
        entries = try reader.read()
        texts = try reader.read()
    }

    func write(to writer: inout SnapshotWriter) {
        writer.write(entries)
        writer.write(texts)
    }

    func isValid(_ entryCount: Int, _ text: TextTable) -> Bool {
        entries.count == texts.count && entries.allSatisfy { $0 < entryCount } && text.contains(texts)
    }
}

extension CodeColumn {
    init(letter: UInt8, from reader: inout SnapshotReader) throws {
        self.init(letter: letter)
        numbers = try reader.read()
        irregular = try SparseTexts(from: &reader)
        lookup = try reader.read()
    }

    func write(to writer: inout SnapshotWriter) {
        writer.write(numbers)
        irregular.write(to: &writer)
        writer.write(lookup)
    }
}

extension AreaColumns {
    init(from reader: inout SnapshotReader) throws {
        titles = try reader.read()
        codes = try reader.read()
        parents = try reader.read()
    }

    func write(to writer: inout SnapshotWriter) {
        writer.write(titles)
        writer.write(codes)
        writer.write(parents)
    }
}

extension SettlementColumns {
    init(from reader: inout SnapshotReader) throws {
        titles = try reader.read()
        codes = try CodeColumn(letter: UInt8(ascii: "c"), from: &reader)
        regions = try reader.read()
        firstStations = try reader.read()
        stationCounts = try reader.read()
        aliases = try SparseTexts(from: &reader)
    }

    func write(to writer: inout SnapshotWriter) {
        writer.write(titles)
        codes.write(to: &writer)
        writer.write(regions)
        writer.write(firstStations)
        writer.write(stationCounts)
        aliases.write(to: &writer)
    }
}

extension StationColumns {
    init(from reader: inout SnapshotReader) throws {
        titles = try reader.read()
        codes = try CodeColumn(letter: UInt8(ascii: "s"), from: &reader)
        settlements = try reader.read()
        directions = try reader.read()
        types = try reader.read()
        transports = try reader.read()
        latitudes = try reader.read()
        longitudes = try reader.read()
        esrCodes = try reader.read()
        aliases = try SparseTexts(from: &reader)
    }

    func write(to writer: inout SnapshotWriter) {
        writer.write(titles)
        codes.write(to: &writer)
        writer.write(settlements)
        writer.write(directions)
        writer.write(types)
        writer.write(transports)
        writer.write(latitudes)
        writer.write(longitudes)
        writer.write(esrCodes)
        aliases.write(to: &writer)
    }
}

extension NameIndex {
    init(from reader: inout SnapshotReader) throws {
        nameEntries = try reader.read()
        foldSpace = KeySpace(keys: try reader.read(), starts: try reader.read())
        latinSpace = KeySpace(keys: try reader.read(), starts: try reader.read())
        folded = try reader.read()
        native = try reader.read()
        transliterated = try reader.read()
        ranks = try reader.read()
    }

    func write(to writer: inout SnapshotWriter) {
        writer.write(nameEntries)
        writer.write(foldSpace.keys)
        writer.write(foldSpace.starts)
        writer.write(latinSpace.keys)
        writer.write(latinSpace.starts)
        writer.write(folded)
        writer.write(native)
        writer.write(transliterated)
        writer.write(ranks)
    }

    /// Whether every name, key start and posting is in bounds and every key space ends with a key end, so no
    /// scan can run off it.
    func isValid(entryCount: Int) -> Bool {
        let names = nameCount
        guard ranks.count == entryCount, nameEntries.allSatisfy({ $0 < entryCount }),
            zip(nameEntries, nameEntries.dropFirst()).allSatisfy({ $0 <= $1 })
        else { return false }
        for space in [foldSpace, latinSpace] {
            guard space.keys.first == Fold.end, space.keys.last == Fold.end, space.starts.count == names,
                space.starts.allSatisfy({ $0 == KeySpace.none || $0 < space.keys.count })
            else { return false }
        }
        for (postings, space) in [(folded, foldSpace), (native, latinSpace), (transliterated, latinSpace)] {
            let limit = UInt32(space.keys.count)
            guard postings.allSatisfy({ $0.key >= 1 && $0.key < limit && $0.name < names }) else { return false }
        }
        return true
    }
}
