/// `GET /v3.0/nearest_stations/` and `GET /v3.0/nearest_settlement/`.
extension DemoCatalog {
    func nearestStations(_ request: DemoRequest) throws -> JSONNode {
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
        return .object([
            ("pagination", Self.paginationJSON(total: found.count, limit: limit, offset: offset)),
            ("stations", .array(found.page(offset: offset, limit: limit).map { nearbyJSON($0.station, km: $0.km) })),
        ])
    }

    func nearestSettlement(_ request: DemoRequest) throws -> JSONNode {
        let query = request.query
        let (lat, lng) = try coordinates(query)
        let distance = try query.int("distance", default: 10, range: 0...50)
        let radius = Double(min(distance, 50))
        guard let (city, km) = cities.map({ ($0, DemoGeo.kilometres(lat, lng, $0.latitude, $0.longitude)) })
            .filter({ $0.1 <= radius }).min(by: { $0.1 < $1.1 })
        else { throw DemoFailure(404, "Не нашли населённый пункт в радиусе \(Int(radius)) км") }
        return .object([
            ("type", .string("settlement")), ("code", .string(city.code)), ("title", .string(city.title)),
            ("short_title", .string(city.title)), ("popular_title", .string(city.title)),
            ("lat", .double(city.latitude)), ("lng", .double(city.longitude)), ("distance", .double(km)),
        ])
    }

    private func coordinates(_ query: DemoQuery) throws -> (Double, Double) {
        (try query.coordinate("lat", limit: 90, what: "Широта"),
         try query.coordinate("lng", limit: 180, what: "Долгота"))
    }

    private func nearbyJSON(_ station: DemoStation, km: Double) -> JSONNode {
        let id = station.code.dropFirst()
        let link = { (suffix: String) -> JSONNode in
            .object([("desktop_url", .string("https://rasp.yandex.ru/station/\(id)/\(suffix)")),
                     ("touch_url", .string("https://t.rasp.yandex.ru/station/\(id)/\(suffix)"))])
        }
        var choices: [(String, JSONNode)]
        switch station.kind {
        case .airport: choices = [("tablo", link(""))]
        case .trainStation: choices = [("train", link("")), ("schedule", link("schedule"))]
        case .platform: choices = [("suburban", link("suburban"))]
        case .busStation: choices = [("schedule", link("schedule"))]
        case .busStop: choices = []
        }
        if station.code == "s9600213" || station.code == "s2000006" { choices.append(("aeroex", link("aeroex"))) }
        return .object([
            ("type", .string("station")), ("code", .string(station.code)), ("title", .string(station.title)),
            ("popular_title", .string(station.popularTitle)), ("short_title", .string(station.shortTitle)),
            ("station_type", .string(station.kind.rawValue)), ("station_type_name", .string(station.kind.displayName)),
            ("transport_type", .string(station.mode.rawValue)), ("lat", .double(station.latitude)),
            ("lng", .double(station.longitude)), ("distance", .double(km)), ("majority", .int(station.kind.majority)),
            ("type_choices", .object(choices)),
        ])
    }
}
