/// Translates operations into client methods: flattened parameters, the request body, the success type and
/// the error body types.
struct OperationTranslator {
    let document: OpenAPIDocument
    let config: GeneratorConfig
    let diagnostics: DiagnosticCollector

    /// Translates the operations the config keeps, in document order.
    func translate(using types: inout TypeTranslator,
                   componentParameterTypes: inout [Declaration]) throws -> [OperationDecl] {
        var methodScope = NameScope(reserved: ["core"])
        // The receivers' methods are a protocol of their own; `unrecognizedWebhook` is its requirement for the rest.
        var receiverScope = NameScope(reserved: ["unrecognizedWebhook"])
        var inputNames = Set<String>()
        var parameterTypeCache: [String: TypeTranslator.Usage] = [:]
        var result: [OperationDecl] = []
        for operation in document.operations + receiverOperations() {
            let methodName: String
            var inputName: String
            if let receiver = operation.receiver {
                // Named by its operationId, else by its key (and its method, when its path item has several).
                let siblings = document.receivers.filter {
                    $0.receiver?.name == receiver.name && $0.path == operation.path
                }
                let key = siblings.count > 1 ? operation.method.name + " " + receiver.name : receiver.name
                methodName = receiverScope.unique(Naming.memberName(operation.operationID ?? key))
                let suffix = receiver.kind == .webhook ? "Webhook" : "Callback"
                inputName = Naming.typeName(Naming.bare(methodName)) + suffix
            } else {
                let rawName = operation.isNamedByRoute
                    ? operation.routeName : operation.operationID ?? operation.routeName
                methodName = methodScope.unique(
                    config.overriddenName(rawName, specific: config.operationNames) ?? Naming.memberName(rawName))
                inputName = Naming.typeName(Naming.bare(methodName))
            }
            // Inside `Operations.<Input>` a reference to a top-level type of the same name would find the input
            // itself, so inputs named like a schema get an `Input` suffix.
            if types.topLevelScope.contains(inputName) { inputName += "Input" }
            while !inputNames.insert(inputName).inserted { inputName += "_" }
            let owner = "Operations.\(inputName)"
            var nested: [Declaration] = []
            var scope = types.topLevelScope.nested()
            var parameterScope = NameScope(reserved: ["body"])
            var parameters: [ParameterDecl] = []
            for parameter in operation.parameters {
                parameters.append(try translate(parameter, owner: owner, types: &types, scope: &scope, nested: &nested,
                                                componentTypes: &componentParameterTypes, cache: &parameterTypeCache,
                                                names: &parameterScope))
            }
            // A receiver's path is the one the app chooses.
            guard operation.receiver != nil || checkPathTemplate(operation, parameters: parameters) else { continue }
            var bodyTypes: [Declaration] = []
            let body = try requestBody(operation, owner: owner, types: &types, nested: &bodyTypes, scope: &scope)
            var responseTypes: [Declaration] = []
            let (success, stream, representations, errors) = try responses(
                operation, owner: owner, types: &types, nested: &responseTypes, scope: &scope)
            let streamVariant = stream.map { (methodScope.unique(Naming.bare(methodName) + "Stream"), $0) }
            // A server decodes what a client encodes and the other way round: both directions then.
            if config.generate.contains(.server) {
                nested += bodyTypes + responseTypes
            } else {
                nested += bodyTypes.map { $0.restricted(to: .encode) }
                    + responseTypes.map { $0.restricted(to: .decode) }
            }
            let security = operation.security ?? document.security
            result.append(OperationDecl(
                methodName: methodName, inputName: inputName,
                operationID: operation.operationID ?? Naming.bare(methodName),
                httpMethod: operation.method.wireName, path: operation.path, doc: Self.doc(operation),
                parameters: parameters, body: body, success: success, streamVariant: streamVariant,
                errorBodies: Self.errorBodies(errors),
                successWire: Self.successWire(operation, success: success),
                requiresAuthentication: !security.isEmpty && !security.contains([]),
                deprecation: operation.deprecated
                    ? DocText.deprecationMessage(operation.summary ?? operation.description) : nil,
                nested: nested, security: security,
                receiver: operation.receiver.map {
                    ReceiverDecl(kind: $0.kind, name: $0.name, expression: $0.expression)
                },
                representations: operation.receiver == nil ? representations : [],
                representationEnums: representations.isEmpty || operation.receiver != nil
                    ? ("ResponseContentType", "ResponseBody")
                    : (scope.unique("ResponseContentType"), scope.unique("ResponseBody"))
            ))
        }
        return result
    }

