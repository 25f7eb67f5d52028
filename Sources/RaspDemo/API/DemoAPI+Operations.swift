public import RaspAPI
import RaspRuntime

/// The demo as the API's own handler protocol: each operation takes its typed input and answers the value the
/// HTTP answer would hold, with no JSON in between. This is what the mock server runs behind the routes generated
/// from `openapi.yaml`, and a fake any code written against `RaspClientProtocol` can call in-process.
///
/// ```swift
/// let api: any RaspClientProtocol = DemoAPI()
/// let trips = try await api.search(Operations.Search(from: "c213", to: "c2"))
/// ```
///
/// A request the demo refuses throws `APIError<ErrorResponse>` with the status and the body its HTTP answer has.
/// The key is not checked here: ``requiredKey`` is read from the query and headers of an HTTP request, which a
/// typed input does not carry (a server checks it before the input is decoded).
extension DemoAPI: RaspClientProtocol {
    public func search(_ input: Operations.Search) async throws -> SearchResponse {
        try answer("search", "/v3.0/search/", [
            ("from", input.from), ("to", input.to), ("date", input.date), ("transport_types", input.transportTypes),
            ("system", input.system), ("show_systems", input.showSystems), ("offset", input.offset),
            ("limit", input.limit), ("add_days_mask", input.addDaysMask), ("result_timezone", input.resultTimezone),
            ("transfers", input.transfers), ("format", input.format), ("lang", input.lang),
        ]) { try $0.search($1) }
    }

    public func schedule(_ input: Operations.Schedule) async throws -> ScheduleResponse {
        try answer("schedule", "/v3.0/schedule/", [
            ("station", input.station), ("date", input.date), ("transport_types", input.transportTypes),
            ("event", input.event), ("direction", input.direction), ("system", input.system),
            ("show_systems", input.showSystems), ("result_timezone", input.resultTimezone), ("offset", input.offset),
            ("limit", input.limit), ("tablo", input.tablo), ("format", input.format), ("lang", input.lang),
        ]) { try $0.schedule($1) }
    }

    public func thread(_ input: Operations.Thread) async throws -> ThreadResponse {
        try answer("thread", "/v3.0/thread/", [
            ("uid", input.uid), ("from", input.from), ("to", input.to), ("date", input.date),
            ("show_systems", input.showSystems), ("result_timezone", input.resultTimezone), ("format", input.format),
            ("lang", input.lang),
        ]) { try $0.thread($1) }
    }

    public func nearestStations(_ input: Operations.NearestStations) async throws -> NearestStationsResponse {
        // `station_types` is a comma-separated list on the wire (`style: form, explode: false`).
        let stationTypes = input.stationTypes.map { $0.map(\.rawValue).joined(separator: ",") }
        return try answer("nearestStations", "/v3.0/nearest_stations/", [
            ("lat", input.lat), ("lng", input.lng), ("distance", input.distance), ("station_types", stationTypes),
            ("transport_types", input.transportTypes), ("offset", input.offset), ("limit", input.limit),
            ("format", input.format), ("lang", input.lang),
        ]) { try $0.nearestStations($1) }
    }

    public func nearestSettlement(_ input: Operations.NearestSettlement) async throws -> NearestSettlementResponse {
        try answer("nearestSettlement", "/v3.0/nearest_settlement/", [
            ("lat", input.lat), ("lng", input.lng), ("distance", input.distance), ("format", input.format),
            ("lang", input.lang),
        ]) { try $0.nearestSettlement($1) }
    }

    public func carrier(_ input: Operations.CarrierInput) async throws -> CarrierResponse {
        try answer("carrier", "/v3.0/carrier/", [
            ("code", input.code), ("system", input.system), ("format", input.format), ("lang", input.lang),
        ]) { try $0.carrier($1) }
    }

    public func stationsList(_ input: Operations.StationsList) async throws -> StationsListResponse {
        try answer("stationsList", "/v3.0/stations_list/", [("format", input.format), ("lang", input.lang)]) {
            catalog, _ in catalog.stationsList()
        }
    }

    public func copyright(_ input: Operations.CopyrightInput) async throws -> CopyrightResponse {
        try answer("copyright", "/v3.0/copyright/", [("format", input.format)]) { catalog, _ in catalog.copyright() }
    }

    /// Runs an endpoint on the parameters its HTTP request would carry, with the checks every request gets.
    /// - Parameters:
    ///   - operationID: The operation, named by a thrown error.
    ///   - path: The endpoint's path, echoed in error bodies.
    ///   - parameters: The query parameters by wire name, as sent (nil ones are left out).
    ///   - build: The endpoint.
    private func answer<Value>(_ operationID: String, _ path: String, _ parameters: [(String, (any QueryValue)?)],
                               _ build: (DemoCatalog, DemoRequest) throws -> Value) throws -> Value {
        let items = parameters.compactMap { name, value in value.map { (name, $0.queryValue) } }
        let request = DemoRequest(path: path, query: DemoQuery(items), host: host, now: now)
        do {
            try request.query.checkCommon()
            return try build(.shared, request)
        } catch let failure as DemoFailure {
            let response = failure.response(for: request)
            throw APIError(body: failure.body(for: request), failure: ClientError.HTTPFailure(
                operationID: operationID, status: response.status, headers: response.headers, body: response.body,
                decodedBody: nil))
        }
    }
}
