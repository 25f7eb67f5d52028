/// The coding key of every generated struct: a property's name on the wire.
///
/// Generated structs spell out `init(from:)` and `encode(to:)` with this one key type and the container methods
/// below, instead of declaring a `CodingKeys` enum each: a synthesized `CodingKeys` brings a dozen methods, witness
/// tables and metadata per type, and a synthesized coder's calls pick among the containers' overloads, which makes
/// the compiler work per property. The methods below have no overloads, so each property's line is cheap to check.
@_spi(Generated)
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

@_spi(Generated)
extension KeyedDecodingContainer where Key == FieldKey {
    /// The value of a required property: fails when the key is missing or its value is `null`.
    @inlinable
    @_spi(Generated)
    public func field<Value: Decodable>(_ type: Value.Type, _ name: StaticString) throws -> Value {
        try decode(type, forKey: FieldKey(name))
    }

    /// The value of an optional property: nil when the key is missing or its value is `null`.
    @inlinable
    @_spi(Generated)
    public func optionalField<Value: Decodable>(_ type: Value.Type, _ name: StaticString) throws -> Value? {
        try decodeIfPresent(type, forKey: FieldKey(name))
    }

    /// The value of an optional property whose type holds `null` itself (free-form JSON): nil only when the key
    /// is missing, so a `null` is kept and written back.
    @inlinable
    @_spi(Generated)
    public func presentField<Value: Decodable>(_ type: Value.Type, _ name: StaticString) throws -> Value? {
        let key = FieldKey(name)
        return contains(key) ? try decode(type, forKey: key) : nil
    }

    /// The value of an optional, nullable property in all three states: nil when the key is missing, `.null` for
    /// an explicit `null`, else the value.
    @inlinable
    @_spi(Generated)
    public func nullableField<Value: Decodable>(_ type: Value.Type, _ name: StaticString) throws
        -> Nullable<Value>? {
        let key = FieldKey(name)
        guard contains(key) else { return nil }
        return try decodeNil(forKey: key) ? .null : .value(decode(type, forKey: key))
    }

    /// The keys that no declared property names (none of the wire names in `declared`), each decoded as `Value`:
    /// a schema's `additionalProperties`.
    @_spi(Generated)
    public func additionalFields<Value: Decodable>(_ type: Value.Type, declared: Set<String>) throws
        -> JSONObject<Value> {
        var fields: JSONObject<Value> = [:]
        // A decoder's keys come in no set order: in their bytes' order, so the same input gives the same object.
        let keys = allKeys.sorted { ExactKey.precedes($0.stringValue, $1.stringValue) }
        for key in keys where !declared.contains(key.stringValue) {
            fields[key.stringValue] = try decode(type, forKey: key)
        }
        return fields
    }

    /// The value of a property with a default: `defaultValue` when the key is missing or its value is `null`.
    @inlinable
    @_spi(Generated)
    public func field<Value: Decodable>(_ type: Value.Type, _ name: StaticString, default defaultValue: Value) throws
        -> Value {
        try decodeIfPresent(type, forKey: FieldKey(name)) ?? defaultValue
    }
}

@_spi(Generated)
extension KeyedEncodingContainer where Key == FieldKey {
    /// Writes a property's value under its wire name.
    @inlinable
    @_spi(Generated)
    public mutating func encodeField<Value: Encodable>(_ value: Value, _ name: StaticString) throws {
        try encode(value, forKey: FieldKey(name))
    }

    /// Writes an optional property's value under its wire name; a nil value writes no key.
    @inlinable
    @_spi(Generated)
    public mutating func encodeOptionalField<Value: Encodable>(_ value: Value?, _ name: StaticString) throws {
        try encodeIfPresent(value, forKey: FieldKey(name))
    }

    /// Writes a required, nullable property: a nil value writes `null` (the key must be there).
    @inlinable
    @_spi(Generated)
    public mutating func encodeFieldOrNull<Value: Encodable>(_ value: Value?, _ name: StaticString) throws {
        if let value { try encode(value, forKey: FieldKey(name)) } else { try encodeNil(forKey: FieldKey(name)) }
    }

    /// Writes an optional, nullable property in its three states: nothing for nil, `null` for `.null`, else the
    /// value.
    @inlinable
    @_spi(Generated)
    public mutating func encodeNullableField<Value: Encodable>(_ value: Nullable<Value>?, _ name: StaticString)
        throws {
        switch value {
        case nil: break
        case .null?: try encodeNil(forKey: FieldKey(name))
        case .value(let value)?: try encode(value, forKey: FieldKey(name))
        }
    }

    /// Writes the keys of a schema's `additionalProperties`, after the declared ones.
    @_spi(Generated)
    public mutating func encodeAdditionalFields<Value: Encodable>(_ fields: JSONObject<Value>) throws {
        for (name, value) in fields { try encode(value, forKey: FieldKey(stringValue: name)) }
    }
}
