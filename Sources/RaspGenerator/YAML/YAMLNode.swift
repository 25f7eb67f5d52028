internal import Foundation

/// A position in a source document: 1-based line and column (columns count Unicode scalars, as libyaml does), and
/// which file of a multi-file document it is in.
public struct Mark: Sendable, Hashable, Comparable, CustomStringConvertible {
    // Kept in 32 bits each (every node and mapping key carries a mark, so a smaller mark is a smaller tree); larger
    // values, far past any document a generator reads, are clamped.
    private var storedLine: Int32
    private var storedColumn: Int32
    private var storedFile: Int32

    /// The 1-based line number.
    public var line: Int {
        get { Int(storedLine) }
        set { storedLine = Int32(clamping: newValue) }
    }
    /// The 1-based column number.
    public var column: Int {
        get { Int(storedColumn) }
        set { storedColumn = Int32(clamping: newValue) }
    }
    /// The file: 0 for the document given to the generator, then the files its `$ref`s read, in the order they
    /// were read (the document loader's `paths` names them).
    public var file: Int {
        get { Int(storedFile) }
        set { storedFile = Int32(clamping: newValue) }
    }

    /// Creates a mark.
    public init(line: Int, column: Int, file: Int = 0) {
        storedLine = Int32(clamping: line)
        storedColumn = Int32(clamping: column)
        storedFile = Int32(clamping: file)
    }

    /// `line:column`.
    public var description: String { "\(line):\(column)" }

    public static func < (lhs: Mark, rhs: Mark) -> Bool {
        (lhs.file, lhs.line, lhs.column) < (rhs.file, rhs.line, rhs.column)
    }
}

/// A node of a parsed YAML (or JSON) document. Mappings keep document order.
public enum YAMLNode: Sendable {
    /// A scalar: text with its style and tag.
    case scalar(YAMLScalar)
    /// A mapping, keys in document order.
    case mapping(YAMLMapping)
    /// A sequence.
    case sequence(YAMLSequence)

    /// Where the node starts in the source.
    public var mark: Mark {
        switch self {
        case .scalar(let scalar): scalar.mark
        case .mapping(let mapping): mapping.mark
        case .sequence(let sequence): sequence.mark
        }
    }

    /// The scalar, if this node is one.
    public var scalar: YAMLScalar? {
        if case .scalar(let scalar) = self { return scalar }
        return nil
    }

    /// The mapping, if this node is one.
    public var mapping: YAMLMapping? {
        if case .mapping(let mapping) = self { return mapping }
        return nil
    }

    /// The sequence, if this node is one.
    public var sequence: YAMLSequence? {
        if case .sequence(let sequence) = self { return sequence }
        return nil
    }

    /// A short word for diagnostics: "a mapping", "a sequence", "a string", "a number"…
    public var kindDescription: String {
        switch self {
        case .mapping: "a mapping"
        case .sequence: "a sequence"
        case .scalar(let scalar):
            switch scalar.resolved {
            case .null: "null"
            case .bool: "a boolean"
            case .int, .bigInt, .double: "a number"
            case .string: "a string"
            }
        }
    }
}

/// A scalar with its source text and style.
public struct YAMLScalar: Sendable {
    /// How the scalar was written; only plain scalars are resolved to null, booleans and numbers.
    public enum Style: Sendable {
        /// Unquoted, so `null`, booleans and numbers are recognised.
        case plain
        /// In single or double quotes: always text.
        case quoted
        /// A literal (`|`) or folded (`>`) block: always text.
        case block
    }

    // The stored properties are ordered so that the scalar (every node and mapping entry holds room for one) packs
    // into 40 bytes: the rare tag is a reference to its text (8 bytes, not a 16-byte optional string), and the
    // one-byte style comes last.
    /// The scalar's text as written (after unescaping).
    public var value: String
    private var tagText: TagText?
    /// Where the scalar starts.
    public var mark: Mark
    /// The scalar's style.
    public var style: Style

    /// An explicit tag such as `!!str`, if any.
    public var tag: String? {
        get { tagText?.text }
        set { tagText = newValue.map(TagText.init) }
    }

