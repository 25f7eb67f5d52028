internal import CLibYAML

/// Parses YAML 1.1/1.2 (and therefore JSON) into a ``YAMLNode`` tree with libyaml's event API.
///
/// The tree keeps document order and a 1-based mark on every node. Duplicate keys, non-scalar keys,
/// unknown aliases, nesting deeper than ``Limits/maxDepth`` and alias expansion past ``Limits/maxNodes``
/// are errors. Only the first document of a stream is read.
///
/// After a duplicate key or a key that is no string the tree is still whole (the entry is left out), so
/// ``parse(_:file:errors:)`` goes on and reports every such error; any other error ends the parse.
public struct YAMLParser: Sendable {
    /// Bounds that keep hostile input from using unbounded time or memory.
    public struct Limits: Sendable {
        /// The deepest nesting of mappings and sequences accepted.
        public var maxDepth: Int = 256
        /// The most nodes the tree may hold, counting every alias expansion in full.
        public var maxNodes: Int = 20_000_000

        /// The defaults.
        public init() {}
    }

    /// The bounds this parser enforces.
    public var limits: Limits

    /// Creates a parser.
    public init(limits: Limits = Limits()) {
        self.limits = limits
    }

    /// Parses a document.
    /// - Parameters:
    ///   - bytes: The document's bytes (UTF-8, UTF-16 with a BOM).
    ///   - file: The file index every ``Mark`` of the tree (and of an error) carries.
    /// - Returns: The root node.
    /// - Throws: ``Diagnostic`` with the position of the first problem.
    public func parse(_ bytes: [UInt8], file: Int = 0) throws(Diagnostic) -> YAMLNode {
        var errors: [Diagnostic] = []
        let root = parse(bytes, file: file, errors: &errors)
        if let first = errors.first { throw first }
        guard let root else { throw Diagnostic(.error, "the document could not be read", at: nil) }
        return root
    }

    /// Parses a document, reporting every error found before the parse ends.
    /// - Parameters:
    ///   - bytes: The document's bytes (UTF-8, UTF-16 with a BOM).
    ///   - file: The file index every ``Mark`` of the tree (and of an error) carries.
    ///   - errors: Gets the errors, in document order: each duplicate key and key that is no string (their entries
    ///     are left out of the tree), then the error that ended the parse, if one did.
    /// - Returns: The root node; nil when an error ended the parse.
    public func parse(_ bytes: [UInt8], file: Int = 0, errors: inout [Diagnostic]) -> YAMLNode? {
        var warnings: [Diagnostic] = []
        return parse(bytes, file: file, errors: &errors, warnings: &warnings)
    }

    /// Parses a document, reporting every error found before the parse ends and what was read with a warning (a
    /// JSON string's lone surrogate escape, read as U+FFFD).
    /// - Parameters:
    ///   - bytes: The document's bytes (UTF-8, UTF-16 with a BOM).
    ///   - file: The file index every ``Mark`` of the tree (and of an error) carries.
    ///   - errors: Gets the errors, as ``parse(_:file:errors:)`` reports them.
    ///   - warnings: Gets the warnings.
    /// - Returns: The root node; nil when an error ended the parse.
    public func parse(_ bytes: [UInt8], file: Int = 0, errors: inout [Diagnostic],
                      warnings: inout [Diagnostic]) -> YAMLNode? {
        var builder = TreeBuilder(limits: limits, file: file)
        defer { errors += builder.recoverable }
        do {
            // A JSON text whose strings libyaml cannot read as written is parsed in a rewritten form.
            let rewrite = bytes.withUnsafeBufferPointer(JSONStrings.rewrite)
            if let rewrite {
                builder.columns = rewrite.columns
                for place in rewrite.loneSurrogates {
                    let mark = Mark(line: place.line, column: place.column, file: file)
                    warnings.append(Diagnostic(.warning, "a \\u escape of a lone surrogate names no character; "
                                               + "read as U+FFFD", at: mark))
                }
            }
            let root = try (rewrite?.bytes ?? bytes).withUnsafeBufferPointer { buffer in try builder.run(buffer) }
            return root
        } catch let diagnostic as Diagnostic {
            builder.recoverable.append(diagnostic)
        } catch {
            builder.recoverable.append(Diagnostic(.error, "\(error)", at: nil))
        }
        return nil
    }

    /// Parses a document given as a string.
    public func parse(_ text: String) throws(Diagnostic) -> YAMLNode {
        try parse(Array(text.utf8))
    }
}

