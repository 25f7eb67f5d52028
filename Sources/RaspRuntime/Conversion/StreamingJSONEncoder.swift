public import Foundation

extension JSONCoding {
    /// Encodes a value as JSON the way ``encoder`` does (dates as ``ISO8601`` text, `Data` as base64, the keys of
    /// maps sorted), but writes the bytes as the value is walked, with no tree of values in between.
    ///
    /// A value that writes its own JSON (``JSONWritable``, as generated types do) is written by its
    /// `writeJSON(to:)`; any other through its `encode(to:)`. A generated type writes its keys in declaration order
    /// (the schema's); a dictionary's keys, and those of any other type's keyed container, are sorted. A type that
    /// asks for a nested container or a super encoder, which can be written to out of order, is encoded by
    /// ``encoder`` instead, so every `Encodable` value encodes.
    /// - Throws: `EncodingError` for a value JSON cannot hold (a NaN or an infinite number).
    public static func encode<Value: Encodable>(_ value: Value) throws -> Data {
        if let writable = value as? any JSONWritable { return try encode(writable) }
        return try encodeWithEncoder(value)
    }

    /// Encodes a value through its `encode(to:)`, streamed where it can be (``encode(_:)``).
    static func encodeWithEncoder<Value: Encodable>(_ value: Value) throws -> Data {
        let output = JSONByteOutput()
        let encoder = StreamingJSONEncoder(output: output, parent: nil, key: nil)
        try encoder.write(value)
        guard !output.needsTree else { return try Self.encoder.encode(value) }
        return Data(output.bytes)
    }
}

/// The bytes written so far, shared by every encoder of one value.
final class JSONByteOutput {
    var bytes: [UInt8] = []
    /// Set when a type used what a stream cannot write in order (nested containers, a super encoder).
    var needsTree = false

    init() { bytes.reserveCapacity(4096) }

    func append(_ byte: UInt8) { bytes.append(byte) }

    func append(_ text: StaticString) { JSONText.append(text, to: &bytes) }

    func appendString(_ text: String) { JSONText.appendString(text, to: &bytes) }

    func appendInteger<T: BinaryInteger>(_ value: T) { JSONText.appendInteger(value, to: &bytes) }

    func appendDouble(_ value: Double) { JSONText.appendDouble(value, to: &bytes) }
}

/// How JSON text is written: string literals, numbers, literals. Shared by ``JSONWriter`` and the streaming
/// encoder, so both write a value the same way.
enum JSONText {
    static func append(_ text: StaticString, to bytes: inout [UInt8]) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// A string literal: quoted, with `"`, `\` and control characters escaped.
    static func appendString(_ text: String, to bytes: inout [UInt8]) {
        var text = text
        text.withUTF8 { appendString($0, to: &bytes) }
    }

    /// A string literal from UTF-8 bytes: quoted, with `"`, `\` and control characters escaped.
    static func appendString(_ utf8: UnsafeBufferPointer<UInt8>, to bytes: inout [UInt8]) {
        bytes.append(0x22)
        var start = 0
        for index in utf8.indices {
            let byte = utf8[index]
            guard byte < 0x20 || byte == 0x22 || byte == 0x5C else { continue }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index]))
            start = index + 1
            switch byte {
            case 0x22: append("\\\"", to: &bytes)
            case 0x5C: append("\\\\", to: &bytes)
            case 0x0A: append("\\n", to: &bytes)
            case 0x0D: append("\\r", to: &bytes)
            case 0x09: append("\\t", to: &bytes)
            case 0x08: append("\\b", to: &bytes)
            case 0x0C: append("\\f", to: &bytes)
            default:
                append("\\u00", to: &bytes)
                bytes.append(hexDigits[Int(byte >> 4)])
                bytes.append(hexDigits[Int(byte & 0xF)])
            }
        }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start...]))
        bytes.append(0x22)
    }

    static func appendInteger<T: BinaryInteger>(_ value: T, to bytes: inout [UInt8]) {
        bytes.append(contentsOf: value.description.utf8)
    }

    /// A number in its shortest exact form; integral values (below 2^53) without a fraction, as `JSONEncoder`
    /// writes them.
    static func appendDouble(_ value: Double, to bytes: inout [UInt8]) {
        if value == value.rounded(.towardZero), abs(value) < 9_007_199_254_740_992 {
            appendInteger(Int64(value), to: &bytes)
        } else {
            bytes.append(contentsOf: value.description.utf8)
        }
    }

    /// The error for a number JSON cannot hold.
    static func invalidNumber(_ value: Any) -> EncodingError {
        EncodingError.invalidValue(value, .init(codingPath: [],
                                                debugDescription: "\(value) is not a valid JSON number"))
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)
}

