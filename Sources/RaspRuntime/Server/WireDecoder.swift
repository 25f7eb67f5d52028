import Foundation

/// A parameter or form value as it arrived, before a type says what it is. The client's ``ParameterStyle``
/// serializers write values this way; ``WireDecoder`` reads them back by the shape the decoded type asks for: a
/// text read as a scalar, a list or key-value pairs (as its style splits it), a list of repeated items, fields.
indirect enum WireNode: Sendable {
    /// Text in a parameter style, split only when the type asks for a list or an object.
    case styled(StyledText)
    /// Text nested inside a list or an object: a scalar, or JSON text for an array or object (as the client writes
    /// values no style can nest).
    case text(String)
    /// Items in order (an exploded array, repeated form fields).
    case list([WireNode])
    /// Fields by name (an exploded object, a deepObject, a form body).
    case fields([(key: String, value: WireNode)])
    /// A file part of a multipart body.
    case file(BinaryFile)

    /// The node under `key` of a `fields` node; several fields of one name are a list.
    func field(_ key: String) -> WireNode? {
        guard case .fields(let fields) = self else { return nil }
        let matches = fields.filter { $0.key == key }.map(\.value)
        return matches.count <= 1 ? matches.first : .list(matches)
    }
}

/// One parameter's text in its style, with what is needed to split it.
struct StyledText: Sendable {
    /// The text after the parameter's own framing was found (for a query or cookie: its value).
    var raw: String
    var style: ParameterStyle
    var explode: Bool
    /// The parameter's name (matrix style repeats it).
    var name: String
    /// Whether the pieces are still percent-encoded (paths and cookies: split first, then decode each piece).
    var percentEncoded: Bool

    /// The text as one value.
    var scalar: String {
        switch style {
        case .label: decode(String(raw.dropFirst(raw.hasPrefix(".") ? 1 : 0)))
        case .matrix: decode(matrixValue(raw))
        default: decode(raw)
        }
    }

    /// The text as a list.
    var list: [String] {
        switch style {
        case .label:
            split(String(raw.dropFirst(raw.hasPrefix(".") ? 1 : 0)), by: explode ? "." : ",")
        case .matrix where explode:
            raw.split(separator: ";", omittingEmptySubsequences: true).map { decode(matrixValue(";" + $0)) }
        case .matrix: split(matrixValue(raw), by: ",")
        case .spaceDelimited: split(raw, by: " ")
        case .pipeDelimited: split(raw, by: "|")
        case .simple, .form, .deepObject: split(raw, by: ",")
        }
    }

    /// The text as key-value pairs: `k=v` items when exploded, alternating keys and values otherwise.
    var pairs: [(key: String, value: String)] {
        let pieces: [Substring]
        var exploded = explode
        switch style {
        case .label:
            let body = raw.dropFirst(raw.hasPrefix(".") ? 1 : 0)
            pieces = body.split(separator: explode ? "." : ",", omittingEmptySubsequences: true)
        case .matrix where explode:
            pieces = raw.split(separator: ";", omittingEmptySubsequences: true)
        case .matrix:
            pieces = Substring(matrixValue(raw)).split(separator: ",", omittingEmptySubsequences: false)
        case .spaceDelimited, .pipeDelimited:
            exploded = false
            pieces = raw.split(separator: style == .spaceDelimited ? " " : "|", omittingEmptySubsequences: false)
        case .simple, .form, .deepObject:
            pieces = raw.split(separator: ",", omittingEmptySubsequences: false)
        }
        if exploded {
            return pieces.map { piece in
                let parts = piece.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                return (decode(String(parts[0])), parts.count > 1 ? decode(String(parts[1])) : "")
            }
        }
        guard !(pieces.count == 1 && pieces[0].isEmpty) else { return [] }
        return stride(from: 0, to: pieces.count - 1, by: 2).map { (decode(String(pieces[$0])),
                                                                 decode(String(pieces[$0 + 1]))) }
    }

    /// A matrix parameter's text after `;name=` (empty for `;name`).
    private func matrixValue(_ text: String) -> String {
        guard let equals = text.firstIndex(of: "=") else { return "" }
        return String(text[text.index(after: equals)...])
    }

    private func split(_ text: String, by separator: Character) -> [String] {
        text.isEmpty ? [] : text.split(separator: separator, omittingEmptySubsequences: false).map {
            decode(String($0))
        }
    }

    private func decode(_ text: String) -> String {
        percentEncoded ? (text.removingPercentEncoding ?? text) : text
    }
}

