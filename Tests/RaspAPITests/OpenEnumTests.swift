import Foundation
import Testing
import RaspAPI
import RaspRuntime

/// Generated enums map raw values both ways through `OpenEnum`'s shared implementation.
struct OpenEnumTests {
    @Test func knownAndUnknownRawValues() throws {
        #expect(Format(rawValue: "json") == .json)
        #expect(Format(rawValue: "yaml") == .unknown("yaml"))
        #expect(Format.unknown("yaml").rawValue == "yaml")
        #expect(StationTypesItem(rawValue: "overtaking_point") == .overtakingPoint)
        // A spec value spelled "unknown" keeps its own case, apart from the catch-all.
        #expect(StationTypesItem(rawValue: "unknown") == .unknown_)
        #expect(StationTypesItem.unknown_.rawValue == "unknown")
    }

    @Test func equalityAndHashFollowTheRawValue() {
        #expect(Format.unknown("json") == .json)
        #expect(Set([Format.json, .unknown("json"), .xml]).count == 2)
    }

    @Test func codableRoundTrip() throws {
        let values: [Format] = [.json, .xml, .unknown("csv")]
        let data = try JSONEncoder().encode(values)
        #expect(String(decoding: data, as: UTF8.self) == #"["json","xml","csv"]"#)
        #expect(try JSONDecoder().decode([Format].self, from: data) == values)
    }
}
