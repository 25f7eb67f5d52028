/// Options read from the YAML config file beside the spec (`rasp-generate.yaml`).
///
/// ```yaml
/// accessModifier: public          # public | package | internal
/// clientName: RaspClient          # the client struct; also <name>Protocol and Mock<name>
/// operations:
///   include: [search, schedule]   # operationIds or method names; omitted = all
///   exclude: [copyright]
/// tags: [schedules]               # only operations with one of these tags
/// names:
///   schemas: {Thread: RaspThread} # schema name → Swift type name
///   operations: {stationsList: allStations}
/// typeOverrides:
///   schemas: {Money: Decimal}     # schema name → an existing Swift type (no declaration generated)
///   formats: {uuid: UUID}         # format → Swift type
/// lenient: true                   # repair the errors that have a safe repair, with a warning for each
/// generate: [types, client]       # what to write: types, client, server (default: types and client)
/// ```
public struct GeneratorConfig: Sendable {
    /// The access level of the generated declarations.
    public var accessModifier = AccessModifier.public
    /// The client struct's name.
    public var clientName = "Client"
    /// Operations to keep (operationIds or method names); nil keeps all.
    public var includeOperations: [String]?
    /// Operations to drop.
    public var excludeOperations: [String] = []
    /// Tags to keep; nil keeps all.
    public var includeTags: [String]?
    /// Schema name → Swift type name.
    public var schemaNames: [String: String] = [:]
    /// operationId → Swift method name.
    public var operationNames: [String: String] = [:]
    /// Schema name → existing Swift type.
    public var schemaTypeOverrides: [String: String] = [:]
    /// Format → Swift type.
    public var formatTypeOverrides: [String: String] = [:]
    /// Whether errors in the document that have a safe repair are repaired (each reported as a warning) instead of
    /// failing the run; errors without one still fail it. See <doc:GeneratorDiagnostics>.
    public var lenient = false
    /// What to write (the config's `generate`, spelled as swift-openapi-generator spells it). The types are always
    /// written, since the client and the server are made of them.
    public var generate: Set<GeneratedPart> = [.types, .client]

    /// The defaults.
    public init() {}

    /// Reads a config file.
    /// - Throws: ``Diagnostic`` with the position of an unknown key or a value of the wrong kind.
    public init(yaml bytes: [UInt8]) throws {
        self.init()
        let root = try YAMLParser().parse(bytes)
        if case .scalar(let scalar) = root, scalar.resolved == .null { return }
        let map = try DocumentParser.mapping(root, "the config")
        for entry in map.entries {
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
            case "operations":
                let operations = try DocumentParser.mapping(entry.value, "'operations'")
                for item in operations.entries {
                    switch item.key {
                    case "include": includeOperations = try Self.strings(item.value, "include")
                    case "exclude": excludeOperations = try Self.strings(item.value, "exclude")
                    default: throw Self.unknownKey(item.key, item.keyMark, expected: "include, exclude")
                    }
                }
            case "tags":
                includeTags = try Self.strings(entry.value, "tags")
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
            case "lenient":
                lenient = try DocumentParser.bool(entry.value, entry.key)
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
            default:
                let keys = "accessModifier, clientName, operations, tags, names, typeOverrides, lenient, generate"
                throw Self.unknownKey(entry.key, entry.keyMark, expected: keys)
            }
        }
    }

    /// Whether the client gets a method for an operation: the `operations` and `tags` filters. The document's
    /// parser asks before it reads an operation, so an operation left out is not checked either.
    /// - Parameters:
    ///   - operationID: The operation's `operationId` (nil when it has none, or it is not a string).
    ///   - tags: Its tags.
    public func keeps(operationID: String?, tags: [String]) -> Bool {
        let id = operationID ?? ""
        if excludeOperations.contains(id) { return false }
        if let include = includeOperations, !include.contains(id) { return false }
        if let includeTags, !tags.contains(where: includeTags.contains) { return false }
        return true
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

/// A part of the generated code (the config's `generate`).
public enum GeneratedPart: String, Sendable, CaseIterable {
    /// The schemas' types and the operations' inputs.
    case types
    /// The client, its protocol and a mock.
    case client
    /// The protocol and the routes that serve it (`registerHandlers(on:)`), for a server.
    case server
}

/// The access level of the generated declarations (the config's `accessModifier`).
public enum AccessModifier: String, Sendable, CaseIterable {
    /// Usable from any module: a client library of its own.
    case `public`
    /// Usable from the modules of the same package.
    case `package`
    /// Usable only inside the module that holds the generated files.
    case `internal`

    /// The keyword and a space, written before a declaration; empty for `internal`, Swift's default level.
    var prefix: String {
        switch self {
        case .public: "public "
        case .package: "package "
        case .internal: ""
        }
    }
}