/// Why a nested text has to be read as JSON instead (it holds an array or an object).
private struct NeedsJSON: Error {
    var text: String
}

/// Decodes a ``WireNode`` into any `Decodable`: scalars from their text (numbers, booleans, dates, UUIDs, base64
/// data, open enums), lists and objects as the style split them, and values nested in a list or object from the
/// JSON text the client wrote there.
struct WireDecoder: Decoder {
    let node: WireNode
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    /// Decodes `type` from `node`.
    static func decode<T: Decodable>(_ type: T.Type, from node: WireNode, codingPath: [any CodingKey] = []) throws
        -> T {
        do {
            if let value = try special(T.self, node.single, codingPath: codingPath) { return value }
            return try T(from: WireDecoder(node: node, codingPath: codingPath))
        } catch let error as NeedsJSON {
            // Only the node that holds the JSON text reads it; deeper ones rethrow to their parent.
            guard case .text(let text) = node.single, text == error.text else { throw error }
            do {
                return try JSONCoding.decode(T.self, from: Data(text.utf8))
            } catch {
                throw DecodingError.dataCorrupted(.init(codingPath: codingPath,
                                                        debugDescription: "expected JSON of a \(T.self)"))
            }
        }
    }

    /// The types whose `Codable` form is not their text on the wire (see `ParameterNode.init`), and files; nil for
    /// any other type.
    private static func special<T: Decodable>(_ type: T.Type, _ node: WireNode, codingPath: [any CodingKey]) throws
        -> T? {
        if case .file(let file) = node {
            if let file = file as? T { return file }
            if type == Data.self { return try file.inMemory() as? T }
        }
        let single = WireSingleValue(node: node, codingPath: codingPath)
        switch type {
        case is Date.Type: return try single.parse(type) { ISO8601.date(from: $0) as? T }
        case is Data.Type: return try single.parse(type) { Data(base64Encoded: $0) as? T }
        case is URL.Type: return try single.parse(type) { URL(string: $0) as? T }
        case is UUID.Type: return try single.parse(type) { UUID(uuidString: $0) as? T }
        case is Decimal.Type: return try single.parse(type) { Decimal(string: $0) as? T }
        case is BinaryFile.Type:
            return try single.parse(type) { text in Data(base64Encoded: text).map { BinaryFile($0) } as? T }
        default: return nil
        }
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        switch node.single {
        case .fields(let fields): return KeyedDecodingContainer(WireKeyedContainer(fields: fields, codingPath: codingPath))
        case .styled(let text):
            let fields = text.pairs.map { (key: $0.key, value: WireNode.text($0.value)) }
            return KeyedDecodingContainer(WireKeyedContainer(fields: fields, codingPath: codingPath))
        case .text(let text): throw NeedsJSON(text: text)
        case .list, .file:
            throw DecodingError.typeMismatch([String: String].self, .init(codingPath: codingPath,
                                                                          debugDescription: "expected an object"))
        }
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        switch node {
        case .list(let items): return WireUnkeyedContainer(items: items, codingPath: codingPath)
        case .styled(let text): return WireUnkeyedContainer(items: text.list.map(WireNode.text), codingPath: codingPath)
        case .text(let text): throw NeedsJSON(text: text)
        case .file:
            throw DecodingError.typeMismatch([String].self, .init(codingPath: codingPath, debugDescription: "a file"))
        case .fields(let fields):
            // deepObject numbers array items: `ids[0]=a&ids[1]=b`.
            let indexed = fields.compactMap { field in Int(field.key).map { (index: $0, value: field.value) } }
            guard indexed.count == fields.count else {
                throw DecodingError.typeMismatch([String].self, .init(codingPath: codingPath,
                                                                      debugDescription: "expected a list"))
            }
            return WireUnkeyedContainer(items: indexed.sorted { $0.index < $1.index }.map(\.value),
                                        codingPath: codingPath)
        }
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        WireSingleValue(node: node.single, codingPath: codingPath)
    }
}

extension WireNode {
    /// A one-item list as its item (a scalar sent once where a list could repeat it).
    fileprivate var single: WireNode {
        if case .list(let items) = self, items.count == 1 { return items[0].single }
        return self
    }

    /// The node's text when it is a scalar.
    fileprivate var scalarText: String? {
        switch single {
        case .text(let text): text
        case .styled(let text): text.scalar
        case .file(let file): (try? file.inMemory()).map { String(decoding: $0, as: UTF8.self) }
        case .list, .fields: nil
        }
    }
}

