/// Reads a YAML tree as an OpenAPI 3.0/3.1/3.2 document (a Swagger 2.0 one as the 3.0 document it describes, see
/// ``Swagger2Upgrade``), with every `$ref` resolved.
///
/// References are followed here, not later: parameters, responses, request bodies, path items and operations given
/// as `$ref`s (to this file or another one) are read from their targets, and every schema `$ref` becomes a link to
/// an entry of ``OpenAPIDocument/schemas``. Structural mistakes (a sequence where a mapping belongs, an unknown
/// `type`, a `$ref` to nowhere or to the wrong kind of object) are errors with the position of the offending node;
/// for a reference, the position of the `$ref`. Sloppiness that real specs ship with (integers beyond 64 bits,
/// 3.0-style boolean `exclusiveMinimum`, undeclared path parameters…) is warned about and tolerated.
///
/// An error does not stop the reading: it is recorded in the ``DiagnosticCollector`` (with its repair, when it has
/// a safe one) and the construct it is in is read as a placeholder, so every independent error is found in one run
/// (see `DocumentParser+Recovery.swift`). Only an unreadable root (no mapping, no OpenAPI 3 version) is thrown.
/// Operations the config leaves out are not read at all.
final class DocumentParser {
    let loader: DocumentLoader
    let root: YAMLMapping
    let diagnostics: DiagnosticCollector
    /// The filters: an operation they leave out is not read.
    let config: GeneratorConfig
    /// The schema table being built: entries, the node each is read from, and each target's canonical key.
    var schemaEntries: [SchemaEntry] = []
    var schemaNodes: [YAMLNode] = []
    var schemaIndexByKey: [String: Int] = [:]
    var schemaIndexByReference: [DocumentLoader.Reference: Int] = [:]
    var parsedSchemaCount = 0
    /// The responses read from a `$ref`, by their target's key (``DocumentLoader/Target/key``), with the warnings
    /// reading them gave: a response shared by many operations (an error response) is read once.
    var responsesByTarget: [String: (response: Response, warnings: [Warning])] = [:]
    /// The parameters read from a `$ref`, as ``responsesByTarget`` keeps responses.
    var parametersByTarget: [String: (parameter: Parameter, warnings: [Warning])] = [:]
    /// Whether the document is OpenAPI 3.2 (or later), whose path items may have `query` and `additionalOperations`.
    var isOpenAPI32 = false
    /// The document's `openapi` version.
    var openAPIVersion = ""
    /// Whether the document is Swagger 2.0, read in its OpenAPI 3.0 form (``Swagger2Upgrade``).
    var isSwagger2 = false
    /// The warnings given since ``recordingWarnings(_:)`` began, while it runs.
    private var recordedWarnings: [Warning]?

    /// A warning as ``warn(_:at:)`` gives it.
    struct Warning {
        var message: String
        var mark: Mark?
    }

    /// The path item's fields that are operations (`query` since OpenAPI 3.2).
    static let httpMethods = Set(HTTPMethod.fields.map(\.name))

    /// Prepares to read the loader's root document.
    /// - Parameters:
    ///   - loader: The document's files.
    ///   - diagnostics: Where warnings and errors go.
    ///   - config: The operation filters (the rest of the config is the translator's).
    /// - Throws: ``Diagnostic`` when the root is not a mapping.
    init(loader: DocumentLoader, diagnostics: DiagnosticCollector, config: GeneratorConfig = GeneratorConfig()) throws {
        let root = loader.root(0)
        guard case .mapping(var mapping) = root else {
            throw Diagnostic(.error,
                             "expected a mapping at the top of an OpenAPI document, found \(root.kindDescription)",
                             at: root.mark)
        }
        if Swagger2Upgrade.isSwagger2(mapping) {
            // Read as the OpenAPI 3.0 document it describes, other files' schemas included.
            loader.otherFileTransform = { Swagger2Upgrade.schema($0) }
            loader.rootReferenceSpelling = Swagger2Upgrade.writtenReference
            isSwagger2 = true
            var upgrade = Swagger2Upgrade(loader: loader, diagnostics: diagnostics)
            mapping = try upgrade.upgrade(mapping)
            loader.replaceRoot(.mapping(mapping))
        }
        self.loader = loader
        self.root = mapping
        self.diagnostics = diagnostics
        self.config = config
    }

