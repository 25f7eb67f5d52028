import Foundation
import RaspAPI

/// `GET /v3.0/carrier/`, `GET /v3.0/copyright/` and `GET /v3.0/stations_list/`.
extension DemoCatalog {
    /// A carrier by code. With `system=iata` (or `sirena`/`icao`) one code can match several carriers; then the
    /// body is `{"carriers": [...]}` instead of `{"carrier": {...}}`, as in the real API.
    func carrier(_ request: DemoRequest) throws -> CarrierResponse {
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
        if matches.count == 1 { return CarrierResponse(carrier: carrierValue(matches[0], style: .withOffices)) }
        return CarrierResponse(carriers: matches.map { carrierValue($0, style: .withOffices) })
    }

    /// The attribution, labelled as demo data.
    func copyright() -> CopyrightResponse {
        let frame = { (file: String, vertical: Bool) in
            let size = vertical ? "width: 240px; height: 130px;" : "width: 740px; height: 51px;"
            return "<iframe frameborder=\"0\" style=\"overflow: hidden; border: 0; \(size)\" "
                + "src=\"//yandex.st/rasp/media/apicc/\(file).html\"></iframe>"
        }
        return CopyrightResponse(copyright: Copyright(
            url: "http://rasp.yandex.ru/",
            text: "Демонстрационные данные (demo: true), не настоящее расписание. "
                + "Формат ответов — как у сервиса Яндекс.Расписания",
            logoVm: frame("copyright_vert_mono", true), logoVd: frame("copyright_vert_dark", true),
            logoVy: frame("copyright_vert_yellow", true), logoHm: frame("copyright_horiz_mono", false),
            logoHd: frame("copyright_horiz_dark", false), logoHy: frame("copyright_horiz_yellow", false)))
    }

    /// The whole demo directory in the `stations_list` shape. One bus stop has empty-string coordinates, a quirk
    /// the real directory is believed to have.
    func stationsList() -> StationsListResponse {
        let countries = DemoGeography.countries.map { country in
            let regions = DemoGeography.regions.filter { $0.countryCode == country.code }.map { region in
                let settlements = cities.filter { $0.regionCode == region.code }.map { city in
                    Settlement(title: city.title, codes: DirectoryCodes(yandexCode: city.code),
                               stations: city.stations.map(directoryStation))
                }
                return Region(title: region.title, codes: DirectoryCodes(yandexCode: region.code),
                              settlements: settlements)
            }
            return Country(title: country.title, codes: DirectoryCodes(yandexCode: country.code), regions: regions)
        }
        return StationsListResponse(countries: countries)
    }

    private func directoryStation(_ station: DemoStation) -> Station {
        let blankCoordinates = station.code == "s9743011"
        return Station(
            title: station.title, codes: DirectoryCodes(yandexCode: station.code, esrCode: station.esr),
            direction: station.direction, stationType: station.kind.apiType,
            transportType: station.mode.apiType,
            latitude: blankCoordinates ? .string("") : .double(station.latitude),
            longitude: blankCoordinates ? .string("") : .double(station.longitude))
    }
}
