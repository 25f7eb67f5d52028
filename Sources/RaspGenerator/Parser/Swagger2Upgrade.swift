/// Reads a Swagger 2.0 document as the OpenAPI 3.0 document it describes, so that everything after the parser works
/// on one model whichever version a document is written in.
///
/// The upgrade rewrites the YAML tree before ``DocumentParser`` reads it, and every node it makes carries the mark of
/// the 2.0 node it comes from: a diagnostic about an upgraded construct points into the 2.0 document.
///
/// | Swagger 2.0 | OpenAPI 3.0 |
/// |---|---|
/// | `host`, `basePath`, `schemes` | `servers` (one per scheme) |
/// | `definitions`, `parameters`, `responses` | `components.schemas`, `.parameters`, `.responses` |
/// | `in: body` | `requestBody`, one media type per `consumes` |
/// | `in: formData` | `requestBody` of `multipart/form-data` (with a `type: file` or when consumed) or a form |
/// | `type`, `items`, `collectionFormat` … of a parameter or header | its `schema`, `style` and `explode` |
/// | a response's `schema` and `examples` | its `content`, one media type per `produces` |
/// | `securityDefinitions` | `components.securitySchemes` (`application` is `clientCredentials`, `accessCode` …) |
/// | `type: file`, `x-nullable`, a `discriminator` name | `format: binary`, `nullable`, `discriminator.propertyName` |
struct Swagger2Upgrade {
    let loader: DocumentLoader
    let diagnostics: DiagnosticCollector
    /// The document's top-level `parameters`, by name: a `$ref` to a body or form parameter becomes part of a request
    /// body where it is used.
    private var sharedParameters: [String: YAMLNode] = [:]
    /// The document's `consumes` and `produces` (each operation may replace them).
    private var consumes: [String] = []
    private var produces: [String] = []

    /// The media type of a body when neither the operation nor the document says.
    static let defaultMediaType = "application/json"

    init(loader: DocumentLoader, diagnostics: DiagnosticCollector) {
        self.loader = loader
        self.diagnostics = diagnostics
    }

    /// Whether a root is a Swagger 2.0 document (a `swagger` field and no `openapi` one).
    static func isSwagger2(_ root: YAMLMapping) -> Bool {
        root["swagger"] != nil && root["openapi"] == nil
    }

    /// The OpenAPI 3.0 form of a 2.0 root.
    /// - Throws: ``Diagnostic`` when the `swagger` version is not 2.0.
    mutating func upgrade(_ root: YAMLMapping) throws -> YAMLMapping {
        guard let versionEntry = root.entry("swagger") else { return root }
        let version = versionEntry.value.scalar?.value ?? ""
        guard version == "2.0" || version == "2" else {
            throw Diagnostic(.error, "unsupported Swagger version '\(version)'; expected 2.0 or an OpenAPI 3 document",
                             at: versionEntry.value.mark)
        }
        consumes = mediaTypes(root["consumes"]) ?? []
        produces = mediaTypes(root["produces"]) ?? []
        for entry in root["parameters"]?.mapping?.entries ?? [] { sharedParameters[entry.key] = entry.value }

        var out: [YAMLMapping.Entry] = [
            YAMLMapping.Entry(key: "openapi", keyMark: versionEntry.keyMark,
                              value: Self.text("3.0.3", at: versionEntry.value.mark)),
        ]
        var components: [YAMLMapping.Entry] = []
        for entry in root.entries {
            switch entry.key {
            case "swagger", "host", "basePath", "schemes", "consumes", "produces":
                continue
            case "definitions":
                components.append(Self.entry("schemas", from: entry, value: Self.schema(entry.value, inMap: true)))
            case "parameters":
                components.append(Self.entry("parameters", from: entry, value: sharedParameterComponents(entry)))
            case "responses":
                let responses = entry.value.mapping.map { map in
                    Self.mapped(map) { response($0.value) }
                } ?? entry.value
                components.append(Self.entry("responses", from: entry, value: responses))
            case "securityDefinitions":
                let schemes = entry.value.mapping.map { map in
                    Self.mapped(map) { securityScheme($0.value) }
                } ?? entry.value
                components.append(Self.entry("securitySchemes", from: entry, value: schemes))
            case "paths":
                out.append(Self.entry("paths", from: entry, value: paths(entry.value)))
            default:
                out.append(entry)
            }
        }
        if let servers = servers(root) { out.insert(servers, at: min(out.count, 2)) }
        if !components.isEmpty {
            out.append(YAMLMapping.Entry(key: "components", keyMark: root.mark,
                                         value: .mapping(YAMLMapping(entries: components, mark: root.mark))))
        }
        return Self.localReferencesUpgraded(YAMLMapping(entries: out, mark: root.mark))
    }

