extension TypeTranslator {
    /// Builds the properties of a struct, with defaults, optionality and nested declarations.
    mutating func structProperties(_ properties: [Schema.Property], required: RequiredNames, owner: String,
                                   nested: inout [Declaration], scope: inout NameScope) throws -> [PropertyDecl] {
        var memberScope = NameScope()
        memberScope.reserveCapacity(properties.count)
        var result: [PropertyDecl] = []
        result.reserveCapacity(properties.count)
        for property in properties {
            let name = memberScope.unique(memberName(ofProperty: property.name))
            // One type serves requests and responses: a `readOnly` value is absent from requests and a
            // `writeOnly` one from responses, so neither is required in the type.
            let direction = directionOnly(property.schema)
            let isRequired = required.contains(property.name) && direction == nil
            if isRequired, let constant = Self.constant(property.schema) {
                // A tag with one possible value: no enum of one case, and callers need not pass it.
                var doc = DocText.doc(property.schema)
                let code = "`\(constant)`"
                if !doc.contains(where: { $0.containsText(code) }) { doc.append("Always `\(constant)`.") }
                result.append(PropertyDecl(name: name, wireName: property.name, type: .named("String"),
                                           isOptional: false, isRequired: true, defaultValue: nil, constant: constant,
                                           doc: doc, deprecation: DocText.deprecation(property.schema)))
                continue
            }
            // The type name hint is only made when a declaration needs it (most properties need none).
            let usage = try use(property.schema, hint: Naming.typeName(property.name), owner: owner, nested: &nested,
                                scope: &scope)
            let defaultValue = property.schema.defaultValue.flatMap {
                defaultLiteral($0, for: usage.type, schema: property.schema)
            }
            let isOptional = usage.nullable || (!isRequired && defaultValue == nil)
            var doc = DocText.doc(property.schema)
            if doc.isEmpty { doc = referencedSummary(property.schema) }
            if let defaultValue, !isRequired {
                doc.append("- Note: Defaults to `\(defaultValue.spelling)` when missing.")
            }
            switch direction {
            case .readOnly?: doc.append("- Note: Read-only: the server sets it; leave it nil in requests.")
            case .writeOnly?: doc.append("- Note: Write-only: sent in requests, never in responses.")
            case nil: break
            }
            var decl = PropertyDecl(name: name, wireName: property.name, type: usage.type, isOptional: isOptional,
                                    isRequired: isRequired && defaultValue == nil && !usage.nullable,
                                    defaultValue: isRequired ? nil : defaultValue, doc: doc,
                                    deprecation: DocText.deprecation(property.schema))
            if isOptional && isFreeForm(property.schema) { decl.keepsNullValue = true }
            // A nullable value: `null` when required; told apart from a missing key when optional (no default).
            if usage.nullable && usage.type != .named("JSONValue") {
                if isRequired {
                    decl.encodesNull = true
                } else {
                    // A default says what a missing key means; `null` and a missing key still differ on the wire.
                    decl.tracksNull = true
                }
            }
            result.append(decl)
        }
        return result
    }

    /// Whether a schema (or the one its `$ref`s lead to) allows any JSON value, `null` included.
    func isFreeForm(_ schema: Schema) -> Bool {
        document.dereferenced(schema).isUnconstrained
    }

    /// Which direction a property travels in only.
    enum DirectionOnly { case readOnly, writeOnly }

    /// `readOnly` or `writeOnly`, on the property's schema or on the schema its `$ref` names.
    func directionOnly(_ schema: Schema) -> DirectionOnly? {
        let target = schema.ref.map { document.schemas[$0.target].schema }
        if schema.readOnly || target?.readOnly == true { return .readOnly }
        if schema.writeOnly || target?.writeOnly == true { return .writeOnly }
        return nil
    }

    /// For a bare `$ref` property: the first line of what the referenced schema says, so the property is documented.
    func referencedSummary(_ schema: Schema) -> [String] {
        guard let ref = schema.ref else { return [] }
        let target = document.schemas[ref.target].schema
        let text = [target.description, target.title].compactMap { $0?.trimmed }.first { !$0.isEmpty }
        return text.flatMap { $0.docLines.first }.map { [$0] } ?? []
    }

