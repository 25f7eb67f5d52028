public import Foundation

/// A value that writes its own JSON into bytes, with no `Encoder` in between. Generated types conform (their
/// `writeJSON(to:)` is written out property by property), as do the scalars, collections and runtime types they are
/// made of. `JSONCoding.encode` takes this path for such a value; the bytes are the same as through its
/// `encode(to:)`, which stays for every other encoder.
public protocol JSONWritable: Encodable {
    /// Writes the value as one JSON value.
    /// - Throws: `EncodingError` for a number JSON cannot hold (NaN or infinite).
    func writeJSON(to writer: inout JSONWriter) throws
}

/// The bytes of one JSON value being written by ``JSONWritable/writeJSON(to:)``: objects and arrays are opened and
/// closed around their members, which the writer separates with commas. A member whose type is not
/// ``JSONWritable`` is written through its `encode(to:)`.
public struct JSONWriter {
    /// The JSON written so far.
    public private(set) var bytes: [UInt8] = []
    /// Whether the innermost open object or array has no member yet (no comma before the next one).
    private var atFirstMember = true

    /// Creates an empty writer.
    @_spi(Generated)
    public init() {
        bytes.reserveCapacity(4096)
    }

    // MARK: Objects and arrays

    /// Writes `{`.
    @_spi(Generated)
    public mutating func beginObject() {
        bytes.append(0x7B)
        atFirstMember = true
    }

    /// Writes `}`. The enclosing object or array, if any, now has a member.
    @_spi(Generated)
    public mutating func endObject() {
        bytes.append(0x7D)
        atFirstMember = false
    }

    /// Writes `[`.
    @_spi(Generated)
    public mutating func beginArray() {
        bytes.append(0x5B)
        atFirstMember = true
    }

    /// Writes `]`. The enclosing object or array, if any, now has a member.
    @_spi(Generated)
    public mutating func endArray() {
        bytes.append(0x5D)
        atFirstMember = false
    }

    /// Writes the comma before an array's item (none before the first).
    @_spi(Generated)
    public mutating func beginItem() {
        if !atFirstMember { bytes.append(0x2C) }
        atFirstMember = false
    }

    /// Writes the comma before an object's member (none before the first), its key and the colon.
    @_spi(Generated)
    public mutating func beginMember(_ name: StaticString) {
        beginItem()
        name.withUTF8Buffer { JSONText.appendString($0, to: &bytes) }
        bytes.append(0x3A)
    }

    /// Writes the comma before an object's member (none before the first), its key and the colon.
    @_spi(Generated)
    public mutating func beginMember(_ name: String) {
        beginItem()
        JSONText.appendString(name, to: &bytes)
        bytes.append(0x3A)
    }

    // MARK: Values

    /// Writes a value that writes itself.
    @inlinable
    @_spi(Generated)
    public mutating func encodeValue<Value: JSONWritable>(_ value: Value) throws {
        try value.writeJSON(to: &self)
    }

    /// Writes any other value through its `encode(to:)`, as `JSONCoding.encode` would.
    @_spi(Generated)
    public mutating func encodeValue<Value: Encodable>(_ value: Value) throws {
        bytes.append(contentsOf: try JSONCoding.encodeWithEncoder(value))
    }

    /// Writes `null`.
    @_spi(Generated)
    public mutating func writeNull() {
        JSONText.append("null", to: &bytes)
    }

    mutating func writeString(_ text: String) {
        JSONText.appendString(text, to: &bytes)
    }

