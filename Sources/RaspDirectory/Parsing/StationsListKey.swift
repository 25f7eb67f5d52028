import Foundation

/// The member names of a stations_list document the parser reads; anything else is skipped.
enum StationsListKey {
    case countries, regions, settlements, stations
    case title, popularTitle, codes, yandexCode, esrCode
    case direction, stationType, transportType, latitude, longitude
    case other

    /// The key spelled by `bytes`: one candidate by length and first letter, then one comparison.
    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let first = bytes.first else {
            self = .other
            return
        }
        let candidate: (StaticString, StationsListKey)
        switch (bytes.count, first) {
        case (5, UInt8(ascii: "t")): candidate = ("title", .title)
        case (5, UInt8(ascii: "c")): candidate = ("codes", .codes)
        case (7, UInt8(ascii: "r")): candidate = ("regions", .regions)
        case (8, UInt8(ascii: "e")): candidate = ("esr_code", .esrCode)
        case (8, UInt8(ascii: "l")): candidate = ("latitude", .latitude)
        case (8, UInt8(ascii: "s")): candidate = ("stations", .stations)
        case (9, UInt8(ascii: "d")): candidate = ("direction", .direction)
        case (9, UInt8(ascii: "l")): candidate = ("longitude", .longitude)
        case (9, UInt8(ascii: "c")): candidate = ("countries", .countries)
        case (11, UInt8(ascii: "y")): candidate = ("yandex_code", .yandexCode)
        case (11, UInt8(ascii: "s")): candidate = ("settlements", .settlements)
        case (12, UInt8(ascii: "s")): candidate = ("station_type", .stationType)
        case (13, UInt8(ascii: "p")): candidate = ("popular_title", .popularTitle)
        case (14, UInt8(ascii: "t")): candidate = ("transport_type", .transportType)
        default:
            self = .other
            return
        }
        self = memcmp(candidate.0.utf8Start, bytes.baseAddress!, bytes.count) == 0 ? candidate.1 : .other
    }
}
