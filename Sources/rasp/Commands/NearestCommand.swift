import ArgumentParser
import Foundation
import RaspAPI

/// `rasp nearest LAT LNG`: stations near a point.
struct NearestCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "nearest",
        abstract: "Stations near a point, nearest first.",
        discussion: """
        Put `--` before a negative coordinate so it is not read as an option. --json prints the API's answer.

        Examples:
          rasp nearest 55.7558 37.6176
          rasp nearest 59.93 30.36 --distance 3 --limit 5
          rasp nearest -- -33.87 151.21
        """)

    @Argument(help: "Latitude in degrees (−90…90).")
    var lat: Double

    @Argument(help: "Longitude in degrees (−180…180).")
    var lng: Double

    @Option(help: "The radius in kilometres (1–50).")
    var distance = 10

    @Option(help: "Show at most this many stations (1–100: a page of the API holds 100).")
    var limit = 20

    @OptionGroup var options: GlobalOptions

    mutating func validate() throws {
        guard (-90...90).contains(lat) else {
            throw usageError("LAT must be between -90 and 90", "широта: от -90 до 90")
        }
        guard (-180...180).contains(lng) else {
            throw usageError("LNG must be between -180 and 180", "долгота: от -180 до 180")
        }
        guard (1...50).contains(distance) else {
            throw usageError("--distance must be between 1 and 50 km", "--distance: от 1 до 50 км")
        }
        // The API's page holds 100 stations; the docs' "at most 50" is the radius in km (--distance).
        guard (1...100).contains(limit) else {
            throw usageError("--limit must be between 1 and 100", "--limit: от 1 до 100")
        }
    }

    func run() async throws {
        let context = try RaspContext(options: options)
        try await CommandRunner(context: context).run {
            let response = try await context.client.nearestStations(
                lat: lat, lng: lng, distance: distance, limit: limit)
            if options.json {
                context.console.print(try JSONOutput.text(response))
                return
            }
            guard !response.stations.isEmpty else {
                throw CLIError.notFound(context.text.noStations(within: distance, of: lat, lng))
            }
            let text = context.text
            var table = TextTable(columns: [
                .init(title: text.kilometres, alignment: .right),
                .init(title: text.code, color: { style in style.cyan }),
                .init(title: text.name, maxWidth: 48),
                .init(title: text.type),
                .init(title: text.transport),
            ])
            table.rows = response.stations.map { station in
                [String(format: "%.1f", station.distance), station.code, station.title,
                 station.stationTypeName ?? text.stationTypeName(station.stationType.rawValue),
                 text.transportName(station.transportType.rawValue)]
            }
            context.console.print(table.render(style: context.console.out))
        }
    }
}
