/// Paths and operations: parameters, request bodies, responses and their content.
///
/// The config's filters come first: an operation they leave out is not read, so nothing in it (nor a path item whose
/// operations are all left out) can fail the run. Every construct is read inside
/// ``DocumentParser/recovering(repair:_:)``: one that fails is left out and its siblings are still read.
extension DocumentParser {
    func parseOperations() throws -> [Operation] {
        guard let pathsNode = root["paths"] else { return [] }
        let paths = try Self.mapping(pathsNode, "paths")
        var operations: [Operation] = []
        var operationIDs: [String: Mark] = [:]
        var names = FilterNames()
        for pathEntry in paths.entries {
            recovering {
                try parsePathItem(pathEntry, into: &operations, operationIDs: &operationIDs, names: &names)
            }
        }
        checkFilter(against: names)
        return operations
    }

    /// Reads the operations of one path item the config keeps.
    /// - Parameter operationIDs: Where each `operationId` was first used: a later operation with the same one is an
    ///   error, repaired by naming its method from its method and path.
    ///   - names: Gathers the operationIds, tags and paths the document has, for the filter's check.
    private func parsePathItem(_ pathEntry: YAMLMapping.Entry, into operations: inout [Operation],
                               operationIDs: inout [String: Mark], names: inout FilterNames) throws {
        names.paths.insert(pathEntry.key)
        let pathItem = try Self.mapping(try follow(pathEntry.value, kind: "path item").node, "a path item")
        var methodCount = 0
        var kept: [(method: String, node: YAMLNode)] = []
        for (method, value) in operationEntries(of: pathItem) {
            methodCount += 1
            // DigitalOcean publishes every operation as a `$ref` to a file of its own.
            guard let node = recovering({ try follow(value, kind: "operation").node }) else { continue }
            if keeps(node, path: pathEntry.key, names: &names) { kept.append((method, node)) }
        }
        // A path item whose operations are all left out is not checked either.
        guard kept.count > 0 || methodCount == 0 else { return }
        var path = pathEntry.key
        if !path.hasPrefix("/") {
            diagnostics.error("path '\(path)' must start with '/'", at: pathEntry.keyMark,
                              repair: Self.pathRepair(path))
            path = "/" + path
        }
        let shared = pathItem["parameters"].map { node in parseParameters(node) } ?? []
        let pathTexts = ["summary", "description"].compactMap { key in docText(pathItem, key) }
        for (method, node) in kept {
            guard var operation = recovering({
                try parseOperation(node, method: method, path: path, shared: shared)
            }) else { continue }
            operation.pathDescription = pathTexts.isEmpty ? nil : pathTexts.joined(separator: "\n\n")
            if let id = operation.operationID {
                if let first = operationIDs[id] {
                    diagnostics.error("duplicate operationId '\(id)' (first used at \(first))",
                                      at: node.mapping?["operationId"]?.mark, repair: Self.routeNameRepair(operation))
                    operation.isNamedByRoute = true
                } else {
                    operationIDs[id] = operation.mark
                }
            }
            operations.append(operation)
        }
    }

    /// A path item's operations: its method fields, then (OpenAPI 3.2) the entries of `additionalOperations`, whose
    /// keys are methods as sent (`LINK`, `PURGE`); one that repeats a method field is a warning and left out. Before
    /// 3.2, `query` and `additionalOperations` are no fields of a path item and are skipped like other unknown keys.
    private func operationEntries(of pathItem: YAMLMapping) -> [(method: String, node: YAMLNode)] {
        var entries = pathItem.entries
            .filter { Self.httpMethods.contains($0.key) && ($0.key != "query" || isOpenAPI32) }
            .map { (method: $0.key, node: $0.value) }
        guard isOpenAPI32, let node = pathItem["additionalOperations"],
              let additional = recovering({ try Self.mapping(node, "'additionalOperations'") }) else { return entries }
        for entry in additional.entries {
            let method = entry.key.lowercased()
            guard !Self.httpMethods.contains(method), !entries.contains(where: { $0.method == method }) else {
                warn("additionalOperations '\(entry.key)' repeats a method the path item has a field for; ignored",
                     at: entry.keyMark)
                continue
            }
            entries.append((method, entry.value))
        }
        return entries
    }