    /// Reads the whole document.
    /// - Throws: ``Diagnostic`` when the document is no OpenAPI 3.0, 3.1 or 3.2 document (nothing else can be read
    ///   then); every other error is recorded in ``diagnostics``.
    public func parse() throws -> OpenAPIDocument {
        checkComponentSections()
        guard let versionNode = root["openapi"] else {
            throw Diagnostic(.error, "missing 'openapi' version field; expected e.g. 'openapi: 3.1.0'", at: root.mark)
        }
        let version = try Self.string(versionNode, "openapi")
        guard version.hasPrefix("3.0") || version.hasPrefix("3.1") || version.hasPrefix("3.2") else {
            throw Diagnostic(.error, "unsupported OpenAPI version '\(version)'; expected 3.0.x, 3.1.x or 3.2.x",
                             at: versionNode.mark)
        }
        isOpenAPI32 = version.hasPrefix("3.2")
        openAPIVersion = version
        let info = recovering(repair: Self.ignoredRepair) { try Self.optionalMapping(root, "info") } ?? nil
        let title = info.flatMap { docText($0, "title") }
        let infoVersion = info.flatMap { docText($0, "version") }
        let description = info.flatMap { docText($0, "description") }

        recovering { try registerComponentSchemas() }
        parsePendingSchemas()
        let servers = parseServers()
        let operations = recovering { try parseOperations() } ?? []
        let receivers = parseWebhooks() + Self.distinctCallbacks(operations)
        parsePendingSchemas()
        applyFilter(keeping: operations + receivers)
        let securitySchemes = parseSecuritySchemes()
        let security = recovering { try parseSecurityRequirements(root["security"]) } ?? []
        var document = OpenAPIDocument(
            openAPIVersion: version,
            title: title ?? "API",
            version: infoVersion ?? "",
            description: description,
            servers: servers,
            operations: operations,
            schemas: schemaEntries,
            securitySchemes: securitySchemes,
            security: security,
            files: loader.paths
        )
        document.receivers = receivers
        document.tags = parseTags()
        document.selfURI = loader.selfURI
        return document
    }

    /// `components` and its sections of reusable objects must be mappings (a section may be a `$ref` to one).
    private func checkComponentSections() {
        guard let components = recovering({ try Self.optionalMapping(root, "components") }) ?? nil else { return }
        for key in ["schemas", "parameters", "responses", "requestBodies"] {
            if let node = components[key], !Self.isReference(node) {
                recovering { _ = try Self.optionalMapping(components, key) }
            }
        }
    }

    // MARK: Servers and security

    /// The servers; one that cannot be read is left out (a safe repair: the client takes any server URL).
    private func parseServers() -> [Server] {
        guard let node = root["servers"],
              let servers = recovering(repair: Self.serverRepair, { try Self.sequence(node, "servers") })
        else { return [] }
        return servers.items.compactMap { item in recovering(repair: Self.serverRepair) { try parseServer(item) } }
    }

    private func parseServer(_ item: YAMLNode) throws -> Server {
        let map = try Self.mapping(item, "a server")
        guard let urlNode = map["url"] else {
            throw Diagnostic(.error, "a server needs a 'url'", at: map.mark)
        }
        var url = try Self.string(urlNode, "url")
        if let variables = try Self.optionalMapping(map, "variables") {
            for variable in variables.entries {
                let variableMap = try Self.mapping(variable.value, "a server variable")
                if let value = variableMap["default"] {
                    url = url.replacingOccurrences(of: "{\(variable.key)}", with: try Self.string(value, "default"))
                }
            }
        }
        if let name = map.entry("name") {
            warn("a server's 'name' (OpenAPI 3.2) is not used: the servers are named by their place (server1…)",
                 at: name.keyMark)
        }
        return Server(url: url, description: docText(map, "description"))
    }

