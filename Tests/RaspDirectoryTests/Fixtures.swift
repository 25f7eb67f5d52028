import Foundation
import RaspDirectory

/// The test fixtures: small stations_list documents with real place names, loaded once.
enum Fixtures {
    /// This folder's `Fixtures/`.
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    /// Moscow, St Petersburg and two dozen other real settlements with their main stations.
    static let small = load("stations_list_small.json")

    /// Every quirk of the data: empty titles, `""`, `null` and string coordinates, missing codes, localized
    /// type names, `\u` escapes, unknown members, members in any order.
    static let quirks = load("stations_list_quirks.json")

    /// The stations_list example of the API documentation (a real response shape), from `Tests/Fixtures/samples`.
    static let docsExampleURL = folder.deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/samples/stations_list_docs_example__ilyakutilin_raspbot.json")

    static func url(_ name: String) -> URL { folder.appendingPathComponent(name) }

    private static func load(_ name: String) -> StationDirectory {
        do {
            return try StationDirectory.load(contentsOf: url(name))
        } catch {
            fatalError("fixture \(name) does not load: \(error)")
        }
    }
}

extension Array where Element == Settlement {
    /// The codes, to compare orders in one line.
    var codes: [String] { map(\.code) }
}

extension Array where Element == Station {
    /// The codes, to compare orders in one line.
    var codes: [String] { map(\.code) }
}
