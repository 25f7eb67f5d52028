import Foundation

/// The kind of a station, as the `station_type` of a stations_list entry.
///
/// An open set: the API documents the codes below, older and localized responses carry Russian or Ukrainian
/// names instead («аэропорт», «платформа»), which ``init(apiValue:)`` maps to the same codes. A value it does not
/// know keeps its text (lowercased), so nothing is lost.
public struct StationType: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The code (`airport`, `train_station`, …) or, for a name this type does not know, that name lowercased.
    public let rawValue: String

    /// Wraps a value as is.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Reads a `station_type` value from the API: a code, a localized name, or `""` (``unknown``).
    public init(apiValue: String) {
        let key = apiValue.trimmingCharacters(in: .whitespaces).lowercased().replacingOccurrences(of: "ё", with: "е")
        if key.isEmpty {
            self = .unknown
        } else if let code = Self.localizedNames[key] {
            self.rawValue = code
        } else {
            self.rawValue = key
        }
    }

    /// Whether this is one of the codes the API documents.
    public var isKnown: Bool { Self.codes.contains(rawValue) }

    /// The raw value.
    public var description: String { rawValue }

    /// A railway station.
    public static let station = StationType(rawValue: "station")
    /// A railway platform.
    public static let platform = StationType(rawValue: "platform")
    /// A stop (остановочный пункт).
    public static let stop = StationType(rawValue: "stop")
    /// A checkpoint.
    public static let checkpoint = StationType(rawValue: "checkpoint")
    /// A block post.
    public static let post = StationType(rawValue: "post")
    /// A passing loop (разъезд).
    public static let crossing = StationType(rawValue: "crossing")
    /// An overtaking point (обгонный пункт).
    public static let overtakingPoint = StationType(rawValue: "overtaking_point")
    /// A railway terminal (вокзал).
    public static let trainStation = StationType(rawValue: "train_station")
    /// An airport.
    public static let airport = StationType(rawValue: "airport")
    /// A bus station (автовокзал).
    public static let busStation = StationType(rawValue: "bus_station")
    /// A bus stop.
    public static let busStop = StationType(rawValue: "bus_stop")
    /// No type in the data (`""`).
    public static let unknown = StationType(rawValue: "unknown")
    /// A port.
    public static let port = StationType(rawValue: "port")
    /// A port point (портпункт).
    public static let portPoint = StationType(rawValue: "port_point")
    /// A wharf (пристань).
    public static let wharf = StationType(rawValue: "wharf")
    /// A river port (речной вокзал).
    public static let riverPort = StationType(rawValue: "river_port")
    /// A marine station (морской вокзал).
    public static let marineStation = StationType(rawValue: "marine_station")

    /// Hubs people name a trip by: they rank before ordinary stations, which rank before stops.
    var searchClass: Int {
        switch self {
        case .trainStation, .airport, .busStation, .riverPort, .marineStation, .port: 0
        case .station: 1
        default: 2
        }
    }

    private static let codes: Set<String> = [
        "station", "platform", "stop", "checkpoint", "post", "crossing", "overtaking_point", "train_station",
        "airport", "bus_station", "bus_stop", "unknown", "port", "port_point", "wharf", "river_port",
        "marine_station",
    ]

    /// Russian and Ukrainian names seen in localized responses (ё already folded to е).
    private static let localizedNames: [String: String] = [
        "станция": "station", "станція": "station",
        "платформа": "platform",
        "остановочный пункт": "stop", "зупинний пункт": "stop", "остановка": "stop",
        "контрольно-пропускной пункт": "checkpoint", "пункт пропуска": "checkpoint", "блокпост": "post",
        "пост": "post", "разъезд": "crossing", "роз'їзд": "crossing", "обгонный пункт": "overtaking_point",
        "вокзал": "train_station", "железнодорожный вокзал": "train_station",
        "аэропорт": "airport", "аеропорт": "airport",
        "автовокзал": "bus_station", "автостанция": "bus_station", "автостанція": "bus_station",
        "автобусная остановка": "bus_stop", "автобусна зупинка": "bus_stop",
        "неизвестно": "unknown", "порт": "port", "портпункт": "port_point", "пристань": "wharf",
        "речной вокзал": "river_port", "морской вокзал": "marine_station",
    ]
}
