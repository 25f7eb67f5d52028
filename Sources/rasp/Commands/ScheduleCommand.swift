import ArgumentParser
import Foundation
import RaspAPI
import RaspKit
import RaspRuntime

/// `rasp schedule STATION`: the departures (or arrivals) of one station.
struct ScheduleCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schedule",
        abstract: "Departures or arrivals of a station on a day.",
        discussion: """
        STATION is a station name or code (s2006004); a settlement with several stations lists them so you can \
        pick one. Times are the station's local time.

        Examples:
          rasp schedule "Ленинградский вокзал"
          rasp schedule s9600213 --event arrival --date tomorrow
          rasp schedule Пулково --all-days --json
        """)

    /// Which event the timetable lists.
    enum EventArgument: String, ExpressibleByArgument, CaseIterable {
        case departure, arrival
    }

    @Argument(help: "The station: a name or a code (s9600213).")
    var station: String

    @Option(help: ArgumentHelp(DateArgument.helpText + " Default: today.", valueName: "date"))
    var date: DateArgument?

    @Flag(help: "The timetable of every day instead of one day.")
    var allDays = false

    @Option(help: "List departures (default) or arrivals.")
    var event: EventArgument = .departure

    @Option(help: ArgumentHelp("One transport type: plane, train, suburban, bus, water, helicopter.",
                               valueName: "type"),
            completion: .list(TransportTypes.knownCases.map(\.rawValue)))
    var transport: String?

    @Option(help: "Show at most this many entries.")
    var limit: Int?

    @OptionGroup var options: GlobalOptions

    mutating func validate() throws {
        if allDays, date != nil {
            throw usageError("--all-days and --date exclude each other", "--all-days и --date несовместимы")
        }
        if !allDays { _ = try (date ?? .relative(0)).checkedDate() }
        if let limit, limit < 1 { throw usageError("--limit must be at least 1", "--limit: не меньше 1") }
        if let transport {
            _ = try SearchCommand.list([transport], known: TransportTypes.knownCases.map(\.rawValue),
                                       option: "--transport")
        }
    }

    func run() async throws {
        let context = try RaspContext(options: options)
        try await CommandRunner(context: context).run {
            let place = try await PlaceLookup(context: context, command: "schedule").resolveStation(station)
            let input = Operations.Schedule(
                station: place.code, date: allDays ? nil : try (date ?? .relative(0)).checkedDate(),
                transportTypes: transport.map { TransportTypes(rawValue: $0.lowercased()) },
                event: event == .arrival ? .arrival : nil)
            var items: [ScheduleItem] = []
            var intervals: [IntervalScheduleItem] = []
            var station = place
            for try await page in context.client.schedulePages(input, pageSize: 100, maxPages: 20) {
                if items.isEmpty { intervals = page.intervalSchedule ?? [] }
                station = ResolvedPlace(code: page.station.code, title: page.station.title)
                items += page.schedule
                if let limit, items.count >= limit { break }
            }
            if let limit { items = Array(items.prefix(limit)) }
            let entries = items.map { ScheduleEntry($0, event: event) }
            if options.json {
                let record = ScheduleRecord(source: context.source.label,
                                            station: PointRecord(code: station.code, title: station.title),
                                            date: input.date?.description, event: event.rawValue, entries: entries,
                                            intervalEntries: intervals.map(IntervalEntry.init))
                context.console.print(try JSONOutput.text(record))
                return
            }
            let style = context.console.out
            let text = context.text, arrivals = event == .arrival
            context.console.print(style.bold("\(station.title) (\(station.code))")
                + style.dim("  \(input.date?.description ?? text.everyDay)"
                    + " · \(text.events(entries.count, arrivals: arrivals))"))
            if entries.isEmpty {
                context.console.print(text.noEvents(arrivals: arrivals))
            } else {
                let table = Self.table(entries, allDays: input.date == nil, text: text)
                context.console.print(table.render(style: style, width: TerminalWidth.current()))
            }
            for interval in intervals {
                context.console.print(style.dim("\(text.interval): \(interval.thread.number) \(interval.thread.title), "
                    + "\(interval.thread.interval?.density ?? "")"))
            }
        }
    }

    static func table(_ entries: [ScheduleEntry], allDays: Bool, text: CLIText = CLIText(russian: false)) -> TextTable {
        var columns: [TextTable.Column] = [
            .init(title: text.time, color: { style in style.green }),
            .init(title: text.number, maxWidth: 12, minWidth: 6, dropPriority: 5),
            .init(title: text.route, maxWidth: 48, minWidth: 12, dropPriority: 6),
            .init(title: text.transport, dropPriority: 3),
            .init(title: text.carrier, maxWidth: 28, minWidth: 8, dropPriority: 1),
            .init(title: text.platform, maxWidth: 12, dropPriority: 2),
        ]
        if allDays { columns.append(.init(title: text.days, maxWidth: 40, minWidth: 10, dropPriority: 4)) }
        var table = TextTable(columns: columns)
        table.rows = entries.map { entry in
            var cells = [entry.time, entry.number, entry.title, text.transportName(entry.transportType),
                         entry.carrier ?? "—", entry.platform ?? ""]
            if allDays { cells.append(entry.days ?? "") }
            return cells
        }
        return table
    }
}

