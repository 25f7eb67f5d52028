/// The whole demo data set, indexed: built once per process from ``DemoGeography``, ``DemoCarriers`` and
/// ``DemoLinks``, then shared read-only.
struct DemoCatalog: Sendable {
    /// The one catalog (building it takes a few milliseconds).
    static let shared = DemoCatalog()

    let cities: [DemoCity]
    let services: [DemoService]
    private let cityByCode: [String: DemoCity]
    private let stationByCode: [String: DemoStation]
    private let carrierByCode: [Int: DemoCarrier]
    private let serviceIndexByUID: [String: Int]
    private let serviceIndicesByCity: [String: [Int]]
    /// The most days a thread's run spans (bounds the start dates to try for a date).
    let longestRunDays: Int

    init(cities: [DemoCity] = DemoGeography.cities, carriers: [DemoCarrier] = DemoCarriers.all,
         links: [DemoLink] = DemoLinks.all) {
        self.cities = cities
        cityByCode = Dictionary(uniqueKeysWithValues: cities.map { ($0.code, $0) })
        stationByCode = Dictionary(uniqueKeysWithValues: cities.flatMap(\.stations).map { ($0.code, $0) })
        carrierByCode = Dictionary(uniqueKeysWithValues: carriers.map { ($0.code, $0) })
        var builder = DemoServiceBuilder(cities: cityByCode, stations: stationByCode, carriers: carrierByCode)
        services = builder.build(links)
        serviceIndexByUID = Dictionary(uniqueKeysWithValues: services.enumerated().map { ($1.uid, $0) })
        var byCity: [String: [Int]] = [:]
        let stationsByCode = stationByCode
        for (index, service) in services.enumerated() {
            let cityCodes = Set(service.stops.compactMap { stationsByCode[$0.station]?.cityCode })
            for code in cityCodes { byCity[code, default: []].append(index) }
        }
        serviceIndicesByCity = byCity
        longestRunDays = (services.map { $0.startMinute + $0.length }.max() ?? 0) / 1440 + 1
    }

    func city(_ code: String) -> DemoCity? { cityByCode[code] }
    func station(_ code: String) -> DemoStation? { stationByCode[code] }
    func carrier(_ code: Int) -> DemoCarrier? { carrierByCode[code] }
    func service(uid: String) -> DemoService? { serviceIndexByUID[uid].map { services[$0] } }
    var carriers: [DemoCarrier] { carrierByCode.values.sorted { $0.code < $1.code } }

    /// A settlement or station by its Yandex code.
    func point(_ code: String) -> DemoPoint? {
        if let city = cityByCode[code] { return .settlement(city) }
        if let station = stationByCode[code] { return .station(station) }
        return nil
    }

    /// Threads that stop anywhere in `point`'s settlement (a superset of those stopping at the point).
    func services(touching point: DemoPoint) -> [DemoService] {
        (serviceIndicesByCity[point.cityCode] ?? []).map { services[$0] }
    }

    /// The settlement a station belongs to.
    func city(of station: DemoStation) -> DemoCity? { cityByCode[station.cityCode] }
}

/// A `from`/`to`/`station` parameter: a settlement or one station.
enum DemoPoint: Sendable {
    case settlement(DemoCity)
    case station(DemoStation)

    var code: String {
        switch self {
        case .settlement(let city): city.code
        case .station(let station): station.code
        }
    }

    /// Where the point is.
    var coordinates: (latitude: Double, longitude: Double) {
        switch self {
        case .settlement(let city): (city.latitude, city.longitude)
        case .station(let station): (station.latitude, station.longitude)
        }
    }

    /// The settlement the point is in.
    var cityCode: String {
        switch self {
        case .settlement(let city): city.code
        case .station(let station): station.cityCode
        }
    }

    /// Whether a thread making `stop` serves this point.
    func contains(_ stop: DemoStop) -> Bool {
        switch self {
        case .settlement(let city): stop.city == city.code
        case .station(let own): stop.station == own.code
        }
    }
}