    /// Whether the config keeps an operation, judged by its `operationId`, `tags` and path before it is read (an
    /// operation that is no mapping is kept, so its error is reported).
    private func keeps(_ node: YAMLNode, path: String, names: inout FilterNames) -> Bool {
        guard case .mapping(let map) = node else { return true }
        let tags = map["tags"]?.sequence?.items.compactMap { $0.scalar?.value } ?? []
        let id = map["operationId"]?.scalar?.value
        if config.filter != nil {
            names.tags.formUnion(tags)
            if let id { names.operations.insert(id) }
        }
        return config.keeps(operationID: id, tags: tags, path: path)
    }

    func parseOperation(_ node: YAMLNode, method: String, path: String,
                                shared: [Parameter]) throws -> Operation {
        let map = try Self.mapping(node, "an operation")
        var parameters = shared
        for parameter in map["parameters"].map({ node in parseParameters(node) }) ?? [] {
            let index = parameters.firstIndex { $0.name == parameter.name && $0.location == parameter.location }
            if let index {
                parameters[index] = parameter
            } else {
                parameters.append(parameter)
            }
        }
        // Path parameters used in the template but not declared: sloppy, but common. Assume strings.
        for name in Self.templateVariables(path)
        where !parameters.contains(where: { $0.location == .path && $0.name == name }) {
            warn("path parameter '\(name)' of '\(path)' is not declared; assuming a required string",
                 at: map.mark)
            var schema = Schema(mark: map.mark)
            schema.types = [.string]
            parameters.append(Parameter(name: name, location: .path, required: true, schema: schema, description: nil,
                                        style: .simple, explode: false, contentType: nil, deprecated: false,
                                        componentName: nil, componentKey: nil, mark: map.mark))
        }
        var responses: [Response] = []
        if let responsesNode = map["responses"],
           let entries = recovering({ try Self.mapping(responsesNode, "responses").entries }) {
            for entry in entries where !entry.key.hasPrefix("x-") {
                guard let status = ResponseStatus(entry.key) else {
                    warn("'\(entry.key)' in 'responses' is no status code, range (4XX) or 'default'; ignored",
                         at: entry.keyMark)
                    continue
                }
                if let response = recovering({ try parseResponse(entry.value, status: status) }) {
                    responses.append(response)
                }
            }
        }
        let tags = map["tags"].flatMap { node in
            recovering(repair: Self.tagsRepair) {
                try Self.sequence(node, "tags").items.map { tag in try Self.string(tag, "tag") }
            }
        } ?? []
        var operation = Operation(
            method: HTTPMethod(method),
            path: path,
            operationID: nil,
            summary: docText(map, "summary"),
            description: docText(map, "description"),
            pathDescription: nil,
            tags: tags,
            parameters: parameters,
            requestBody: map["requestBody"].flatMap { n in recovering { try parseRequestBody(n) } },
            responses: responses,
            deprecated: deprecatedFlag(map),
            security: recovering { try map["security"].map { n in try parseSecurityRequirements(n) } } ?? nil,
            mark: map.mark
        )
        operation.success = SuccessResponse(responses)
        if let callbacks = map["callbacks"] { operation.callbacks = parseCallbacks(callbacks) }
        if let idNode = map["operationId"] {
            if case .scalar(let id) = idNode {
                operation.operationID = id.value
            } else {
                diagnostics.error("expected a string for 'operationId', found \(idNode.kindDescription)",
                                  at: idNode.mark, repair: Self.routeNameRepair(operation))
            }
        }
        return operation
    }

    /// The parameters of a `parameters` list; one that cannot be read is left out.
    func parseParameters(_ node: YAMLNode) -> [Parameter] {
        guard let items = recovering({ try Self.sequence(node, "parameters").items }) else { return [] }
        return items.compactMap { item in recovering { try parseParameterItem(item) } }
    }

