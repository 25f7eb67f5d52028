import ArgumentParser
import Foundation
import RaspAPI
import RaspKit
import RaspRuntime

/// `rasp search FROM TO`: the trips between two places.
struct SearchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "Trips between two places on a day.",
        discussion: """
        FROM and TO are names («Москва», "Санкт-Петербург", moskva, «Казанский вокзал», «Химки, Бутаково») or codes \
        (c213 for a settlement, s9600213 for a station). A name shared by several places stops with the candidates \
        and their codes (exit code 2). Times are local to each station; `+1` marks an arrival on the next day.

        Examples:
          rasp search Москва "Санкт-Петербург"
          rasp search c213 c2 --date tomorrow --transport train --slot morning,day
          rasp search Москва Казань --with-transfers --limit 5
          rasp search Москва Тверь --json | python3 -m json.tool
        """)

    @Argument(help: "Where from: a name or a code (c213, s9600213).")
    var from: String

    @Argument(help: "Where to: a name or a code.")
    var to: String

    @Option(help: ArgumentHelp(DateArgument.helpText + " Default: today.", valueName: "date"))
    var date: DateArgument?

    @Flag(help: "The timetable of every day (times without dates) instead of one day.")
    var allDays = false

    @Option(help: ArgumentHelp(
        "Transport types, repeatable or comma-separated: plane, train, suburban, bus, water, helicopter.",
        valueName: "types"), completion: .list(RaspAPI.TransportType.knownCases.map(\.rawValue)))
    var transport: [String] = []

    @Option(help: ArgumentHelp(
        "Departure times, repeatable or comma-separated: morning (06–12), day (12–18), evening (18–24), "
            + "night (00–06), in the departure station's time.",
        valueName: "slots"), completion: .list(DepartureSlot.allCases.map(\.rawValue)))
    var slot: [String] = []

    @Flag(help: "Direct trips only.")
    var direct = false

    @Flag(help: "Trips with transfers only.")
    var withTransfers = false

    @Option(help: "Show at most this many trips.")
    var limit: Int?

    @Option(help: "Order the trips by departure (the server's order), arrival, duration or price.")
    var sort: TripOrder = .departure

    @OptionGroup var options: GlobalOptions

    mutating func validate() throws {
        if allDays, date != nil {
            throw usageError("--all-days and --date exclude each other", "--all-days и --date несовместимы")
        }
        if !allDays { _ = try (date ?? .relative(0)).checkedDate() }
        if direct && withTransfers { throw usageError("--direct and --with-transfers exclude each other",
                                                           "--direct и --with-transfers несовместимы") }
        if let limit, limit < 1 { throw usageError("--limit must be at least 1", "--limit: не меньше 1") }
        _ = try transportTypes()
        _ = try slots()
    }

    func run() async throws {
        let context = try RaspContext(options: options)
        try await CommandRunner(context: context).run {
            let places = try await PlaceLookup(context: context, command: "search").resolve([from, to])
            if places[0].code == places[1].code {
                throw CLIError.usage(context.text.samePlace(places[0].title, places[0].code))
            }
            let search = TripSearch(
                from: places[0].code, to: places[1].code,
                date: allDays ? nil : try (date ?? .relative(0)).checkedDate(),
                transports: try transportTypes(),
                filters: TripFilters(slots: try slots(), transfers: transferChoice), limit: limit)
            let result = try await search.run(client: context.client)
            try present(result, search: search, places: places, context: context)
        }
    }

    private var transferChoice: TransferChoice {
        direct ? .directOnly : withTransfers ? .withTransfers : .any
    }

    private func present(_ result: TripSearch.Result, search: TripSearch, places: [ResolvedPlace],
                         context: RaspContext) throws {
        let formatter = TripFormatter(strings: context.strings)
        let trips = sort.sorted(result.items.map { (item: $0, row: formatter.row(for: $0)) })
        let from = result.info.map { PointRecord(code: $0.from.code, title: $0.from.title) }
            ?? PointRecord(code: places[0].code, title: places[0].title)
        let to = result.info.map { PointRecord(code: $0.to.code, title: $0.to.title) }
            ?? PointRecord(code: places[1].code, title: places[1].title)
        if options.json {
            let record = SearchRecord(source: context.source.label, from: from, to: to, date: search.date?.description,
                                      trips: trips.map { TripRecord($0.item, row: $0.row) },
                                      intervalTrips: result.intervals.map(IntervalRecord.init))
            context.console.print(try JSONOutput.text(record))
            return
        }
        let style = context.console.out
        let text = context.text
        let day = search.date?.description ?? text.everyDay
        let total = "\(result.matched)\(result.truncated ? "+" : "")"
        let count = text.trips(shown: trips.count,
                               of: result.matched > trips.count || result.truncated ? total : nil)
        let width = TerminalWidth.current()
        let title = TripTable.clip("\(from.title) → \(to.title)", to: width)
        let subtitle = "  \(day) · \(count)"
        let fits = width.map { title.count + subtitle.count <= $0 } ?? true
        context.console.print(style.bold(title)
            + (fits ? style.dim(subtitle) : "\n" + style.dim(String(subtitle.dropFirst(2)))))
        if trips.isEmpty {
            context.console.print(text.noTrips)
        } else {
            let isToday = search.date == LocalDate(Date(), in: .current)
            let table = TripTable(trips: trips, now: isToday ? Date() : nil, text: text)
            context.console.print(table.render(style: style, width: width))
        }
        for interval in result.intervals {
            let window = [interval.thread.interval?.beginTime, interval.thread.interval?.endTime]
                .compactMap { $0.flatMap(TripTime.init)?.clockText }.joined(separator: "–")
            context.console.print(style.dim("\(text.interval): \(interval.thread.number) \(interval.thread.title), "
                + "\(interval.thread.interval?.density ?? "") \(window)"))
        }
    }

    /// The `--transport` list.
    func transportTypes() throws -> [RaspAPI.TransportType] {
        try Self.list(transport, known: RaspAPI.TransportType.knownCases.map(\.rawValue), option: "--transport")
            .map(RaspAPI.TransportType.init(rawValue:))
    }

    /// The `--slot` list.
    func slots() throws -> Set<DepartureSlot> {
        Set(try Self.list(slot, known: DepartureSlot.allCases.map(\.rawValue), option: "--slot")
            .compactMap(DepartureSlot.init(rawValue:)))
    }

    /// The known words (case-insensitive) of an option given once or more, each value possibly a comma-separated
    /// list; none when the option was not given.
    static func list(_ values: [String], known: [String], option: String) throws -> [String] {
        guard !values.isEmpty else { return [] }
        let words = values.joined(separator: ",").split(separator: ",")
            .map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            .filter { !$0.isEmpty }
        for word in words where !known.contains(word) {
            throw usageError("\(option): unknown value '\(word)' (use \(known.joined(separator: ", ")))",
                             "\(option): неизвестное значение «\(word)» (возможные: \(known.joined(separator: ", ")))")
        }
        guard !words.isEmpty else {
            throw usageError("\(option) needs at least one value", "\(option): нужно хотя бы одно значение")
        }
        return words
    }
}

/// The order of `rasp search` results.
enum TripOrder: String, ExpressibleByArgument, CaseIterable {
    case departure, arrival, duration, price

    /// The trips in this order; the sort is stable, and trips without the value (no price) come last.
    func sorted(_ trips: [(item: SearchResponse.SegmentsItem, row: TripRow)])
        -> [(item: SearchResponse.SegmentsItem, row: TripRow)] {
        func key(_ trip: (item: SearchResponse.SegmentsItem, row: TripRow)) -> Double? {
            switch self {
            case .departure: return nil
            case .arrival:
                guard let arrival = trip.row.arrival else { return nil }
                return Double((arrival.date?.daysSince1970 ?? 0) * 1440 + arrival.hour * 60 + arrival.minute)
                    - Double(arrival.utcOffset ?? 0) / 60
            case .duration: return trip.row.duration
            case .price: return TripTable.lowestPrice(trip.item)?.amount
            }
        }
        guard self != .departure else { return trips }
        return trips.enumerated().sorted { left, right in
            switch (key(left.element), key(right.element)) {
            case let (a?, b?) where a != b: return a < b
            case (_?, nil): return true
            case (nil, _?): return false
            default: return left.offset < right.offset
            }
        }.map(\.element)
    }
}