    /// The security schemes; one that cannot be read is left out, as schemes the client cannot wire up are (a safe
    /// repair: a middleware can authenticate the requests).
    private func parseSecuritySchemes() -> [SecurityScheme] {
        guard let components = recovering({ try Self.optionalMapping(root, "components") }) ?? nil,
              let schemes = recovering(repair: Self.schemeRepair, {
                  try Self.optionalMapping(components, "securitySchemes")
              }) ?? nil
        else { return [] }
        return schemes.entries.compactMap { entry in
            recovering(repair: Self.schemeRepair) { try parseSecurityScheme(entry) }
        }
    }

    private func parseSecurityScheme(_ entry: YAMLMapping.Entry) throws -> SecurityScheme {
        let map = try Self.mapping(try follow(entry.value, kind: "security scheme").node, "a security scheme")
        guard let typeNode = map["type"] else {
            throw Diagnostic(.error, "security scheme '\(entry.key)' needs a 'type'", at: map.mark)
        }
        let type = try Self.string(typeNode, "type")
        guard let kind = SecurityScheme.Kind(rawValue: type) else {
            let message = "unknown security scheme type '\(type)'; "
                + "expected apiKey, http, oauth2, openIdConnect or mutualTLS"
            throw Diagnostic(.error, message, at: typeNode.mark)
        }
        var scheme = SecurityScheme(name: entry.key, kind: kind, location: nil, parameterName: nil,
                                    description: docText(map, "description"))
        switch kind {
        case .apiKey:
            guard let inNode = map["in"], let nameNode = map["name"] else {
                throw Diagnostic(.error, "apiKey security scheme '\(entry.key)' needs 'in' and 'name'", at: map.mark)
            }
            let location = try Self.string(inNode, "in")
            guard let parsed = SecurityScheme.Location(rawValue: location) else {
                throw Diagnostic(.error, "unknown apiKey location '\(location)'; expected query, header or cookie",
                                 at: inNode.mark)
            }
            scheme.location = parsed
            scheme.parameterName = try Self.string(nameNode, "name")
        case .http:
            scheme.parameterName = try map["scheme"].map { n in try Self.string(n, "scheme").lowercased() }
        case .oauth2:
            scheme.oauth2MetadataURL = try Self.optionalString(map, "oauth2MetadataUrl")
            scheme.flows = try parseFlows(map)
        case .openIdConnect:
            scheme.openIDConnectURL = try Self.optionalString(map, "openIdConnectUrl")
        case .mutualTLS:
            break
        }
        scheme.deprecated = try Self.optionalBool(map, "deprecated") ?? false
        return scheme
    }

    func parseSecurityRequirements(_ node: YAMLNode?) throws -> [[String]] {
        guard let node else { return [] }
        return try Self.sequence(node, "security").items.map { item in
            try Self.mapping(item, "a security requirement").entries.map(\.key)
        }
    }

    // MARK: Warnings

    /// Records a warning (see ``DiagnosticCollector/warn(_:at:)``).
    func warn(_ message: String, at mark: Mark?) {
        diagnostics.warn(message, at: mark)
        recordedWarnings?.append(Warning(message: message, mark: mark))
    }

    /// Runs `body` and returns, with its result, the warnings it gave (which are also given as usual).
    func recordingWarnings<T>(_ body: () throws -> T) rethrows -> (T, [Warning]) {
        let outer = recordedWarnings
        recordedWarnings = []
        defer {
            // An enclosing recording keeps the warnings too.
            if let outer { recordedWarnings = outer + (recordedWarnings ?? []) } else { recordedWarnings = nil }
        }
        let result = try body()
        return (result, recordedWarnings ?? [])
    }

    // MARK: References to objects other than schemas

    /// The `components` section each kind of reusable object lives in.
    static let sections: [String: String] = [
        "schemas": "schema", "parameters": "parameter", "responses": "response", "requestBodies": "request body",
        "headers": "header", "examples": "example", "securitySchemes": "security scheme", "links": "link",
        "callbacks": "callback", "pathItems": "path item", "mediaTypes": "media type",
    ]

    /// The kinds of object whose `content` is the same map of media types (``followedRepair(_:as:)``).
    static let contentKinds: Set<String> = ["request body", "response"]