    /// One item of a `parameters` list: a parameter, or a `$ref` to one.
    private func parseParameterItem(_ item: YAMLNode) throws -> Parameter {
        let (resolved, target, refMark) = try follow(item, kind: "parameter")
        guard let target else {
            return try parseParameter(resolved, item: item, target: nil, refMark: refMark)
        }
        // A parameter read before is the same again, and gives the same warnings (counted as further uses).
        let key = target.key
        if let (parameter, warnings) = parametersByTarget[key] {
            for warning in warnings { warn(warning.message, at: warning.mark) }
            return parameter
        }
        let (parameter, warnings) = try recordingWarnings {
            try parseParameter(resolved, item: item, target: target, refMark: refMark)
        }
        parametersByTarget[key] = (parameter, warnings)
        return parameter
    }

    /// Reads a parameter object: `resolved`, which `item` is or refers to (found at `target`; the first `$ref` is at
    /// `refMark`).
    private func parseParameter(_ resolved: YAMLNode, item: YAMLNode, target: DocumentLoader.Target?,
                                refMark: Mark?) throws -> Parameter {
        let map = try Self.mapping(resolved, "a parameter")
        if let refMark, let ref = Self.referenceText(item), map["name"] == nil || map["in"] == nil {
            let message = "$ref '\(loader.spelling(of: ref, at: refMark))' does not point to a parameter; expected an "
                + "object with 'name' and 'in'"
            throw Diagnostic(.error, message, at: refMark)
        }
        guard let nameNode = map["name"] else {
            throw Diagnostic(.error, "a parameter needs a 'name'", at: map.mark)
        }
        guard let inNode = map["in"] else {
            let name = (try? Self.string(nameNode, "name")) ?? "?"
            throw Diagnostic(.error, "parameter '\(name)' needs 'in'", at: map.mark)
        }
        let locationText = try Self.string(inNode, "in")
        let isQueryString = locationText == "querystring"
        guard var location = isQueryString ? .query : ParameterLocation(rawValue: locationText) else {
            let message = "unknown parameter location '\(locationText)'; expected query, querystring, path, header or "
                + "cookie"
            throw Diagnostic(.error, message, at: inNode.mark)
        }
        var schema = map["schema"].map { n in parseSchema(n) }
        var contentType: ContentType?
        if schema == nil, let content = try Self.optionalMapping(map, "content"),
           let first = content.entries.first {
            contentType = ContentType(first.key)
            schema = try Self.mapping(first.value, "a media type")["schema"].map { n in parseSchema(n) }
        }
        let styleText = try Self.optionalString(map, "style")
        var explode = try Self.optionalBool(map, "explode") ?? (styleText ?? location.defaultStyle.rawValue == "form")
        var style = location.defaultStyle
        if let styleText, !isQueryString {
            if let given = ParameterStyle(rawValue: styleText), location.styles.contains(given) {
                style = given
            } else {
                let name = (try? Self.string(nameNode, "name")) ?? "?"
                warn("style '\(styleText)' is not defined for \(location) parameter '\(name)'; using '\(style)'",
                     at: map.mark)
            }
        }
        if isQueryString {
            // OpenAPI 3.2: the whole query string is one value, written as its media type says. A form is the
            // value's properties as query items: a query parameter in the exploded form style.
            let name = (try? Self.string(nameNode, "name")) ?? "?"
            guard contentType.map({ $0.category == .form }) ?? true else {
                let message = "querystring parameter '\(name)' in '\(contentType?.text ?? "")' is not supported (only "
                    + "application/x-www-form-urlencoded); the parameter is left out"
                warn(message, at: inNode.mark)
                throw Skipped()
            }
            (location, style, explode, contentType) = (.query, .form, true, nil)
        }
        return Parameter(
            name: try Self.string(nameNode, "name"),
            location: location,
            required: try Self.optionalBool(map, "required") ?? (location == .path),
            schema: schema ?? Schema(mark: map.mark),
            description: docText(map, "description"),
            style: style,
            explode: explode,
            contentType: contentType,
            deprecated: deprecatedFlag(map),
            componentName: target.flatMap { componentName(of: $0) },
            componentKey: target?.key,
            mark: map.mark
        )
    }

