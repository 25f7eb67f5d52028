extension GeneratorConfig {
    /// The top-level keys of a config, in either dialect.
    static let keys = [
        "accessModifier", "clientName", "generate", "filter", "operations", "tags", "nameOverrides", "names",
        "typeOverrides", "additionalImports", "additionalFileComments", "namingStrategy", "featureFlags", "lenient",
        "writtenCoders", "namespace",
    ]

    /// Reads a config file, in the dialect its name says (``Dialect/init(path:)``; `rasp-generate.yaml` without one).
    /// - Parameters:
    ///   - bytes: The YAML text.
    ///   - path: Where it was read from, kept as ``path``.
    /// - Throws: ``Diagnostic`` with the position of an unknown key or a value of the wrong kind.
    public init(yaml bytes: [UInt8], path: String? = nil) throws {
        try self.init(yaml: bytes, path: path, dialect: path.map(Dialect.init(path:)) ?? .rasp)
    }

    /// Reads a config file in a dialect.
    /// - Parameters:
    ///   - bytes: The YAML text.
    ///   - path: Where it was read from, kept as ``path``.
    ///   - dialect: Which defaults apply; ``Dialect/swiftOpenAPIGenerator`` also requires `generate`.
    /// - Throws: ``Diagnostic`` with the position of an unknown key, a value of the wrong kind, or (in
    ///   swift-openapi-generator's dialect) of the mapping that lacks `generate`.
    public init(yaml bytes: [UInt8], path: String?, dialect: Dialect) throws {
        self.init(dialect: dialect)
        self.path = path
        var map = YAMLMapping(entries: [], mark: Mark(line: 1, column: 1))
        // A file of blank lines and comments holds no YAML document: the defaults.
        let hasContent = String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isNewline).contains { line in
            let text = line.drop { $0 == " " || $0 == "\t" }
            return !text.isEmpty && !text.hasPrefix("#")
        }
        if hasContent {
            let root = try YAMLParser().parse(bytes)
            if case .scalar(let scalar) = root, scalar.resolved == .null {
                map.mark = root.mark
            } else {
                map = try DocumentParser.mapping(root, "the config")
            }
        }
        for entry in map.entries { try read(entry) }
        if dialect == .swiftOpenAPIGenerator, map["generate"] == nil {
            throw Diagnostic(.error, "missing 'generate' (types, client, server), which "
                             + "openapi-generator-config.yaml requires", at: map.mark)
        }
    }

    private mutating func read(_ entry: YAMLMapping.Entry) throws {
        switch entry.key {
        case "accessModifier":
            let value = try DocumentParser.string(entry.value, entry.key)
            guard let level = AccessModifier(rawValue: value) else {
                throw Diagnostic(.error, "accessModifier must be public, package or internal, found '\(value)'",
                                 at: entry.value.mark)
            }
            accessModifier = level
        case "clientName":
            clientName = try DocumentParser.string(entry.value, entry.key)
        case "generate":
            generate = []
            for item in try DocumentParser.sequence(entry.value, "generate").items {
                let name = try DocumentParser.string(item, "generate")
                guard let part = GeneratedPart(rawValue: name) else {
                    throw Diagnostic(.error, "generate lists '\(name)'; expected types, client or server",
                                     at: item.mark)
                }
                generate.insert(part)
            }
        case "filter":
            try readFilter(entry.value)
        case "operations":
            for item in try DocumentParser.mapping(entry.value, "'operations'").entries {
                switch item.key {
                case "include": try addToFilter("operations", item.value)
                case "exclude": excludeOperations = try Self.strings(item.value, "exclude")
                default: throw Self.unknownKey(item.key, item.keyMark, expected: "include, exclude")
                }
            }
        case "tags":
            try addToFilter("tags", entry.value)
        case "nameOverrides":
            nameOverrides = try Self.stringMap(entry.value, entry.key)
        case "names":
            for item in try DocumentParser.mapping(entry.value, "'names'").entries {
                switch item.key {
                case "schemas": schemaNames = try Self.stringMap(item.value, "schemas")
                case "operations": operationNames = try Self.stringMap(item.value, "operations")
                default: throw Self.unknownKey(item.key, item.keyMark, expected: "schemas, operations")
                }
            }
        case "typeOverrides":
            for item in try DocumentParser.mapping(entry.value, "'typeOverrides'").entries {
                switch item.key {
                case "schemas": schemaTypeOverrides = try Self.stringMap(item.value, "schemas")
                case "formats": formatTypeOverrides = try Self.stringMap(item.value, "formats")
                default: throw Self.unknownKey(item.key, item.keyMark, expected: "schemas, formats")
                }
            }
        case "additionalImports":
            additionalImports = try Self.strings(entry.value, entry.key)
        case "additionalFileComments":
            additionalFileComments = try Self.strings(entry.value, entry.key)
        case "namingStrategy":
            let value = try DocumentParser.string(entry.value, entry.key)
            guard let strategy = NamingStrategy(rawValue: value) else {
                throw Diagnostic(.error, "namingStrategy must be defensive or idiomatic, found '\(value)'",
                                 at: entry.value.mark)
            }
            namingStrategy = strategy
            if strategy == .defensive {
                warnings.append(Diagnostic(.warning, "namingStrategy 'defensive' is read as 'idiomatic': "
                                           + "rasp-generate makes Swift-style names only", at: entry.value.mark))
            }
        case "featureFlags":
            for item in try DocumentParser.sequence(entry.value, entry.key).items {
                let flag = try DocumentParser.string(item, entry.key)
                featureFlags.append(flag)
                warnings.append(Diagnostic(.warning, "feature flag '\(flag)' has no meaning for rasp-generate; "
                                           + "ignored", at: item.mark))
            }
        case "lenient":
            lenient = try DocumentParser.bool(entry.value, entry.key)
        case "writtenCoders":
            writtenCoders = try DocumentParser.bool(entry.value, entry.key)
        case "namespace":
            let name = try DocumentParser.string(entry.value, entry.key)
            if let problem = Self.namespaceProblem(name) {
                throw Diagnostic(.error, problem, at: entry.value.mark)
            }
            namespace = name
        default:
            throw Self.unknownKey(entry.key, entry.keyMark, expected: Self.keys.joined(separator: ", "))
        }
    }

    /// `filter`: a mapping of lists (an empty mapping keeps nothing, as in swift-openapi-generator).
    private mutating func readFilter(_ node: YAMLNode) throws {
        if filter == nil { filter = DocumentFilter() }
        if case .scalar(let scalar) = node, scalar.resolved == .null { return }
        for item in try DocumentParser.mapping(node, "'filter'").entries {
            switch item.key {
            case "operations", "tags", "paths", "schemas": try addToFilter(item.key, item.value)
            default: throw Self.unknownKey(item.key, item.keyMark, expected: "operations, tags, paths, schemas")
            }
        }
    }

    /// Appends the names of a list to the filter's list of that name, with their places.
    private mutating func addToFilter(_ list: String, _ node: YAMLNode) throws {
        var updated = filter ?? DocumentFilter()
        for item in try DocumentParser.sequence(node, list).items {
            let name = try DocumentParser.string(item, list)
            switch list {
            case "operations": updated.operations.append(name)
            case "tags": updated.tags.append(name)
            case "paths": updated.paths.append(name)
            default: updated.schemas.append(name)
            }
            updated.marks[DocumentFilter.Key(list: list, name: name)] = item.mark
        }
        filter = updated
    }

    /// Why `name` cannot be a namespace (nil when it can): it must be a Swift identifier that starts with an
    /// upper-case ASCII letter, as type names do, and is no keyword.
    public static func namespaceProblem(_ name: String) -> String? {
        func isUpper(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") }
        func isOther(_ byte: UInt8) -> Bool {
            (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
                || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_")
        }
        let bytes = Array(name.utf8)
        let valid = bytes.first.map(isUpper) == true && bytes.allSatisfy { isUpper($0) || isOther($0) }
        guard valid, !["Any", "Self", "Type", "Protocol"].contains(name) else {
            return "namespace must be a type name (an upper-case ASCII letter, then letters, digits or '_'), "
                + "found '\(name)'"
        }
        return nil
    }

    private static func unknownKey(_ key: String, _ mark: Mark, expected: String) -> Diagnostic {
        Diagnostic(.error, "unknown config key '\(key)'; expected one of \(expected)", at: mark)
    }

    private static func strings(_ node: YAMLNode, _ key: String) throws -> [String] {
        try DocumentParser.sequence(node, key).items.map { try DocumentParser.string($0, key) }
    }

    private static func stringMap(_ node: YAMLNode, _ key: String) throws -> [String: String] {
        var result: [String: String] = [:]
        for entry in try DocumentParser.mapping(node, "'\(key)'").entries {
            result[entry.key] = try DocumentParser.string(entry.value, entry.key)
        }
        return result
    }
}
