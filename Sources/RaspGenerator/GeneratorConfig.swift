/// Options read from the YAML config file beside the spec: `rasp-generate.yaml`, or swift-openapi-generator's
/// `openapi-generator-config.yaml`, whose keys mean here what they mean there. Both files are read into this one
/// model, and every key of either is accepted in both; only the defaults differ (see ``Dialect``).
///
/// ```yaml
/// accessModifier: public          # public | package | internal
/// clientName: RaspClient          # the client struct; also <name>Protocol and Mock<name>
/// generate: [types, client]       # what to write: types, client, server (default: types and client)
/// filter:                         # keep these operations and the schemas they use (their transitive closure)
///   operations: [search]          #   by operationId
///   tags: [schedules]             #   by tag
///   paths: [/v3/thread/]          #   every operation of a path
///   schemas: [Error]              #   and these schemas, used or not
/// operations:
///   include: [search, schedule]   # the same as filter.operations
///   exclude: [copyright]          # operations to drop (after the filter)
/// tags: [schedules]               # the same as filter.tags
/// nameOverrides: {x-rate: rate}   # any OpenAPI name (schema, property, parameter, operationId) → Swift name
/// names:
///   schemas: {Thread: RaspThread} # schema name → Swift type name
///   operations: {stationsList: allStations}
/// typeOverrides:
///   schemas: {Money: Decimal}     # schema name → an existing Swift type (no declaration generated)
///   formats: {uuid: UUID}         # format → Swift type
/// additionalImports: [MoneyKit]   # modules every generated file imports
/// additionalFileComments: ["swiftlint:disable all"]
/// namingStrategy: idiomatic       # accepted for swift-openapi-generator's configs (see below)
/// featureFlags: []                # likewise
/// lenient: true                   # repair the errors that have a safe repair, with a warning for each
/// writtenCoders: true             # init(from:) and encode(to:) written out for every type (see below)
/// namespace: Billing              # every declaration inside `enum Billing`, files named BillingAPI01.swift…
/// ```
public struct GeneratorConfig: Sendable {
    /// The access level of the generated declarations.
    public var accessModifier = AccessModifier.public
    /// The client struct's name.
    public var clientName = "Client"
    /// The filter (`filter`, or `operations.include` and `tags`): the operations to keep and, with them, only the
    /// schemas they use. Nil keeps every operation and every schema.
    public var filter: DocumentFilter?
    /// Operations to drop (operationIds), after the filter.
    public var excludeOperations: [String] = []
    /// Schema name → Swift type name (`names.schemas`; before ``nameOverrides``).
    public var schemaNames: [String: String] = [:]
    /// operationId → Swift method name (`names.operations`; before ``nameOverrides``).
    public var operationNames: [String: String] = [:]
    /// OpenAPI name → Swift name, for schemas, properties, parameters and operations alike (`nameOverrides`).
    public var nameOverrides: [String: String] = [:]
    /// Schema name → existing Swift type.
    public var schemaTypeOverrides: [String: String] = [:]
    /// Format → Swift type.
    public var formatTypeOverrides: [String: String] = [:]
    /// Whether errors in the document that have a safe repair are repaired (each reported as a warning) instead of
    /// failing the run; errors without one still fail it. See <doc:GeneratorDiagnostics>.
    public var lenient = false
    /// Whether every type gets a written-out `init(from:)` and `encode(to:)`. By default only the types coded by
    /// shape do (parameters, form and multipart bodies); the others take the runtime's, which decode and encode
    /// through the type's JSON reader and writer: less code to compile, and the same values, slower through a
    /// decoder or encoder of your own. Set it when an app codes the types with its own coders on a hot path.
    public var writtenCoders = false
    /// What to write (the config's `generate`, spelled as swift-openapi-generator spells it). The types are always
    /// written, since the client and the server are made of them.
    public var generate: Set<GeneratedPart> = [.types, .client]
    /// The enum every generated declaration is nested in (`namespace`), so that several documents can be generated
    /// into one module; the files' names start with it too (`BillingAPI01.swift`), and each credential function of
    /// `Authentication` with its lower-cased form (`.billingBearerAuth(_:)`). Nil: declarations at the top level.
    public var namespace: String?
    /// Modules every generated file imports besides Foundation and RaspRuntime (`additionalImports`), with the
    /// generated declarations' access level.
    public var additionalImports: [String] = []
    /// Comment lines written at the top of every generated file, after the first (`additionalFileComments`).
    public var additionalFileComments: [String] = []
    /// `namingStrategy` as written. Names are always made the one way this generator makes them (`idiomatic` in
    /// swift-openapi-generator's terms); `defensive` gives a warning.
    public var namingStrategy: NamingStrategy = .idiomatic
    /// `featureFlags` as written. None is defined, so each gives a warning.
    public var featureFlags: [String] = []
    /// The path the config was read from, if any: errors about its values (a filter naming an operation the
    /// document lacks) name this file.
    public var path: String?
    /// What reading the config found worth saying that does not stop the run (a key accepted but without effect).
    public var warnings: [Diagnostic] = []