    private func parseRequestBody(_ node: YAMLNode) throws -> RequestBody {
        let map = try Self.mapping(try follow(node, kind: "request body").node, "a request body")
        return RequestBody(
            required: try Self.optionalBool(map, "required") ?? false,
            description: docText(map, "description"),
            content: try parseContent(map),
            jsonTextTypes: map[Swagger2Upgrade.jsonTextTypesKey]?.sequence?.items.compactMap { $0.scalar?.value } ?? []
        )
    }

    private func parseResponse(_ node: YAMLNode, status: ResponseStatus) throws -> Response {
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
    private func parseResponse(_ resolved: YAMLNode, status: ResponseStatus, target: DocumentLoader.Target?) throws
        -> Response {
        let map = try Self.mapping(resolved, "a response")
        if let summary = map.entry("summary") {
            warn("a response's 'summary' (OpenAPI 3.2) is not used; its 'description' documents it",
                 at: summary.keyMark)
        }
        return Response(
            status: status,
            description: docText(map, "description"),
            content: try parseContent(map),
            componentName: target.flatMap { componentName(of: $0) },
            producedTypes: map[Swagger2Upgrade.producedTypesKey]?.sequence?.items.compactMap { $0.scalar?.value } ?? []
        )
    }

    /// The media types of a `content` map; one that cannot be read is left out.
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
            if let media = recovering({ try parseMediaType(entry) }) { result.append(media) }
        }
        return result
    }

    private func parseMediaType(_ entry: YAMLMapping.Entry) throws -> MediaType {
        // 3.2: a media type may be a `$ref` to `components.mediaTypes`.
        let mediaMap = try Self.mapping(try follow(entry.value, kind: "media type").node, "a media type")
        var media = MediaType(type: entry.key, schema: mediaMap["schema"].map { n in parseSchema(n) })
        if let node = mediaMap["itemSchema"] {
            readItemSchema(node, into: &media, keyMark: mediaMap.entry("itemSchema")?.keyMark ?? node.mark)
        }
        for key in ["prefixEncoding", "itemEncoding"] {
            if let keyEntry = mediaMap.entry(key) {
                warn("'\(key)' (OpenAPI 3.2) is not supported; the parts of '\(entry.key)' are not described",
                     at: keyEntry.keyMark)
            }
        }
        if let encoding = try Self.optionalMapping(mediaMap, "encoding") {
            for property in encoding.entries {
                let encoding = recovering {
                    let map = try Self.mapping(property.value, "an encoding")
                    if let headers = map.entry("headers") {
                        warn("the part headers of '\(property.key)' are not typed: a part's own header fields are "
                             + "neither written nor read", at: headers.keyMark)
                    }
                    return MediaType.Encoding(
                        contentType: try Self.optionalString(map, "contentType"),
                        style: try Self.optionalString(map, "style"),
                        explode: try Self.optionalBool(map, "explode"),
                        mark: map.mark
                    )
                }
                if let encoding { media.encoding.append((property.key, encoding)) }
            }
        }
        // Examples serve mocks only: one that cannot be read is left out, never an error.
        if let example = mediaMap["example"] { media.examples.append(Self.jsonText(example)) }
        if case .mapping(let examples)? = mediaMap["examples"] {
            for entry in examples.entries {
                var node = entry.value
                if let ref = Self.soleReference(node) {
                    guard let target = try? loader.resolve(ref.value, at: ref.mark).node else { continue }
                    node = target
                }
                // 3.2 names the value `dataValue` (beside its `serializedValue`).
                if case .mapping(let example) = node, let value = example["value"] ?? example["dataValue"] {
                    media.examples.append(Self.jsonText(value))
                }
            }
        }
        return media
    }

    /// OpenAPI 3.2 `itemSchema`: read for the sequential media types the client streams; a warning for the others.
    private func readItemSchema(_ node: YAMLNode, into media: inout MediaType, keyMark: Mark) {
        if media.contentType.streamKind != nil {
            media.itemSchema = parseSchema(node)
        } else if media.contentType.category == .multipart {
            warn("'itemSchema' of '\(media.type)' (a sequence of parts) is not supported; the body is read whole",
                 at: keyMark)
        } else {
            warn("'itemSchema' applies to sequential media types; '\(media.type)' is not one, so it is ignored",
                 at: keyMark)
        }
    }
}
