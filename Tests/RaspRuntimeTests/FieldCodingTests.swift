import Foundation
import Testing
@_spi(Generated) import RaspRuntime

/// The coders generated structs spell out with ``FieldKey``: the same JSON as synthesized `Codable` (missing or `null`
/// optionals are nil and nil ones write no key, defaults fill missing keys, errors name the wire key).
struct FieldCodingTests {
    /// A struct written the way the generator writes one.
    struct Sample: Codable, Equatable {
        var id: Int
        var displayName: String?
        var limit: Int

        init(id: Int, displayName: String? = nil, limit: Int = 100) {
            (self.id, self.displayName, self.limit) = (id, displayName, limit)
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: FieldKey.self)
            self.id = try container.field(Int.self, "id")
            self.displayName = try container.optionalField(String.self, "display_name")
            self.limit = try container.field(Int.self, "limit", default: 100)
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: FieldKey.self)
            try container.encodeField(self.id, "id")
            try container.encodeOptionalField(self.displayName, "display_name")
            try container.encodeField(self.limit, "limit")
        }
    }

    static func decode(_ json: String) throws -> Sample {
        try JSONDecoder().decode(Sample.self, from: Data(json.utf8))
    }

    @Test func missingAndNullOptionalsAreNilAndDefaultsFillMissingKeys() throws {
        #expect(try Self.decode(#"{"id": 1}"#) == Sample(id: 1))
        #expect(try Self.decode(#"{"id": 1, "display_name": null, "limit": null}"#) == Sample(id: 1))
        #expect(try Self.decode(#"{"id": 2, "display_name": "x", "limit": 5}"#)
            == Sample(id: 2, displayName: "x", limit: 5))
    }

    @Test func aMissingRequiredKeyIsNamedByItsWireName() throws {
        do {
            _ = try Self.decode(#"{"display_name": "x"}"#)
            Issue.record("decoded without its required key")
        } catch DecodingError.keyNotFound(let key, _) {
            #expect(key.stringValue == "id")
        }
        do {
            _ = try Self.decode(#"{"id": 1, "display_name": 3}"#)
            Issue.record("decoded a number as a string")
        } catch DecodingError.typeMismatch(_, let context) {
            #expect(context.codingPath.map(\.stringValue) == ["display_name"])
        }
    }

    @Test func encodingWritesWireNamesInOrderAndSkipsNil() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(String(decoding: try encoder.encode(Sample(id: 1)), as: UTF8.self) == #"{"id":1,"limit":100}"#)
        #expect(String(decoding: try encoder.encode(Sample(id: 1, displayName: "é")), as: UTF8.self)
            == #"{"display_name":"é","id":1,"limit":100}"#)
    }
}
