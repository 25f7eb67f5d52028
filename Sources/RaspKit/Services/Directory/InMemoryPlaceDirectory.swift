import Foundation

/// A small ``PlaceSearching`` over a list of cities and their stations: case- and ё-insensitive matching, a
/// prefix of the name (or of a word in it) before a match inside it, then shorter names first.
///
/// Fit for tests, previews and the demo data; the real app uses `StationDirectory`.
public struct InMemoryPlaceDirectory: PlaceSearching {
    /// A city with its stations.
    public struct Entry: Sendable, Hashable {
        /// The city.
        public var city: RouteCity
        /// Its stations.
        public var stations: [RouteStation]

        /// An entry.
        /// - Parameters:
        ///   - city: The city.
        ///   - stations: Its stations.
        public init(city: RouteCity, stations: [RouteStation]) {
            self.city = city
            self.stations = stations
        }
    }

    /// The entries, in their given order (which is also the order for an empty query).
    public var entries: [Entry]

    /// A directory of `entries`.
    /// - Parameter entries: Cities with stations.
    public init(_ entries: [Entry]) {
        self.entries = entries
    }

    public func searchCities(_ query: String, limit: Int) -> [RouteCity] {
        Self.rank(entries.map(\.city), query: query, title: \.title, limit: limit)
    }

    public func searchStations(_ query: String, inCity cityCode: String, limit: Int) -> [RouteStation] {
        let stations = entries.first { $0.city.code == cityCode }?.stations ?? []
        return Self.rank(stations, query: query, title: \.title, limit: limit)
    }

    /// Normalizes text for matching: lower case, ё → е, trimmed.
    static func fold(_ text: String) -> String {
        text.lowercased().replacingOccurrences(of: "ё", with: "е").trimmingCharacters(in: .whitespacesAndNewlines)
    }

    static func rank<Item>(_ items: [Item], query: String, title: (Item) -> String, limit: Int) -> [Item] {
        let needle = fold(query)
        guard !needle.isEmpty else { return Array(items.prefix(limit)) }
        let scored = items.enumerated().compactMap {
            index, item -> (score: Int, length: Int, index: Int, item: Item)? in
            let name = fold(title(item))
            let score: Int
            if name.hasPrefix(needle) {
                score = 0
            } else if name.split(whereSeparator: { !$0.isLetter && !$0.isNumber })
                .contains(where: { $0.hasPrefix(needle) }) {
                score = 1
            } else if name.contains(needle) {
                score = 2
            } else {
                return nil
            }
            return (score, name.count, index, item)
        }
        return scored.sorted { ($0.score, $0.length, $0.index) < ($1.score, $1.length, $1.index) }
            .prefix(limit).map(\.item)
    }
}
