internal import CLibYAML

/// Parses YAML 1.1/1.2 (and therefore JSON) into a ``YAMLNode`` tree with libyaml's event API.
///
/// The tree keeps document order and a 1-based mark on every node. Duplicate keys, non-scalar keys,
/// unknown aliases, nesting deeper than ``Limits/maxDepth`` and alias expansion past ``Limits/maxNodes``
/// are errors. Only the first document of a stream is read.
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
        do {
            return try bytes.withUnsafeBufferPointer { buffer in
                var builder = TreeBuilder(limits: limits, file: file)
                return try builder.run(buffer)
            }
        } catch let diagnostic as Diagnostic {
            throw diagnostic
        } catch {
            throw Diagnostic(.error, "\(error)", at: nil)
        }
    }

    /// Parses a document given as a string.
    public func parse(_ text: String) throws(Diagnostic) -> YAMLNode {
        try parse(Array(text.utf8))
    }
}

/// Turns libyaml events into nodes with an explicit stack (no recursion, so deep input cannot overflow).
private struct TreeBuilder {
    /// An open mapping or sequence: its children so far.
    struct Frame {
        var isMapping: Bool
        var mark: Mark
        var anchor: String?
        var nodeCountAtStart: Int
        /// A sequence's items.
        var items: [YAMLNode] = []
        /// A mapping's entries.
        var entries: [YAMLMapping.Entry] = []
        /// A mapping's key whose value comes next, and where it starts.
        var pendingKey: (text: String, mark: Mark)?
        /// A mapping's key positions, once it has ``YAMLMapping/indexedCount`` entries (fewer are compared one by
        /// one to find a duplicate).
        var keyIndex: [CodePointKey: Int]?

        /// Makes `key` the mapping's key whose value comes next, unless the mapping already has it (then false). A
        /// key of an indexed mapping is indexed here, with the position its entry will take.
        mutating func expectValue(for key: String, at mark: Mark) -> Bool {
            if keyIndex != nil {
                // One hash of the key both records it and finds a duplicate (which ends the parse, so the position it
                // overwrites is never read).
                if keyIndex!.updateValue(entries.count, forKey: CodePointKey(text: key)) != nil { return false }
            } else if entries.contains(where: { $0.key.hasSameCodePoints(as: key) }) {
                return false
            }
            pendingKey = (key, mark)
            return true
        }

        /// Adds a mapping entry, indexing the keys once there are enough of them.
        mutating func append(_ entry: consuming YAMLMapping.Entry) {
            entries.append(entry)
            if keyIndex == nil, entries.count == YAMLMapping.indexedCount {
                var index: [CodePointKey: Int] = [:]
                for (position, entry) in entries.enumerated() { index[CodePointKey(text: entry.key)] = position }
                keyIndex = index
            }
        }
    }

    let limits: YAMLParser.Limits
    let file: Int
    var stack: [Frame] = []
    var anchors: [String: (node: YAMLNode, size: Int)] = [:]
    var nodeCount = 0
    var root: YAMLNode?

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
            guard yaml_parser_parse(&parser, &event) == 1 else { throw Self.parserError(parser, buffer, file: file) }
            defer { yaml_event_delete(&event) }
            let mark = Mark(line: Int(event.start_mark.line) + 1, column: Int(event.start_mark.column) + 1, file: file)
            switch event.type {
            case YAML_SCALAR_EVENT:
                let data = event.data.scalar
                let value = Self.string(data.value, Int(data.length))
                let style: YAMLScalar.Style = switch data.style {
                case YAML_PLAIN_SCALAR_STYLE: .plain
                case YAML_LITERAL_SCALAR_STYLE, YAML_FOLDED_SCALAR_STYLE: .block
                default: .quoted
                }
                let tag = data.tag.map { String(cString: $0) }
                let scalar = YAMLScalar(value: value, style: style, tag: tag, mark: mark)
                try add(.scalar(scalar), anchor: data.anchor.map { String(cString: $0) }, size: 1)
            case YAML_MAPPING_START_EVENT:
                try push(Frame(isMapping: true, mark: mark,
                               anchor: event.data.mapping_start.anchor.map { String(cString: $0) },
                               nodeCountAtStart: nodeCount))
            case YAML_SEQUENCE_START_EVENT:
                try push(Frame(isMapping: false, mark: mark,
                               anchor: event.data.sequence_start.anchor.map { String(cString: $0) },
                               nodeCountAtStart: nodeCount))
            case YAML_MAPPING_END_EVENT, YAML_SEQUENCE_END_EVENT:
                let frame = stack.removeLast()
                let node: YAMLNode = frame.isMapping
                    ? .mapping(YAMLMapping(entries: frame.entries, mark: frame.mark, keyIndex: frame.keyIndex))
                    : .sequence(YAMLSequence(items: frame.items, mark: frame.mark))
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
        let top = stack.count - 1
        guard top >= 0 else {
            root = node
            return
        }
        guard stack[top].isMapping else {
            stack[top].items.append(node)
            return
        }
        if let key = stack[top].pendingKey.take() {
            stack[top].append(YAMLMapping.Entry(key: key.text, keyMark: key.mark, value: node))
            return
        }
        guard case .scalar(let key) = node else {
            throw Diagnostic(.error, "a mapping key must be a string, found \(node.kindDescription)", at: node.mark)
        }
        guard stack[top].expectValue(for: key.value, at: key.mark) else {
            throw Diagnostic(.error, "duplicate key '\(key.value)' in a mapping", at: key.mark)
        }
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