    // MARK: Servers and security

    /// `host`, `basePath` and `schemes` as servers: one per scheme (`https` first), or a relative one without a host.
    private func servers(_ root: YAMLMapping) -> YAMLMapping.Entry? {
        let hostEntry = root.entry("host")
        let basePathEntry = root.entry("basePath")
        guard hostEntry != nil || basePathEntry != nil else { return nil }
        let mark = hostEntry?.keyMark ?? basePathEntry!.keyMark
        var basePath = basePathEntry?.value.scalar?.value ?? ""
        if basePath == "/" { basePath = "" }
        var urls: [String]
        if let host = hostEntry?.value.scalar?.value, !host.isEmpty {
            var schemes = root["schemes"]?.sequence?.items.compactMap { $0.scalar?.value.lowercased() } ?? []
            schemes = schemes.filter { $0 == "https" || $0 == "http" }
            if schemes.isEmpty { schemes = ["https"] }
            schemes.sort { $0 == "https" && $1 != "https" }
            urls = schemes.map { "\($0)://\(host)\(basePath)" }
        } else {
            urls = [basePath.isEmpty ? "/" : basePath]
        }
        let items = urls.map { url in
            Self.mapping([("url", Self.text(url, at: mark))], at: mark)
        }
        let list = YAMLNode.sequence(YAMLSequence(items: items, mark: mark))
        return YAMLMapping.Entry(key: "servers", keyMark: mark, value: list)
    }

    /// A `securityDefinitions` entry as a security scheme.
    private func securityScheme(_ node: YAMLNode) -> YAMLNode {
        guard let map = node.mapping, let type = map["type"]?.scalar?.value else { return node }
        let mark = map.mark
        var out: [YAMLMapping.Entry] = []
        func keep(_ key: String) { if let entry = map.entry(key) { out.append(entry) } }
        switch type {
        case "basic":
            out.append(YAMLMapping.Entry(key: "type", keyMark: mark, value: Self.text("http", at: mark)))
            out.append(YAMLMapping.Entry(key: "scheme", keyMark: mark, value: Self.text("basic", at: mark)))
        case "apiKey":
            keep("type")
            keep("name")
            keep("in")
        case "oauth2":
            keep("type")
            let flowNames = ["implicit": "implicit", "password": "password", "application": "clientCredentials",
                             "accessCode": "authorizationCode"]
            let flowText = map["flow"]?.scalar?.value ?? ""
            guard let flowName = flowNames[flowText] else {
                diagnostics.error("unknown OAuth 2 flow '\(flowText)'; expected implicit, password, application or "
                                  + "accessCode", at: map["flow"]?.mark ?? mark, repair: "the scheme is left out")
                return node
            }
            var flow: [YAMLMapping.Entry] = []
            if flowName == "implicit" || flowName == "authorizationCode" {
                if let entry = map.entry("authorizationUrl") { flow.append(entry) }
            }
            if flowName != "implicit", let entry = map.entry("tokenUrl") { flow.append(entry) }
            let noScopes = YAMLNode.mapping(YAMLMapping(entries: [], mark: mark))
            flow.append(map.entry("scopes") ?? YAMLMapping.Entry(key: "scopes", keyMark: mark, value: noScopes))
            let flowNode = YAMLNode.mapping(YAMLMapping(entries: flow, mark: map["flow"]?.mark ?? mark))
            let flows = Self.mapping([(flowName, flowNode)], at: mark)
            out.append(YAMLMapping.Entry(key: "flows", keyMark: map.entry("flow")?.keyMark ?? mark, value: flows))
        default:
            return node
        }
        keep("description")
        out += map.entries.filter { $0.key.hasPrefix("x-") }
        return .mapping(YAMLMapping(entries: out, mark: mark))
    }

    // MARK: Paths and operations

    private static let operationKeys: Set<String> = ["get", "put", "post", "delete", "options", "head", "patch"]

