import RaspAPI
import RaspRuntime

/// The eight Rasp endpoints as the soak calls them, each returning a short digest of the decoded value so a
/// success can be compared with the warm-up answer (a cut body must never pass as a different success).
enum SoakOperation: String, CaseIterable, Sendable {
    case search, schedule, thread, nearestStations, nearestSettlement, carrier, stationsList, copyright

    /// The request path (as the mock server counts it).
    var path: String {
        switch self {
        case .search: "/v3.0/search/"
        case .schedule: "/v3.0/schedule/"
        case .thread: "/v3.0/thread/"
        case .nearestStations: "/v3.0/nearest_stations/"
        case .nearestSettlement: "/v3.0/nearest_settlement/"
        case .carrier: "/v3.0/carrier/"
        case .stationsList: "/v3.0/stations_list/"
        case .copyright: "/v3.0/copyright/"
        }
    }

    /// Relative share of the soak's calls (the `stations_list` body, the largest, is the slowest to decode).
    var weight: Int { self == .stationsList ? 1 : 3 }

    /// The demo date every dated call asks for (the mock's "now" is the day before).
    static let date = LocalDate("2026-06-02")

    /// Calls the operation and digests the answer.
    /// - Parameters:
    ///   - client: The client.
    ///   - threadUID: A thread uid from the demo timetable.
    func call(_ client: RaspClient, threadUID: String) async throws -> String {
        switch self {
        case .search:
            let result = try await client.search(from: "c213", to: "c2", date: Self.date)
            return "\(result.segments.count) segments, \(result.search.to.title)"
        case .schedule:
            let result = try await client.schedule(station: "s9600213", date: Self.date)
            return "\(result.schedule.count) departures at \(result.station.title)"
        case .thread:
            let result = try await client.thread(uid: threadUID, date: Self.date)
            return "\(result.stops.count) stops of \(result.uid)"
        case .nearestStations:
            let result = try await client.nearestStations(lat: 59.8, lng: 30.26, distance: 3)
            return "\(result.stations.count) stations, first \(result.stations.first?.code ?? "-")"
        case .nearestSettlement:
            let result = try await client.nearestSettlement(lat: 56.84, lng: 60.6)
            return "settlement \(result.code)"
        case .carrier:
            let result = try await client.carrier(code: "TK", system: .iata)
            return "\(result.carriers?.count ?? 0) carriers"
        case .stationsList:
            let result = try await client.stationsList()
            return "\(result.countries.count) countries, \(result.countries.flatMap(\.regions).count) regions"
        case .copyright:
            let result = try await client.copyright()
            return "copyright \(result.copyright.url)"
        }
    }
}