    /// A Swift expression for a schema `default`, or nil when it cannot be expressed (with a warning; a `null`
    /// default says nothing a missing key does not, and is left out without one).
    func defaultLiteral(_ given: Schema.DefaultValue, for type: SwiftType, schema: Schema) -> LiteralValue? {
        if case .scalar(_, .null) = given.value { return nil }
        if let literal = literal(given.value, for: type) { return literal }
        let message = "default value of type \(given.kindDescription) is not supported for \(type.spelling); ignored"
        diagnostics.warn(message, at: given.mark)
        return nil
    }

    /// A value as a Swift expression of a type, or nil when it is none.
    private func literal(_ value: Schema.DefaultValue.Value, for type: SwiftType) -> LiteralValue? {
        switch (value, type) {
        case (.emptyArray, .array):
            return .emptyArray
        case (.emptyObject, .dictionary):
            return .emptyDictionary
        case (.array(let items), .array(let element)):
            var literals: [LiteralValue] = []
            for item in items {
                guard let literal = literal(item, for: element) else { return nil }
                literals.append(literal)
            }
            return .array(literals)
        case (.scalar(let text, let resolved), .named(let name)):
            switch (name, resolved) {
            case ("Bool", .bool(let value)): return .bool(value)
            case ("Int", .int(let value)): return .integer(value)
            case ("UInt64", .int(let value)) where value >= 0: return .integer(value)
            case ("UInt64", .bigInt(let text)) where UInt64(text) != nil: return .bigInteger(text)
            case ("Double", .int(let value)), ("Decimal", .int(let value)): return .integer(value)
            case ("Decimal", .bigInt(let text)): return .decimal(text)
            case ("Double", .double(let value)) where value.isFinite: return .double(value)
            case ("String", _) where resolved != .null: return .string(text)
            case (_, .null): return nil
            default:
                if enumNames.contains(name) || isEnum(named: name) {
                    if case .int(let value) = resolved { return .enumValue(.integer(value)) }
                    return .enumValue(.string(text))
                }
                return nil
            }
        default:
            return nil
        }
    }

    private func isEnum(named name: String) -> Bool {
        guard let index = componentNames.first(where: { $0.value == name })?.key else { return false }
        let schema = document.schemas[index].schema
        return schema.enumValues != nil || (!schema.anyOf.isEmpty && schema.anyOf.contains { $0.enumValues != nil })
    }

    /// The value of a schema that allows exactly one string (`enum: [x]` or `const: x`), not null.
    static func constant(_ schema: Schema) -> String? {
        guard schema.ref == nil, !schema.nullable, let values = schema.enumValues, values.count == 1,
              case .string(let value) = values[0], schema.types.allSatisfy({ $0 == .string }),
              schema.properties.isEmpty, schema.allOf.isEmpty, schema.oneOf.isEmpty, schema.anyOf.isEmpty
        else { return nil }
        return value
    }

    /// Enum cases named after their values (or the names the document gives them), unique.
    static func enumCases(_ values: [String], names: [String: String] = [:]) -> [(name: String, literal: String)] {
        var scope = NameScope(reserved: ["unknown"])
        scope.reserveCapacity(values.count)
        var seen: Set<String> = []
        seen.reserveCapacity(values.count)
        var cases: [(String, String)] = []
        cases.reserveCapacity(values.count)
        for value in values where seen.insert(value).inserted {
            let base = names[value].map(Naming.memberName) ?? (value.isEmpty ? "empty" : Naming.memberName(value))
            cases.append((scope.unique(base), value))
        }
        return cases
    }

    /// A case name for a `oneOf` variant: the referenced type, the title, or the JSON type.
    static func caseName(for variant: Schema, index: Int, componentNames: [Int: String]) -> String {
        if let ref = variant.ref {
            return Naming.memberName(componentNames[ref.target] ?? lastToken(of: ref.text))
        }
        if let title = variant.title, !title.isEmpty { return Naming.memberName(title) }
        switch variant.types.first {
        case .string?: return variant.format == "date-time" ? "date" : "string"
        case .integer?: return "int"
        case .number?: return "double"
        case .boolean?: return "bool"
        case .array?: return "array"
        case .object?: return "object"
        case nil: return variant.properties.isEmpty ? "case\(index + 1)" : "object"
        }
    }
}