    private func paths(_ node: YAMLNode) -> YAMLNode {
        guard let map = node.mapping else { return node }
        return Self.mapped(map) { entry in
            guard let item = entry.value.mapping else { return entry.value }
            let shared = item["parameters"]?.sequence?.items ?? []
            var out: [YAMLMapping.Entry] = []
            for field in item.entries {
                if Self.operationKeys.contains(field.key), let operation = field.value.mapping {
                    out.append(Self.entry(field.key, from: field, value: self.operation(operation, shared: shared)))
                } else if field.key == "parameters" {
                    // Read into each operation (the body and form ones become its request body).
                    continue
                } else {
                    out.append(field)
                }
            }
            return .mapping(YAMLMapping(entries: out, mark: item.mark))
        }
    }

    private func operation(_ map: YAMLMapping, shared: [YAMLNode]) -> YAMLNode {
        let consumes = mediaTypes(map["consumes"]) ?? self.consumes
        let produces = mediaTypes(map["produces"]) ?? self.produces
        // An operation's parameter replaces a path item's one of the same name and location.
        let own = (map["parameters"]?.sequence?.items ?? []).map { ($0, resolvedParameter($0)) }
        let ownKeys = Set(own.compactMap { parameterKey($0.1) })
        let parameters = shared.map { ($0, resolvedParameter($0)) }
            .filter { !ownKeys.contains(parameterKey($0.1) ?? "") } + own

        var plain: [YAMLNode] = []
        var body: YAMLMapping?
        var form: [YAMLMapping] = []
        for (node, resolved) in parameters {
            switch resolved?["in"]?.scalar?.value {
            case "body": body = resolved
            case "formData": if let resolved { form.append(resolved) }
            default:
                plain.append(Self.isLocalReference(node) ? node : parameter(resolved.map(YAMLNode.mapping) ?? node))
            }
        }
        var out: [YAMLMapping.Entry] = []
        for entry in map.entries {
            switch entry.key {
            case "consumes", "produces", "parameters":
                // `parameters` are written below, with the ones of the path item.
                continue
            case "schemes":
                diagnostics.warn("an operation's own 'schemes' are not used; the client calls the document's servers",
                                 at: entry.keyMark)
            case "responses":
                let responses = entry.value.mapping.map { responses in
                    Self.mapped(responses) { response($0.value, produces: produces) }
                } ?? entry.value
                out.append(Self.entry("responses", from: entry, value: responses))
            default:
                out.append(entry)
            }
        }
        let mark = map.entry("parameters")?.keyMark ?? map.mark
        if !plain.isEmpty {
            let list = YAMLSequence(items: plain, mark: map["parameters"]?.mark ?? mark)
            out.append(YAMLMapping.Entry(key: "parameters", keyMark: mark, value: .sequence(list)))
        }
        if let requestBody = requestBody(body: body, form: form, consumes: consumes, at: mark) {
            out.append(requestBody)
        }
        return .mapping(YAMLMapping(entries: out, mark: map.mark))
    }

    /// `name` and `in` of a parameter, which identify it within an operation.
    private func parameterKey(_ map: YAMLMapping?) -> String? {
        guard let map, let name = map["name"]?.scalar?.value, let location = map["in"]?.scalar?.value else {
            return nil
        }
        return "\(location) \(name)"
    }

    /// A parameter, or the shared parameter or other file's node its `$ref` names (nil when it names nothing).
    private func resolvedParameter(_ node: YAMLNode) -> YAMLMapping? {
        guard let map = node.mapping else { return nil }
        guard let ref = map["$ref"]?.scalar else { return map }
        if ref.value.hasPrefix("#/parameters/") {
            let name = Self.unescapedPointerToken(String(ref.value.dropFirst("#/parameters/".count)))
            return sharedParameters[name]?.mapping
        }
        return (try? loader.resolve(ref.value, at: ref.mark))?.node.mapping
    }

    /// The entries of the top-level `parameters` that stay parameters (body and form ones are read where used).
    private func sharedParameterComponents(_ entry: YAMLMapping.Entry) -> YAMLNode {
        guard let map = entry.value.mapping else { return entry.value }
        let kept = map.entries.filter { entry in
            let location = entry.value.mapping?["in"]?.scalar?.value
            return location != "body" && location != "formData"
        }
        return Self.mapped(YAMLMapping(entries: kept, mark: map.mark)) { parameter($0.value) }
    }