    /// The webhooks and callbacks that get a receiver: all of them when the server is generated. Otherwise none, and
    /// a warning says where they are.
    private func receiverOperations() -> [Operation] {
        guard !document.receivers.isEmpty else { return [] }
        if config.generate.contains(.server) { return document.receivers }
        for kind in [Receiver.Kind.webhook, .callback] {
            let found = document.receivers.filter { $0.receiver?.kind == kind }
            guard let first = found.first?.receiver else { continue }
            let what = "\(found.count) \(kind.rawValue)\(found.count == 1 ? "" : "s")"
            diagnostics.warn("the document declares \(what), the requests the API sends; their receivers are "
                             + "generated with the server ('server' in 'generate')", at: first.keyMark)
        }
        return []
    }

    /// One parameter: its type, and how it goes on the wire. Every parameter can be sent: primitives and enums
    /// as text, anything else through the runtime's style-aware encoder.
    private func translate(_ parameter: Parameter, owner: String, types: inout TypeTranslator, scope: inout NameScope,
                           nested: inout [Declaration], componentTypes: inout [Declaration],
                           cache: inout [String: TypeTranslator.Usage],
                           names: inout NameScope) throws -> ParameterDecl {
        let usage: TypeTranslator.Usage
        if let key = parameter.componentKey, let name = parameter.componentName {
            if let cached = cache[key] {
                usage = cached
            } else {
                // A reusable parameter with an inline enum or object gets one shared top-level type.
                let hint = types.reserveTopLevel(Naming.typeName(name))
                usage = try types.use(parameter.schema, hint: hint, owner: "", nested: &componentTypes, scope: &scope)
                cache[key] = usage
            }
        } else {
            let hint = Naming.typeName(parameter.name)
            usage = try types.use(parameter.schema, hint: hint, owner: owner, nested: &nested, scope: &scope)
        }
        var doc = parameter.description?.trimmed.docLines ?? []
        // Some publishers describe the value in its schema instead (or as well).
        for text in [parameter.schema.description?.trimmed].compactMap({ $0 })
            + DocText.foldedDescriptions(parameter.schema)
        where !text.isEmpty && text != parameter.description?.trimmed {
            if !doc.isEmpty { doc.append("") }
            text.appendDocLines(to: &doc)
        }
        var facts = DocText.factLines(parameter.schema)
        if let given = parameter.schema.defaultValue {
            let text: String? = switch given.value {
            case .scalar(let text, _): text
            case .array, .emptyArray: given.json
            default: nil
            }
            if let text {
                facts = ["Server default: \(DocText.codeSpan(text))." + (facts.first.map { " " + $0 } ?? "")]
            }
        }
        if !facts.isEmpty {
            if !doc.isEmpty { doc.append("") }
            doc += facts
        }
        let kind = Self.wireKind(usage.type, types: types)
        let serialization: ParameterDecl.Serialization
        if let contentType = parameter.contentType, contentType.carriesJSON(schema: parameter.schema) {
            serialization = .json
        } else if Self.isText(kind, location: parameter.location, style: parameter.style) {
            serialization = .text
        } else {
            serialization = .styled(parameter.style)
        }
        return ParameterDecl(
            name: names.unique(config.nameOverrides[parameter.name] ?? Naming.memberName(parameter.name)),
            wireName: parameter.name,
            location: parameter.location, type: usage.type, isArray: kind == .scalarArray,
            required: parameter.required || parameter.location == .path, explode: parameter.explode,
            serialization: serialization, doc: doc
        )
    }

    /// The types the runtime sends as text (`QueryValue`), besides the generated enums.
    static let scalarNames: Set<String> = [
        "String", "Int", "UInt64", "Double", "Bool", "LocalDate", "Timestamp", "Date", "UUID",
    ]

    /// What a parameter's value is, for choosing how to send it.
    enum WireKind { case scalar, scalarArray, structured }

