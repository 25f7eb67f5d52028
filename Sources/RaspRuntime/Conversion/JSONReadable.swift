public import Foundation

/// A value that reads itself from JSON bytes, with no `Decoder` in between: the reading half of ``JSONWritable``.
/// Generated types conform (their `init(reading:)` is written out member by member), as do the scalars,
/// collections and runtime types they are made of. `JSONCoding.decode(_:from:)` takes this path for such
/// a type; its `init(from:)` stays for every other decoder.
public protocol JSONReadable: Decodable {
    /// Reads one JSON value.
    /// - Throws: `DecodingError` with the coding path to the value, as `JSONDecoder` would name it.
    init(reading reader: inout JSONReader) throws
}

extension JSONCoding {
    /// Decodes a value from JSON: by its `init(reading:)` (``JSONReadable``), else through ``decoder``.
    /// - Throws: `DecodingError` with the coding path to the value that failed.
    public static func decode<Value: Decodable>(_ type: Value.Type, from data: Data) throws -> Value {
        guard let readable = type as? any JSONReadable.Type else { return try decoder.decode(type, from: data) }
        func read<Readable: JSONReadable>(_ readable: Readable.Type) throws -> Value {
            try decode(readable, from: data) as! Value  // swiftlint:disable:this force_cast
        }
        return try read(readable)
    }

    /// Decodes a value that reads itself (``JSONReadable``) from JSON.
    /// - Throws: `DecodingError` with the coding path to the value that failed.
    public static func decode<Value: JSONReadable>(_ type: Value.Type, from data: Data) throws -> Value {
        try reading(data) { reader in try Value(reading: &reader) }
    }

    /// Checks that `data` is one JSON value (grammar, escapes, UTF-8) without building anything: what reading it
    /// costs at the least.
    /// - Throws: `DecodingError.dataCorrupted` saying where the text stops being JSON.
    public static func validate(_ data: Data) throws {
        try reading(data) { reader in try reader.skipValue() }
    }

    /// Reads one value from `data` with `read`, then checks that only whitespace follows it.
    private static func reading<Result>(_ data: Data, _ read: (inout JSONReader) throws -> Result) throws -> Result {
        try data.withUnsafeBytes { raw in
            var reader = JSONReader(raw.bindMemory(to: UInt8.self))
            let value = try read(&reader)
            try reader.finish()
            return value
        }
    }
}

// MARK: Scalars

extension String: JSONReadable {
    public init(reading reader: inout JSONReader) throws { self = try reader.readString() }
}

extension Bool: JSONReadable {
    public init(reading reader: inout JSONReader) throws { self = try reader.readBool() }
}

extension Int: JSONReadable {
    public init(reading reader: inout JSONReader) throws { self = try reader.readInteger(Int.self) }
}

extension Int8: JSONReadable {
    public init(reading reader: inout JSONReader) throws { self = try reader.readInteger(Int8.self) }
}

extension Int16: JSONReadable {
    public init(reading reader: inout JSONReader) throws { self = try reader.readInteger(Int16.self) }
}

extension Int32: JSONReadable {
    public init(reading reader: inout JSONReader) throws { self = try reader.readInteger(Int32.self) }
}

extension Int64: JSONReadable {
    public init(reading reader: inout JSONReader) throws { self = try reader.readInteger(Int64.self) }
}

extension UInt: JSONReadable {
    public init(reading reader: inout JSONReader) throws { self = try reader.readInteger(UInt.self) }
}

extension UInt8: JSONReadable {
    public init(reading reader: inout JSONReader) throws { self = try reader.readInteger(UInt8.self) }
}

extension UInt16: JSONReadable {
    public init(reading reader: inout JSONReader) throws { self = try reader.readInteger(UInt16.self) }
}

extension UInt32: JSONReadable {
    public init(reading reader: inout JSONReader) throws { self = try reader.readInteger(UInt32.self) }
}

extension UInt64: JSONReadable {
    public init(reading reader: inout JSONReader) throws { self = try reader.readInteger(UInt64.self) }
}

extension Double: JSONReadable {
    public init(reading reader: inout JSONReader) throws { self = try reader.readDouble() }
}

extension Float: JSONReadable {
    /// The nearest `Float` to the number, as `JSONDecoder` reads it.
    public init(reading reader: inout JSONReader) throws {
        let token = try reader.numberToken(Float.self)
        guard let value = Float(reader.text(token.start, token.end)), value.isFinite else {
            throw reader.notRepresentable(token, in: Float.self)
        }
        self = value
    }
}

extension Decimal: JSONReadable {
    public init(reading reader: inout JSONReader) throws { self = try reader.readDecimal() }
}

extension Date: JSONReadable {
    /// ISO 8601 text, read as ``JSONCoding/decoder`` reads dates.
    public init(reading reader: inout JSONReader) throws {
        let text = try reader.readString(Date.self)
        guard let date = ISO8601.date(from: text) else {
            throw reader.dataCorrupted("not an ISO-8601 date-time: '\(text)'")
        }
        self = date
    }
}