private struct WireKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let fields: [(key: String, value: WireNode)]
    let codingPath: [any CodingKey]

    var allKeys: [Key] {
        var seen = Set<String>()
        return fields.compactMap { seen.insert($0.key).inserted ? Key(stringValue: $0.key) : nil }
    }

    func contains(_ key: Key) -> Bool { fields.contains { $0.key == key.stringValue } }

    private func node(_ key: Key) throws -> WireNode {
        guard let node = WireNode.fields(fields).field(key.stringValue) else {
            throw DecodingError.keyNotFound(key, .init(codingPath: codingPath, debugDescription: "missing"))
        }
        return node
    }

    func decodeNil(forKey key: Key) throws -> Bool { !contains(key) }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try WireDecoder.decode(T.self, from: try node(key), codingPath: codingPath + [key])
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
        -> KeyedDecodingContainer<NestedKey> {
        try WireDecoder(node: try node(key), codingPath: codingPath + [key]).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try WireDecoder(node: try node(key), codingPath: codingPath + [key]).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder { WireDecoder(node: .fields(fields), codingPath: codingPath) }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        WireDecoder(node: try node(key), codingPath: codingPath + [key])
    }
}

private struct WireUnkeyedContainer: UnkeyedDecodingContainer {
    let items: [WireNode]
    let codingPath: [any CodingKey]
    var currentIndex = 0

    init(items: [WireNode], codingPath: [any CodingKey]) {
        self.items = items
        self.codingPath = codingPath
    }

    var count: Int? { items.count }
    var isAtEnd: Bool { currentIndex >= items.count }

    private mutating func next() throws -> (WireNode, [any CodingKey]) {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(Any.self, .init(codingPath: codingPath, debugDescription: "no more items"))
        }
        defer { currentIndex += 1 }
        return (items[currentIndex], codingPath + [IndexKey(intValue: currentIndex)])
    }

    mutating func decodeNil() throws -> Bool { false }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let (node, path) = try next()
        return try WireDecoder.decode(T.self, from: node, codingPath: path)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
        -> KeyedDecodingContainer<NestedKey> {
        let (node, path) = try next()
        return try WireDecoder(node: node, codingPath: path).container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let (node, path) = try next()
        return try WireDecoder(node: node, codingPath: path).unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder {
        let (node, path) = try next()
        return WireDecoder(node: node, codingPath: path)
    }
}

/// An array index as a coding key, for error paths.
private struct IndexKey: CodingKey {
    var stringValue: String { String(intValue ?? 0) }
    var intValue: Int?
    init(intValue: Int) { self.intValue = intValue }
    init?(stringValue: String) { nil }
}

/// A scalar read from its text as the type asks.
private struct WireSingleValue: SingleValueDecodingContainer {
    let node: WireNode
    let codingPath: [any CodingKey]

    private func text() throws -> String {
        guard let text = node.scalarText else {
            throw DecodingError.typeMismatch(String.self, .init(codingPath: codingPath,
                                                                debugDescription: "expected a single value"))
        }
        return text
    }

    func parse<T>(_ type: T.Type, _ make: (String) -> T?) throws -> T {
        let text = try text()
        guard let value = make(text) else {
            throw DecodingError.dataCorruptedError(in: self, debugDescription: "'\(text)' is not a valid \(type)")
        }
        return value
    }

    func decodeNil() -> Bool {
        if case .list(let items) = node { return items.isEmpty }
        return false
    }

    func decode(_ type: Bool.Type) throws -> Bool {
        try parse(type) { $0 == "true" ? true : $0 == "false" ? false : nil }
    }
    func decode(_ type: String.Type) throws -> String { try text() }
    func decode(_ type: Double.Type) throws -> Double { try parse(type) { Double($0) } }
    func decode(_ type: Float.Type) throws -> Float { try parse(type) { Float($0) } }
    func decode(_ type: Int.Type) throws -> Int { try parse(type) { Int($0) } }
    func decode(_ type: Int8.Type) throws -> Int8 { try parse(type) { Int8($0) } }
    func decode(_ type: Int16.Type) throws -> Int16 { try parse(type) { Int16($0) } }
    func decode(_ type: Int32.Type) throws -> Int32 { try parse(type) { Int32($0) } }
    func decode(_ type: Int64.Type) throws -> Int64 { try parse(type) { Int64($0) } }
    func decode(_ type: UInt.Type) throws -> UInt { try parse(type) { UInt($0) } }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try parse(type) { UInt8($0) } }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try parse(type) { UInt16($0) } }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try parse(type) { UInt32($0) } }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try parse(type) { UInt64($0) } }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try WireDecoder.decode(T.self, from: node, codingPath: codingPath)
    }
}
