import Foundation

/// A parameter or body value reduced to what the OpenAPI styles can write: scalars, arrays, objects and files.
indirect enum ParameterNode {
    /// An absent value (`nil`); the serializers leave it out.
    case null
    /// One value's text; `quoted` is false for numbers and booleans, which JSON writes without quotes.
    case scalar(String, quoted: Bool)
    /// Items in order.
    case array([ParameterNode])
    /// Fields in the order the value encoded them (its `CodingKeys` order); dictionaries' keys are sorted.
    case object([(key: String, value: ParameterNode)])
    /// A ``BinaryFile``: its own part in a multipart body, its base64 text (a quoted scalar) everywhere else.
    case file(BinaryFile)

    /// Encodes a value with ``ParameterEncoder``. Values with a `queryValue` (dates, `LocalDate`, UUIDs, open
    /// enums) use it; integers stay exact; a ``BinaryFile`` stays a file; `Data` becomes base64 (`format: byte` is
    /// base64 by definition), `URL` its absolute string.
    init(_ value: some Encodable, codingPath: [any CodingKey] = []) throws {
        switch value {
        case let value as BinaryFile: self = .file(value)
        case let value as any QueryValue: self = .scalar(value.queryValue, quoted: !Self.isBare(value))
        case let value as any BinaryInteger: self = .scalar(value.description, quoted: false)
        case let value as Float:
            // Like `Double.queryValue`: integral values without `.0`, others in their shortest form.
            let text = value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
            self = .scalar(text, quoted: false)
        case let value as Decimal: self = .scalar(value.description, quoted: false)
        case let value as Data: self = .scalar(value.base64EncodedString(), quoted: true)
        case let value as URL: self = .scalar(value.absoluteString, quoted: true)
        default:
            let slot = ParameterSlot()
            try value.encode(to: ParameterEncoder(slot: slot, codingPath: codingPath))
            self = slot.node
            if value is any UnorderedKeys, case .object(let fields) = self {
                self = .object(fields.sorted { $0.key < $1.key })
            }
        }
    }

    /// Whether JSON writes the value without quotes: numbers, booleans, and enums whose raw values are those.
    private static func isBare(_ value: Any) -> Bool {
        if let value = value as? any RawRepresentable { return isBare(value.rawValue) }
        return value is Bool || value is any Numeric
    }

    /// The value with every file's bytes in memory, for the encodings that write files as base64 text (all but
    /// multipart): files are read once here, and a file from a sequence, which cannot be written that way, throws.
    /// - Throws: ``MessageBody/ReadError``.
    func loadingFiles() throws -> ParameterNode {
        switch self {
        case .null, .scalar: self
        case .file(let file) where file.content.isInMemory: self
        case .file(let file): .file(BinaryFile(try file.inMemory(), filename: file.filename,
                                               contentType: file.contentType))
        case .array(let items): .array(try items.map { try $0.loadingFiles() })
        case .object(let fields): .object(try fields.map { ($0.key, try $0.value.loadingFiles()) })
        }
    }
}

/// Maps, whose fields are sorted by key: a dictionary's order changes from run to run, and a `JSONObject` decoded by
/// a server (in its keys' byte order) then sends its fields as it received them.
private protocol UnorderedKeys {}

extension Dictionary: UnorderedKeys {}

extension JSONObject: UnorderedKeys {}

/// Where one encoded value lands; containers add items or fields to it while the value encodes itself.
final class ParameterSlot {
    private var value = ParameterNode.null
    private var items: [ParameterSlot]?
    private var fields: [(key: String, slot: ParameterSlot)]?

    /// What was written here.
    var node: ParameterNode {
        if let fields { return .object(fields.map { ($0.key, $0.slot.node) }) }
        if let items { return .array(items.map(\.node)) }
        return value
    }

    /// The number of items written so far.
    var count: Int { items?.count ?? 0 }

    /// Stores a single value.
    func set(_ node: ParameterNode) { (value, items, fields) = (node, nil, nil) }

    /// Makes this slot an array (kept if it already is one).
    func makeArray() { if items == nil { (items, fields) = ([], nil) } }

    /// Makes this slot an object (kept if it already is one).
    func makeObject() { if fields == nil { (items, fields) = (nil, []) } }

    /// A new item at the end of the array.
    func appendItem() -> ParameterSlot {
        let slot = ParameterSlot()
        makeArray()
        items?.append(slot)
        return slot
    }

    /// The field for a key, created at the end if the key is new (encoding a key again replaces its value).
    func field(_ key: String) -> ParameterSlot {
        makeObject()
        if let existing = fields?.first(where: { $0.key == key }) { return existing.slot }
        let slot = ParameterSlot()
        fields?.append((key, slot))
        return slot
    }
}

/// An `Encoder` that records a value as a ``ParameterNode``, without a JSON round trip (so integers stay exact and
/// property order is kept). It is its own single-value container. The generic `encode` methods of the containers
/// also stand in for every primitive overload the container protocols require.
struct ParameterEncoder: Encoder, SingleValueEncodingContainer {
    /// The slot this encoder writes into.
    let slot: ParameterSlot
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        slot.makeObject()
        return KeyedEncodingContainer(KeyedParameterContainer(slot: slot, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        slot.makeArray()
        return UnkeyedParameterContainer(slot: slot, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { self }

    func encodeNil() { slot.set(.null) }

    func encode<T: Encodable>(_ value: T) throws { slot.set(try ParameterNode(value, codingPath: codingPath)) }
}

/// Writes fields into an object slot.
struct KeyedParameterContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let slot: ParameterSlot
    let codingPath: [any CodingKey]

    func encodeNil(forKey key: Key) { slot.field(key.stringValue).set(.null) }

    func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        let node = try ParameterNode(value, codingPath: codingPath + [key])
        slot.field(key.stringValue).set(node)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key)
        -> KeyedEncodingContainer<NestedKey> {
        encoder(for: key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        encoder(for: key).unkeyedContainer()
    }

    func superEncoder() -> any Encoder { encoder(for: ParameterKey(stringValue: "super")) }

    func superEncoder(forKey key: Key) -> any Encoder { encoder(for: key) }

    private func encoder(for key: any CodingKey) -> ParameterEncoder {
        ParameterEncoder(slot: slot.field(key.stringValue), codingPath: codingPath + [key])
    }
}

/// Appends items to an array slot.
struct UnkeyedParameterContainer: UnkeyedEncodingContainer {
    let slot: ParameterSlot
    let codingPath: [any CodingKey]
    var count: Int { slot.count }

    func encodeNil() { slot.appendItem().set(.null) }

    func encode<T: Encodable>(_ value: T) throws {
        let node = try ParameterNode(value, codingPath: codingPath + [ParameterKey(intValue: count)])
        slot.appendItem().set(node)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        nextEncoder().container(keyedBy: type)
    }

    func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { nextEncoder().unkeyedContainer() }

    func superEncoder() -> any Encoder { nextEncoder() }

    private func nextEncoder() -> ParameterEncoder {
        let key = ParameterKey(intValue: count)
        return ParameterEncoder(slot: slot.appendItem(), codingPath: codingPath + [key])
    }
}

/// A coding key for array indexes and `super`.
struct ParameterKey: CodingKey {
    let stringValue: String
    let intValue: Int?

    init(stringValue: String) { (self.stringValue, intValue) = (stringValue, nil) }

    init(intValue: Int) { (stringValue, self.intValue) = (String(intValue), intValue) }
}
