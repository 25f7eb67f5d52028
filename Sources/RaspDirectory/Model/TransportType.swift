import Foundation

/// The means of transport serving a station, as the `transport_type` of a stations_list entry.
///
/// An open set, like ``StationType``: localized names («Самолёт», «Поезд») map to the API codes.
public struct TransportType: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The code (`plane`, `train`, …) or, for a name this type does not know, that name lowercased.
    public let rawValue: String

    /// Wraps a value as is.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Reads a `transport_type` value from the API: a code, a localized name, or `""` (``unknown``).
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

    /// The raw value.
    public var description: String { rawValue }

    /// Planes.
    public static let plane = TransportType(rawValue: "plane")
    /// Long-distance trains.
    public static let train = TransportType(rawValue: "train")
    /// Suburban trains (электрички).
    public static let suburban = TransportType(rawValue: "suburban")
    /// Buses.
    public static let bus = TransportType(rawValue: "bus")
    /// Water transport.
    public static let water = TransportType(rawValue: "water")
    /// Helicopters.
    public static let helicopter = TransportType(rawValue: "helicopter")
    /// Sea transport (a subtype in some data).
    public static let sea = TransportType(rawValue: "sea")
    /// River transport (a subtype in some data).
    public static let river = TransportType(rawValue: "river")
    /// No transport type in the data (`""`).
    public static let unknown = TransportType(rawValue: "unknown")

    /// Russian and Ukrainian names seen in localized responses (ё already folded to е).
    private static let localizedNames: [String: String] = [
        "самолет": "plane", "літак": "plane",
        "поезд": "train", "потяг": "train", "поїзд": "train",
        "электричка": "suburban", "електричка": "suburban", "пригородный поезд": "suburban",
        "автобус": "bus",
        "водный транспорт": "water", "теплоход": "water", "водний транспорт": "water",
        "вертолет": "helicopter", "вертоліт": "helicopter", "гелікоптер": "helicopter",
        "морской транспорт": "sea", "речной транспорт": "river",
    ]
}
