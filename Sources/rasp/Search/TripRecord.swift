import Foundation
import RaspAPI
import RaspKit
import RaspRuntime

/// A point in JSON output.
struct PointRecord: Encodable, Equatable {
    /// The Yandex code.
    var code: String
    /// The name.
    var title: String
}

/// One trip in `rasp search --json`: stable snake_case fields, times as the API sent them and as local clock text.
struct TripRecord: Encodable {
    /// The API's departure text (ISO 8601 with the station's offset for a one-day search, `HH:MM:SS` for all days).
    var departure: String
    /// The API's arrival text.
    var arrival: String
    /// `HH:MM` in the departure station's time.
    var departureTime: String
    /// `HH:MM` in the arrival station's time.
    var arrivalTime: String
    /// The local departure date, when known.
    var departureDate: String?
    /// The local arrival date, when known.
    var arrivalDate: String?
    /// The travel time in whole seconds.
    var durationSeconds: Int?
    /// The travel time for people.
    var durationText: String
    /// Where the trip starts.
    var from: PointRecord
    /// Where it ends.
    var to: PointRecord
    /// Transport type of each ride.
    var transportTypes: [String]
    /// The trip number(s).
    var number: String
    /// The route title of a direct trip.
    var title: String?
    /// The thread uid of each ride (for `rasp thread`).
    var threadUIDs: [String]
    /// The carrier(s), «/»-joined.
    var carrier: String
    /// The Yandex code of the (first) carrier.
    var carrierCode: Int?
    /// Whether the trip has transfers.
    var hasTransfers: Bool
    /// Where the transfers are.
    var transfers: [PointRecord]
    /// `morning`, `day`, `evening` or `night` of the departure.
    var slot: String?

    enum CodingKeys: String, CodingKey {
        case departure, arrival
        case departureTime = "departure_time"
        case arrivalTime = "arrival_time"
        case departureDate = "departure_date"
        case arrivalDate = "arrival_date"
        case durationSeconds = "duration_seconds"
        case durationText = "duration_text"
        case from, to
        case transportTypes = "transport_types"
        case number, title
        case threadUIDs = "thread_uids"
        case carrier
        case carrierCode = "carrier_code"
        case hasTransfers = "has_transfers"
        case transfers, slot
    }

    /// The record of a search item, with the view model's row for the shared formatting rules.
    init(_ item: SearchResponse.SegmentsItem, row: TripRow) {
        departureTime = row.departureText
        arrivalTime = row.arrivalText
        departureDate = row.departure?.date?.description
        arrivalDate = row.arrival?.date?.description
        durationSeconds = row.duration.map { Int($0.rounded()) }
        durationText = row.durationText
        number = row.number
        carrier = row.carrierTitle
        carrierCode = row.carrierCode
        hasTransfers = row.hasTransfers
        slot = row.slot?.rawValue
        switch item {
        case .segment(let segment):
            departure = segment.departure
            arrival = segment.arrival
            from = PointRecord(code: segment.from.code, title: segment.from.title)
            to = PointRecord(code: segment.to.code, title: segment.to.title)
            transportTypes = [segment.thread.transportType.rawValue]
            title = segment.thread.title
            threadUIDs = [segment.thread.uid]
            transfers = []
        case .transferSegment(let route):
            let legs = route.legs
            departure = route.departure ?? legs.first?.departure ?? ""
            arrival = route.arrival ?? legs.last?.arrival ?? ""
            from = PointRecord(code: route.departureFrom.code, title: route.departureFrom.title)
            to = PointRecord(code: route.arrivalTo.code, title: route.arrivalTo.title)
            transportTypes = (route.transportTypes ?? legs.map(\.thread.transportType)).map(\.rawValue)
            title = nil
            threadUIDs = legs.map(\.thread.uid)
            transfers = (route.transfers ?? []).map { PointRecord(code: $0.code, title: $0.title) }
        }
    }
}

/// An interval service (every N minutes) in JSON output.
struct IntervalRecord: Encodable {
    /// The trip number.
    var number: String
    /// The route title.
    var title: String
    /// The frequency text, e.g. «раз в 15 минут».
    var density: String
    /// Start of the service window, as the API sent it.
    var begin: String
    /// End of the service window.
    var end: String
    /// The transport type.
    var transportType: String
    /// The thread uid.
    var threadUID: String

    enum CodingKeys: String, CodingKey {
        case number, title, density, begin, end
        case transportType = "transport_type"
        case threadUID = "thread_uid"
    }

    init(_ segment: IntervalSegment) {
        number = segment.thread.number
        title = segment.thread.title
        density = segment.thread.interval?.density ?? ""
        begin = segment.thread.interval?.beginTime ?? ""
        end = segment.thread.interval?.endTime ?? ""
        transportType = segment.thread.transportType.rawValue
        threadUID = segment.thread.uid
    }
}

/// The whole of `rasp search --json`.
struct SearchRecord: Encodable {
    /// `demo` or the server's host.
    var source: String
    /// The departure point.
    var from: PointRecord
    /// The arrival point.
    var to: PointRecord
    /// The day searched, or nil for all days.
    var date: String?
    /// The trips that passed the filters.
    var trips: [TripRecord]
    /// Interval services between the points.
    var intervalTrips: [IntervalRecord]

    enum CodingKeys: String, CodingKey {
        case source, from, to, date, trips
        case intervalTrips = "interval_trips"
    }
}

extension TransferSegment {
    /// The rides of the route, in order.
    var legs: [TransferLeg] {
        details.compactMap { item in
            if case .transferLeg(let leg) = item { return leg }
            return nil
        }
    }
}
