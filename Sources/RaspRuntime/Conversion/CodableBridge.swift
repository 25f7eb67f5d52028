import Foundation

// `Codable` for types that read and write their own JSON. Generated types are coded by their readers and writers
// (``JSONReadable``, ``JSONWritable``); most of them are never given to any other decoder or encoder, so instead of a
// second, written-out `init(from:)` and `encode(to:)` per type they take these, which go through the JSON: a value
// another decoder holds is taken as a JSON tree and read by `init(reading:)`, and `encode(to:)` hands the JSON that
// `writeJSON(to:)` writes to the encoder as a tree of keyed, unkeyed and single values. Types coded by shape (query
// and path parameters, form and multipart bodies) keep written-out coders: their values are not JSON on the wire.

extension JSONReadable where Self: Decodable {
    /// Decodes the value another decoder holds by reading it as JSON (``init(reading:)``), so that every decoder
    /// sees the value the API's JSON would give: the same keys, formats and checks.
    ///
    /// Numbers pass as the decoder gives them (`Int`, `UInt64`, else `Double`): a `Decimal` property read from a
    /// decoder other than JSON keeps a `Double`'s precision.
    public init(from decoder: any Decoder) throws {
        self = try CodableBridge.decode(from: decoder) { reader in try Self(reading: &reader) }
    }
}

extension JSONWritable where Self: Encodable {
    /// Encodes the JSON ``writeJSON(to:)`` writes: objects as keyed containers (keys in the written order), arrays
    /// as unkeyed ones, and scalars as single values (integers as `Int` or `UInt64`, other numbers as `Double`, or
    /// as `Decimal` where a `Double` would change their digits).
    public func encode(to encoder: any Encoder) throws {
        try CodableBridge.encode(self, to: encoder)
    }
}

/// Between a `Decoder` or `Encoder` and a value's JSON.
enum CodableBridge {
    /// Takes the value `decoder` holds as JSON and reads it with `read`. Errors name the decoder's coding path
    /// before the reader's.
    static func decode<Value>(from decoder: any Decoder, reading read: (inout JSONReader) throws -> Value) throws
        -> Value {
        var writer = JSONWriter()
        try BridgedJSON(from: decoder).write(to: &writer)
        do {
            return try writer.bytes.withUnsafeBufferPointer { bytes in
                var reader = JSONReader(bytes)
                let value = try read(&reader)
                try reader.finish()
                return value
            }
        } catch let error as DecodingError {
            throw JSONReader.prefixed(error, with: decoder.codingPath)
        }
    }

    /// Encodes the JSON `value` writes into `encoder`.
    static func encode(_ value: some JSONWritable, to encoder: any Encoder) throws {
        var writer = JSONWriter()
        try value.writeJSON(to: &writer)
        let tree = try writer.bytes.withUnsafeBufferPointer { bytes in
            var reader = JSONReader(bytes)
            return try BridgedJSON(reading: &reader)
        }
        try tree.encode(to: encoder)
    }
}

/// A JSON value between a coder and a reader or writer: numbers keep their text, objects their key order (written
/// with ``FieldKey``, the key a streaming encoder keeps in order, as it does a generated type's).
private indirect enum BridgedJSON: Codable {
    case null
    case bool(Bool)
    case number(String)
    case string(String)
    case array([BridgedJSON])
    case object([(key: String, value: BridgedJSON)])

    /// The value a decoder holds, tried as each JSON kind in turn: a failed try throws inside the decoder, so the
    /// kinds most values are (strings, objects) come first.
    init(from decoder: any Decoder) throws {
        let single = try decoder.singleValueContainer()
        if single.decodeNil() {
            self = .null
        } else if let value = try? single.decode(String.self) {
            self = .string(value)
        } else if let container = try? decoder.container(keyedBy: FieldKey.self) {
            self = .object(try container.allKeys.sorted { $0.stringValue < $1.stringValue }.map { key in
                (key.stringValue, try container.decode(BridgedJSON.self, forKey: key))
            })
        } else if var container = try? decoder.unkeyedContainer() {
            var items: [BridgedJSON] = []
            while !container.isAtEnd { items.append(try container.decode(BridgedJSON.self)) }
            self = .array(items)
        } else if let value = try? single.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? single.decode(Int.self) {
            self = .number(String(value))
        } else if let value = try? single.decode(UInt64.self) {
            self = .number(String(value))
        } else {
            let value = try single.decode(Double.self)
            guard value.isFinite else {
                throw DecodingError.dataCorruptedError(in: single, debugDescription: "\(value) is not a JSON number")
            }
            self = .number(value.description)
        }
    }

    /// The value a reader is at, numbers as their text.
    init(reading reader: inout JSONReader) throws {
        switch reader.peek() {
        case 0x22: self = .string(try reader.readString())
        case 0x74, 0x66: self = .bool(try reader.readBool())
        case 0x6E:
            try reader.literal("null")
            self = .null
        case 0x5B:
            var items: [BridgedJSON] = []
            try reader.beginArray(Self.self)
            while try reader.nextItem() { items.append(try BridgedJSON(reading: &reader)) }
            self = .array(items)
        case 0x7B:
            var fields: [(key: String, value: BridgedJSON)] = []
            try reader.beginObject(Self.self)
            while try reader.nextKey() { fields.append((reader.currentKey, try BridgedJSON(reading: &reader))) }
            self = .object(fields)
        default:
            let start = reader.index
            _ = try reader.numberToken()
            self = .number(String(decoding: UnsafeBufferPointer(rebasing: reader.bytes[start..<reader.index]),
                                  as: UTF8.self))
        }
    }

    func write(to writer: inout JSONWriter) {
        switch self {
        case .null: writer.writeNull()
        case .bool(let value): writer.writeLiteral(value ? "true" : "false")
        case .number(let text): writer.writeLiteral(text)
        case .string(let value): writer.writeString(value)
        case .array(let items):
            writer.beginArray()
            for item in items {
                writer.beginItem()
                item.write(to: &writer)
            }
            writer.endArray()
        case .object(let fields):
            writer.beginObject()
            for field in fields {
                writer.beginMember(field.key)
                field.value.write(to: &writer)
            }
            writer.endObject()
        }
    }

    func encode(to encoder: any Encoder) throws {
        switch self {
        case .array(let items):
            var container = encoder.unkeyedContainer()
            for item in items { try container.encode(item) }
        case .object(let fields):
            var container = encoder.container(keyedBy: FieldKey.self)
            for field in fields { try container.encode(field.value, forKey: FieldKey(stringValue: field.key)) }
        case .null:
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        case .bool(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .string(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .number(let text):
            var container = encoder.singleValueContainer()
            if let value = Int(text) {
                try container.encode(value)
            } else if let value = UInt64(text) {
                try container.encode(value)
            } else if let value = Double(text), value.description == text || Decimal(string: text) == nil {
                try container.encode(value)
            } else {
                try container.encode(Decimal(string: text)!)  // swiftlint:disable:this force_unwrapping
            }
        }
    }
}
