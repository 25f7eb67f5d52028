import Foundation

/// Reads one JSON document's bytes straight into values, with no `Decoder` and no tree in between: the reading
/// half of ``JSONWriter``.
///
/// Generated types conform to ``JSONReadable``: their `init(reading:)` walks an object's members with
/// ``nextField(_:)`` and reads each value by its type; scalars, collections and the runtime's types read
/// themselves. `JSONCoding.decode(_:from:)` takes this path for such types. A reader validates what it reads
/// (the grammar, UTF-8, escapes) and skips what it does not need with the same checks.
///
/// Errors are `DecodingError`s with the coding path `JSONDecoder` gives the same value: the keys and indices from
/// the document's root to the value, kept on a stack as the reader goes (a store per member, no allocation).
public struct JSONReader {
    /// The document.
    @usableFromInline let bytes: UnsafeBufferPointer<UInt8>
    /// The next byte to read.
    @usableFromInline var index: Int
    /// One entry per open object or array, innermost last: where the reader is inside it.
    @usableFromInline var path: [PathEntry]

    /// Where the reader is inside one open object or array.
    @usableFromInline
    struct PathEntry {
        /// The current member's key (its escaped bytes between the quotes); `keyStart` is -1 inside an array or
        /// before an object's first member.
        var keyStart: Int
        var keyEnd: Int
        /// The current item's index inside an array; -1 before the first and in an object.
        var item: Int
        /// In an object, the index the next key is tried against first (keys tend to come in declaration order).
        var hint: Int
        /// Whether the container has had a member yet (a comma comes before every later one).
        var started: Bool
        /// Whether the current key has escapes (its bytes are then not the key's own).
        var keyEscaped = false
    }

    /// The deepest nesting read; deeper documents are an error rather than a stack overflow.
    static let maximumDepth = 512

