import Foundation

/// `GET /v3.0/carrier/`, `GET /v3.0/copyright/` and `GET /v3.0/stations_list/`.
extension DemoCatalog {
    /// A carrier by code. With `system=iata` (or `sirena`/`icao`) one code can match several carriers; then the
    /// body is `{"carriers": [...]}` instead of `{"carrier": {...}}`, as in the real API.
    func carrier(_ request: DemoRequest) throws -> JSONNode {
        let query = request.query
        let code = try query.required("code")
        let system = query.value("system") ?? "yandex"
        let matches: [DemoCarrier]
        switch system {
        case "yandex": matches = Int(code).flatMap(carrier).map { [$0] } ?? []
        case "iata": matches = carriers.filter { $0.iata == code }
        case "sirena": matches = carriers.filter { $0.sirena == code }
        case "icao": matches = carriers.filter { $0.icao == code }
        case "express", "esr": matches = []  // the demo carriers have no codes in these systems
        default: throw DemoFailure(400, "Некорректное значение параметра system: \(system)")
        }
        guard !matches.isEmpty else { throw DemoFailure(404, "Не нашли объект по \(system) коду \(code)") }
        if matches.count == 1 { return .object([("carrier", carrierJSON(matches[0], style: .withOffices))]) }
        return .object([("carriers", .array(matches.map { carrierJSON($0, style: .withOffices) }))])
    }

    /// The attribution, labelled as demo data.
    func copyright() -> JSONNode {
        let frame = { (file: String, vertical: Bool) -> JSONNode in
            let size = vertical ? "width: 240px; height: 130px;" : "width: 740px; height: 51px;"
            return .string("<iframe frameborder=\"0\" style=\"overflow: hidden; border: 0; \(size)\" "
                + "src=\"//yandex.st/rasp/media/apicc/\(file).html\"></iframe>")
        }
        return .object([("copyright", .object([
            ("url", .string("http://rasp.yandex.ru/")),
            ("text", .string("Демонстрационные данные (demo: true), не настоящее расписание. "
                + "Формат ответов — как у сервиса Яндекс.Расписания")),
            ("logo_vm", frame("copyright_vert_mono", true)), ("logo_vd", frame("copyright_vert_dark", true)),
            ("logo_vy", frame("copyright_vert_yellow", true)), ("logo_hm", frame("copyright_horiz_mono", false)),
            ("logo_hd", frame("copyright_horiz_dark", false)), ("logo_hy", frame("copyright_horiz_yellow", false)),
        ]))])
    }

    /// The whole demo directory in the `stations_list` shape. One bus stop has empty-string coordinates, a quirk
    /// the real directory is believed to have.
    func stationsListJSON() -> Data {
        let countries = DemoGeography.countries.map { country -> JSONNode in
            let regions = DemoGeography.regions.filter { $0.countryCode == country.code }.map { region -> JSONNode in
                let settlements = cities.filter { $0.regionCode == region.code }.map { city -> JSONNode in
                    .object([("title", .string(city.title)), ("codes", .object([("yandex_code", .string(city.code))])),
                             ("stations", .array(city.stations.map(directoryStationJSON)))])
                }
                return .object([("title", .string(region.title)),
                                ("codes", .object([("yandex_code", .string(region.code))])),
                                ("settlements", .array(settlements))])
            }
            return .object([("title", .string(country.title)),
                            ("codes", .object([("yandex_code", .string(country.code))])),
                            ("regions", .array(regions))])
        }
        return JSONNode.object([("countries", .array(countries))]).serialized()
    }

    private func directoryStationJSON(_ station: DemoStation) -> JSONNode {
        var codes: [(String, JSONNode)] = [("yandex_code", .string(station.code))]
        if let esr = station.esr { codes.append(("esr_code", .string(esr))) }
        let blankCoordinates = station.code == "s9743011"
        return .object([
            ("title", .string(station.title)), ("codes", .object(codes)), ("direction", .string(station.direction)),
            ("station_type", .string(station.kind.rawValue)), ("transport_type", .string(station.mode.rawValue)),
            ("latitude", blankCoordinates ? .string("") : .double(station.latitude)),
            ("longitude", blankCoordinates ? .string("") : .double(station.longitude)),
        ])
    }
}