    mutating func writeLiteral(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    mutating func writeInteger<T: BinaryInteger>(_ value: T) {
        JSONText.appendInteger(value, to: &bytes)
    }

    mutating func writeDouble(_ value: Double) throws {
        guard value.isFinite else { throw JSONText.invalidNumber(value) }
        JSONText.appendDouble(value, to: &bytes)
    }

    // MARK: Unions that share their struct's object

    /// Where the next byte goes: taken before a struct's `beginObject()` whose object a union shares
    /// (``encodeMembers(of:objectStart:)``).
    @_spi(Generated)
    public var mark: Int { bytes.count }

    /// Writes the members of `value`'s JSON object into the object being written, which began at `start` (a
    /// ``mark``): for a struct whose `oneOf`/`anyOf` variant describes more keys of the same object. A key the
    /// object already has, byte for byte, is not written again.
    /// - Throws: `EncodingError` when `value` is not a JSON object, or for a number JSON cannot hold.
    @_spi(Generated)
    public mutating func encodeMembers<Value: JSONWritable>(of value: Value, objectStart start: Int) throws {
        var own = JSONWriter()
        try value.writeJSON(to: &own)
        var written = Set<ArraySlice<UInt8>>()
        // The object so far, closed so that it reads as JSON: its keys, as this writer escaped them.
        let open = bytes[start...] + [0x7D]
        try Self.members(of: Array(open)) { key, _ in written.insert(key) }
        let members = own.bytes
        do {
            try Self.members(of: members) { key, member in
                guard !written.contains(key) else { return }
                beginItem()
                bytes.append(contentsOf: member)
            }
        } catch is DecodingError {
            throw EncodingError.invalidValue(value, .init(
                codingPath: [], debugDescription: "\(Value.self) shares its struct's object, so it must be an object"))
        }
    }

    /// Calls `body` with each member of the JSON object in `json`: the key's bytes between its quotes, and the whole
    /// member (`"key":value`).
    private static func members(
        of json: [UInt8], _ body: (ArraySlice<UInt8>, ArraySlice<UInt8>) throws -> Void
    ) throws {
        try json.withUnsafeBufferPointer { buffer in
            var reader = JSONReader(buffer)
            try reader.beginObject(JSONObject<JSONValue>.self)
            while try reader.nextKey() {
                let entry = reader.path[reader.path.count - 1]
                try reader.skipValue()
                try body(json[entry.keyStart..<entry.keyEnd], json[(entry.keyStart - 1)..<reader.index])
            }
        }
    }

    // MARK: Generated types' properties

    /// Writes a property's value under its wire name.
    @inlinable
    @_spi(Generated)
    public mutating func encodeField<Value: JSONWritable>(_ value: Value, _ name: StaticString) throws {
        beginMember(name)
        try value.writeJSON(to: &self)
    }

    /// Writes a property's value under its wire name (a type that is not ``JSONWritable``).
    @inlinable
    @_spi(Generated)
    public mutating func encodeField<Value: Encodable>(_ value: Value, _ name: StaticString) throws {
        beginMember(name)
        try encodeValue(value)
    }

    /// Writes an optional property's value under its wire name; a nil value writes no key.
    @inlinable
    @_spi(Generated)
    public mutating func encodeOptionalField<Value: JSONWritable>(_ value: Value?, _ name: StaticString) throws {
        if let value { try encodeField(value, name) }
    }

    /// Writes an optional property's value under its wire name; a nil value writes no key.
    @inlinable
    @_spi(Generated)
    public mutating func encodeOptionalField<Value: Encodable>(_ value: Value?, _ name: StaticString) throws {
        if let value { try encodeField(value, name) }
    }

    /// Writes a required, nullable property: a nil value writes `null`.
    @inlinable
    @_spi(Generated)
    public mutating func encodeFieldOrNull<Value: JSONWritable>(_ value: Value?, _ name: StaticString) throws {
        if let value { try encodeField(value, name) } else { beginMember(name); writeNull() }
    }

    /// Writes a required, nullable property: a nil value writes `null`.
    @inlinable
    @_spi(Generated)
    public mutating func encodeFieldOrNull<Value: Encodable>(_ value: Value?, _ name: StaticString) throws {
        if let value { try encodeField(value, name) } else { beginMember(name); writeNull() }
    }

    /// Writes an optional, nullable property in its three states: nothing for nil, `null` for `.null`, else the
    /// value.
    @inlinable
    @_spi(Generated)
    public mutating func encodeNullableField<Value: JSONWritable>(_ value: Nullable<Value>?, _ name: StaticString)
        throws {
        switch value {
        case nil: break
        case .null?: beginMember(name); writeNull()
        case .value(let value)?: try encodeField(value, name)
        }
    }

    /// Writes an optional, nullable property in its three states: nothing for nil, `null` for `.null`, else the
    /// value.
    @inlinable
    @_spi(Generated)
    public mutating func encodeNullableField<Value: Encodable>(_ value: Nullable<Value>?, _ name: StaticString)
        throws {
        switch value {
        case nil: break
        case .null?: beginMember(name); writeNull()
        case .value(let value)?: try encodeField(value, name)
        }
    }

    /// Writes the keys of a schema's `additionalProperties`, after the declared ones, in their order.
    @_spi(Generated)
    public mutating func encodeAdditionalFields<Value: JSONWritable>(_ fields: JSONObject<Value>) throws {
        for (name, value) in fields {
            beginMember(name)
            try value.writeJSON(to: &self)
        }
    }

    /// Writes the keys of a schema's `additionalProperties`, after the declared ones, in their order.
    @_spi(Generated)
    public mutating func encodeAdditionalFields<Value: Encodable>(_ fields: JSONObject<Value>) throws {
        for (name, value) in fields {
            beginMember(name)
            try encodeValue(value)
        }
    }
}

extension JSONCoding {
    /// Encodes a value that writes its own JSON (see ``JSONWritable``).
    /// - Throws: `EncodingError` for a value JSON cannot hold (a NaN or an infinite number), with its coding path.
    public static func encode<Value: JSONWritable>(_ value: Value) throws -> Data {
        var writer = JSONWriter()
        do {
            try value.writeJSON(to: &writer)
        } catch {
            // The writer does not track coding paths; the encoder does, for the error.
            return try encodeWithEncoder(value)
        }
        return Data(writer.bytes)
    }
}

// MARK: Conformances

extension String: JSONWritable {
    public func writeJSON(to writer: inout JSONWriter) throws { writer.writeString(self) }
}

extension Bool: JSONWritable {
    public func writeJSON(to writer: inout JSONWriter) throws { writer.writeLiteral(self ? "true" : "false") }
}

extension Int: JSONWritable {
    public func writeJSON(to writer: inout JSONWriter) throws { writer.writeInteger(self) }
}

extension Int32: JSONWritable {
    public func writeJSON(to writer: inout JSONWriter) throws { writer.writeInteger(self) }
}

extension Int64: JSONWritable {
    public func writeJSON(to writer: inout JSONWriter) throws { writer.writeInteger(self) }
}

extension UInt64: JSONWritable {
    public func writeJSON(to writer: inout JSONWriter) throws { writer.writeInteger(self) }
}

extension Double: JSONWritable {
    public func writeJSON(to writer: inout JSONWriter) throws { try writer.writeDouble(self) }
}

extension Float: JSONWritable {
    public func writeJSON(to writer: inout JSONWriter) throws {
        guard isFinite else { throw JSONText.invalidNumber(self) }
        writer.writeLiteral(description)
    }
}

extension Decimal: JSONWritable {
    public func writeJSON(to writer: inout JSONWriter) throws { writer.writeLiteral(description) }
}

extension Date: JSONWritable {
    /// ISO 8601 text, as ``JSONCoding/encoder`` writes dates.
    public func writeJSON(to writer: inout JSONWriter) throws { writer.writeString(ISO8601.string(from: self)) }
}

extension Data: JSONWritable {
    /// Base64 text, as ``JSONCoding/encoder`` writes data.
    public func writeJSON(to writer: inout JSONWriter) throws { writer.writeString(base64EncodedString()) }
}

extension URL: JSONWritable {
    public func writeJSON(to writer: inout JSONWriter) throws { writer.writeString(absoluteString) }
}

extension LocalDate: JSONWritable {
    public func writeJSON(to writer: inout JSONWriter) throws { writer.writeString(description) }
}

extension Timestamp: JSONWritable {
    public func writeJSON(to writer: inout JSONWriter) throws { writer.writeString(description) }
}

extension Optional: JSONWritable where Wrapped: JSONWritable {
    /// The value, or `null`.
    public func writeJSON(to writer: inout JSONWriter) throws {
        if let self { try self.writeJSON(to: &writer) } else { writer.writeNull() }
    }
}

extension Nullable: JSONWritable where Wrapped: JSONWritable {
    /// The value, or `null`.
    public func writeJSON(to writer: inout JSONWriter) throws {
        switch self {
        case .null: writer.writeNull()
        case .value(let value): try value.writeJSON(to: &writer)
        }
    }
}

extension Indirect: JSONWritable where Wrapped: JSONWritable {
    public func writeJSON(to writer: inout JSONWriter) throws { try value.writeJSON(to: &writer) }
}

extension Array: JSONWritable where Element: JSONWritable {
    public func writeJSON(to writer: inout JSONWriter) throws {
        writer.beginArray()
        for item in self {
            writer.beginItem()
            try item.writeJSON(to: &writer)
        }
        writer.endArray()
    }
}

extension Dictionary: JSONWritable where Key == String, Value: JSONWritable {
    /// An object, keys in order (as ``JSONCoding/encoder`` sorts them).
    public func writeJSON(to writer: inout JSONWriter) throws {
        writer.beginObject()
        for key in keys.sorted() {
            writer.beginMember(key)
            try self[key]!.writeJSON(to: &writer)
        }
        writer.endObject()
    }
}

extension JSONValue: JSONWritable {
    public func writeJSON(to writer: inout JSONWriter) throws {
        switch self {
        case .null: writer.writeNull()
        case .bool(let value): try value.writeJSON(to: &writer)
        case .number(let value): try value.writeJSON(to: &writer)
        case .integer(let value): try value.writeJSON(to: &writer)
        case .unsignedInteger(let value): try value.writeJSON(to: &writer)
        case .string(let value): try value.writeJSON(to: &writer)
        case .array(let items): try items.writeJSON(to: &writer)
        case .object(let members): try members.writeJSON(to: &writer)
        }
    }
}

extension OpenEnum {
    /// The raw value, known or not.
    public func writeJSON(to writer: inout JSONWriter) throws { try rawValue.writeJSON(to: &writer) }
}
