import RaspAPI

/// How a thread travels (the API's `transport_type`).
enum DemoMode: String, Sendable, CaseIterable {
    case plane, train, suburban, bus, water

    /// The API's value.
    var apiType: TransportType {
        switch self {
        case .plane: .plane
        case .train: .train
        case .suburban: .suburban
        case .bus: .bus
        case .water: .water
        }
    }
}

/// What kind of place a station is (the API's `station_type`), with its Russian display name.
enum DemoStationKind: String, Sendable {
    case trainStation = "train_station"
    case platform
    case airport
    case busStation = "bus_station"
    case busStop = "bus_stop"

    /// The API's value.
    var apiType: StationType {
        switch self {
        case .trainStation: .trainStation
        case .platform: .platform
        case .airport: .airport
        case .busStation: .busStation
        case .busStop: .busStop
        }
    }

    /// `station_type_name` as the Russian API localizes it.
    var displayName: String {
        switch self {
        case .trainStation: "вокзал"
        case .platform: "платформа"
        case .airport: "аэропорт"
        case .busStation: "автовокзал"
        case .busStop: "автобусная остановка"
        }
    }

    /// Importance for `nearest_stations` (`majority`: 1 is the most important).
    var majority: Int {
        switch self {
        case .airport: 1
        case .trainStation: 2
        case .busStation: 3
        case .platform: 4
        case .busStop: 5
        }
    }
}

/// A fixed UTC offset with its tz-database name. Every zone used here has had no daylight saving since 2014
/// (Kazakhstan: since March 2024), so a fixed offset gives the same times as the tz database, independent of the
/// machine's tzdata.
struct DemoZone: Sendable, Hashable {
    /// The tz-database identifier, e.g. `Europe/Moscow`.
    let identifier: String
    /// Minutes east of UTC.
    let offsetMinutes: Int

    static let kaliningrad = DemoZone(identifier: "Europe/Kaliningrad", offsetMinutes: 120)
    static let moscow = DemoZone(identifier: "Europe/Moscow", offsetMinutes: 180)
    static let simferopol = DemoZone(identifier: "Europe/Simferopol", offsetMinutes: 180)
    static let volgograd = DemoZone(identifier: "Europe/Volgograd", offsetMinutes: 180)
    static let minsk = DemoZone(identifier: "Europe/Minsk", offsetMinutes: 180)
    static let samara = DemoZone(identifier: "Europe/Samara", offsetMinutes: 240)
    static let saratov = DemoZone(identifier: "Europe/Saratov", offsetMinutes: 240)
    static let ulyanovsk = DemoZone(identifier: "Europe/Ulyanovsk", offsetMinutes: 240)
    static let yekaterinburg = DemoZone(identifier: "Asia/Yekaterinburg", offsetMinutes: 300)
    static let almaty = DemoZone(identifier: "Asia/Almaty", offsetMinutes: 300)
    static let omsk = DemoZone(identifier: "Asia/Omsk", offsetMinutes: 360)
    static let novosibirsk = DemoZone(identifier: "Asia/Novosibirsk", offsetMinutes: 420)
    static let barnaul = DemoZone(identifier: "Asia/Barnaul", offsetMinutes: 420)
    static let krasnoyarsk = DemoZone(identifier: "Asia/Krasnoyarsk", offsetMinutes: 420)
    static let irkutsk = DemoZone(identifier: "Asia/Irkutsk", offsetMinutes: 480)
    static let yakutsk = DemoZone(identifier: "Asia/Yakutsk", offsetMinutes: 540)
    static let vladivostok = DemoZone(identifier: "Asia/Vladivostok", offsetMinutes: 600)
}

/// A country of the demo geography (`l…` codes).
struct DemoCountry: Sendable {
    let code: String
    let title: String
}

/// A region (`r…` codes) inside a country.
struct DemoRegion: Sendable {
    let code: String
    let title: String
    let countryCode: String
}

/// A station (`s…` code) of a settlement.
struct DemoStation: Sendable {
    let code: String
    let title: String
    let popularTitle: String?
    let shortTitle: String?
    let kind: DemoStationKind
    /// The station's own `transport_type` (`train` for platforms too; suburban trains stop at train stations).
    let mode: DemoMode
    let latitude: Double
    let longitude: Double
    /// ESR (railway) code, where one is known.
    let esr: String?
    /// The railway direction name for `stations_list` (`""` off the railway).
    let direction: String
    /// The code of the settlement it belongs to (filled in by ``DemoCity``).
    var cityCode: String = ""
    /// The zone of its settlement (filled in by ``DemoCity``).
    var zone: DemoZone = .moscow
}

/// A settlement (`c…` code) with its stations.
struct DemoCity: Sendable {
    let code: String
    let title: String
    let regionCode: String
    let zone: DemoZone
    let latitude: Double
    let longitude: Double
    let stations: [DemoStation]

    init(_ code: String, _ title: String, region: String, zone: DemoZone, _ latitude: Double, _ longitude: Double,
         stations: [DemoStation]) {
        self.code = code
        self.title = title
        self.regionCode = region
        self.zone = zone
        self.latitude = latitude
        self.longitude = longitude
        self.stations = stations.map { station in
            var station = station
            station.cityCode = code
            station.zone = zone
            return station
        }
    }
}

extension DemoStation {
    /// A railway station (`train_station`).
    static func train(_ code: String, _ title: String, popular: String? = "", short: String? = "",
                      _ latitude: Double, _ longitude: Double, esr: String? = nil,
                      direction: String = "") -> DemoStation {
        DemoStation(code: code, title: title, popularTitle: popular, shortTitle: short, kind: .trainStation,
                    mode: .train, latitude: latitude, longitude: longitude, esr: esr, direction: direction)
    }

    /// A suburban platform (`platform`, transport `train`).
    static func platform(_ code: String, _ title: String, short: String? = nil, _ latitude: Double, _ longitude: Double,
                         direction: String) -> DemoStation {
        DemoStation(code: code, title: title, popularTitle: nil, shortTitle: short, kind: .platform, mode: .train,
                    latitude: latitude, longitude: longitude, esr: nil, direction: direction)
    }

    /// An airport.
    static func airport(_ code: String, _ title: String, _ latitude: Double, _ longitude: Double) -> DemoStation {
        DemoStation(code: code, title: title, popularTitle: "", shortTitle: "", kind: .airport, mode: .plane,
                    latitude: latitude, longitude: longitude, esr: nil, direction: "")
    }

    /// A bus station, or a bus stop with `stop: true`.
    static func bus(_ code: String, _ title: String, popular: String? = nil, _ latitude: Double, _ longitude: Double,
                    stop: Bool = false) -> DemoStation {
        DemoStation(code: code, title: title, popularTitle: popular, shortTitle: stop ? nil : "",
                    kind: stop ? .busStop : .busStation, mode: .bus, latitude: latitude, longitude: longitude,
                    esr: nil, direction: "")
    }
}
