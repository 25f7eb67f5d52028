import Foundation

/// One trip of the schedule, ready to show: carrier, times in each station's local time, duration and the
/// transfer note.
public struct TripRow: Sendable, Hashable, Identifiable {
    /// A stable id within one search (thread uid, or the legs' uids for a transfer route, plus the departure).
    public var id: String
    /// The carrier's name (several carriers of a transfer route are joined with « / »), or «Перевозчик не указан».
    public var carrierTitle: String
    /// The carrier's logo, with protocol-relative URLs fixed to `https:`.
    public var carrierLogoURL: URL?
    /// The carrier's Yandex code, to open the carrier screen; nil when the API gave no carrier.
    public var carrierCode: Int?
    /// The trip number(s), e.g. `SU 1627` or `7273 / 6025`.
    public var number: String
    /// Departure in the departure station's local time.
    public var departure: TripTime?
    /// Arrival in the arrival station's local time.
    public var arrival: TripTime?
    /// `HH:mm` of the departure, e.g. `23:55`.
    public var departureText: String
    /// `HH:mm` of the arrival.
    public var arrivalText: String
    /// The departure's local date, e.g. «5 марта»; nil for an all-days timetable.
    public var dateText: String?
    /// The travel time, e.g. «8 часов» or «2 ч 30 мин».
    public var durationText: String
    /// The travel time in seconds.
    public var duration: Double?
    /// Whether the trip has transfers.
    public var hasTransfers: Bool
    /// «С пересадкой: Кострома», or nil for a direct trip.
    public var transferNote: String?
    /// The departure slot the trip falls into (station local time), when the departure is known.
    public var slot: DepartureSlot? { departure.map(DepartureSlot.init) }
}
