/// A JSON object's members, in the order they were read or added, keyed by the exact text of each key.
///
/// Generated code uses it for maps (`additionalProperties`) and ``JSONValue/object(_:)`` holds one. It reads like a
/// `[String: Value]` (a `String` subscript, `keys`, `values`, `for (key, value) in`, dictionary literals), with two
/// differences that keep every JSON object as it was sent:
///
/// - Keys are compared byte for byte (their UTF-8), not by Unicode canonical equivalence as `String`'s `==` does:
///   `"café"` written with `é` (NFC) and with `e` and a combining accent (NFD) are two keys, as they are in JSON.
/// - Members keep their order, and are written in it.
///
/// Two objects are equal when they hold the same keys with equal values, in any order. ``dictionary`` gives a
/// `[String: Value]` for APIs that take one (canonically equal keys merge there, the later value winning).
public struct JSONObject<Value> {
    /// The members, in order; no two keys have the same bytes.
    @usableFromInline var members: [(key: String, value: Value)]
    /// Where each key is in `members`, kept once there are more than `indexedCount` members.
    @usableFromInline var positions: [ExactKey: Int]?

    /// Above this many members, lookups go through `positions` instead of a scan.
    @usableFromInline static var indexedCount: Int { 12 }

    /// An empty object.
    @inlinable
    public init() {
        members = []
        positions = nil
    }

    /// An object with the members of `dictionary`, its keys sorted (a dictionary has no order of its own).
    public init(_ dictionary: [String: Value]) {
        self.init(dictionary.sorted { ExactKey.precedes($0.key, $1.key) })
    }

    /// An object with `members` in their order; a key that comes twice keeps its place and its last value.
    public init<Members: Sequence>(_ members: Members) where Members.Element == (key: String, value: Value) {
        self.init()
        for member in members { updateValue(member.value, forKey: member.key) }
    }

    /// An object with `members` in their order; a key that comes twice keeps its place and its last value.
    public init<Members: Sequence>(uniqueKeysWithValues members: Members) where Members.Element == (String, Value) {
        self.init()
        for (key, value) in members { updateValue(value, forKey: key) }
    }

    /// The number of members.
    @inlinable public var count: Int { members.count }

    /// Whether the object has no member.
    @inlinable public var isEmpty: Bool { members.isEmpty }

    /// The keys, in order.
    public var keys: [String] { members.map(\.key) }

    /// The values, in the keys' order.
    public var values: [Value] { members.map(\.value) }

    /// The members as a dictionary. Keys that differ only in Unicode normalization merge there, the later value
    /// winning: use the object itself where that matters.
    public var dictionary: [String: Value] {
        Dictionary(members.map { ($0.key, $0.value) }, uniquingKeysWith: { _, later in later })
    }

    /// The value of the key with exactly these bytes; setting `nil` removes the member, setting a new key adds it at
    /// the end.
    public subscript(key: String) -> Value? {
        get { position(of: key).map { members[$0].value } }
        set {
            if let newValue { updateValue(newValue, forKey: key) } else { removeValue(forKey: key) }
        }
    }

    /// The value of `key`, or `defaultValue` (which setting through this subscript adds).
    public subscript(key: String, default defaultValue: @autoclosure () -> Value) -> Value {
        get { self[key] ?? defaultValue() }
        set { updateValue(newValue, forKey: key) }
    }

    /// Sets the value of `key`, adding the member at the end if the key is new.
    /// - Returns: The value it replaced, or `nil` for a new key.
    @discardableResult
    public mutating func updateValue(_ value: Value, forKey key: String) -> Value? {
        if let position = position(of: key) {
            let old = members[position].value
            members[position].value = value
            return old
        }
        members.append((key, value))
        if positions != nil {
            positions![ExactKey(key)] = members.count - 1
        } else if members.count > Self.indexedCount {
            reindex()
        }
        return nil
    }

    /// Removes the member with this key.
    /// - Returns: Its value, or `nil` if there was none.
    @discardableResult
    public mutating func removeValue(forKey key: String) -> Value? {
        guard let position = position(of: key) else { return nil }
        let removed = members.remove(at: position).value
        if positions != nil {
            if members.count > Self.indexedCount { reindex() } else { positions = nil }
        }
        return removed
    }

    /// Adds `other`'s members, in its order; for a key both hold, `combine` gets this object's value and `other`'s and
    /// returns the one to keep.
    public mutating func merge(
        _ other: JSONObject, uniquingKeysWith combine: (Value, Value) throws -> Value
    ) rethrows {
        for member in other.members {
            if let position = position(of: member.key) {
                members[position].value = try combine(members[position].value, member.value)
            } else {
                updateValue(member.value, forKey: member.key)
            }
        }
    }

    /// The object with each value transformed, keys and order kept.
    public func mapValues<Other>(_ transform: (Value) throws -> Other) rethrows -> JSONObject<Other> {
        var mapped = JSONObject<Other>()
        mapped.members = try members.map { ($0.key, try transform($0.value)) }
        mapped.positions = positions
        return mapped
    }

    /// The object with the values `transform` turns into `nil` left out.
    public func compactMapValues<Other>(_ transform: (Value) throws -> Other?) rethrows -> JSONObject<Other> {
        var mapped = JSONObject<Other>()
        for member in members {
            if let value = try transform(member.value) { mapped.updateValue(value, forKey: member.key) }
        }
        return mapped
    }

