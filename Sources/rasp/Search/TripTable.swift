import Foundation
import RaspAPI
import RaspKit
import RaspRuntime

/// The search result as a table for people: local times (arrival on a later day marked `+1`), duration, the
/// stations when they vary, transport, number, carrier and transfers.
struct TripTable {
    /// The trips with their formatted rows.
    var trips: [(item: SearchResponse.SegmentsItem, row: TripRow)]
    /// The current time, when the search is for today: an «IN» column says how long until each departure, or
    /// that it has gone.
    var now: Date?
    /// The words of the table, in the run's language.
    var text = CLIText(russian: false)

    /// The rendered table: when every trip leaves from and arrives at the same two stations, a line naming them
    /// comes first instead of two columns.
    /// - Parameters:
    ///   - style: Colours and bold when enabled.
    ///   - width: The widest a line may be (see ``TextTable/render(style:width:)``).
    func render(style: Style, width: Int? = nil) -> String {
        let ends = trips.map { Self.ends($0.item) }
        let showsStations = Set(ends.map(\.from)).count > 1 || Set(ends.map(\.to)).count > 1
        var columns: [TextTable.Column] = [.init(title: text.departs, color: { style in style.green })]
        if now != nil { columns.append(.init(title: text.until, dropPriority: 4)) }
        columns += [.init(title: text.arrives), .init(title: text.duration)]
        if showsStations {
            columns += [.init(title: text.from, maxWidth: 28, minWidth: 10, dropPriority: 5),
                        .init(title: text.to, maxWidth: 28, minWidth: 10, dropPriority: 6)]
        }
        let prices = trips.map { Self.lowestPrice($0.item)?.text }
        let showsPrices = prices.contains { $0 != nil }
        columns += [.init(title: text.transport, dropPriority: 3), .init(title: text.number, maxWidth: 20, minWidth: 6,
                                                                       dropPriority: 5)]
        if showsPrices { columns.append(.init(title: text.price, alignment: .right, dropPriority: 4)) }
        columns += [
            .init(title: text.carrier, maxWidth: 32, minWidth: 8, dropPriority: 1),
            .init(title: text.transfers, maxWidth: 40, minWidth: 9, dropPriority: 2),
        ]
        var table = TextTable(columns: columns)
        for (index, trip) in trips.enumerated() {
            let row = trip.row
            var cells = [row.departureText]
            if let now { cells.append(Self.untilDeparture(trip.item, now: now, text: text)) }
            cells += [Self.arrivalText(row), row.duration.map { text.span(minutes: Int(($0 / 60).rounded())) } ?? "—"]
            if showsStations { cells += [ends[index].from, ends[index].to] }
            cells += [Self.transports(trip.item, text: text), row.number]
            if showsPrices { cells.append(prices[index].map(text.fromPrice) ?? "—") }
            cells += [row.carrierTitle, Self.transfers(trip.item, text: text)]
            table.rows.append(cells)
        }
        let rendered = table.render(style: style, width: width)
        guard !showsStations, let first = ends.first else { return rendered }
        let header = Self.clip("\(first.from) → \(first.to)", to: width)
        return style.dim(header) + "\n" + rendered
    }

    /// The lowest fare of a direct trip, if the API gave prices.
    static func lowestPrice(_ item: SearchResponse.SegmentsItem) -> PriceRecord? {
        guard case .segment(let segment) = item else { return nil }
        return (segment.ticketsInfo?.places ?? []).map(PriceRecord.init).min { $0.amount < $1.amount }
    }

    /// The instant a trip departs, when its time carries a date and an offset (one-day searches).
    static func departureInstant(_ item: SearchResponse.SegmentsItem) -> Date? {
        let text: String? = switch item {
        case .segment(let segment): segment.departure
        case .transferSegment(let route): route.departure ?? route.legs.first?.departure
        }
        return text.flatMap { try? Date($0, strategy: .iso8601) }
    }

    /// `25 min`, `3 h 10 min`, or `gone` for a departure in the past.
    static func untilDeparture(_ item: SearchResponse.SegmentsItem, now: Date, text: CLIText) -> String {
        guard let departure = departureInstant(item) else { return "" }
        let minutes = Int((departure.timeIntervalSince(now) / 60).rounded(.up))
        return minutes < 0 ? text.gone : text.span(minutes: minutes)
    }

    /// The text cut to `width` characters (ending in «…»), or as is.
    static func clip(_ text: String, to width: Int?) -> String {
        guard let width, text.count > width, width > 1 else { return text }
        return String(text.prefix(width - 1)) + "…"
    }

    /// `10:05`, or `10:05 +1` when the arrival is a day after the departure (local dates).
    static func arrivalText(_ row: TripRow) -> String {
        guard let start = row.departure?.date, let end = row.arrival?.date else { return row.arrivalText }
        let days = end.daysSince1970 - start.daysSince1970
        return days > 0 ? "\(row.arrivalText) +\(days)" : row.arrivalText
    }

    /// The short names of the first and last stations.
    static func ends(_ item: SearchResponse.SegmentsItem) -> (from: String, to: String) {
        switch item {
        case .segment(let segment): (shortName(segment.from), shortName(segment.to))
        case .transferSegment(let route): (shortName(route.departureFrom), shortName(route.arrivalTo))
        }
    }

    /// The title, the name the station directory knows: what is printed can be typed back (a popular name such as
    /// «Щёлковский автовокзал» comes only with search answers, not with the directory).
    static func shortName(_ point: Point) -> String {
        point.title
    }

    /// `train`, or `plane + suburban` for a route with transfers.
    static func transports(_ item: SearchResponse.SegmentsItem, text: CLIText) -> String {
        switch item {
        case .segment(let segment): text.transportName(segment.thread.transportType.rawValue)
        case .transferSegment(let route):
            (route.transportTypes ?? route.legs.map(\.thread.transportType)).map { text.transportName($0.rawValue) }
                .joined(separator: " + ")
        }
    }

    /// `—` for a direct trip, else the transfer points.
    static func transfers(_ item: SearchResponse.SegmentsItem, text: CLIText) -> String {
        guard case .transferSegment(let route) = item else { return "—" }
        let points = route.transfers?.map(\.title) ?? []
        return points.isEmpty ? text.yes : points.joined(separator: ", ")
    }
}
