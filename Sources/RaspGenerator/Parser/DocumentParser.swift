/// Reads a YAML tree as an OpenAPI 3.0/3.1 document, with every `$ref` resolved.
///
/// References are followed here, not later: parameters, responses, request bodies, path items and operations given
/// as `$ref`s (to this file or another one) are read from their targets, and every schema `$ref` becomes a link to
/// an entry of ``OpenAPIDocument/schemas``. Structural mistakes (a sequence where a mapping belongs, an unknown
/// `type`, a `$ref` to nowhere or to the wrong kind of object) are errors with the position of the offending node;
/// for a reference, the position of the `$ref`. Sloppiness that real specs ship with (integers beyond 64 bits,
/// 3.0-style boolean `exclusiveMinimum`, undeclared path parameters…) is warned about and tolerated.
final class DocumentParser {
    let loader: DocumentLoader
    let root: YAMLMapping
    let diagnostics: DiagnosticCollector
    /// The schema table being built: entries, the node each is read from, and each target's canonical key.
    var schemaEntries: [SchemaEntry] = []
    var schemaNodes: [YAMLNode] = []
    var schemaIndexByKey: [String: Int] = [:]
    var schemaIndexByReference: [DocumentLoader.Reference: Int] = [:]
    var parsedSchemaCount = 0
    /// The responses read from a `$ref`, by their target's key (``DocumentLoader/Target/key``), with the warnings
    /// reading them gave: a response shared by many operations (an error response) is read once.
    private var responsesByTarget: [String: (response: Response, warnings: [Warning])] = [:]
    /// The parameters read from a `$ref`, as ``responsesByTarget`` keeps responses.
    private var parametersByTarget: [String: (parameter: Parameter, warnings: [Warning])] = [:]
    /// The warnings given since ``recordingWarnings(_:)`` began, while it runs.
    private var recordedWarnings: [Warning]?

    /// A warning as ``warn(_:at:)`` gives it.
    struct Warning {
        var message: String
        var mark: Mark?
    }