extension Data: JSONReadable {
    /// Base64 text, as ``JSONCoding/decoder`` reads data.
    public init(reading reader: inout JSONReader) throws {
        let text = try reader.readString(Data.self)
        guard let data = Data(base64Encoded: text) else {
            throw reader.dataCorrupted("Encountered Data is not valid Base64.")
        }
        self = data
    }
}

extension URL: JSONReadable {
    public init(reading reader: inout JSONReader) throws {
        let text = try reader.readString(URL.self)
        guard let url = URL(string: text) else { throw reader.dataCorrupted("Invalid URL string.") }
        self = url
    }
}

extension LocalDate: JSONReadable {
    /// A `YYYY-MM-DD` date; a date-time's date part is kept, as `init(from:)` does.
    public init(reading reader: inout JSONReader) throws {
        let text = try reader.readString(LocalDate.self)
        guard let date = LocalDate(String(text.prefix(10))) else {
            throw reader.dataCorrupted("not a YYYY-MM-DD date: '\(text)'")
        }
        self = date
    }
}

extension Timestamp: JSONReadable {
    public init(reading reader: inout JSONReader) throws {
        let text = try reader.readString(Timestamp.self)
        guard let value = Timestamp(text) else { throw reader.dataCorrupted("not an ISO-8601 date-time: '\(text)'") }
        self = value
    }
}

extension BinaryFile: JSONReadable {
    /// A single base64 string, as `init(from:)` reads it.
    public init(reading reader: inout JSONReader) throws {
        let text = try reader.readString(BinaryFile.self)
        guard let data = Data(base64Encoded: text) else { throw reader.dataCorrupted("not base64 text") }
        self.init(data)
    }
}

// MARK: Wrappers and collections

extension Optional: JSONReadable where Wrapped: JSONReadable {
    /// nil for `null`, else the value.
    @inlinable
    public init(reading reader: inout JSONReader) throws {
        self = try reader.readNull() ? nil : Wrapped(reading: &reader)
    }
}

extension Nullable: JSONReadable where Wrapped: JSONReadable {
    /// ``null`` for `null`, else the value.
    @inlinable
    public init(reading reader: inout JSONReader) throws {
        self = try reader.readNull() ? .null : .value(Wrapped(reading: &reader))
    }
}

extension Indirect: JSONReadable where Wrapped: JSONReadable {
    @inlinable
    public init(reading reader: inout JSONReader) throws { self = .value(try Wrapped(reading: &reader)) }
}

extension Array: JSONReadable where Element: JSONReadable {
    @inlinable
    public init(reading reader: inout JSONReader) throws {
        try reader.beginArray(Self.self)
        var items: [Element] = []
        while try reader.nextItem() { items.append(try Element(reading: &reader)) }
        self = items
    }
}

extension Dictionary: JSONReadable where Key == String, Value: JSONReadable {
    /// An object's members; a key that comes twice keeps its last value.
    @inlinable
    public init(reading reader: inout JSONReader) throws {
        try reader.beginObject(Self.self)
        var members: [String: Value] = [:]
        while try reader.nextMember() { members[reader.currentKey] = try Value(reading: &reader) }
        self = members
    }
}

extension JSONReader {
    /// Reads the next member's key and colon (for a map, whose keys are read with ``currentKey``); false at the
    /// object's end, which closes the object.
    public mutating func nextMember() throws -> Bool { try nextKey() }
}

extension JSONValue: JSONReadable {
    /// Any value; numbers as `init(from:)` reads them (an integer beyond ±2^53 exactly).
    public init(reading reader: inout JSONReader) throws {
        switch reader.peek() {
        case 0x22: self = .string(try reader.readString())
        case 0x7B: self = .object(try JSONObject<JSONValue>(reading: &reader))
        case 0x5B: self = .array(try [JSONValue](reading: &reader))
        case 0x74, 0x66: self = .bool(try reader.readBool())
        case 0x6E:
            try reader.literal("null")
            self = .null
        default:
            let start = reader.index
            let token = try reader.numberToken()
            if token.integral {
                reader.index = start
                if let value = try? reader.readInteger(Int.self) {
                    self = value.magnitude > 1 << 53 ? .integer(value) : .number(Double(value))
                    return
                }
                reader.index = start
                if let value = try? reader.readInteger(UInt64.self) {
                    self = .unsignedInteger(value)
                    return
                }
            }
            reader.index = start
            self = .number(try reader.readDouble())
        }
    }
}

extension OpenEnum {
    /// Reads the raw value; an unknown one becomes `unknown`.
    @inlinable
    public init(reading reader: inout JSONReader) throws {
        self.init(rawValue: try RawValue(reading: &reader))
    }
}
