/// Translates operations into client methods: flattened parameters, the request body, the success type and
/// the error body types.
struct OperationTranslator {
    let document: OpenAPIDocument
    let config: GeneratorConfig
    let diagnostics: DiagnosticCollector

    /// Translates the operations the config keeps, in document order.
    func translate(using types: inout TypeTranslator, componentParameterTypes: inout [Declaration]) throws -> [OperationDecl] {
        var methodScope = NameScope(reserved: ["core"])
        var parameterTypeCache: [String: TypeTranslator.Usage] = [:]
        var result: [OperationDecl] = []
        for operation in document.operations where keeps(operation) {
            let rawName = operation.operationID ?? (operation.method + " " + operation.path)
            let methodName = methodScope.unique(config.operationNames[rawName] ?? Naming.memberName(rawName))
            // Inside `Operations.<Input>` a reference to a top-level type of the same name would find the input
            // itself, so inputs named like a schema get an `Input` suffix.
            var inputName = Naming.typeName(Naming.bare(methodName))
            if types.topLevelScope.contains(inputName) { inputName += "Input" }
            let owner = "Operations.\(inputName)"
            var nested: [Declaration] = []
            var scope = types.topLevelScope.nested()
            var parameterScope = NameScope(reserved: ["body"])
            var parameters: [ParameterDecl] = []
            for parameter in operation.parameters {
                guard parameter.location != "cookie" else {
                    diagnostics.warn("cookie parameter '\(parameter.name)' is not supported; skipped", at: parameter.mark)
                    continue
                }
                let usage: TypeTranslator.Usage
                if let component = parameter.componentName {
                    if let cached = parameterTypeCache[component] {
                        usage = cached
                    } else {
                        // Component parameters with inline enums get one shared top-level type.
                        let hint = types.reserveTopLevel(Naming.typeName(component))
                        usage = try types.use(parameter.schema, hint: hint, owner: "", nested: &componentParameterTypes,
                                              scope: &scope)
                        parameterTypeCache[component] = usage
                    }
                } else {
                    usage = try types.use(parameter.schema, hint: Naming.typeName(parameter.name), owner: owner,
                                          nested: &nested, scope: &scope)
                }
                guard isQueryValue(usage.type, types: types) else {
                    diagnostics.warn("parameter '\(parameter.name)' of type \(usage.type.spelling) cannot be sent as \(parameter.location) text; skipped",
                                     at: parameter.mark)
                    continue
                }
                var doc = parameter.description.map { $0.trimmed.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) } ?? []
                if let defaultNode = parameter.schema.defaultValue, case .scalar(let scalar) = defaultNode {
                    doc.append("Server default: `\(scalar.value)`.")
                }
                var isArray = false
                if case .array = usage.type { isArray = true }
                parameters.append(ParameterDecl(
                    name: parameterScope.unique(Naming.memberName(parameter.name)), wireName: parameter.name,
                    location: parameter.location, type: usage.type, isArray: isArray, required: parameter.required,
                    explode: parameter.explode, doc: doc
                ))
            }
            var bodyTypes: [Declaration] = []
            let body = try requestBody(operation, owner: owner, types: &types, nested: &bodyTypes, scope: &scope)
            var responseTypes: [Declaration] = []
            let (success, errors) = try responses(operation, owner: owner, types: &types, nested: &responseTypes, scope: &scope)
            nested += bodyTypes.map { $0.restricted(to: .encode) } + responseTypes.map { $0.restricted(to: .decode) }
            let security = operation.security ?? document.security
            result.append(OperationDecl(
                methodName: methodName, inputName: inputName, operationID: operation.operationID ?? Naming.bare(methodName),
                httpMethod: operation.method.uppercased(), path: operation.path, doc: Self.doc(operation),
                parameters: parameters, body: body, success: success, errorBodies: errors,
                requiresAuthentication: !security.isEmpty && !security.contains([]),
                deprecated: operation.deprecated, nested: nested
            ))
        }
        return result
    }

    private func keeps(_ operation: Operation) -> Bool {
        let id = operation.operationID ?? ""
        if config.excludeOperations.contains(id) { return false }
        if let include = config.includeOperations, !include.contains(id) { return false }
        if let tags = config.includeTags, !operation.tags.contains(where: tags.contains) { return false }
        return true
    }

    private func isQueryValue(_ type: SwiftType, types: TypeTranslator) -> Bool {
        switch type {
        case .named(let name):
            return ["String", "Int", "Double", "Bool", "LocalDate", "Date", "UUID"].contains(name) || types.enumNames.contains(name)
        case .array(let element):
            if case .named = element { return isQueryValue(element, types: types) }
            return false
        case .dictionary:
            return false
        }
    }

    private func requestBody(_ operation: Operation, owner: String, types: inout TypeTranslator, nested: inout [Declaration],
                             scope: inout NameScope) throws -> BodyDecl? {
        guard let body = operation.requestBody, !body.content.isEmpty else { return nil }
        func base(_ media: MediaType) -> String {
            media.type.split(separator: ";").first.map { String($0).trimmed.lowercased() } ?? ""
        }
        let ranked: [(BodyDecl.Encoding, (MediaType) -> Bool)] = [
            (.json, { $0.isJSON }),
            (.form, { base($0) == "application/x-www-form-urlencoded" }),
            (.multipart, { base($0).hasPrefix("multipart/") }),
            (.text, { base($0).hasPrefix("text/") }),
            (.binary, { _ in true }),
        ]
        for (encoding, matches) in ranked {
            guard let media = body.content.first(where: matches) else { continue }
            var type: SwiftType = encoding == .binary ? .named("Data") : encoding == .text ? .named("String") : .named("JSONValue")
            if encoding != .binary, encoding != .text, let schema = media.schema {
                type = try types.use(schema, hint: "Body", owner: owner, nested: &nested, scope: &scope).type
            }
            let doc = body.description.map { $0.trimmed.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) } ?? []
            return BodyDecl(encoding: encoding, contentType: media.type, type: type, required: body.required, doc: doc)
        }
        return nil
    }

    private func responses(_ operation: Operation, owner: String, types: inout TypeTranslator, nested: inout [Declaration],
                           scope: inout NameScope) throws -> (SuccessDecl, [(String, SwiftType)]) {
        var success: SuccessDecl?
        var errors: [(String, SwiftType)] = []
        for response in operation.responses {
            let isSuccess = response.status.hasPrefix("2")
            if isSuccess, success != nil { continue }
            let media = response.content.first(where: \.isJSON) ?? response.content.first
            let hint = isSuccess ? "Output" : Naming.typeName("Error " + response.status)
            if let media, let schema = media.schema, media.isJSON || Self.looksLikeJSON(schema) {
                let usage = try types.use(schema, hint: response.componentName.map(Naming.typeName) ?? hint, owner: owner,
                                          nested: &nested, scope: &scope)
                if isSuccess { success = .json(usage.type) } else { errors.append((response.status, usage.type)) }
            } else if isSuccess {
                if let media {
                    let base = media.type.lowercased()
                    success = base.hasPrefix("text/") || base.contains("xml") ? .text : .data
                } else {
                    success = SuccessDecl.none
                }
            }
        }
        return (success ?? .none, errors)
    }

    /// A non-JSON media type whose schema is an object or a reference (e.g. Rasp's `stations_list` sent as `text/html`)
    /// is decoded as JSON anyway.
    static func looksLikeJSON(_ schema: Schema) -> Bool {
        schema.ref != nil || !schema.properties.isEmpty || schema.types.contains("object") || schema.types.contains("array")
    }

    static func doc(_ operation: Operation) -> [String] {
        var lines: [String] = []
        if let summary = operation.summary?.trimmed, !summary.isEmpty { lines.append(summary) }
        if let description = operation.description?.trimmed, !description.isEmpty, description != operation.summary?.trimmed {
            if !lines.isEmpty { lines.append("") }
            lines.append(contentsOf: description.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
        }
        return lines
    }
}