    static let httpMethods = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]
    static let jsonTypes: Set<String> = ["array", "boolean", "integer", "null", "number", "object", "string"]

    /// Prepares to read the loader's root document.
    /// - Throws: ``Diagnostic`` when the root is not a mapping.
    init(loader: DocumentLoader, diagnostics: DiagnosticCollector) throws {
        let root = loader.root(0)
        guard case .mapping(let mapping) = root else {
            throw Diagnostic(.error,
                             "expected a mapping at the top of an OpenAPI document, found \(root.kindDescription)",
                             at: root.mark)
        }
        self.loader = loader
        self.root = mapping
        self.diagnostics = diagnostics
        if let components = try Self.optionalMapping(mapping, "components") {
            for key in ["schemas", "parameters", "responses", "requestBodies"] {
                if let node = components[key], !Self.isReference(node) { _ = try Self.optionalMapping(components, key) }
            }
        }
    }

    /// Reads the whole document.
    public func parse() throws -> OpenAPIDocument {
        guard let versionNode = root["openapi"] else {
            if root["swagger"] != nil {
                throw Diagnostic(.error, "Swagger 2.0 is not supported; expected an OpenAPI 3.0 or 3.1 document",
                                 at: root.entry("swagger")?.keyMark)
            }
            throw Diagnostic(.error, "missing 'openapi' version field; expected e.g. 'openapi: 3.1.0'", at: root.mark)
        }
        let version = try Self.string(versionNode, "openapi")
        guard version.hasPrefix("3.0") || version.hasPrefix("3.1") else {
            throw Diagnostic(.error, "unsupported OpenAPI version '\(version)'; expected 3.0.x or 3.1.x",
                             at: versionNode.mark)
        }
        let info = try Self.optionalMapping(root, "info")
        let title = try info.flatMap { try Self.optionalString($0, "title") }
        let infoVersion = try info.flatMap { try Self.optionalString($0, "version") }
        let description = try info.flatMap { try Self.optionalString($0, "description") }

        try registerComponentSchemas()
        try parsePendingSchemas()
        let servers = try parseServers()
        let operations = try parseOperations()
        try parsePendingSchemas()
        return OpenAPIDocument(
            openAPIVersion: version,
            title: title ?? "API",
            version: infoVersion ?? "",
            description: description,
            servers: servers,
            operations: operations,
            schemas: schemaEntries,
            securitySchemes: try parseSecuritySchemes(),
            security: try parseSecurityRequirements(root["security"]),
            files: loader.paths
        )
    }

    // MARK: Servers and security

    private func parseServers() throws -> [Server] {
        guard let node = root["servers"] else { return [] }
        var servers: [Server] = []
        for item in try Self.sequence(node, "servers").items {
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
            servers.append(Server(url: url, description: try Self.optionalString(map, "description")))
        }
        return servers
    }

    private func parseSecuritySchemes() throws -> [SecurityScheme] {
        guard let components = try Self.optionalMapping(root, "components"),
              let schemes = try Self.optionalMapping(components, "securitySchemes")
        else { return [] }
        var result: [SecurityScheme] = []
        for entry in schemes.entries {
            let map = try Self.mapping(try follow(entry.value, kind: "security scheme").node, "a security scheme")
            guard let typeNode = map["type"] else {
                throw Diagnostic(.error, "security scheme '\(entry.key)' needs a 'type'", at: map.mark)
            }
            let type = try Self.string(typeNode, "type")
            var scheme = SecurityScheme(name: entry.key, type: type, location: nil, parameterName: nil,
                                        description: try Self.optionalString(map, "description"))
            switch type {
            case "apiKey":
                guard let inNode = map["in"], let nameNode = map["name"] else {
                    throw Diagnostic(.error, "apiKey security scheme '\(entry.key)' needs 'in' and 'name'",
                                     at: map.mark)
                }
                let location = try Self.string(inNode, "in")
                guard let parsed = SecurityScheme.Location(rawValue: location) else {
                    throw Diagnostic(.error, "unknown apiKey location '\(location)'; expected query, header or cookie",
                                     at: inNode.mark)
                }
                scheme.location = parsed
                scheme.parameterName = try Self.string(nameNode, "name")
            case "http":
                scheme.parameterName = try map["scheme"].map { n in try Self.string(n, "scheme").lowercased() }
            case "oauth2", "openIdConnect", "mutualTLS":
                break
            default:
                let message = "unknown security scheme type '\(type)'; "
                    + "expected apiKey, http, oauth2, openIdConnect or mutualTLS"
                throw Diagnostic(.error, message, at: typeNode.mark)
            }
            result.append(scheme)
        }
        return result
    }

    private func parseSecurityRequirements(_ node: YAMLNode?) throws -> [[String]] {
        guard let node else { return [] }
        return try Self.sequence(node, "security").items.map { item in
            try Self.mapping(item, "a security requirement").entries.map(\.key)
        }
    }

    // MARK: Operations

    private func parseOperations() throws -> [Operation] {
        guard let pathsNode = root["paths"] else { return [] }
        let paths = try Self.mapping(pathsNode, "paths")
        var operations: [Operation] = []
        var operationIDs: [String: Mark] = [:]
        for pathEntry in paths.entries {
            guard pathEntry.key.hasPrefix("/") else {
                throw Diagnostic(.error, "path '\(pathEntry.key)' must start with '/'", at: pathEntry.keyMark)
            }
            let pathItem = try Self.mapping(try follow(pathEntry.value, kind: "path item").node, "a path item")
            let shared = try pathItem["parameters"].map { node in try parseParameters(node) } ?? []
            for entry in pathItem.entries where Self.httpMethods.contains(entry.key) {
                // DigitalOcean publishes every operation as a `$ref` to a file of its own.
                let node = try follow(entry.value, kind: "operation").node
                var operation = try parseOperation(node, method: entry.key, path: pathEntry.key, shared: shared)
                let pathTexts = try ["summary", "description"].compactMap { key in
                    try Self.optionalString(pathItem, key)
                }
                operation.pathDescription = pathTexts.isEmpty ? nil : pathTexts.joined(separator: "\n\n")
                if let id = operation.operationID {
                    if let first = operationIDs[id] {
                        throw Diagnostic(.error, "duplicate operationId '\(id)' (first used at \(first))",
                                         at: try Self.mapping(node, "an operation")["operationId"]?.mark)
                    }
                    operationIDs[id] = operation.mark
                }
                operations.append(operation)
            }
        }
        return operations
    }

    private func parseOperation(_ node: YAMLNode, method: String, path: String,
                                shared: [Parameter]) throws -> Operation {
        let map = try Self.mapping(node, "an operation")
        var parameters = shared
        for parameter in try map["parameters"].map({ node in try parseParameters(node) }) ?? [] {
            let index = parameters.firstIndex { $0.name == parameter.name && $0.location == parameter.location }
            if let index {
                parameters[index] = parameter
            } else {
                parameters.append(parameter)
            }
        }
        // Path parameters used in the template but not declared: sloppy, but common. Assume strings.
        for name in Self.templateVariables(path)
        where !parameters.contains(where: { $0.location == "path" && $0.name == name }) {
            warn("path parameter '\(name)' of '\(path)' is not declared; assuming a required string",
                 at: map.mark)
            var schema = Schema(mark: map.mark)
            schema.types = ["string"]
            parameters.append(Parameter(name: name, location: "path", required: true, schema: schema, description: nil,
                                        style: "simple", explode: false, contentType: nil, deprecated: false,
                                        componentName: nil, componentKey: nil, mark: map.mark))
        }
        var responses: [Response] = []
        if let responsesNode = map["responses"] {
            for entry in try Self.mapping(responsesNode, "responses").entries where !entry.key.hasPrefix("x-") {
                responses.append(try parseResponse(entry.value, status: entry.key))
            }
        }
        return Operation(
            method: method,
            path: path,
            operationID: try Self.optionalString(map, "operationId"),
            summary: try Self.optionalString(map, "summary"),
            description: try Self.optionalString(map, "description"),
            pathDescription: nil,
            tags: try map["tags"].map { n in
                try Self.sequence(n, "tags").items.map { t in try Self.string(t, "tag") }
            } ?? [],
            parameters: parameters,
            requestBody: try map["requestBody"].map { n in try parseRequestBody(n) },
            responses: responses,
            deprecated: try Self.optionalBool(map, "deprecated") ?? false,
            security: try map["security"].map { n in try parseSecurityRequirements(n) },
            mark: map.mark
        )
    }

    private func parseParameters(_ node: YAMLNode) throws -> [Parameter] {
        var result: [Parameter] = []
        for item in try Self.sequence(node, "parameters").items {
            let (resolved, target, refMark) = try follow(item, kind: "parameter")
            guard let target else {
                result.append(try parseParameter(resolved, item: item, target: nil, refMark: refMark))
                continue
            }
            // A parameter read before is the same again, and gives the same warnings (counted as further uses).
            let key = target.key
            if let (parameter, warnings) = parametersByTarget[key] {
                for warning in warnings { warn(warning.message, at: warning.mark) }
                result.append(parameter)
                continue
            }
            let (parameter, warnings) = try recordingWarnings {
                try parseParameter(resolved, item: item, target: target, refMark: refMark)
            }
            parametersByTarget[key] = (parameter, warnings)
            result.append(parameter)
        }
        return result
    }

    /// Reads a parameter object: `resolved`, which `item` is or refers to (found at `target`; the first `$ref` is at
    /// `refMark`).
    private func parseParameter(_ resolved: YAMLNode, item: YAMLNode, target: DocumentLoader.Target?,
                                refMark: Mark?) throws -> Parameter {
        let map = try Self.mapping(resolved, "a parameter")
        if let refMark, let ref = Self.referenceText(item), map["name"] == nil || map["in"] == nil {
            let message = "$ref '\(ref)' does not point to a parameter; expected an object with 'name' and 'in'"
            throw Diagnostic(.error, message, at: refMark)
        }
        guard let nameNode = map["name"] else {
            throw Diagnostic(.error, "a parameter needs a 'name'", at: map.mark)
        }
        guard let inNode = map["in"] else {
            let name = (try? Self.string(nameNode, "name")) ?? "?"
            throw Diagnostic(.error, "parameter '\(name)' needs 'in'", at: map.mark)
        }
        let location = try Self.string(inNode, "in")
        guard ["query", "path", "header", "cookie"].contains(location) else {
            let message = "unknown parameter location '\(location)'; expected query, path, header or cookie"
            throw Diagnostic(.error, message, at: inNode.mark)
        }
        var schema = try map["schema"].map { n in try parseSchema(n) }
        var contentType: String?
        if schema == nil, let content = try Self.optionalMapping(map, "content"),
           let first = content.entries.first {
            contentType = first.key
            schema = try Self.mapping(first.value, "a media type")["schema"].map { n in try parseSchema(n) }
        }
        let style = try Self.optionalString(map, "style")
            ?? (location == "query" || location == "cookie" ? "form" : "simple")
        return Parameter(
            name: try Self.string(nameNode, "name"),
            location: location,
            required: try Self.optionalBool(map, "required") ?? (location == "path"),
            schema: schema ?? Schema(mark: map.mark),
            description: try Self.optionalString(map, "description"),
            style: style,
            explode: try Self.optionalBool(map, "explode") ?? (style == "form"),
            contentType: contentType,
            deprecated: try Self.optionalBool(map, "deprecated") ?? false,
            componentName: target.flatMap { componentName(of: $0) },
            componentKey: target?.key,
            mark: map.mark
        )
    }

    private func parseRequestBody(_ node: YAMLNode) throws -> RequestBody {
        let map = try Self.mapping(try follow(node, kind: "request body").node, "a request body")
        return RequestBody(
            required: try Self.optionalBool(map, "required") ?? false,
            description: try Self.optionalString(map, "description"),
            content: try parseContent(map)
        )
    }

    private func parseResponse(_ node: YAMLNode, status: String) throws -> Response {
        let (resolved, target, _) = try follow(node, kind: "response")
        guard let target else { return try parseResponse(resolved, status: status, target: nil) }
        // A response read before is the same again, and gives the same warnings (counted as further uses).
        let key = target.key
        if let (response, warnings) = responsesByTarget[key] {
            for warning in warnings { warn(warning.message, at: warning.mark) }
            var copy = response
            copy.status = status
            return copy
        }
        let (response, warnings) = try recordingWarnings {
            try parseResponse(resolved, status: status, target: target)
        }
        responsesByTarget[key] = (response, warnings)
        return response
    }

    /// Reads a response object (`node` is no reference), found at `target` when a reference led to it.
    private func parseResponse(_ resolved: YAMLNode, status: String, target: DocumentLoader.Target?) throws
        -> Response {
        let map = try Self.mapping(resolved, "a response")
        return Response(
            status: status,
            description: try Self.optionalString(map, "description"),
            content: try parseContent(map),
            componentName: target.flatMap { componentName(of: $0) }
        )
    }

    private func parseContent(_ map: YAMLMapping) throws -> [MediaType] {
        guard let content = try Self.optionalMapping(map, "content") else { return [] }
        var result: [MediaType] = []
        for entry in content.entries {
            // A key that is no media type (Plaid nests `examples` here) is a mistake in the spec, not a body.
            guard entry.key.containsText("/") else {
                let message = "'\(entry.key)' in 'content' is not a media type "
                    + "(expected e.g. application/json); ignored"
                warn(message, at: entry.keyMark)
                continue
            }
            let mediaMap = try Self.mapping(entry.value, "a media type")
            var media = MediaType(type: entry.key, schema: try mediaMap["schema"].map { n in try parseSchema(n) })
            if let encoding = try Self.optionalMapping(mediaMap, "encoding") {
                for property in encoding.entries {
                    let map = try Self.mapping(property.value, "an encoding")
                    media.encoding.append((property.key, MediaType.Encoding(
                        contentType: try Self.optionalString(map, "contentType"),
                        style: try Self.optionalString(map, "style"),
                        explode: try Self.optionalBool(map, "explode"),
                        mark: map.mark
                    )))
                }
            }
            result.append(media)
        }
        return result
    }

    // MARK: Warnings

    /// Records a warning (see ``DiagnosticCollector/warn(_:at:)``).
    func warn(_ message: String, at mark: Mark?) {
        diagnostics.warn(message, at: mark)
        recordedWarnings?.append(Warning(message: message, mark: mark))
    }

    /// Runs `body` and returns, with its result, the warnings it gave (which are also given as usual).
    private func recordingWarnings<T>(_ body: () throws -> T) rethrows -> (T, [Warning]) {
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
        "callbacks": "callback", "pathItems": "path item",
    ]

    /// Follows a Reference Object (`{$ref: …}`, several hops allowed) to the object it stands for.
    /// - Parameter kind: What the object must be, as ``sections`` names it: a reference into another `components`
    ///   section is an error at the `$ref`.
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
                throw Diagnostic(.error, "$ref '\(ref)' points to a \(found); expected a \(kind)", at: refNode.mark)
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