    // MARK: Parameters and bodies

    /// The keys of a 2.0 parameter, header or items object that describe its value (its schema in 3.0).
    private static let valueKeys: Set<String> = [
        "type", "format", "items", "default", "maximum", "exclusiveMaximum", "minimum", "exclusiveMinimum",
        "maxLength", "minLength", "pattern", "maxItems", "minItems", "uniqueItems", "enum", "multipleOf",
        "x-nullable",
    ]

    /// A path, query or header parameter: its value keys become its schema, `collectionFormat` its style.
    private func parameter(_ node: YAMLNode) -> YAMLNode {
        guard let map = node.mapping, map["$ref"] == nil else { return node }
        var out = Self.valueKeysAsSchema(map)
        if map["type"]?.scalar?.value == "array" {
            out += style(of: map)
        }
        return .mapping(YAMLMapping(entries: out, mark: map.mark))
    }

    /// `style` and `explode` for an array parameter's `collectionFormat` (csv when absent).
    private func style(of map: YAMLMapping) -> [YAMLMapping.Entry] {
        let location = map["in"]?.scalar?.value ?? "query"
        let formatEntry = map.entry("collectionFormat")
        let mark = formatEntry?.keyMark ?? map.mark
        var format = formatEntry?.value.scalar?.value ?? "csv"
        let inQuery = location == "query"
        if format == "tsv" || (!inQuery && format != "csv") {
            let place = inQuery ? "" : " outside a query"
            diagnostics.warn("collectionFormat '\(format)' has no OpenAPI 3 style\(place); the values are sent "
                             + "comma-separated (csv)", at: formatEntry?.value.mark ?? mark)
            format = "csv"
        }
        let (style, explode): (String, Bool) = switch format {
        case "multi": ("form", true)
        case "ssv": ("spaceDelimited", false)
        case "pipes": ("pipeDelimited", false)
        default: (inQuery ? "form" : "simple", false)
        }
        return [
            YAMLMapping.Entry(key: "style", keyMark: mark, value: Self.text(style, at: mark)),
            YAMLMapping.Entry(key: "explode", keyMark: mark, value: Self.plain(explode ? "true" : "false", at: mark)),
        ]
    }

