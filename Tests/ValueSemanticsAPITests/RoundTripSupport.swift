import Foundation
@testable import RaspRuntime
import Testing

/// Decodes JSON text with the generated clients' decoder.
func decode<Value: Decodable>(_ type: Value.Type, _ json: String) throws -> Value {
    try JSONCoding.decoder.decode(type, from: Data(json.utf8))
}

/// Encodes a value with the generated clients' encoder and reads it back as free-form JSON.
func encoded<Value: Encodable>(_ value: Value) throws -> JSONValue {
    try JSONDecoder().decode(JSONValue.self, from: JSONCoding.encoder.encode(value))
}

/// Decodes `json` as `Value`, encodes the result and expects the same JSON back (key order aside).
@discardableResult
func expectRoundTrip<Value: Codable>(_ type: Value.Type, _ json: String,
                                     sourceLocation: SourceLocation = #_sourceLocation) throws -> Value {
    let value = try decode(type, json)
    let original = try JSONDecoder().decode(JSONValue.self, from: Data(json.utf8))
    #expect(try encoded(value) == original, "\(json) did not survive \(Value.self)", sourceLocation: sourceLocation)
    // `JSONCoding.encode` writes a generated type through its `writeJSON(to:)`: the same bytes as its `encode(to:)`.
    let written = try JSONCoding.encode(value)
    #expect(try JSONDecoder().decode(JSONValue.self, from: written) == original,
            "\(json) did not survive JSONCoding.encode", sourceLocation: sourceLocation)
    if value is any JSONWritable {
        #expect(try written == JSONCoding.encodeWithEncoder(value), "writeJSON and encode(to:) differ for \(json)",
                sourceLocation: sourceLocation)
    }
    return value
}