/// Turns libyaml events into nodes with an explicit stack (no recursion, so deep input cannot overflow).
///
/// The children of the open collections wait on two stacks shared by all of them (``items`` and ``entries``): a
/// collection's children are the top of its stack when it ends, and move from there into an array of exactly their
/// count (no array grows child by child, and no child is copied).
private struct TreeBuilder {
    /// An open mapping or sequence.
    struct Frame {
        var isMapping: Bool
        var mark: Mark
        var anchor: String?
        var nodeCountAtStart: Int
        /// Where the collection's children start on ``TreeBuilder/items`` (a sequence) or ``TreeBuilder/entries``
        /// (a mapping).
        var start: Int
        /// A mapping's key whose value comes next, and where it starts.
        var pendingKey: (text: String, mark: Mark)?
        /// Whether the value that comes next is left out (its key is a duplicate or no string).
        var dropsValue = false
        /// A mapping's key positions (counted from its first entry), once it has ``YAMLMapping/indexedCount``
        /// entries (fewer are compared one by one to find a duplicate).
        var keyIndex: [CodePointKey: Int]?
        /// One bit per ``TreeBuilder/keyBit(_:)`` of the keys of a mapping not indexed yet: a key whose bit is
        /// clear is no duplicate, without comparing it to the others.
        var keyBits: UInt64 = 0
    }

    let limits: YAMLParser.Limits
    let file: Int
    /// The open collections, innermost last (read and changed in place, with no copy-on-write check).
    /// Room for the nesting of most documents, so the stack rarely grows.
    let stack = ChildStack<Frame>(capacity: 32)
    /// The items of the open sequences, innermost last.
    let items = ChildStack<YAMLNode>()
    /// The entries of the open mappings, innermost last.
    let entries = ChildStack<YAMLMapping.Entry>()
    /// Where the columns of a rewritten JSON text moved (``JSONStrings``); nil for a text parsed as written.
    var columns: ColumnMap?
    var anchors: [String: (node: YAMLNode, size: Int)] = [:]
    var nodeCount = 0
    var root: YAMLNode?
    /// The errors after which the tree is still whole, in document order.
    var recoverable: [Diagnostic] = []

    init(limits: YAMLParser.Limits, file: Int) {
        self.limits = limits
        self.file = file
    }

    mutating func run(_ buffer: UnsafeBufferPointer<UInt8>) throws -> YAMLNode {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else {
            throw Diagnostic(.error, "could not initialize the YAML parser", at: nil)
        }
        defer { yaml_parser_delete(&parser) }
        yaml_parser_set_input_string(&parser, buffer.baseAddress ?? UnsafePointer(bitPattern: 1)!, buffer.count)

        var event = yaml_event_t()
        while true {
            guard yaml_parser_parse(&parser, &event) == 1 else {
                var error = Self.parserError(parser, buffer, file: file)
                if let columns, let mark = error.mark { error.mark = columns.original(mark) }
                throw error
            }
            defer { yaml_event_delete(&event) }
            var mark = Mark(line: Int(event.start_mark.line) + 1, column: Int(event.start_mark.column) + 1, file: file)
            if let columns { mark = columns.original(mark) }
            switch event.type {
            case YAML_SCALAR_EVENT:
                let data = event.data.scalar
                let value = Self.string(data.value, Int(data.length))
                let anchor = data.anchor.map { String(cString: $0) }
                // A mapping key without an anchor is only ever read as its text and mark: no scalar is made for it.
                if anchor == nil, stack.count > 0, stack.last.pointee.isMapping, stack.last.pointee.pendingKey == nil {
                    // libyaml's reader rejects invalid UTF-8, so the key's text has exactly the event's bytes.
                    let bytes = UnsafeBufferPointer(start: data.value, count: Int(data.length))
                    try addKey(value, bit: Self.keyBit(bytes), at: mark)
                    continue
                }
                let style: YAMLScalar.Style = switch data.style {
                case YAML_PLAIN_SCALAR_STYLE: .plain
                case YAML_LITERAL_SCALAR_STYLE, YAML_FOLDED_SCALAR_STYLE: .block
                default: .quoted
                }
                let tag = data.tag.map { String(cString: $0) }
                try add(.scalar(YAMLScalar(value: value, style: style, tag: tag, mark: mark)), anchor: anchor, size: 1)
            case YAML_MAPPING_START_EVENT:
                try push(Frame(isMapping: true, mark: mark,
                               anchor: event.data.mapping_start.anchor.map { String(cString: $0) },
                               nodeCountAtStart: nodeCount, start: entries.count))
            case YAML_SEQUENCE_START_EVENT:
                try push(Frame(isMapping: false, mark: mark,
                               anchor: event.data.sequence_start.anchor.map { String(cString: $0) },
                               nodeCountAtStart: nodeCount, start: items.count))
            case YAML_MAPPING_END_EVENT, YAML_SEQUENCE_END_EVENT:
                let frame = stack.removeLast()
                let node: YAMLNode = frame.isMapping
                    ? .mapping(YAMLMapping(entries: entries.removeArray(from: frame.start), mark: frame.mark,
                                           keyIndex: frame.keyIndex))
                    : .sequence(YAMLSequence(items: items.removeArray(from: frame.start), mark: frame.mark))
                try add(node, anchor: frame.anchor, size: 1 + nodeCount - frame.nodeCountAtStart, counted: true)
            case YAML_ALIAS_EVENT:
                let name = String(cString: event.data.alias.anchor)
                guard let target = anchors[name] else {
                    let message = "unknown alias '*\(name)'; expected an anchor '&\(name)' defined before it"
                    throw Diagnostic(.error, message, at: mark)
                }
                try add(target.node, anchor: nil, size: target.size)
            case YAML_DOCUMENT_START_EVENT:
                if root != nil {
                    throw Diagnostic(.error, "found a second YAML document; expected one OpenAPI document per file",
                                     at: mark)
                }
            case YAML_STREAM_END_EVENT:
                guard let root else { throw Diagnostic(.error, "the document is empty; expected a mapping", at: mark) }
                return root
            default:
                break
            }
        }
    }

