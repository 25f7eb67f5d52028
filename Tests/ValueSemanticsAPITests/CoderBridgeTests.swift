import Foundation
@testable import RaspRuntime
import Testing
import ValueSemanticsAPI

/// The runtime's `init(from:)` and `encode(to:)`, which generated types that are not coded by shape take: any
/// decoder's or encoder's value goes through the type's JSON reader and writer.
struct CoderBridgeTests {
    static let pets = #"""
        [{"petType": "dog", "name": "Rex", "bark": "woof"}, {"petType": "cat", "name": "Tom", "indoor": true},
         {"petType": "Bird", "name": "Kiwi", "wingspan": 0.3}, {"petType": "fish", "name": "Nemo"}]
        """#

    /// Foundation's `JSONDecoder` and `JSONEncoder` give the values and the JSON the reader and writer give.
    @Test func foundationCodersAgreeWithTheReaderAndWriter() throws {
        let data = Data(Self.pets.utf8)
        let read = try JSONCoding.decode([Pet].self, from: data)
        let decoded = try JSONDecoder().decode([Pet].self, from: data)
        #expect(decoded == read)
        let encoder = JSONEncoder()
        let original = try JSONDecoder().decode(JSONValue.self, from: data)
        #expect(try JSONDecoder().decode(JSONValue.self, from: encoder.encode(read)) == original)
        // The streaming encoder keeps a generated type's keys in the order its writer writes them.
        #expect(try JSONCoding.encodeWithEncoder(read) == JSONCoding.encode(read))
    }

    /// A coder that is not JSON (a property list) round-trips the values.
    @Test func aPropertyListRoundTrips() throws {
        let read = try JSONCoding.decode([Pet].self, from: Data(Self.pets.utf8))
        let encoder = PropertyListEncoder()
        encoder.outputFormat = .binary
        #expect(try PropertyListDecoder().decode([Pet].self, from: encoder.encode(read)) == read)
    }

    /// An error inside a value a foreign decoder holds names the decoder's path, then the reader's.
    @Test func errorsNameTheWholePath() throws {
        let data = Data(#"{"first": {"petType": "dog", "name": 5}}"#.utf8)
        do {
            _ = try JSONDecoder().decode([String: Pet].self, from: data)
            Issue.record("decoded a name that is a number")
        } catch DecodingError.typeMismatch(_, let context) {
            #expect(context.codingPath.map(\.stringValue) == ["first", "name"])
        }
    }

    /// Numbers keep their digits between a writer and an encoder: integers beyond 2^53 as integers, and decimals
    /// that a `Double` would change as `Decimal`.
    @Test func numbersKeepTheirDigits() throws {
        let value = try JSONCoding.decode(JSONValue.self, from: Data(#"{"big": 9007199254740993, "small": 0.1}"#.utf8))
        let bridged = try JSONCoding.encodeWithEncoder(Wrapper(value: value))
        #expect(String(decoding: bridged, as: UTF8.self) == #"{"big":9007199254740993,"small":0.1}"#)
        let precise = try JSONCoding.encodeWithEncoder(Literal(text: "[0.10000000000000000001,1e-7]"))
        #expect(String(decoding: precise, as: UTF8.self) == "[0.10000000000000000001,0.0000001]")
    }

    /// A value that writes its JSON and takes the runtime's `encode(to:)`.
    private struct Wrapper: JSONWritable {
        var value: JSONValue
        func writeJSON(to writer: inout JSONWriter) throws { try value.writeJSON(to: &writer) }
    }

    /// JSON text written as it is.
    private struct Literal: JSONWritable {
        var text: String
        func writeJSON(to writer: inout JSONWriter) throws { writer.writeLiteral(text) }
    }
}