    /// A tag's text, held by reference.
    private final class TagText: Sendable {
        let text: String

        init(_ text: String) {
            self.text = text
        }
    }

    /// Creates a scalar.
    public init(value: String, style: Style = .plain, tag: String? = nil, mark: Mark) {
        self.value = value
        self.style = style
        tagText = tag.map(TagText.init)
        self.mark = mark
    }

    /// A scalar resolved by the YAML 1.2 core schema.
    public typealias Resolved = ScalarValue

    /// The value resolved by the YAML 1.2 core schema (quoted and block scalars are always strings).
    public var resolved: Resolved {
        if style != .plain || tag == "tag:yaml.org,2002:str" { return .string(value) }
        return Self.resolvePlain(value)
    }

    static func resolvePlain(_ text: String) -> Resolved {
        // Every word below starts with one of these ASCII bytes (no other text is canonically equivalent to one of
        // them), so most text skips the comparisons; the empty text is null.
        guard let first = text.utf8.first else { return .null }
        switch first {
        case UInt8(ascii: "~"), UInt8(ascii: "n"), UInt8(ascii: "N"), UInt8(ascii: "t"), UInt8(ascii: "T"),
             UInt8(ascii: "f"), UInt8(ascii: "F"), UInt8(ascii: "."), UInt8(ascii: "+"), UInt8(ascii: "-"):
            if let word = resolveWord(text) { return word }
        default:
            break
        }
        guard first == UInt8(ascii: "-") || first == UInt8(ascii: "+")
            || first == UInt8(ascii: ".") || (first >= UInt8(ascii: "0") && first <= UInt8(ascii: "9"))
        else { return .string(text) }
        if isDecimalInteger(text) {
            if let int = Int(text) { return .int(int) }
            return .bigInt(text)
        }
        if text.hasPrefix("0x"), let int = Int(text.dropFirst(2), radix: 16) { return .int(int) }
        if text.hasPrefix("0o"), let int = Int(text.dropFirst(2), radix: 8) { return .int(int) }
        if isFloat(text), let double = Double(text) { return .double(double) }
        return .string(text)
    }

    /// The null, boolean, infinity and not-a-number words of the core schema, or nil for other text.
    private static func resolveWord(_ text: String) -> Resolved? {
        switch text {
        case "", "~", "null", "Null", "NULL": return .null
        case "true", "True", "TRUE": return .bool(true)
        case "false", "False", "FALSE": return .bool(false)
        case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF": return .double(.infinity)
        case "-.inf", "-.Inf", "-.INF": return .double(-.infinity)
        case ".nan", ".NaN", ".NAN": return .double(.nan)
        default: return nil
        }
    }

    private static func isDecimalInteger(_ text: String) -> Bool {
        var bytes = text.utf8[...]
        if let sign = bytes.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") { bytes = bytes.dropFirst() }
        return !bytes.isEmpty && bytes.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
    }

    private static func isFloat(_ text: String) -> Bool {
        // [-+]? ( \. [0-9]+ | [0-9]+ ( \. [0-9]* )? ) ( [eE] [-+]? [0-9]+ )?
        var sawDigit = false
        var sawExponent = false
        var sawDot = false
        var previous: UInt8 = 0
        for (index, byte) in text.utf8.enumerated() {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): sawDigit = true
            case UInt8(ascii: "+"), UInt8(ascii: "-"):
                guard index == 0 || previous == UInt8(ascii: "e") || previous == UInt8(ascii: "E") else { return false }
            case UInt8(ascii: "."):
                guard !sawDot, !sawExponent else { return false }
                sawDot = true
            case UInt8(ascii: "e"), UInt8(ascii: "E"):
                guard sawDigit, !sawExponent else { return false }
                sawExponent = true
            default: return false
            }
            previous = byte
        }
        return sawDigit && previous != UInt8(ascii: "e") && previous != UInt8(ascii: "E")
    }
}

/// An ordered mapping with string keys.
public struct YAMLMapping: Sendable {
    /// One key/value pair.
    public struct Entry: Sendable {
        /// The key text.
        public var key: String
        /// Where the key starts.
        public var keyMark: Mark
        /// The value.
        public var value: YAMLNode
    }