    /// The request body of an operation's `in: body` parameter, or of its `in: formData` parameters.
    private func requestBody(body: YAMLMapping?, form: [YAMLMapping], consumes: [String],
                             at mark: Mark) -> YAMLMapping.Entry? {
        if let map = body {
            var out: [YAMLMapping.Entry] = []
            if let entry = map.entry("description") { out.append(entry) }
            if let entry = map.entry("required") { out.append(entry) }
            let schemaNode: YAMLNode
            if let schema = map["schema"] {
                schemaNode = Self.schema(schema)
            } else {
                diagnostics.error("a body parameter needs a 'schema'", at: map.mark,
                                  repair: "the body is read as any JSON value")
                schemaNode = .mapping(YAMLMapping(entries: [], mark: map.mark))
            }
            var types = consumes.filter { !Self.isFormMediaType($0) }
            // A structured body listed as text beside JSON is the same JSON text described twice: keep the JSON.
            let text = types.filter { ContentType($0).category == .text }
            if !text.isEmpty, types.contains(where: { ContentType($0).category == .json }),
               Self.isStructured(schemaNode) {
                diagnostics.warn("the body's schema is structured, so \(text.joined(separator: ", ")) beside JSON in "
                                 + "'consumes' is the same JSON text; it is read as JSON only", at: map.mark)
                types.removeAll { ContentType($0).category == .text }
                let names = text.map { Self.text($0, at: map.mark) }
                out.append(YAMLMapping.Entry(key: Self.jsonTextTypesKey, keyMark: map.mark,
                                             value: .sequence(YAMLSequence(items: names, mark: map.mark))))
            }
            let content = (types.isEmpty ? [Self.defaultMediaType] : types).map { type in
                (type, Self.mapping([("schema", schemaNode)], at: schemaNode.mark))
            }
            out.append(YAMLMapping.Entry(key: "content", keyMark: map.mark, value: Self.mapping(content, at: map.mark)))
            out += map.entries.filter { $0.key.hasPrefix("x-") }
            if !form.isEmpty {
                diagnostics.warn("an operation with a body parameter cannot also have form parameters; they are left "
                                 + "out", at: form[0].mark)
            }
            return YAMLMapping.Entry(key: "requestBody", keyMark: map.mark,
                                     value: .mapping(YAMLMapping(entries: out, mark: map.mark)))
        }
        guard let first = form.first else { return nil }
        // A file field (`type: file`, or already binary text in another file of the document).
        let hasFile = form.contains {
            $0["type"]?.scalar?.value == "file" || $0["format"]?.scalar?.value == "binary"
        }
        let multipart = hasFile || consumes.contains("multipart/form-data")
            || !consumes.contains("application/x-www-form-urlencoded")
                && consumes.contains { $0.hasPrefix("multipart/") }
        let mediaType = multipart ? "multipart/form-data" : "application/x-www-form-urlencoded"
        var properties: [(String, YAMLNode)] = []
        var required: [YAMLNode] = []
        for parameter in form {
            guard let name = parameter["name"]?.scalar else { continue }
            var schema = parameter.entries.filter { Self.valueKeys.contains($0.key) || $0.key == "description" }
            if parameter["type"]?.scalar?.value == "array" {
                let format = parameter["collectionFormat"]?.scalar?.value ?? "csv"
                if format != "multi" {
                    diagnostics.warn("form field '\(name.value)' with collectionFormat '\(format)' is sent as repeated "
                                     + "fields (multi)", at: parameter.entry("collectionFormat")?.value.mark
                                        ?? parameter.mark)
                }
            }
            if schema.isEmpty {
                schema = [YAMLMapping.Entry(key: "type", keyMark: parameter.mark,
                                            value: Self.text("string", at: parameter.mark))]
            }
            properties.append((name.value, Self.schema(.mapping(YAMLMapping(entries: schema, mark: parameter.mark)))))
            if parameter["required"]?.scalar?.value == "true" { required.append(Self.text(name.value, at: name.mark)) }
        }
        var schema: [(String, YAMLNode)] = [
            ("type", Self.text("object", at: first.mark)),
            ("properties", Self.mapping(properties, at: first.mark)),
        ]
        if !required.isEmpty { schema.append(("required", .sequence(YAMLSequence(items: required, mark: first.mark)))) }
        let content = Self.mapping([(mediaType, Self.mapping([("schema", Self.mapping(schema, at: first.mark))],
                                                             at: first.mark))], at: first.mark)
        var out: [(String, YAMLNode)] = [("content", content)]
        if !required.isEmpty { out.append(("required", Self.plain("true", at: first.mark))) }
        return YAMLMapping.Entry(key: "requestBody", keyMark: mark, value: Self.mapping(out, at: first.mark))
    }

    /// Whether a schema describes more than text: a reference, an object, an array or a composition.
    private static func isStructured(_ schema: YAMLNode) -> Bool {
        guard let map = schema.mapping else { return false }
        if map["$ref"] != nil || map["properties"] != nil || map["allOf"] != nil || map["items"] != nil { return true }
        let type = map["type"]?.scalar?.value
        return type == "object" || type == "array"
    }

    private static func isFormMediaType(_ type: String) -> Bool {
        type == "application/x-www-form-urlencoded" || type.hasPrefix("multipart/")
    }

    // MARK: Responses

    /// The key under which a response without a schema keeps its operation's `produces` (``Response/producedTypes``).
    static let producedTypesKey = "x-rasp-produces"
    /// The key under which a body keeps the text media types read as JSON only (``RequestBody/jsonTextTypes``).
    static let jsonTextTypesKey = "x-rasp-json-text"

