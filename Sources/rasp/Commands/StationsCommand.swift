import ArgumentParser
import Foundation
import RaspDirectory

/// `rasp stations QUERY`: search the station directory.
struct StationsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stations",
        abstract: "Find settlements and stations by name or code in the station directory.",
        discussion: """
        Matching forgives case, ё/е, punctuation, Latin spelling (moskva) and one typo in a longer word, and knows \
        common short and former names (спб, мск, Moscow, Ленинград); the place `rasp search` would take for the \
        query is listed first. With an API key or --base-url the directory is downloaded from the server once and \
        cached.

        Examples:
          rasp stations питер
          rasp stations "Казанский вокзал"
          rasp stations c213 --json
        """)

    @Argument(help: "A name, part of a name, or a code.")
    var query: String

    @Option(help: "Show at most this many places.")
    var limit = 10

    @OptionGroup var options: GlobalOptions

    mutating func validate() throws {
        guard (1...200).contains(limit) else {
            throw usageError("--limit must be between 1 and 200", "--limit: от 1 до 200")
        }
    }

    func run() async throws {
        let context = try RaspContext(options: options)
        try await CommandRunner(context: context).run {
            let directory = try await DirectoryLoader(context: context).load()
            // The place `rasp search` would take for the query comes first; no plausible place is not found, as
            // there (the JSON answer is then an empty list).
            let places = try PlaceLookup(context: context, command: "stations")
                .matches(query, limit: limit, in: directory, allowNone: options.json)
            if options.json {
                context.console.print(try JSONOutput.text(places.map(PlaceRecord.init)))
                return
            }
            let text = context.text
            var table = TextTable(columns: [
                .init(title: text.code, color: { style in style.cyan }),
                .init(title: text.name, maxWidth: 48),
                .init(title: text.kind),
                .init(title: text.place, maxWidth: 60),
            ])
            table.rows = places.map { place in
                [place.code, place.title, Self.kind(place, text: text), place.subtitle ?? ""]
            }
            context.console.print(table.render(style: context.console.out))
        }
    }

    /// `settlement`, or the station's type and transport («airport · plane» / «аэропорт · самолёт»).
    static func kind(_ place: Place, text: CLIText) -> String {
        switch place {
        case .settlement: return text.settlement
        case .station(let station):
            let type = text.stationTypeName(station.stationType.isKnown ? station.stationType.rawValue : "station")
            return station.transportType == .unknown ? type
                : "\(type) · \(text.transportName(station.transportType.rawValue))"
        }
    }
}

/// A directory entry in `rasp stations --json`.
struct PlaceRecord: Encodable {
    /// The Yandex code.
    var code: String
    /// The name.
    var title: String
    /// `settlement` or `station`.
    var type: String
    /// The popular name, when there is one.
    var popularTitle: String?
    /// The station type code (stations only).
    var stationType: String?
    /// The transport type code (stations only).
    var transportType: String?
    /// The settlement's code (stations only).
    var settlementCode: String?
    /// The settlement's name (stations only).
    var settlement: String?
    /// The region's name.
    var region: String?
    /// The country's name (settlements only).
    var country: String?
    /// Latitude, when known.
    var latitude: Double?
    /// Longitude, when known.
    var longitude: Double?

    enum CodingKeys: String, CodingKey {
        case code, title, type
        case popularTitle = "popular_title"
        case stationType = "station_type"
        case transportType = "transport_type"
        case settlementCode = "settlement_code"
        case settlement, region, country, latitude, longitude
    }

    init(_ place: Place) {
        code = place.code
        title = place.title
        switch place {
        case .settlement(let value):
            type = "settlement"
            popularTitle = value.popularTitle
            region = value.regionTitle
            country = value.countryTitle
            latitude = value.latitude
            longitude = value.longitude
        case .station(let value):
            type = "station"
            popularTitle = value.popularTitle
            stationType = value.stationType.rawValue
            transportType = value.transportType.rawValue
            settlementCode = value.settlementCode
            settlement = value.settlementTitle.isEmpty ? nil : value.settlementTitle
            region = value.regionTitle
            country = value.countryTitle
            latitude = value.latitude
            longitude = value.longitude
        }
    }
}