    /// The members `isIncluded` keeps, in order.
    public func filter(_ isIncluded: ((key: String, value: Value)) throws -> Bool) rethrows -> JSONObject {
        var kept = JSONObject()
        for member in members where try isIncluded(member) { kept.updateValue(member.value, forKey: member.key) }
        return kept
    }

    /// Where the member with exactly `key`'s bytes is.
    @usableFromInline
    func position(of key: String) -> Int? {
        if let positions { return positions[ExactKey(key)] }
        return members.firstIndex { ExactKey.same($0.key, key) }
    }

    private mutating func reindex() {
        var positions = [ExactKey: Int](minimumCapacity: members.count)
        for (position, member) in members.enumerated() { positions[ExactKey(member.key)] = position }
        self.positions = positions
    }
}

/// A key compared and hashed by its UTF-8 bytes.
@usableFromInline
struct ExactKey: Hashable, Sendable {
    @usableFromInline let text: String

    @inlinable
    init(_ text: String) { self.text = text }

    @inlinable
    static func same(_ lhs: String, _ rhs: String) -> Bool {
        lhs.utf8.count == rhs.utf8.count && lhs.utf8.elementsEqual(rhs.utf8)
    }

    /// Whether `lhs` comes before `rhs` in their bytes' order: how keys with no order of their own are put in one.
    static func precedes(_ lhs: String, _ rhs: String) -> Bool { lhs.utf8.lexicographicallyPrecedes(rhs.utf8) }

    @inlinable
    static func == (lhs: ExactKey, rhs: ExactKey) -> Bool { same(lhs.text, rhs.text) }

    @inlinable
    func hash(into hasher: inout Hasher) {
        var text = text
        text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}

extension JSONObject: RandomAccessCollection {
    public typealias Element = (key: String, value: Value)
    public typealias Index = Int

    @inlinable public var startIndex: Int { 0 }
    @inlinable public var endIndex: Int { members.count }

    @inlinable
    public subscript(position: Int) -> (key: String, value: Value) { members[position] }
}

extension JSONObject: ExpressibleByDictionaryLiteral {
    /// An object with the literal's members in order (a key written twice keeps its last value).
    public init(dictionaryLiteral elements: (String, Value)...) {
        self.init(uniqueKeysWithValues: elements)
    }
}

extension JSONObject: Sendable where Value: Sendable {}

extension JSONObject: Equatable where Value: Equatable {
    /// Whether both hold the same keys (byte for byte) with equal values, in any order.
    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        guard lhs.count == rhs.count else { return false }
        return lhs.members.allSatisfy { member in rhs[member.key] == member.value }
    }
}

extension JSONObject: Hashable where Value: Hashable {
    /// Hashes the members in a way their order does not change, as equality ignores it.
    public func hash(into hasher: inout Hasher) {
        var combined = 0
        for member in members {
            var memberHasher = Hasher()
            memberHasher.combine(ExactKey(member.key))
            memberHasher.combine(member.value)
            combined &+= memberHasher.finalize()
        }
        hasher.combine(count)
        hasher.combine(combined)
    }
}

extension JSONObject: CustomStringConvertible, CustomDebugStringConvertible {
    /// The members as a dictionary literal, in order.
    public var description: String {
        guard !isEmpty else { return "[:]" }
        return "[" + members.map { "\(String(reflecting: $0.key)): \(String(reflecting: $0.value))" }
            .joined(separator: ", ") + "]"
    }

    public var debugDescription: String { description }
}

extension JSONObject: Decodable where Value: Decodable {
    /// Reads a keyed container, in its keys' byte order (a decoder gives them in no set order). Its keys come from
    /// the decoder, which may already have merged keys that differ only in normalization (`JSONDecoder` does):
    /// `JSONCoding.decode(_:from:)` reads the bytes and does not.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: FieldKey.self)
        self.init()
        for key in container.allKeys.sorted(by: { ExactKey.precedes($0.stringValue, $1.stringValue) }) {
            updateValue(try container.decode(Value.self, forKey: key), forKey: key.stringValue)
        }
    }
}

extension JSONObject: Encodable where Value: Encodable {
    /// Writes a keyed container, members in order: `JSONCoding.encode(_:)` keeps it, a `JSONEncoder` with
    /// `.sortedKeys` (such as ``JSONCoding/encoder``) sorts them.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: FieldKey.self)
        for member in members { try container.encode(member.value, forKey: FieldKey(stringValue: member.key)) }
    }
}

extension JSONObject: JSONReadable where Value: JSONReadable {
    /// An object's members in order; a key that comes twice (byte for byte) keeps its place and its last value.
    public init(reading reader: inout JSONReader) throws {
        try reader.beginObject(Self.self)
        self.init()
        while try reader.nextMember() { updateValue(try Value(reading: &reader), forKey: reader.currentKey) }
    }
}

extension JSONObject: JSONWritable where Value: JSONWritable {
    /// An object, members in order.
    public func writeJSON(to writer: inout JSONWriter) throws {
        writer.beginObject()
        for member in members {
            writer.beginMember(member.key)
            try member.value.writeJSON(to: &writer)
        }
        writer.endObject()
    }
}
