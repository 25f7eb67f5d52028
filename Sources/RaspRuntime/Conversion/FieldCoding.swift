/// The coding key of every generated struct: a property's name on the wire.
///
/// Generated structs spell out `init(from:)` and `encode(to:)` with this one key type and the container methods
/// below, instead of declaring a `CodingKeys` enum each: a synthesized `CodingKeys` brings a dozen methods, witness
/// tables and metadata per type, and a synthesized coder's calls pick among the containers' overloads, which makes
/// the compiler work per property. The methods below have no overloads, so each property's line is cheap to check.
public struct FieldKey: CodingKey, Sendable {
    /// The property's name on the wire.
    public var stringValue: String
    /// Always nil: generated structs are JSON objects, never arrays.
    public var intValue: Int? { nil }

    /// A key with this wire name (generated code passes literals; a `StaticString` costs a caller no conversion
    /// call and no release).
    @inlinable
    public init(_ name: StaticString) {
        stringValue = name.withUTF8Buffer { String(decoding: $0, as: UTF8.self) }
    }

    /// A key with this wire name.
    @inlinable
    public init(stringValue: String) { self.stringValue = stringValue }

    /// Always nil: generated structs have no integer keys.
    @inlinable
    public init?(intValue: Int) { nil }
}

extension KeyedDecodingContainer where Key == FieldKey {
    /// The value of a required property: fails when the key is missing or its value is `null`.
    @inlinable
    public func field<Value: Decodable>(_ type: Value.Type, _ name: StaticString) throws -> Value {
        try decode(type, forKey: FieldKey(name))
    }

    /// The value of an optional property: nil when the key is missing or its value is `null`.
    @inlinable
    public func optionalField<Value: Decodable>(_ type: Value.Type, _ name: StaticString) throws -> Value? {
        try decodeIfPresent(type, forKey: FieldKey(name))
    }

    /// The value of a property with a default: `defaultValue` when the key is missing or its value is `null`.
    @inlinable
    public func field<Value: Decodable>(_ type: Value.Type, _ name: StaticString, default defaultValue: Value) throws
        -> Value {
        try decodeIfPresent(type, forKey: FieldKey(name)) ?? defaultValue
    }
}

extension KeyedEncodingContainer where Key == FieldKey {
    /// Writes a property's value under its wire name.
    @inlinable
    public mutating func encodeField<Value: Encodable>(_ value: Value, _ name: StaticString) throws {
        try encode(value, forKey: FieldKey(name))
    }

    /// Writes an optional property's value under its wire name; a nil value writes no key.
    @inlinable
    public mutating func encodeOptionalField<Value: Encodable>(_ value: Value?, _ name: StaticString) throws {
        try encodeIfPresent(value, forKey: FieldKey(name))
    }
}
