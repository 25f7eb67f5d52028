import Foundation

/// The member names of a stations_list document the parser reads; anything else is skipped.
enum StationsListKey {
    case countries, regions, settlements, stations
    case title, popularTitle, codes, yandexCode, esrCode
    case direction, stationType, transportType, latitude, longitude
    case other

    /// The key spelled by `bytes`.
    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self = .other
        for (name, key) in Self.names where name.utf8CodeUnitCount == bytes.count {
            if memcmp(name.utf8Start, bytes.baseAddress!, bytes.count) == 0 {
                self = key
                return
            }
        }
    }

    private static let names: [(StaticString, StationsListKey)] = [
        ("title", .title), ("codes", .codes), ("yandex_code", .yandexCode), ("esr_code", .esrCode),
        ("direction", .direction), ("station_type", .stationType), ("transport_type", .transportType),
        ("latitude", .latitude), ("longitude", .longitude), ("stations", .stations),
        ("settlements", .settlements), ("regions", .regions), ("countries", .countries),
        ("popular_title", .popularTitle),
    ]
}