/// One departure or arrival in `rasp schedule` output.
struct ScheduleEntry: Encodable {
    /// `HH:MM` at the station (the event's time).
    var time: String
    /// The API's departure text, when the thread leaves here.
    var departure: String?
    /// The API's arrival text, when the thread arrives here.
    var arrival: String?
    /// The trip number.
    var number: String
    /// The route title.
    var title: String
    /// The transport type code.
    var transportType: String
    /// The carrier's name.
    var carrier: String?
    /// The platform, when known.
    var platform: String?
    /// The running days.
    var days: String?
    /// The days it does not run.
    var exceptDays: String?
    /// The thread uid (for `rasp thread`).
    var threadUID: String

    enum CodingKeys: String, CodingKey {
        case time, departure, arrival, number, title
        case transportType = "transport_type"
        case carrier, platform, days
        case exceptDays = "except_days"
        case threadUID = "thread_uid"
    }

    init(_ item: ScheduleItem, event: ScheduleCommand.EventArgument) {
        departure = item.departure ?? item.departureTime
        arrival = item.arrival ?? item.arrivalTime
        let text = event == .arrival ? (arrival ?? departure) : (departure ?? arrival)
        time = text.flatMap(TripTime.init)?.clockText ?? text ?? ""
        number = item.thread.number
        title = item.thread.title
        transportType = item.thread.transportType.rawValue
        carrier = item.thread.carrier?.title
        platform = item.platform.flatMap { $0.isEmpty ? nil : $0 }
        days = item.days.isEmpty ? nil : item.days
        exceptDays = item.exceptDays.flatMap { $0.isEmpty ? nil : $0 }
        threadUID = item.thread.uid
    }
}

/// An interval service of a station in `rasp schedule --json`.
struct IntervalEntry: Encodable {
    /// The trip number.
    var number: String
    /// The route title.
    var title: String
    /// The frequency text.
    var density: String?
    /// The thread uid.
    var threadUID: String

    enum CodingKeys: String, CodingKey {
        case number, title, density
        case threadUID = "thread_uid"
    }

    init(_ item: IntervalScheduleItem) {
        number = item.thread.number
        title = item.thread.title
        density = item.thread.interval?.density
        threadUID = item.thread.uid
    }
}

/// The whole of `rasp schedule --json`.
struct ScheduleRecord: Encodable {
    /// `demo` or the server's host.
    var source: String
    /// The station.
    var station: PointRecord
    /// The day, or nil for every day.
    var date: String?
    /// `departure` or `arrival`.
    var event: String
    /// The timetable.
    var entries: [ScheduleEntry]
    /// Interval services.
    var intervalEntries: [IntervalEntry]

    enum CodingKeys: String, CodingKey {
        case source, station, date, event, entries
        case intervalEntries = "interval_entries"
    }
}