    /// A primitive or enum (`QueryValue` in the runtime), an array of them, or anything else; type aliases are
    /// followed to what they name.
    static func wireKind(_ type: SwiftType, types: TypeTranslator, depth: Int = 0) -> WireKind {
        switch type {
        case .named(let name):
            if scalarNames.contains(name) || types.enumNames.contains(name) { return .scalar }
            if let target = types.aliases[name], depth < 16 { return wireKind(target, types: types, depth: depth + 1) }
            return .structured
        case .array(let element):
            return wireKind(element, types: types, depth: depth + 1) == .scalar ? .scalarArray : .structured
        case .dictionary, .optional:
            return .structured
        }
    }

    /// Whether the runtime's plain text calls write the value exactly as the style says: a primitive in any style
    /// but a path's `label` and `matrix`, an array in `form` (query) or `simple` (header).
    static func isText(_ kind: WireKind, location: ParameterLocation, style: ParameterStyle) -> Bool {
        switch (location, kind) {
        case (.path, .scalar): style == .simple
        case (.query, .scalar), (.header, .scalar), (.header, .scalarArray): true
        case (.query, .scalarArray): style == .form
        default: false
        }
    }

    /// Every `{name}` of the path template must be filled by a path parameter: a template variable left in a request
    /// URL would never reach the right resource. An operation where one is not gets an error (no safe repair: the
    /// URL is unclear), and is left out so the other operations are checked too.
    /// - Returns: Whether every variable is filled.
    private func checkPathTemplate(_ operation: Operation, parameters: [ParameterDecl]) -> Bool {
        for name in DocumentParser.templateVariables(operation.path)
        where !parameters.contains(where: { $0.location == .path && $0.wireName == name }) {
            let message = "path '\(operation.path)' has '{\(name)}', but no path parameter fills it"
            diagnostics.error(Diagnostic(.error, message, at: operation.mark))
            return false
        }
        return true
    }

    /// The request body: every media type the operation offers. With one, the input's `body` is its type; with
    /// several, an enum with a case per media type (`json`, `multipart`, `form`, `text`, `binary`, or the media
    /// type's own name).
    private func requestBody(_ operation: Operation, owner: String, types: inout TypeTranslator,
                             nested: inout [Declaration], scope: inout NameScope) throws -> BodyDecl? {
        guard let body = operation.requestBody, !body.content.isEmpty else { return nil }
        let several = body.content.count > 1
        let enumName = several ? scope.unique("Body") : nil
        var caseScope = NameScope()
        var representations: [BodyDecl.Representation] = []
        for media in body.content {
            let encoding = Self.encoding(of: media)
            let caseName = caseScope.unique(Self.caseName(of: media))
            let hint = several ? Naming.typeName(Naming.bare(caseName) + " Body") : "Body"
            var type: SwiftType
            switch encoding {
            // Bytes in memory, a file or an async sequence, so a large upload never has to be held whole.
            case .binary: type = .named("BinaryFile")
            case .text: type = .named("String")
            case .json, .form, .multipart:
                type = .named("JSONValue")
                if let schema = media.schema {
                    type = try types.use(schema, hint: hint, owner: owner, nested: &nested, scope: &scope).type
                }
            }
            let parts = encoding == .form || encoding == .multipart ? partEncodings(media) : []
            representations.append(BodyDecl.Representation(
                encoding: encoding, contentType: media.type, sentContentType: Self.sent(media, as: encoding),
                type: type, caseName: caseName, parts: parts))
        }
        var doc = body.description?.trimmed.docLines ?? []
        // What a body schema says when no declaration carries it (bytes, text, a map or list of primitives).
        for media in body.content {
            guard let schema = media.schema, schema.ref == nil, schema.properties.isEmpty, schema.oneOf.isEmpty,
                  schema.anyOf.isEmpty, schema.allOf.isEmpty, schema.enumValues == nil else { continue }
            for text in [schema.description?.trimmed].compactMap({ $0 }) where !text.isEmpty && !doc.contains(text) {
                if !doc.isEmpty { doc.append("") }
                doc += (body.content.count > 1 ? ["`\(media.type)`: " + text] : [text]).flatMap(\.docLines)
            }
        }
        guard let enumName else {
            if doc.isEmpty { doc = ["The request body (`\(representations[0].contentType)`)."] }
            return BodyDecl(representations: representations, type: representations[0].type, required: body.required,
                            doc: doc)
        }
        let kinds = representations.map { "`\($0.contentType)`" }.joined(separator: ", ")
        if doc.isEmpty { doc = ["The request body, in one of the media types the operation takes: \(kinds)."] }
        let cases = representations.map { (name: $0.caseName, type: $0.type, discriminatorValues: [String]()) }
        nested.append(.oneOf(OneOfDecl(name: enumName, doc: ["The media types the request body can be sent as."],
                                       cases: cases, discriminatorProperty: nil, nested: [])))
        return BodyDecl(representations: representations, type: .named("\(owner).\(enumName)"), required: body.required,
                        doc: doc)
    }