    /// Follows a Reference Object (`{$ref: …}`, several hops allowed) to the object it stands for.
    /// - Parameter kind: What the object must be, as ``sections`` names it: a reference into another `components`
    ///   section is an error at the `$ref` (one with a safe repair, recorded, when the two kinds are a request body
    ///   and a response, which hold the same `content`).
    /// - Returns: The object, where the last reference found it (nil when `node` is no reference), and the first
    ///   `$ref`'s position.
    func follow(_ node: YAMLNode, kind: String) throws
        -> (node: YAMLNode, target: DocumentLoader.Target?, refMark: Mark?) {
        var current = node
        var target: DocumentLoader.Target?
        var refMark: Mark?
        // The targets passed, from the second one on (a single reference cannot come back to itself).
        var seen: Set<String> = []
        while case .mapping(let map) = current, let refNode = map["$ref"] {
            let ref = try Self.string(refNode, "$ref")
            let next = try loader.resolve(ref, at: refNode.mark)
            if let previous = target {
                if seen.isEmpty { seen.insert(previous.key) }
                guard seen.insert(next.key).inserted else {
                    throw Diagnostic(.error, "$ref cycle: '\(ref)' refers back to itself", at: refNode.mark)
                }
            }
            if let found = Self.section(of: next), found != kind {
                let written = loader.spelling(of: ref, at: refNode.mark)
                let message = "$ref '\(written)' points to a \(found); expected a \(kind)"
                // A request body and a response hold the same `content`: the object can serve as either.
                guard Self.contentKinds.contains(found), Self.contentKinds.contains(kind) else {
                    throw Diagnostic(.error, message, at: refNode.mark)
                }
                diagnostics.error(message, at: refNode.mark, repair: Self.followedRepair(found, as: kind))
            }
            current = next.node
            target = next
            refMark = refMark ?? refNode.mark
        }
        return (current, target, refMark)
    }

    /// The kind of object a target is by its place (`components/parameters/X` is a parameter), if its place says.
    static func section(of target: DocumentLoader.Target) -> String? {
        guard target.tokens.count == 3, target.tokens[0] == "components" else { return nil }
        return sections[target.tokens[1]]
    }

    /// The name a reusable object is declared under: its key in `components` or at the top of its file, or the
    /// file's name; nil for an object written anywhere else.
    func componentName(of target: DocumentLoader.Target) -> String? {
        switch target.tokens.count {
        case 0: Self.baseName(loader.paths[target.file])
        case 1: target.tokens[0]
        case 3 where target.tokens[0] == "components": target.tokens[2]
        default: nil
        }
    }

    /// `Pet` for `models/Pet.v2.yaml`.
    static func baseName(_ path: String) -> String {
        // The last part between slashes, then its first part between dots (empty parts skipped), found as byte
        // offsets in the UTF-8 buffer (both separators are ASCII, so every offset is a character boundary).
        var text = path
        let range: Range<Int>? = text.withUTF8 { bytes in
            let slash = UInt8(ascii: "/")
            let dot = UInt8(ascii: ".")
            var end = bytes.count
            while end > 0, bytes[end - 1] == slash { end -= 1 }
            guard end > 0 else { return nil }
            var start = end
            while start > 0, bytes[start - 1] != slash { start -= 1 }
            var first = start
            while first < end, bytes[first] == dot { first += 1 }
            guard first < end else { return start..<end }
            var last = first
            while last < end, bytes[last] != dot { last += 1 }
            return first..<last
        }
        guard let range else { return path }
        return String(path.substring(bytes: range))
    }

    /// The `$ref` text of a Reference Object.
    static func referenceText(_ node: YAMLNode) -> String? {
        guard case .mapping(let map) = node, case .scalar(let ref)? = map["$ref"] else { return nil }
        return ref.value
    }

    /// The `$ref` of a mapping that holds nothing else (a schema that only refers elsewhere).
    static func soleReference(_ node: YAMLNode) -> YAMLScalar? {
        guard case .mapping(let map) = node, map.entries.count == 1, case .scalar(let ref)? = map["$ref"] else {
            return nil
        }
        return ref
    }

    /// Whether a node is a Reference Object.
    static func isReference(_ node: YAMLNode) -> Bool {
        referenceText(node) != nil
    }
}