    /// A reader of `bytes`, which must stay valid while it reads.
    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        index = 0
        path = []
        path.reserveCapacity(16)
    }

    // MARK: Whitespace and peeking

    /// Skips JSON whitespace and returns the next byte (0 at the end of the document).
    @inlinable
    mutating func peek() -> UInt8 {
        while index < bytes.count {
            let byte = bytes[index]
            guard byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 else { return byte }
            index += 1
        }
        return 0
    }

    /// Whether the next value is `null`; when it is, it is read.
    @inlinable
    public mutating func readNull() throws -> Bool {
        guard peek() == 0x6E else { return false }
        try literal("null")
        return true
    }

    /// Reads a literal word (`null`, `true`, `false`) at the current byte.
    @usableFromInline
    mutating func literal(_ word: StaticString) throws {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count,
              memcmp(bytes.baseAddress! + index, word.utf8Start, count) == 0 else {
            throw syntaxError("expected '\(word)'")
        }
        index += count
    }

    // MARK: Objects

    /// Reads `{` and opens an object; `type` names what was expected in an error.
    public mutating func beginObject(_ type: Any.Type) throws {
        try open(0x7B, type)
    }

    /// Reads the opening bracket of an object or array and puts a path entry for it on the stack.
    private mutating func open(_ bracket: UInt8, _ type: Any.Type) throws {
        let byte = peek()
        guard byte == bracket else { throw mismatch(type, found: byte) }
        guard path.count < Self.maximumDepth else { throw syntaxError("the document nests too deeply") }
        index += 1
        path.append(PathEntry(keyStart: -1, keyEnd: -1, item: -1, hint: 0, started: false))
    }

    /// Reads the next member's key and colon, and returns the key's index among `keys` (-1 for a key it does not
    /// list); nil at the object's end, which closes the object.
    public mutating func nextField(_ keys: JSONKeys) throws -> Int? {
        guard try nextKey() else { return nil }
        let last = path.count - 1
        let found = currentKeyIndex(in: keys, hint: path[last].hint)
        if found >= 0 { path[last].hint = found + 1 }
        return found
    }

    /// Reads the next member's key and colon; false at the object's end, which closes the object.
    @usableFromInline
    mutating func nextKey() throws -> Bool {
        let last = path.count - 1
        var byte = peek()
        if byte == 0x7D {
            index += 1
            path.removeLast()
            return false
        }
        if path[last].started {
            guard byte == 0x2C else { throw syntaxError("expected ',' or '}' after an object member") }
            index += 1
            byte = peek()
        } else {
            path[last].started = true
        }
        guard byte == 0x22 else { throw syntaxError("expected a key in quotes") }
        index += 1
        let start = index
        path[last].keyEscaped = try skipStringBody()
        path[last].keyStart = start
        path[last].keyEnd = index - 1
        guard peek() == 0x3A else { throw syntaxError("expected ':' after an object key") }
        index += 1
        return true
    }

    /// The index of the current member's key among `keys` (-1 when it is not one of them), matched byte for byte;
    /// the name at `hint` is tried first.
    @inline(__always)
    func currentKeyIndex(in keys: JSONKeys, hint: Int = 0) -> Int {
        let entry = path[path.count - 1]
        guard entry.keyEscaped else {
            return keys.index(of: bytes.baseAddress! + entry.keyStart, count: entry.keyEnd - entry.keyStart,
                              hint: hint)
        }
        var key = self.key(of: entry)
        return key.withUTF8 { keys.index(of: $0.baseAddress!, count: $0.count, hint: hint) }
    }

    /// Whether the current member's key is `text`, byte for byte.
    func currentKeyEquals(_ text: String) -> Bool {
        let entry = path[path.count - 1]
        guard !entry.keyEscaped else { return key(of: entry).utf8.elementsEqual(text.utf8) }
        let count = entry.keyEnd - entry.keyStart
        guard count > 0 else { return text.isEmpty }
        var text = text
        return text.withUTF8 { utf8 in
            utf8.count == count && memcmp(utf8.baseAddress!, bytes.baseAddress! + entry.keyStart, count) == 0
        }
    }

    /// The current member's key, its escapes decoded: for the keys of a map and a schema's `additionalProperties`.
    public var currentKey: String { key(of: path[path.count - 1]) }

    /// The key an entry is at, its escapes decoded (the bytes were checked when the key was read).
    func key(of entry: PathEntry) -> String {
        guard entry.keyEscaped else {
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[entry.keyStart..<entry.keyEnd]),
                          as: UTF8.self)
        }
        var copy = self
        copy.index = entry.keyStart
        return (try? copy.stringBody()) ?? ""
    }

    /// The value of a required property, or `keyNotFound` naming it when the object had no such key.
    @inlinable
    public func required<Value>(_ value: Value?, _ name: StaticString) throws -> Value {
        guard let value else { throw keyNotFound(name) }
        return value
    }

    // MARK: Arrays

    /// Reads `[` and opens an array; `type` names what was expected in an error.
    public mutating func beginArray(_ type: Any.Type) throws {
        try open(0x5B, type)
    }

    /// Moves to the array's next item; false at its end, which closes the array.
    public mutating func nextItem() throws -> Bool {
        let last = path.count - 1
        let byte = peek()
        if byte == 0x5D {
            index += 1
            path.removeLast()
            return false
        }
        if path[last].started {
            guard byte == 0x2C else { throw syntaxError("expected ',' or ']' after an array item") }
            index += 1
        } else {
            path[last].started = true
        }
        path[last].item += 1
        return true
    }

    // MARK: Values

    /// Reads a value of a type that reads itself.
    @inlinable
    public mutating func read<Value: JSONReadable>(_ type: Value.Type) throws -> Value {
        try Value(reading: &self)
    }

    /// Reads a value of any other `Decodable` type: its bytes are decoded by ``JSONCoding/decoder``.
    public mutating func read<Value: Decodable>(_ type: Value.Type) throws -> Value {
        _ = peek()
        let start = index
        try skipValue()
        let slice = Data(UnsafeBufferPointer(rebasing: bytes[start..<index]))
        do {
            return try JSONCoding.decoder.decode(Value.self, from: slice)
        } catch let error as DecodingError {
            throw JSONReader.prefixed(error, with: codingPath)
        }
    }

    /// Reads an optional property's value: nil for `null`.
    @inlinable
    public mutating func readIfPresent<Value: JSONReadable>(_ type: Value.Type) throws -> Value? {
        try readNull() ? nil : Value(reading: &self)
    }

    /// Reads an optional property's value of another `Decodable` type: nil for `null`.
    public mutating func readIfPresent<Value: Decodable>(_ type: Value.Type) throws -> Value? {
        try readNull() ? nil : read(Value.self)
    }

    /// Reads a nullable property's value: `.null` for `null`.
    @inlinable
    public mutating func readNullable<Value: JSONReadable>(_ type: Value.Type) throws -> Nullable<Value> {
        try readNull() ? .null : .value(Value(reading: &self))
    }

    /// Reads a nullable property's value of another `Decodable` type: `.null` for `null`.
    public mutating func readNullable<Value: Decodable>(_ type: Value.Type) throws -> Nullable<Value> {
        try readNull() ? .null : .value(read(Value.self))
    }

    /// Skips one value, checking it as it reads it.
    public mutating func skipValue() throws {
        switch peek() {
        case 0x22:
            index += 1
            _ = try skipStringBody()
        case 0x7B:
            try beginObject(JSONValue.self)
            while try nextKey() { try skipValue() }
        case 0x5B:
            try beginArray(JSONValue.self)
            while try nextItem() { try skipValue() }
        case 0x74: try literal("true")
        case 0x66: try literal("false")
        case 0x6E: try literal("null")
        case 0x2D, 0x30...0x39: _ = try numberToken()
        case 0: throw syntaxError("expected a value, found the end of the document")
        default: throw syntaxError("expected a value")
        }
    }

    /// Where the reader is, to read the same value again (``rewind(to:)``): how unions try their variants and how a
    /// struct's variant reads the object its properties were read from.
    public struct Mark: Sendable {
        let index: Int
        let depth: Int
    }

    /// Where the next value starts.
    public var mark: Mark {
        mutating get {
            _ = peek()
            return Mark(index: index, depth: path.count)
        }
    }

    /// Moves back to a ``mark`` taken in the same document, closing whatever was opened since (a variant that failed
    /// half-way through a value).
    public mutating func rewind(to mark: Mark) {
        index = mark.index
        if path.count > mark.depth { path.removeLast(path.count - mark.depth) }
    }

    /// Checks that only whitespace follows the value read.
    mutating func finish() throws {
        guard peek() == 0, index == bytes.count else { throw syntaxError("unexpected text after the JSON value") }
    }
}