    private mutating func push(_ frame: Frame) throws {
        guard stack.count < limits.maxDepth else {
            throw Diagnostic(.error, "nesting deeper than \(limits.maxDepth) levels", at: frame.mark)
        }
        stack.append(frame)
    }

    /// Adds a finished node to the innermost open collection (or makes it the root).
    /// - Parameter counted: Whether `size` was already added to `nodeCount` (collections count their
    ///   children as they go).
    private mutating func add(_ node: consuming YAMLNode, anchor: String?, size: Int, counted: Bool = false) throws {
        if !counted {
            nodeCount += size
        } else {
            nodeCount += 1
        }
        guard nodeCount <= limits.maxNodes else {
            throw Diagnostic(.error, "the document expands to more than \(limits.maxNodes) nodes (alias bomb?)",
                             at: node.mark)
        }
        if let anchor { anchors[anchor] = (node, size) }
        guard stack.count > 0 else {
            root = node
            return
        }
        let top = stack.last
        guard top.pointee.isMapping else {
            items.append(node)
            return
        }
        if let key = top.pointee.pendingKey.take() {
            guard !top.pointee.dropsValue else {
                top.pointee.dropsValue = false
                return
            }
            entries.append(YAMLMapping.Entry(key: key.text, keyMark: key.mark, value: node))
            if top.pointee.keyIndex == nil, entries.count - top.pointee.start == YAMLMapping.indexedCount {
                top.pointee.keyIndex = entries.keyIndex(from: top.pointee.start)
            }
            return
        }
        guard case .scalar(let key) = node else {
            let message = "a mapping key must be a string, found \(node.kindDescription)"
            recoverable.append(Diagnostic(.error, message, at: node.mark))
            top.pointee.pendingKey = ("", node.mark)
            top.pointee.dropsValue = true
            return
        }
        var text = key.value
        try expectValue(for: key.value, bit: text.withUTF8 { Self.keyBit($0) }, at: key.mark)
    }

    /// Adds a key (a scalar without an anchor) to the innermost open mapping, which has no key waiting for its value.
    private mutating func addKey(_ key: String, bit: UInt64, at mark: Mark) throws {
        nodeCount += 1
        guard nodeCount <= limits.maxNodes else {
            throw Diagnostic(.error, "the document expands to more than \(limits.maxNodes) nodes (alias bomb?)",
                             at: mark)
        }
        try expectValue(for: key, bit: bit, at: mark)
    }

    /// Makes `key` the innermost mapping's key whose value comes next; a key the mapping already has is an error (the
    /// entry is left out, and the parse goes on). A key of an indexed mapping is indexed here, with the position its
    /// entry will take.
    private mutating func expectValue(for key: String, bit: UInt64, at mark: Mark) throws {
        let top = stack.last
        let isDuplicate: Bool
        if top.pointee.keyIndex != nil {
            // One hash of the key both records it and finds a duplicate (whose first position is put back).
            let position = entries.count - top.pointee.start
            let indexKey = CodePointKey(text: key)
            let first = top.pointee.keyIndex!.updateValue(position, forKey: indexKey)
            if let first { top.pointee.keyIndex![indexKey] = first }
            isDuplicate = first != nil
        } else if top.pointee.keyBits & bit == 0 {
            // No key before this one has its bit: none can be the same.
            top.pointee.keyBits |= bit
            isDuplicate = false
        } else {
            isDuplicate = entries.containsKey(key, from: top.pointee.start)
        }
        if isDuplicate { recoverable.append(Diagnostic(.error, "duplicate key '\(key)' in a mapping", at: mark)) }
        top.pointee.pendingKey = (key, mark)
        top.pointee.dropsValue = isDuplicate
    }

