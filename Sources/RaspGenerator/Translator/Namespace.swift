extension TranslatedAPI {
    /// Spells every reference to a generated top-level declaration as a member of `namespace` (`Pet` →
    /// `Billing.Pet`, `Operations.GetPet` → `Billing.Operations.GetPet`) when the declarations are nested in an enum
    /// (``GeneratorConfig/namespace``). The renderer applies it to its copy of the API before writing anything.
    ///
    /// References must be qualified: the client's, mock's and protocol's methods are written in extensions of the
    /// nested types (`extension Billing.Client`), and Swift does not look up the enclosing enum's members from
    /// there. Declarations keep their own names; only the types they name change.
    /// - Parameters:
    ///   - namespace: The enum's name.
    ///   - otherNames: Top-level names the renderer declares besides the types (the client, its protocol and
    ///     mock, `Operations`, `Servers`, the server's routes and example handler).
    mutating func qualifyReferences(in namespace: String, otherNames: [String]) {
        let topLevel = Set(types.map(\.name)).union(otherNames)
        func qualified(_ type: SwiftType) -> SwiftType {
            switch type {
            case .named(let name):
                let head = name.split(separator: ".", maxSplits: 1).first.map(String.init) ?? name
                return topLevel.contains(head) ? .named(namespace + "." + name) : type
            case .array(let element): return .array(qualified(element))
            case .dictionary(let value): return .dictionary(qualified(value))
            case .optional(let wrapped): return .optional(qualified(wrapped))
            }
        }
        func qualified(_ declaration: Declaration) -> Declaration {
            switch declaration {
            case .structType(var decl):
                for index in decl.properties.indices {
                    decl.properties[index].type = qualified(decl.properties[index].type)
                }
                if let additional = decl.additional { decl.additional?.valueType = qualified(additional.valueType) }
                if let variant = decl.variant { decl.variant?.type = qualified(variant.type) }
                decl.nested = decl.nested.map(qualified)
                return .structType(decl)
            case .oneOf(var decl):
                decl.cases = decl.cases.map { ($0.name, qualified($0.type), $0.discriminatorValues) }
                decl.fallback = decl.fallback.map { ($0.name, qualified($0.type)) }
                decl.nested = decl.nested.map(qualified)
                return .oneOf(decl)
            case .typeAlias(let name, let type, let doc):
                return .typeAlias(name: name, type: qualified(type), doc: doc)
            case .enumType:
                return declaration
            }
        }
        func success(_ success: SuccessDecl) -> SuccessDecl {
            switch success {
            case .json(let type, let emptyStatuses): .json(qualified(type), emptyStatuses: emptyStatuses)
            case .events(let type): .events(qualified(type))
            case .jsonLines(let type, let separator): .jsonLines(qualified(type), recordSeparator: separator)
            case .multipart(let type, let parts): .multipart(qualified(type), parts: parts)
            case .form(let type, let parts): .form(qualified(type), parts: parts)
            case .data, .text, .none, .rawEvents, .bytes: success
            }
        }
        types = types.map(qualified)
        for index in operations.indices {
            var operation = operations[index]
            for parameter in operation.parameters.indices {
                operation.parameters[parameter].type = qualified(operation.parameters[parameter].type)
            }
            if var body = operation.body {
                body.type = qualified(body.type)
                for representation in body.representations.indices {
                    let type = body.representations[representation].type
                    body.representations[representation].type = qualified(type)
                }
                operation.body = body
            }
            operation.success = success(operation.success)
            operation.streamVariant = operation.streamVariant.map { ($0.methodName, success($0.success)) }
            for item in operation.representations.indices {
                operation.representations[item].success = success(operation.representations[item].success)
            }
            operation.errorBodies = operation.errorBodies.mapTypes(qualified)
            operation.nested = operation.nested.map(qualified)
            operations[index] = operation
        }
    }
}