    /// A response: its `schema` as content of each produced media type, its `examples` as their examples, its
    /// headers' value keys as their schemas.
    private func response(_ node: YAMLNode, produces: [String]? = nil) -> YAMLNode {
        guard let map = node.mapping, map["$ref"] == nil else {
            if let ref = node.mapping?["$ref"]?.scalar, !ref.value.hasPrefix("#/"),
               let target = try? loader.resolve(ref.value, at: ref.mark) {
                return response(target.node, produces: produces)
            }
            return node
        }
        let produces = produces ?? self.produces
        var out: [YAMLMapping.Entry] = []
        for entry in map.entries {
            switch entry.key {
            case "schema", "examples":
                continue
            case "headers":
                let headers = entry.value.mapping.map { headers in
                    Self.mapped(headers) { header($0.value) }
                } ?? entry.value
                out.append(Self.entry("headers", from: entry, value: headers))
            default:
                out.append(entry)
            }
        }
        if map["description"] == nil {
            out.insert(YAMLMapping.Entry(key: "description", keyMark: map.mark, value: Self.text("", at: map.mark)),
                       at: 0)
        }
        let examples = map["examples"]?.mapping
        if let schemaEntry = map.entry("schema") {
            let schema = Self.schema(schemaEntry.value)
            let types = produces.isEmpty ? [Self.defaultMediaType] : produces
            let content = types.map { type -> (String, YAMLNode) in
                var media: [(String, YAMLNode)] = [("schema", schema)]
                if let example = examples?[type] { media.append(("example", example)) }
                return (type, Self.mapping(media, at: schemaEntry.value.mark))
            }
            out.append(YAMLMapping.Entry(key: "content", keyMark: schemaEntry.keyMark,
                                         value: Self.mapping(content, at: schemaEntry.value.mark)))
        } else {
            if let examples = map.entry("examples") {
                diagnostics.warn("a response's examples without a schema are not used", at: examples.keyMark)
            }
            if !produces.isEmpty {
                let types = produces.map { Self.text($0, at: map.mark) }
                out.append(YAMLMapping.Entry(key: Self.producedTypesKey, keyMark: map.mark,
                                             value: .sequence(YAMLSequence(items: types, mark: map.mark))))
            }
        }
        return .mapping(YAMLMapping(entries: out, mark: map.mark))
    }

    /// A response header: its value keys become its schema.
    private func header(_ node: YAMLNode) -> YAMLNode {
        guard let map = node.mapping else { return node }
        return .mapping(YAMLMapping(entries: Self.valueKeysAsSchema(map), mark: map.mark))
    }

    /// The entries of a parameter or header with its value keys moved into a `schema` (and `collectionFormat`,
    /// which a style replaces, left out).
    private static func valueKeysAsSchema(_ map: YAMLMapping) -> [YAMLMapping.Entry] {
        var out = map.entries.filter { !valueKeys.contains($0.key) && $0.key != "collectionFormat" }
        let schema = map.entries.filter { valueKeys.contains($0.key) }
        if let first = schema.first {
            let mark = first.keyMark
            out.append(YAMLMapping.Entry(key: "schema", keyMark: mark,
                                         value: Self.schema(.mapping(YAMLMapping(entries: schema, mark: mark)))))
        }
        return out
    }

    // MARK: Schemas

    /// The keys under which a schema holds values, not schemas: they are copied as they are.
    private static let valueHoldingKeys: Set<String> = ["example", "examples", "default", "enum", "const", "required"]

    /// A 2.0 schema in its 3.0 form: `type: file` is binary text, `x-nullable` is `nullable`, a `discriminator`
    /// property name is a discriminator object. Also applied to every schema of the other files a 2.0 document reads.
    /// - Parameter inMap: Whether `node` is a mapping of names to schemas (`definitions`, `properties`).
    static func schema(_ node: YAMLNode, inMap: Bool = false) -> YAMLNode {
        switch node {
        case .scalar:
            return node
        case .sequence(let sequence):
            return .sequence(YAMLSequence(items: sequence.items.map { schema($0) }, mark: sequence.mark))
        case .mapping(let map):
            if inMap { return mapped(map) { schema($0.value) } }
            var out: [YAMLMapping.Entry] = []
            out.reserveCapacity(map.entries.count)
            for entry in map.entries {
                switch entry.key {
                case "type" where entry.value.scalar?.value == "file":
                    out.append(Self.entry("type", from: entry, value: text("string", at: entry.value.mark)))
                    if map["format"] == nil {
                        out.append(YAMLMapping.Entry(key: "format", keyMark: entry.keyMark,
                                                     value: text("binary", at: entry.value.mark)))
                    }
                case "x-nullable" where map["nullable"] == nil:
                    out.append(Self.entry("nullable", from: entry, value: entry.value))
                case "discriminator" where entry.value.scalar != nil:
                    out.append(Self.entry("discriminator", from: entry,
                                          value: mapping([("propertyName", entry.value)], at: entry.value.mark)))
                case "properties", "patternProperties", "definitions", "$defs":
                    out.append(Self.entry(entry.key, from: entry, value: schema(entry.value, inMap: true)))
                case let key where valueHoldingKeys.contains(key) || key.hasPrefix("x-"):
                    out.append(entry)
                default:
                    out.append(Self.entry(entry.key, from: entry, value: schema(entry.value)))
                }
            }
            return .mapping(YAMLMapping(entries: out, mark: map.mark))
        }
    }

