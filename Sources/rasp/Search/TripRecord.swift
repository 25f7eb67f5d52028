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

/// One fare of a trip in JSON output.
struct PriceRecord: Encodable, Equatable {
    /// ISO 4217 code, e.g. `RUB`.
    var currency: String
    /// The price in currency units (`1234.5`).
    var amount: Double
    /// The fare class, when the API names it.
    var name: String?

    init(_ place: RaspAPI.Place) {
        currency = place.currency
        amount = Double(place.price.whole) + Double(place.price.cents) / 100
        name = place.name
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(currency, forKey: .currency)
        try container.encode(amount, forKey: .amount)
        try container.encode(name, forKey: .name)  // null when unnamed
    }

    enum CodingKeys: String, CodingKey { case currency, amount, name }

    /// `1 234 RUB`, or `1 234.50 RUB` with cents.
    var text: String {
        let whole = Int(amount)
        var digits = String(whole)
        var grouped = ""
        while digits.count > 3 {
            grouped = "\u{202F}" + digits.suffix(3) + grouped
            digits.removeLast(3)
        }
        let cents = Int((amount * 100).rounded()) % 100
        return digits + grouped + (cents == 0 ? "" : String(format: ".%02d", cents)) + " " + currency
    }
}

/// One trip in `rasp search --json`: stable snake_case fields, times as the API sent them and as local clock text.
/// A missing value is `null`, never a placeholder text.
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
    /// The carrier(s), «/»-joined; nil when the API names none.
    var carrier: String?
    /// The Yandex code of the (first) carrier.
    var carrierCode: Int?
    /// Whether the trip has transfers.
    var hasTransfers: Bool
    /// Where the transfers are.
    var transfers: [PointRecord]
    /// `morning`, `day`, `evening` or `night` of the departure.
    var slot: String?
    /// The fares with prices (one-day searches of direct trips; empty when the API gives none).
    var prices: [PriceRecord]

    /// The lowest fare, if any.
    var lowestPrice: PriceRecord? { prices.min { $0.amount < $1.amount } }

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
        case transfers, slot, prices
    }

    /// Every key is written; absent values as `null`.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(departure, forKey: .departure)
        try container.encode(arrival, forKey: .arrival)
        try container.encode(departureTime, forKey: .departureTime)
        try container.encode(arrivalTime, forKey: .arrivalTime)
        try container.encode(departureDate, forKey: .departureDate)
        try container.encode(arrivalDate, forKey: .arrivalDate)
        try container.encode(durationSeconds, forKey: .durationSeconds)
        try container.encode(durationText, forKey: .durationText)
        try container.encode(from, forKey: .from)
        try container.encode(to, forKey: .to)
        try container.encode(transportTypes, forKey: .transportTypes)
        try container.encode(number, forKey: .number)
        try container.encode(title, forKey: .title)
        try container.encode(threadUIDs, forKey: .threadUIDs)
        try container.encode(carrier, forKey: .carrier)
        try container.encode(carrierCode, forKey: .carrierCode)
        try container.encode(hasTransfers, forKey: .hasTransfers)
        try container.encode(transfers, forKey: .transfers)
        try container.encode(slot, forKey: .slot)
        try container.encode(prices, forKey: .prices)
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
            carrier = segment.thread.carrier?.title
            prices = (segment.ticketsInfo?.places ?? []).map(PriceRecord.init)
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
            var titles: [String] = []
            for title in legs.compactMap(\.thread.carrier?.title) where !titles.contains(title) { titles.append(title) }
            carrier = titles.isEmpty ? nil : titles.joined(separator: " / ")
            prices = []
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