    /// How a body of a media type is sent: JSON where it carries JSON (``MediaType/carriesJSON``), forms and
    /// multipart by their rules, text and XML as UTF-8 text, and anything else (`application/octet-stream`, images,
    /// `*/*` with a string schema, streams) as the bytes given.
    static func encoding(of media: MediaType) -> BodyDecl.Representation.Encoding {
        switch media.contentType.category {
        case .form: .form
        case .multipart: .multipart
        case _ where media.carriesJSON: .json
        case .text, .xml, .eventStream: .text
        case .json, .wildcard, .binary, .jsonLines, .jsonSequence: .binary
        }
    }

    /// The `Content-Type` a body of a media type is sent with: the type itself, or for a range (`*/*`, `image/*`)
    /// the concrete type of the content.
    static func sent(_ media: MediaType, as encoding: BodyDecl.Representation.Encoding) -> String {
        media.contentType.sent(asJSON: encoding == .json)
    }

    /// The case of a media type in a body enum.
    static func caseName(of media: MediaType) -> String {
        let base = media.baseType
        switch base {
        case "application/json": return "json"
        case "application/x-www-form-urlencoded": return "form"
        case "multipart/form-data": return "multipart"
        case "text/plain": return "text"
        case "application/octet-stream": return "binary"
        case "*/*": return "any"
        default:
            let parts = base.split(separator: "/").map(String.init)
            let name = parts.last == "*" || parts.count < 2 ? parts.first ?? base : parts[1]
            return Naming.memberName(name)
        }
    }

    /// The `encoding` entries of a form or multipart media type; a style no body can use is warned about and left out.
    private func partEncodings(_ media: MediaType) -> [BodyDecl.PartEncoding] {
        media.encoding.map { property, encoding in
            var style: ParameterStyle?
            if let given = encoding.style {
                // Form and multipart properties take the query's styles.
                style = ParameterStyle(rawValue: given)
                    .flatMap { ParameterLocation.query.styles.contains($0) ? $0 : nil }
                if style == nil {
                    let message = "style '\(given)' is not defined for a body property ('\(property)'); using 'form'"
                    diagnostics.warn(message, at: encoding.mark)
                }
            }
            return BodyDecl.PartEncoding(property: property, contentType: encoding.contentType, style: style,
                                         explode: encoding.explode)
        }
    }

