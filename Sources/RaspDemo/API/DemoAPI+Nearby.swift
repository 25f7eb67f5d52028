import RaspAPI
import RaspRuntime

/// `GET /v3.0/nearest_stations/` and `GET /v3.0/nearest_settlement/`.
extension DemoCatalog {
    func nearestStations(_ request: DemoRequest) throws -> NearestStationsResponse {
        let query = request.query
        let (lat, lng) = try coordinates(query)
        let distance = try query.int("distance", default: 10, range: 0...50)
        let radius = Double(min(distance, 50))
        let modes = try query.modes()
        let types = try query.stationTypes()
        let (offset, limit) = try query.page()
        let found = cities.flatMap(\.stations)
            .map { (station: $0, km: DemoGeo.kilometres(lat, lng, $0.latitude, $0.longitude)) }
            .filter { $0.km <= radius && (modes?.contains($0.station.mode) ?? true)
                && (types?.contains($0.station.kind.rawValue) ?? true) }
            .sorted { ($0.km, $0.station.code) < ($1.km, $1.station.code) }
        return NearestStationsResponse(
            pagination: Pagination(total: found.count, limit: limit, offset: offset),
            stations: found.page(offset: offset, limit: limit).map { nearby($0.station, km: $0.km) })
    }

    func nearestSettlement(_ request: DemoRequest) throws -> NearestSettlementResponse {
        let query = request.query
        let (lat, lng) = try coordinates(query)
        let distance = try query.int("distance", default: 10, range: 0...50)
        let radius = Double(min(distance, 50))
        guard let (city, km) = cities.map({ ($0, DemoGeo.kilometres(lat, lng, $0.latitude, $0.longitude)) })
            .filter({ $0.1 <= radius }).min(by: { $0.1 < $1.1 })
        else { throw DemoFailure(404, "Не нашли населённый пункт в радиусе \(Int(radius)) км") }
        return NearestSettlementResponse(type: .settlement, code: city.code, title: city.title, shortTitle: city.title,
                                         popularTitle: city.title, lat: city.latitude, lng: city.longitude,
                                         distance: km)
    }

    private func coordinates(_ query: DemoQuery) throws -> (Double, Double) {
        (try query.coordinate("lat", limit: 90, what: "Широта"),
         try query.coordinate("lng", limit: 180, what: "Долгота"))
    }

    private func nearby(_ station: DemoStation, km: Double) -> NearestStation {
        let id = station.code.dropFirst()
        let link = { (suffix: String) in
            TypeChoice(desktopUrl: "https://rasp.yandex.ru/station/\(id)/\(suffix)",
                       touchUrl: "https://t.rasp.yandex.ru/station/\(id)/\(suffix)")
        }
        var choices: JSONObject<TypeChoice>
        switch station.kind {
        case .airport: choices = ["tablo": link("")]
        case .trainStation: choices = ["train": link(""), "schedule": link("schedule")]
        case .platform: choices = ["suburban": link("suburban")]
        case .busStation: choices = ["schedule": link("schedule")]
        case .busStop: choices = [:]
        }
        if station.code == "s9600213" || station.code == "s2000006" { choices["aeroex"] = link("aeroex") }
        return NearestStation(
            type: .station, code: station.code, title: station.title, popularTitle: station.popularTitle,
            shortTitle: station.shortTitle, stationType: station.kind.apiType,
            stationTypeName: station.kind.displayName, transportType: station.mode.apiType,
            lat: station.latitude, lng: station.longitude, distance: km, majority: station.kind.majority,
            typeChoices: choices)
    }
}
