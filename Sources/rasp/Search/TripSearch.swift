import Foundation
import RaspAPI
import RaspKit
import RaspRuntime

/// One search as the command line asks for it: two codes, a day (or every day), transport types, and the app's
/// filters (departure slots in the departure station's local time, the transfer choice), read page by page until
/// `limit` trips pass.
struct TripSearch: Sendable {
    /// The departure code.
    var from: String
    /// The arrival code.
    var to: String
    /// The day, or nil for the all-days timetable.
    var date: LocalDate?
    /// Transport types to keep; empty keeps every type.
    var transports: [RaspAPI.TransportType] = []
    /// Slots and the transfer choice.
    var filters = TripFilters()
    /// The most trips to return; nil returns all.
    var limit: Int?
    /// Segments per request.
    var pageSize = 100
    /// The most requests to make.
    var maxPages = 20

    /// What a search found.
    struct Result: Sendable {
        /// The points as the server named them (nil when nothing was fetched).
        var info: SearchInfo?
        /// Trips that passed the filters, in the server's order, at most `limit`.
        var items: [SearchResponse.SegmentsItem]
        /// Interval services (no fixed times) that pass the transport filter.
        var intervals: [IntervalSegment]
        /// How many trips passed the filters in the pages read (at least `items.count`).
        var matched = 0
        /// Whether pages were left unread after `limit` was reached (then more trips may match).
        var truncated = false
    }

    /// The request of the first page: one transport type goes to the server, several are filtered here.
    var input: Operations.Search {
        Operations.Search(from: from, to: to, date: date,
                          transportTypes: transports.count == 1
                              ? TransportTypes(rawValue: transports[0].rawValue) : nil,
                          limit: pageSize, transfers: filters.transfers.apiTransfers)
    }

    /// Runs the search.
    /// - Throws: `ClientError`.
    func run(client: any RaspClientProtocol) async throws -> Result {
        var result = Result(info: nil, items: [], intervals: [])
        for try await page in client.searchPages(input, pageSize: pageSize, maxPages: maxPages) {
            if result.info == nil {
                result.info = page.search
                result.intervals = (page.intervalSegments ?? []).filter { keeps([$0.thread.transportType]) }
            }
            for item in page.segments where admits(item) {
                result.matched += 1
                if limit.map({ result.items.count < $0 }) ?? true { result.items.append(item) }
            }
            // The rest of the page is counted; further pages are not read once `limit` trips are in.
            if let limit, result.items.count >= limit {
                let pagination = page.pagination
                result.truncated = pagination.offset + page.segments.count < pagination.total
                return result
            }
        }
        return result
    }

    /// Whether a trip passes the transport filter and the app's filters.
    func admits(_ item: SearchResponse.SegmentsItem) -> Bool {
        switch item {
        case .segment(let segment):
            return keeps([segment.thread.transportType])
                && filters.admits(departure: TripTime(segment.departure), hasTransfers: segment.hasTransfers ?? false)
        case .transferSegment(let route):
            let legs = route.legs
            let types = route.transportTypes ?? legs.map(\.thread.transportType)
            let departure = route.departure ?? legs.first?.departure
            return keeps(types) && filters.admits(departure: departure.flatMap(TripTime.init), hasTransfers: true)
        }
    }

    private func keeps(_ types: [RaspAPI.TransportType]) -> Bool {
        transports.isEmpty || types.allSatisfy { type in transports.contains { $0.rawValue == type.rawValue } }
    }
}
