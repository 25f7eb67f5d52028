import Foundation

/// The Yandex Rasp station directory (the `stations_list` endpoint) loaded for fast, offline, forgiving search.
///
/// The API has no name search: apps download the whole directory (about 40 MB of JSON) and search it
/// themselves. `StationDirectory` parses that document in one pass into compact columns, can persist them as a
/// binary snapshot that loads in a fraction of the time, and answers search-as-you-type queries for
/// settlements and stations in well under a millisecond.
///
/// ```swift
/// let directory = try StationDirectory.load(contentsOf: stationsListURL)
/// try directory.writeSnapshot(to: cacheURL)  // next launch: StationDirectory.load(snapshot: cacheURL)
/// directory.searchSettlements("питер")         // ranked settlements
/// directory.resolve("Казанский вокзал")         // settlements and stations for free text or a code
/// ```
///
/// What is kept from the data: every country, region and settlement, and every station that has a Yandex
/// code (stations without one cannot be used with the API and are skipped). Settlements without a code or
/// with an empty title are kept for their stations but cannot be searched; stations with an empty title are
/// found by code only.
///
/// A directory is a value: copies share one immutable store, and every method is safe to call from any
/// thread.
public struct StationDirectory: Sendable {
    let storage: DirectoryStorage

    init(storage: DirectoryStorage) { self.storage = storage }

    // MARK: Loading

    /// Parses a stations_list JSON document.
    /// - Throws: ``StationDirectoryError/malformedJSON(offset:reason:)`` when it is not one.
    public static func load(json: Data) throws -> StationDirectory {
        try json.withUnsafeBytes { try parse($0, dropsReadPages: false) }
    }

    /// Parses a stations_list JSON file. The file is memory-mapped and read once; pages already read are
    /// released as parsing goes, so the document never needs to be resident as a whole.
    /// - Throws: a file error when it cannot be read, ``StationDirectoryError/malformedJSON(offset:reason:)``
    ///   when it is not a stations_list document.
    public static func load(contentsOf url: URL) throws -> StationDirectory {
        if let file = try? MappedFile(url: url) {
            return try withExtendedLifetime(file) { try parse(file.bytes, dropsReadPages: true) }
        }
        return try load(json: Data(contentsOf: url))
    }

    private static func parse(_ bytes: UnsafeRawBufferPointer, dropsReadPages: Bool) throws -> StationDirectory {
        var parser = StationsListParser(bytes, dropsReadPages: dropsReadPages)
        try parser.parse()
        return StationDirectory(storage: DirectoryStorage(parsed: parser))
    }

    // MARK: Counts and lookup

    /// The number of settlements (all of them, searchable or not).
    public var settlementCount: Int { storage.settlements.count }

    /// The number of stations (those with a code).
    public var stationCount: Int { storage.stations.count }

    /// The settlement with this code (`c213`), if any.
    public func settlement(code: String) -> Settlement? {
        let trimmed = code.trimmingCharacters(in: .whitespaces)
        return storage.settlements.codes.entry(for: trimmed, text: storage.text).map(settlement(at:))
    }

    /// The station with this code (`s9600213`), if any.
    public func station(code: String) -> Station? {
        let trimmed = code.trimmingCharacters(in: .whitespaces)
        return storage.stations.codes.entry(for: trimmed, text: storage.text).map(station(at:))
    }

    /// The stations of a settlement in directory order; empty when there is no such settlement.
    public func stations(inSettlement code: String) -> [Station] {
        guard let entry = storage.settlements.codes.entry(for: code, text: storage.text) else { return [] }
        return storage.settlements.stations(of: entry).map(station(at:))
    }

    /// Every settlement that can be searched (has a code and a title), in directory order. Makes a value for
    /// each one: for listing, not for lookups.
    public var settlements: [Settlement] {
        (0..<settlementCount).compactMap { entry in
            storage.settlements.titles[entry].isEmpty || !storage.settlements.codes.hasCode(entry)
                ? nil : settlement(at: entry)
        }
    }
}