    /// The success type, a streaming variant of it, every media type of the success when it offers several, and
    /// the error body types.
    ///
    /// The success is the response ``SuccessResponse`` chose. The method returns `Void` only when no success response
    /// has content. When other 2xx statuses have no body (a `204` beside a `200`), the JSON result is optional: nil
    /// for those statuses. A success offered as JSON and as a stream (`text/event-stream`, JSON Lines) is both: the
    /// plain method returns the JSON, a `…Stream` variant the stream; a success that is only a stream is the plain
    /// method's result; a binary success also gets a variant that hands the bytes over as they arrive. A success
    /// offered in several media types also lists each (``ResponseRepresentation``), for the method that returns the
    /// one that arrived.
    private func responses(_ operation: Operation, owner: String, types: inout TypeTranslator,
                           nested: inout [Declaration],
                           scope: inout NameScope)
        throws -> (SuccessDecl, SuccessDecl?, [ResponseRepresentation], [(ResponseStatus, SwiftType)]) {
        let chosen = operation.success
        var success = SuccessDecl.none
        var stream: SuccessDecl?
        var representations: [ResponseRepresentation] = []
        var errors: [(ResponseStatus, SwiftType)] = []
        for (index, response) in operation.responses.enumerated() {
            let isSuccess = index == chosen.index
            guard isSuccess || !response.status.isSuccess else { continue }
            let hint = response.componentName.map(Naming.typeName)
                ?? (isSuccess ? "Output" : Naming.typeName("Error \(response.status)"))
            guard isSuccess else {
                let media = response.content.first(where: \.carriesJSON) ?? response.content.first
                if let media, let schema = media.schema, media.carriesJSON {
                    let usage = try types.use(schema, hint: hint, owner: owner, nested: &nested, scope: &scope)
                    errors.append((response.status, usage.type))
                }
                continue
            }
            // Each media type of the success read once, so that a type is declared once for all the methods.
            var decls: [SuccessDecl] = []
            for media in response.content {
                decls.append(try successDecl(media, emptyStatuses: chosen.emptyStatuses, hint: hint, owner: owner,
                                             types: &types, nested: &nested, scope: &scope))
            }
            let bodyIndex = chosen.body.flatMap { body in response.content.firstIndex { $0.type == body.type } }
            let streamIndex = chosen.stream.flatMap { item in response.content.firstIndex { $0.type == item.type } }
            if let bodyIndex {
                success = decls[bodyIndex]
                if case .json(let type, _) = success, response.status == .default {
                    errors.append((response.status, type))
                }
                if let streamIndex { stream = decls[streamIndex] } else if case .data = success { stream = .bytes }
            } else if let streamIndex {
                success = decls[streamIndex]
            }
            if response.content.count > 1 {
                var caseScope = NameScope()
                for (offset, media) in response.content.enumerated() {
                    let isJSON = if case .json = decls[offset] { true } else { false }
                    representations.append(ResponseRepresentation(
                        caseName: caseScope.unique(Self.caseName(of: media)), contentType: media.type,
                        sentContentType: media.contentType.sent(asJSON: isJSON), success: decls[offset],
                        isPlain: offset == (bodyIndex ?? streamIndex),
                        isStream: bodyIndex != nil && offset == streamIndex))
                }
            }
        }
        return (success, stream, representations, errors)
    }

    /// How a success body of one media type is read: a stream by its kind, JSON into the schema's type, a form or
    /// multipart body into the schema's type (a property per field or part), text and XML as text, anything else
    /// (or a body without a schema) as bytes.
    private func successDecl(_ media: MediaType, emptyStatuses: [Int], hint: String, owner: String,
                             types: inout TypeTranslator, nested: inout [Declaration],
                             scope: inout NameScope) throws -> SuccessDecl {
        if let kind = media.contentType.streamKind {
            return try streamDecl(kind, media, owner: owner, types: &types, nested: &nested, scope: &scope)
        }
        let category = media.contentType.category
        guard let schema = media.schema else { return [.text, .xml].contains(category) ? .text : .data }
        if media.carriesJSON {
            let type = try types.use(schema, hint: hint, owner: owner, nested: &nested, scope: &scope).type
            return .json(type, emptyStatuses: emptyStatuses)
        }
        switch category {
        case .multipart where ContentType.describesJSON(schema):
            let type = try types.use(schema, hint: hint, owner: owner, nested: &nested, scope: &scope).type
            return .multipart(type, parts: partEncodings(media))
        case .form where ContentType.describesJSON(schema):
            let type = try types.use(schema, hint: hint, owner: owner, nested: &nested, scope: &scope).type
            return .form(type, parts: partEncodings(media))
        case .text, .xml: return .text
        default: return .data
        }
    }

    /// How the documented error bodies are decoded: one type for every status, a `default` alone, or by status
    /// (exact codes first, then ranges, the statuses of one type together).
    static func errorBodies(_ errors: [(ResponseStatus, SwiftType)]) -> ErrorBodies {
        guard let (_, first) = errors.first else { return .none }
        if errors.allSatisfy({ $0.1 == first && $0.0 != .default }) { return .uniform(first) }
        if errors.count == 1 { return .defaultOnly(first) }
        typealias Group = (type: SwiftType, statuses: [ResponseStatus])
        var exact: [Group] = []
        var ranges: [Group] = []
        var fallback: SwiftType?
        func add(_ status: ResponseStatus, _ type: SwiftType, to groups: inout [Group]) {
            if let index = groups.firstIndex(where: { $0.type == type }) {
                groups[index].statuses.append(status)
            } else {
                groups.append((type, [status]))
            }
        }
        for (status, type) in errors {
            switch status {
            case .default: fallback = type
            case .range: add(status, type, to: &ranges)
            case .code: add(status, type, to: &exact)
            }
        }
        return .byStatus(exact + ranges, fallback: fallback)
    }