    // MARK: References

    /// The tree with the root document's local references moved to where the upgrade put their targets.
    private static func localReferencesUpgraded(_ map: YAMLMapping) -> YAMLMapping {
        var out = map
        for index in out.entries.indices {
            let entry = out.entries[index]
            // Only the root document moved its sections: a reference written in another file (inlined here, such
            // as a body parameter's schema) still points into that file.
            if entry.key == "$ref", let ref = entry.value.scalar, ref.mark.file == 0,
               let moved = movedReference(ref.value) {
                var scalar = ref
                scalar.value = moved
                out.entries[index].value = .scalar(scalar)
            } else if entry.key != "example" && entry.key != "examples" && !entry.key.hasPrefix("x-") {
                // A walk of every kind of object: `default` may be a response, `required` a flag or a list.
                out.entries[index].value = localReferencesUpgraded(entry.value)
            }
        }
        return out
    }

    private static func localReferencesUpgraded(_ node: YAMLNode) -> YAMLNode {
        switch node {
        case .scalar: node
        case .mapping(let map): .mapping(localReferencesUpgraded(map))
        case .sequence(let sequence):
            .sequence(YAMLSequence(items: sequence.items.map(localReferencesUpgraded), mark: sequence.mark))
        }
    }

    /// The sections the upgrade moves: a 2.0 prefix and its 3.0 place.
    private static let movedSections = [
        ("#/definitions/", "#/components/schemas/"), ("#/parameters/", "#/components/parameters/"),
        ("#/responses/", "#/components/responses/"),
    ]

    /// Where a local reference's target is after the upgrade, or nil when it did not move.
    private static func movedReference(_ ref: String) -> String? {
        for (old, new) in movedSections where ref.hasPrefix(old) {
            return new + ref.dropFirst(old.count)
        }
        return nil
    }

    /// A moved local reference as the 2.0 document writes it (messages name what the author wrote).
    static func writtenReference(_ ref: String) -> String {
        for (old, new) in movedSections where ref.hasPrefix(new) {
            return old + ref.dropFirst(new.count)
        }
        return ref
    }

    private static func isLocalReference(_ node: YAMLNode) -> Bool {
        node.mapping?["$ref"]?.scalar?.value.hasPrefix("#/") ?? false
    }

    private static func unescapedPointerToken(_ token: String) -> String {
        token.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
    }

    // MARK: Nodes

    /// A list of media types, or nil when the field is absent.
    private func mediaTypes(_ node: YAMLNode?) -> [String]? {
        guard let node else { return nil }
        return node.sequence?.items.compactMap { $0.scalar?.value } ?? []
    }

    private static func text(_ value: String, at mark: Mark) -> YAMLNode {
        .scalar(YAMLScalar(value: value, style: .quoted, mark: mark))
    }

    private static func plain(_ value: String, at mark: Mark) -> YAMLNode {
        .scalar(YAMLScalar(value: value, style: .plain, mark: mark))
    }

    private static func mapping(_ entries: [(String, YAMLNode)], at mark: Mark) -> YAMLNode {
        .mapping(YAMLMapping(entries: entries.map { YAMLMapping.Entry(key: $0.0, keyMark: $0.1.mark, value: $0.1) },
                             mark: mark))
    }

    /// An entry with another key (or value) at the place of `entry`.
    private static func entry(_ key: String, from entry: YAMLMapping.Entry, value: YAMLNode) -> YAMLMapping.Entry {
        YAMLMapping.Entry(key: key, keyMark: entry.keyMark, value: value)
    }

    /// The mapping with each value transformed, keys and marks kept.
    private static func mapped(_ map: YAMLMapping, _ transform: (YAMLMapping.Entry) -> YAMLNode) -> YAMLNode {
        let entries = map.entries.map { YAMLMapping.Entry(key: $0.key, keyMark: $0.keyMark, value: transform($0)) }
        return .mapping(YAMLMapping(entries: entries, mark: map.mark))
    }
}