/// Writes one value into a ``JSONByteOutput``: the value's `encode(to:)` gets this encoder, and what its containers
/// write goes straight to the bytes. Values inside it get encoders of their own, made as they are written.
final class StreamingJSONEncoder: Encoder {
    /// What the value has written so far.
    private enum State {
        case none
        /// An object: its member count, and, when its keys are sorted, where each member's bytes are.
        case object(count: Int, members: [Member]?)
        case array(count: Int)
        case single
    }

    /// One `"key":value` of an object whose keys are sorted at its end.
    struct Member {
        var key: String
        var range: Range<Int>
    }

    let output: JSONByteOutput
    private let parent: StreamingJSONEncoder?
    private let key: (any CodingKey)?
    private var state = State.none

    init(output: JSONByteOutput, parent: StreamingJSONEncoder?, key: (any CodingKey)?) {
        self.output = output
        self.parent = parent
        self.key = key
    }

    var codingPath: [any CodingKey] {
        var path: [any CodingKey] = []
        var encoder: StreamingJSONEncoder? = self
        while let current = encoder {
            if let key = current.key { path.append(key) }
            encoder = current.parent
        }
        return path.reversed()
    }

    var userInfo: [CodingUserInfoKey: Any] { [:] }

    // MARK: Values

    /// Writes a value: scalars and the types `JSONEncoder` writes specially directly, anything else through its
    /// `encode(to:)` with an encoder of its own.
    func write<T: Encodable>(_ value: T, key: (any CodingKey)? = nil) throws {
        if T.self == String.self {
            output.appendString(value as! String)
        } else if T.self == Int.self {
            output.appendInteger(value as! Int)
        } else if T.self == Double.self {
            try writeDouble(value as! Double, key: key)
        } else if T.self == Bool.self {
            output.append((value as! Bool) ? "true" : "false")
        } else if T.self == Date.self {
            output.appendString(ISO8601.string(from: value as! Date))
        } else if T.self == Data.self {
            output.appendString((value as! Data).base64EncodedString())
        } else if T.self == URL.self {
            output.appendString((value as! URL).absoluteString)
        } else if T.self == Decimal.self {
            output.bytes.append(contentsOf: (value as! Decimal).description.utf8)
        } else if T.self == Float.self {
            let float = value as! Float
            guard float.isFinite else { throw invalid(float, key: key) }
            output.bytes.append(contentsOf: float.description.utf8)
        } else if T.self == Int64.self {
            output.appendInteger(value as! Int64)
        } else if T.self == UInt64.self {
            output.appendInteger(value as! UInt64)
        } else if let text = Self.smallIntegerText(value) {
            output.bytes.append(contentsOf: text.utf8)
        } else {
            let encoder = StreamingJSONEncoder(output: output, parent: self, key: key)
            try value.encode(to: encoder)
            try encoder.finish()
        }
    }

    /// The text of the other fixed-width integers, found by type (a cast to a protocol for every value would cost
    /// more than the writing).
    private static func smallIntegerText<T>(_ value: T) -> String? {
        switch T.self {
        case is Int32.Type, is UInt32.Type, is Int16.Type, is UInt16.Type, is Int8.Type, is UInt8.Type, is UInt.Type:
            (value as? any FixedWidthInteger)?.description
        default: nil
        }
    }

    func writeDouble(_ value: Double, key: (any CodingKey)?) throws {
        guard value.isFinite else { throw invalid(value, key: key) }
        output.appendDouble(value)
    }

    func invalid(_ value: Any, key: (any CodingKey)?) -> EncodingError {
        EncodingError.invalidValue(value, .init(codingPath: codingPath + (key.map { [$0] } ?? []),
                                                debugDescription: "\(value) is not a valid JSON number"))
    }

    /// Closes what the value opened: `}` (after sorting the keys when they are sorted) or `]`; a value that wrote
    /// nothing is an empty object, as with `JSONEncoder`.
    func finish() throws {
        switch state {
        case .none: output.append("{}")
        case .object(_, let members?): sort(members)
        case .object: output.append(0x7D)
        case .array: output.append(0x5D)
        case .single: break
        }
    }

    /// Writes an object's members in key order, then `}`.
    private func sort(_ members: [Member]) {
        if zip(members, members.dropFirst()).allSatisfy({ $0.key <= $1.key }) {
            output.append(0x7D)
            return
        }
        guard let start = members.first?.range.lowerBound else { return output.append(0x7D) }
        let written = Array(output.bytes[start...])
        output.bytes.removeSubrange(start...)
        for (index, member) in members.sorted(by: { $0.key < $1.key }).enumerated() {
            if index > 0 { output.append(0x2C) }
            let range = (member.range.lowerBound - start)..<(member.range.upperBound - start)
            output.bytes.append(contentsOf: written[range])
        }
        output.append(0x7D)
    }