    /// The status and the `Content-Type`s a server sends the success ``SuccessResponse`` chose with.
    static func successWire(_ operation: Operation, success: SuccessDecl) -> SuccessWire {
        let chosen = operation.success
        var wire = SuccessWire()
        wire.status = chosen.status
        let isJSON = if case .json = success { true } else { false }
        wire.contentType = chosen.body?.contentType.sent(asJSON: isJSON)
        wire.streamContentType = chosen.stream?.contentType.sent(asJSON: false)
        return wire
    }

    /// The result of a streaming media type: events whose data decodes as the schema (text events without one, or
    /// with a string schema), or decoded JSON values.
    private func streamDecl(_ kind: ContentType.StreamKind, _ media: MediaType, owner: String,
                            types: inout TypeTranslator,
                            nested: inout [Declaration], scope: inout NameScope) throws -> SuccessDecl {
        if let item = media.itemSchema {
            return try itemStreamDecl(kind, item: item, owner: owner, types: &types, nested: &nested, scope: &scope)
        }
        let schema = media.schema.flatMap { $0.types == [.string] ? nil : $0 }
        guard let schema else {
            let separated = kind == .jsonSequence
            return kind == .events ? .rawEvents : .jsonLines(.named("JSONValue"), recordSeparator: separated)
        }
        let type = try types.use(schema, hint: kind == .events ? "Event" : "Item", owner: owner, nested: &nested,
                                 scope: &scope).type
        return kind == .events ? .events(type) : .jsonLines(type, recordSeparator: kind == .jsonSequence)
    }

    /// The result of a sequential media type whose OpenAPI 3.2 `itemSchema` describes each item. A JSON Lines or
    /// JSON text sequence item is a value of the schema. An event's schema describes the whole event (`event`,
    /// `data`, `id`, `retry`): the stream's type is that of its `data`, the `contentSchema` of a JSON string or the
    /// schema of a value written directly; text events when `data` is plain text or not described.
    private func itemStreamDecl(_ kind: ContentType.StreamKind, item: Schema, owner: String,
                                types: inout TypeTranslator,
                                nested: inout [Declaration], scope: inout NameScope) throws -> SuccessDecl {
        guard kind == .events else {
            let type = try types.use(item, hint: "Item", owner: owner, nested: &nested, scope: &scope).type
            return .jsonLines(type, recordSeparator: kind == .jsonSequence)
        }
        let event = document.dereferenced(item, step: TypeTranslator.unwrap)
        guard let data = event.properties.first(where: { $0.name == "data" })?.schema else {
            diagnostics.warn("the 'itemSchema' of an event stream describes no 'data'; the events are text",
                             at: item.mark)
            return .rawEvents
        }
        let payload = data.contentSchema ?? (data.types == [.string] || data.isUnconstrained ? nil : data)
        guard let payload else { return .rawEvents }
        let type = try types.use(payload, hint: "Event", owner: owner, nested: &nested, scope: &scope).type
        return .events(type)
    }

    static func doc(_ operation: Operation) -> [String] {
        var lines: [String] = []
        if let summary = operation.summary?.trimmed, !summary.isEmpty { lines.append(summary) }
        if let description = operation.description?.trimmed, !description.isEmpty,
           description != operation.summary?.trimmed {
            if !lines.isEmpty { lines.append("") }
            description.appendDocLines(to: &lines)
        }
        if let shared = operation.pathDescription?.trimmed, !shared.isEmpty {
            if !lines.isEmpty { lines.append("") }
            shared.appendDocLines(to: &lines)
        }
        // A raw response (bytes, text, a stream) has no declaration to carry its schema's words.
        for response in operation.responses {
            for media in response.content where !media.carriesJSON {
                guard let text = media.schema?.description?.trimmed, !text.isEmpty, media.schema?.ref == nil else {
                    continue
                }
                if !lines.isEmpty { lines.append("") }
                lines.append(contentsOf: "Response \(response.status) (`\(media.type)`): \(text)".docLines)
            }
        }
        return lines
    }
}