// MARK: - Key tables

/// The keys a generated type declares, in declaration order, as bytes: ``JSONReader/nextField(_:)`` matches the
/// keys that arrive against them byte for byte (so two keys that differ only in Unicode normalization stay apart).
/// A generated type makes its table once, in a static property.
public final class JSONKeys: @unchecked Sendable {
    /// The names' bytes, one after another; `offsets[i] ..< offsets[i + 1]` is name `i`.
    private let storage: UnsafeMutablePointer<UInt8>
    private let offsets: UnsafeMutablePointer<Int>
    /// Open addressing by hash: name index + 1, 0 for an empty slot; `mask + 1` slots.
    private let slots: UnsafeMutablePointer<Int32>
    private let mask: Int
    /// How many names there are.
    public let count: Int

    /// A table of these names, in declaration order.
    public convenience init(_ names: StaticString...) {
        self.init(utf8: names.map { Array(UnsafeBufferPointer(start: $0.utf8Start, count: $0.utf8CodeUnitCount)) })
    }

    /// A table of these names, in this order.
    convenience init(_ names: [String]) {
        self.init(utf8: names.map { Array($0.utf8) })
    }

    private init(utf8 names: [[UInt8]]) {
        count = names.count
        let total = names.reduce(0) { $0 + $1.count }
        storage = .allocate(capacity: max(total, 1))
        offsets = .allocate(capacity: count + 1)
        var offset = 0
        for (index, name) in names.enumerated() {
            offsets[index] = offset
            (storage + offset).initialize(from: name, count: name.count)
            offset += name.count
        }
        offsets[count] = offset
        var size = 8
        while size < count * 2 { size *= 2 }
        mask = size - 1
        slots = .allocate(capacity: size)
        slots.initialize(repeating: 0, count: size)
        for index in 0..<count {
            var slot = Self.hash(storage + offsets[index], offsets[index + 1] - offsets[index]) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(index + 1)
        }
    }

    deinit {
        storage.deallocate()
        offsets.deallocate()
        slots.deallocate()
    }

    /// The index of the name with these bytes, or -1; `hint` is tried first.
    func index(of key: UnsafePointer<UInt8>, count length: Int, hint: Int) -> Int {
        if hint < count, matches(hint, key, length) { return hint }
        var slot = Self.hash(key, length) & mask
        while true {
            let found = Int(slots[slot])
            if found == 0 { return -1 }
            if matches(found - 1, key, length) { return found - 1 }
            slot = (slot + 1) & mask
        }
    }

    private func matches(_ index: Int, _ key: UnsafePointer<UInt8>, _ length: Int) -> Bool {
        let start = offsets[index]
        guard offsets[index + 1] - start == length else { return false }
        // Most keys are short: compared in place, a library call costs more than the comparison.
        guard length <= 16 else { return memcmp(storage + start, key, length) == 0 }
        let name = storage + start
        for offset in 0..<length where name[offset] != key[offset] { return false }
        return true
    }

    /// FNV-1a over the bytes.
    private static func hash(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> Int {
        var value: UInt64 = 0xCBF2_9CE4_8422_2325
        for index in 0..<count {
            value = (value ^ UInt64(bytes[index])) &* 0x0000_0100_0000_01B3
        }
        return Int(truncatingIfNeeded: value ^ (value >> 29))
    }
}