    // MARK: Containers

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        switch state {
        case .none:
            output.append(0x7B)
            // A generated type's keys stay in the schema's order; any other type's are sorted, like JSONEncoder's.
            state = .object(count: 0, members: Key.self == FieldKey.self ? nil : [])
        case .object, .array, .single:
            // A second keyed container on one encoder (a variant's keys written into its enclosing object, a class
            // and its superclass) may repeat a key, which JSONEncoder writes once.
            output.needsTree = true
        }
        return KeyedEncodingContainer(StreamingKeyedContainer<Key>(encoder: self))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if case .none = state {
            output.append(0x5B)
            state = .array(count: 0)
        } else {
            output.needsTree = true
        }
        return StreamingUnkeyedContainer(encoder: self)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        StreamingSingleValueContainer(encoder: self)
    }

    /// Starts an object member: the comma, the key and the colon. Ends the previous member of a sorted object.
    func beginMember(_ key: some CodingKey) {
        guard case .object(let count, var members) = state else {
            output.needsTree = true
            return
        }
        if count > 0 { output.append(0x2C) }
        members?.append(Member(key: key.stringValue, range: output.bytes.count..<output.bytes.count))
        state = .object(count: count + 1, members: members)
        output.appendString(key.stringValue)
        output.append(0x3A)
    }

    /// Records where the last member of a sorted object ends.
    func endMember() {
        guard case .object(let count, var members?) = state, let last = members.indices.last else { return }
        members[last].range = members[last].range.lowerBound..<output.bytes.count
        state = .object(count: count, members: members)
    }

    /// Starts an array item: the comma before every item but the first.
    func beginItem() -> Int {
        guard case .array(let count) = state else {
            output.needsTree = true
            return 0
        }
        if count > 0 { output.append(0x2C) }
        state = .array(count: count + 1)
        return count
    }

    var itemCount: Int {
        if case .array(let count) = state { return count }
        return 0
    }

    /// Marks the value as a single value; a second one cannot be written.
    func beginSingle() -> Bool {
        guard case .none = state else {
            output.needsTree = true
            return false
        }
        state = .single
        return true
    }

    /// An encoder whose writes go nowhere, for what the stream cannot write in order (the value is then encoded
    /// by `JSONEncoder`; ``JSONByteOutput/needsTree`` is set).
    func detached() -> StreamingJSONEncoder {
        output.needsTree = true
        return StreamingJSONEncoder(output: JSONByteOutput(), parent: self, key: nil)
    }
}

// The containers write every value through `StreamingJSONEncoder.write(_:key:)`, which writes scalars directly; the
// standard library's defaults for the requirements of each scalar type call the generic `encode`.
private struct StreamingKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: StreamingJSONEncoder

    var codingPath: [any CodingKey] { encoder.codingPath }

    mutating func encodeNil(forKey key: Key) throws {
        encoder.beginMember(key)
        encoder.output.append("null")
        encoder.endMember()
    }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        encoder.beginMember(key)
        try encoder.write(value, key: key)
        encoder.endMember()
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
        -> KeyedEncodingContainer<NestedKey> {
        encoder.detached().container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        encoder.detached().unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder { encoder.detached() }

    mutating func superEncoder(forKey key: Key) -> any Encoder { encoder.detached() }
}

private struct StreamingUnkeyedContainer: UnkeyedEncodingContainer {
    let encoder: StreamingJSONEncoder

    var codingPath: [any CodingKey] { encoder.codingPath }
    var count: Int { encoder.itemCount }

    mutating func encodeNil() throws {
        _ = encoder.beginItem()
        encoder.output.append("null")
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        let index = encoder.beginItem()
        try encoder.write(value, key: IndexKey(index))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
        -> KeyedEncodingContainer<NestedKey> {
        encoder.detached().container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        encoder.detached().unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder { encoder.detached() }
}

private struct StreamingSingleValueContainer: SingleValueEncodingContainer {
    let encoder: StreamingJSONEncoder

    var codingPath: [any CodingKey] { encoder.codingPath }

    mutating func encodeNil() throws {
        guard encoder.beginSingle() else { return }
        encoder.output.append("null")
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        guard encoder.beginSingle() else { return }
        try encoder.write(value)
    }
}

/// The key of an array item, for error paths.
private struct IndexKey: CodingKey {
    var intValue: Int?
    var stringValue: String { intValue.map(String.init) ?? "" }
    init(_ index: Int) { intValue = index }
    init?(stringValue: String) { nil }
    init?(intValue: Int) { self.intValue = intValue }
}