    /// The defaults.
    public init() {}

    /// The defaults of a dialect: ``Dialect/swiftOpenAPIGenerator`` makes the declarations `internal`.
    public init(dialect: Dialect) {
        if dialect == .swiftOpenAPIGenerator { accessModifier = .internal }
    }

    /// `operations.include`: the filter's operations (nil when there is no filter).
    public var includeOperations: [String]? {
        get { filter?.operations }
        set { updateFilter { $0.operations = newValue ?? [] } }
    }

    /// `tags`: the filter's tags (nil when there is no filter).
    public var includeTags: [String]? {
        get { filter?.tags }
        set { updateFilter { $0.tags = newValue ?? [] } }
    }

    private mutating func updateFilter(_ change: (inout DocumentFilter) -> Void) {
        var updated = filter ?? DocumentFilter()
        change(&updated)
        filter = updated.isEmpty ? nil : updated
    }

    /// Whether the client gets a method for an operation: the filter and `operations.exclude`. The document's
    /// parser asks before it reads an operation, so an operation left out is not checked either.
    /// - Parameters:
    ///   - operationID: The operation's `operationId` (nil when it has none, or it is not a string).
    ///   - tags: Its tags.
    ///   - path: Its path template (nil keeps an operation a `paths` filter would otherwise leave out).
    public func keeps(operationID: String?, tags: [String], path: String? = nil) -> Bool {
        let id = operationID ?? ""
        if excludeOperations.contains(id) { return false }
        guard let filter else { return true }
        return filter.operations.contains(id) || tags.contains(where: filter.tags.contains)
            || path.map(filter.paths.contains) ?? false
    }

    /// The Swift name `nameOverrides` (or a more specific map) gives an OpenAPI name, if any.
    func overriddenName(_ name: String, specific: [String: String] = [:]) -> String? {
        specific[name] ?? nameOverrides[name]
    }
}

/// Which tool's config file a config was read from: the keys are the same, some defaults differ.
public enum Dialect: Sendable, Equatable {
    /// `rasp-generate.yaml`: declarations are `public`; `generate` defaults to types and client.
    case rasp
    /// swift-openapi-generator's `openapi-generator-config.yaml`: declarations are `internal` unless
    /// `accessModifier` says otherwise, and `generate` is required, as that generator has them.
    case swiftOpenAPIGenerator

    /// The config file names of swift-openapi-generator.
    public static let swiftOpenAPIGeneratorFileNames = ["openapi-generator-config.yaml", "openapi-generator-config.yml"]

    /// The dialect of a config file, by its name.
    /// - Parameter path: The file's path.
    public init(path: String) {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        self = Self.swiftOpenAPIGeneratorFileNames.contains(name) ? .swiftOpenAPIGenerator : .rasp
    }
}

/// Which operations to keep, and with them the schemas they use (swift-openapi-generator's `filter`).
///
/// An operation is kept when its `operationId` is among ``operations``, one of its tags among ``tags``, or its path
/// among ``paths``. The schemas kept are those the kept operations use, the schemas those use, and so on (the
/// transitive closure of their references), plus ``schemas`` and what they use; every other schema is left out.
/// A name the document does not have is an error at its place in the config.
public struct DocumentFilter: Sendable, Equatable {
    /// `operationId`s.
    public var operations: [String] = []
    /// Tags: every operation with one of them.
    public var tags: [String] = []
    /// Path templates (`/pets/{id}`): every operation of each.
    public var paths: [String] = []
    /// Schema names (`components.schemas` keys) to keep even when no kept operation uses them.
    public var schemas: [String] = []
    /// Where each name is written in the config, by list and name.
    var marks: [Key: Mark] = [:]

    /// A list of the filter and a name in it.
    struct Key: Hashable, Sendable {
        var list: String
        var name: String
    }

    /// An empty filter: it keeps nothing.
    public init() {}

    /// A filter of these names.
    public init(operations: [String] = [], tags: [String] = [], paths: [String] = [], schemas: [String] = []) {
        self.operations = operations
        self.tags = tags
        self.paths = paths
        self.schemas = schemas
    }

    /// Whether two filters name the same things (where they are written aside).
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.operations == rhs.operations && lhs.tags == rhs.tags && lhs.paths == rhs.paths && lhs.schemas == rhs.schemas
    }

    /// Whether it names nothing.
    var isEmpty: Bool {
        operations.isEmpty && tags.isEmpty && paths.isEmpty && schemas.isEmpty
    }

    /// Where a name of a list is written in the config, if it was read from one.
    func mark(_ list: String, _ name: String) -> Mark? {
        marks[Key(list: list, name: name)]
    }
}

/// swift-openapi-generator's `namingStrategy`.
public enum NamingStrategy: String, Sendable, CaseIterable {
    /// Names kept close to the document's, with unusable characters spelled out.
    case defensive
    /// Swift-style names: `UpperCamelCase` types, `lowerCamelCase` members.
    case idiomatic
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