    /// A key's bit among 64, from its length and its first and last bytes (equal keys have the same bit).
    private static func keyBit(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        guard let first = bytes.first, let last = bytes.last else { return 1 }
        let mixed = UInt64(bytes.count) &* 0x9E37_79B9 &+ UInt64(first) &* 0x85EB_CA6B &+ UInt64(last) &* 0xC2B2_AE35
        return 1 << ((mixed >> 16) & 63)
    }

    private static func string(_ pointer: UnsafeMutablePointer<UInt8>?, _ length: Int) -> String {
        guard let pointer, length > 0 else { return "" }
        return String(decoding: UnsafeBufferPointer(start: pointer, count: length), as: UTF8.self)
    }

    private static func parserError(_ parser: yaml_parser_t, _ buffer: UnsafeBufferPointer<UInt8>,
                                    file: Int) -> Diagnostic {
        let problem = parser.problem.map { String(cString: $0) } ?? "unknown problem"
        let mark = Mark(line: Int(parser.problem_mark.line) + 1, column: Int(parser.problem_mark.column) + 1,
                        file: file)
        var message = problem
        if let context = parser.context.map({ String(cString: $0) }) {
            let contextMark = Mark(line: Int(parser.context_mark.line) + 1, column: Int(parser.context_mark.column) + 1)
            message = "\(problem) (\(context) at \(contextMark))"
        }
        switch parser.error {
        case YAML_READER_ERROR:
            // The reader reports a byte offset, not a line: count lines and characters up to it.
            let offset = min(Int(parser.problem_offset), buffer.count)
            var line = 1
            var column = 1
            for byte in buffer[..<offset] {
                if byte == UInt8(ascii: "\n") {
                    line += 1
                    column = 1
                } else if byte & 0xC0 != 0x80 {
                    column += 1
                }
            }
            return Diagnostic(.error, "invalid input at byte \(offset): \(problem)",
                              at: Mark(line: line, column: column, file: file))
        default:
            return Diagnostic(.error, message, at: mark)
        }
    }
}

/// A stack of values whose top values leave it as one array: they are moved into an array of exactly their count,
/// with no copy (so no reference counting) and no array grown value by value.
///
/// Positions `0..<count` of the storage hold values; the rest is uninitialized.
private final class ChildStack<Element> {
    private var storage: UnsafeMutablePointer<Element>
    private var capacity: Int
    /// How many values the stack holds.
    private(set) var count = 0

    /// An empty stack, with room for `capacity` values before it grows.
    init(capacity: Int = 64) {
        self.capacity = max(capacity, 1)
        storage = .allocate(capacity: self.capacity)
    }

    deinit {
        storage.deinitialize(count: count)
        storage.deallocate()
    }

    /// Pushes a value.
    func append(_ element: consuming Element) {
        if count == capacity {
            let larger = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
            larger.moveInitialize(from: storage, count: count)
            storage.deallocate()
            storage = larger
            capacity *= 2
        }
        (storage + count).initialize(to: element)
        count += 1
    }

    /// The top value, read and changed in place (the stack must not be empty; the pointer is valid until the next
    /// push or pop).
    var last: UnsafeMutablePointer<Element> {
        precondition(count > 0)
        return storage + (count - 1)
    }

    /// Removes the top value and returns it.
    func removeLast() -> Element {
        precondition(count > 0)
        count -= 1
        return (storage + count).move()
    }

    /// Removes the values from position `start` on and returns them, in order.
    func removeArray(from start: Int) -> [Element] {
        precondition(start >= 0 && start <= count)
        let moved = count - start
        guard moved > 0 else { return [] }
        // Reserved here, the array's storage is made by code specialized for the element type (the generic
        // `init(unsafeUninitializedCapacity:)` looks the storage type up at run time on every call).
        var array: [Element] = []
        array.reserveCapacity(moved)
        for position in start..<count { array.append((storage + position).move()) }
        count = start
        return array
    }
}

extension ChildStack where Element == YAMLMapping.Entry {
    /// Whether an entry from position `start` on has the key (compared by code points). The entries are read in
    /// place.
    func containsKey(_ key: String, from start: Int) -> Bool {
        precondition(start >= 0 && start <= count)
        for position in start..<count where storage[position].key.hasSameCodePoints(as: key) { return true }
        return false
    }

    /// The positions of the keys of the entries from `start` on, counted from `start`.
    func keyIndex(from start: Int) -> [CodePointKey: Int] {
        precondition(start >= 0 && start <= count)
        var index: [CodePointKey: Int] = [:]
        for position in start..<count { index[CodePointKey(text: storage[position].key)] = position - start }
        return index
    }
}