    /// The pairs in document order.
    public var entries: [Entry] {
        didSet { keyIndex = Self.keyIndex(entries) }
    }
    /// Where the mapping starts.
    public var mark: Mark
    /// Each key's position in `entries`, for a mapping big enough that scanning its keys costs more than hashing
    /// one (a spec's `paths` or `components.schemas`); nil for a small mapping.
    private var keyIndex: [CodePointKey: Int]?

    /// The fewest entries a mapping indexes its keys for.
    static let indexedCount = 16

    /// Creates a mapping.
    public init(entries: [Entry], mark: Mark) {
        self.entries = entries
        self.mark = mark
        keyIndex = Self.keyIndex(entries)
    }

    /// A mapping whose key index the parser already built (nil when it has fewer than ``indexedCount`` entries).
    init(entries: [Entry], mark: Mark, keyIndex: [CodePointKey: Int]?) {
        self.entries = entries
        self.mark = mark
        self.keyIndex = keyIndex
    }

    /// The index of a mapping with ``indexedCount`` entries or more; the first of duplicate keys wins.
    private static func keyIndex(_ entries: [Entry]) -> [CodePointKey: Int]? {
        guard entries.count >= indexedCount else { return nil }
        var index: [CodePointKey: Int] = [:]
        index.reserveCapacity(entries.count)
        for (position, entry) in entries.enumerated() where index[CodePointKey(text: entry.key)] == nil {
            index[CodePointKey(text: entry.key)] = position
        }
        return index
    }

    /// The value for `key`, or nil (a hash lookup in a big mapping, a linear scan in a small one). Keys are
    /// compared by code points, as YAML and JSON define them: `é` and `e` + U+0301 are different keys.
    public subscript(key: String) -> YAMLNode? {
        position(of: key).map { entries[$0].value }
    }

    /// The entry for `key` (compared by code points), or nil.
    public func entry(_ key: String) -> Entry? {
        position(of: key).map { entries[$0] }
    }

    /// Where `key` is in ``entries`` (found without copying the entries it passes).
    private func position(of key: String) -> Int? {
        if let keyIndex { return keyIndex[CodePointKey(text: key)] }
        return entries.firstIndex { $0.key.hasSameCodePoints(as: key) }
    }
}

/// A sequence of nodes.
public struct YAMLSequence: Sendable {
    /// The items in document order.
    public var items: [YAMLNode]
    /// Where the sequence starts.
    public var mark: Mark

    /// Creates a sequence.
    public init(items: [YAMLNode], mark: Mark) {
        self.items = items
        self.mark = mark
    }
}

/// A string that compares and hashes by its code points (UTF-8 bytes), not by Unicode canonical equivalence as
/// `String` does: mapping keys are code-point strings in YAML and JSON.
struct CodePointKey: Hashable {
    let text: String

    static func == (lhs: CodePointKey, rhs: CodePointKey) -> Bool {
        lhs.text.hasSameCodePoints(as: rhs.text)
    }

    func hash(into hasher: inout Hasher) {
        let hashed: Void? = text.utf8.withContiguousStorageIfAvailable { bytes in
            hasher.combine(bytes: UnsafeRawBufferPointer(bytes))
        }
        if hashed == nil {
            for byte in text.utf8 { hasher.combine(byte) }
        }
    }
}

extension String {
    /// Whether two strings are the same sequence of code points (`==` also equates canonically equivalent strings).
    func hasSameCodePoints(as other: String) -> Bool {
        guard utf8.count == other.utf8.count else { return false }
        let compared: Bool? = utf8.withContiguousStorageIfAvailable { mine in
            other.utf8.withContiguousStorageIfAvailable { theirs in
                // Equal counts (checked above): one `memcmp` of the bytes.
                guard let mine = mine.baseAddress, let theirs = theirs.baseAddress else { return true }
                return memcmp(mine, theirs, other.utf8.count) == 0
            }
        } ?? nil
        return compared ?? utf8.elementsEqual(other.utf8)
    }
}
