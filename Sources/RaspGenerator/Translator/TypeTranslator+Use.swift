/// Type assignment at a use site: the Swift type a property, item, parameter or body gets, and the declarations
/// nested in its owner that it needs.
extension TypeTranslator {
    // MARK: Type assignment at a use site

    /// Assigns a type to a schema used as a property, item, parameter or body.
    /// - Parameters:
    ///   - hint: The name to give a declaration, if one is needed (only evaluated then).
    ///   - owner: The qualified name of the type that new declarations nest in.
    ///   - nested: Receives new declarations.
    mutating func use(_ schema: Schema, hint: @autoclosure () -> String, owner: String, nested: inout [Declaration],
                      scope: inout NameScope) throws -> Usage {
        if let ref = schema.ref {
            return try use(ref: ref, nullable: schema.nullable, hint: hint(), owner: owner, nested: &nested,
                           scope: &scope)
        }
        if let format = schema.format, let override = config.formatTypeOverrides[format] {
            return Usage(type: .named(override), nullable: schema.nullable)
        }
        let variants = schema.oneOf + schema.anyOf
        let nonNull = variants.filter { !$0.isNullOnly }
        // A `null` variant allows null, and so do one that allows anything (`{}`) and a nullable one.
        let nullable = schema.nullable || variants.contains(where: \.admitsNull)
        if !variants.isEmpty, schema.properties.isEmpty {
            if nonNull.isEmpty { return Usage(type: .named("JSONValue"), nullable: true) }
            if nonNull.count == 1, schema.allOf.isEmpty {
                var usage = try use(nonNull[0], hint: hint(), owner: owner, nested: &nested, scope: &scope)
                usage.nullable = usage.nullable || nullable
                return usage
            }
        }
        // `allOf` with one part that constrains the value, the others only annotating it (`- nullable: true`, a
        // description): the value is that part's.
        if !schema.allOf.isEmpty, schema.properties.isEmpty, variants.isEmpty,
           let part = Self.soleConstrainingPart(of: schema.allOf) {
            var usage = try use(part, hint: hint(), owner: owner, nested: &nested, scope: &scope)
            usage.nullable = usage.nullable || schema.nullable || schema.allOf.contains { $0.nullable }
            return usage
        }
        let shape = try shape(of: schema)
        switch shape {
        case .other:
            let type = try primitive(schema, hint: hint(), owner: owner, nested: &nested, scope: &scope)
            return Usage(type: type, nullable: nullable)
        case .enumeration(let rawType, let values):
            let name = scope.unique(hint())
            let qualified = owner.isEmpty ? name : "\(owner).\(name)"
            let key = [rawType] + values
            if let first = inlineEnums[key] {
                enumNames.insert(qualified)
                nested.append(.typeAlias(name: name, type: .named(first), doc: ["The same values as `\(first)`."]))
            } else {
                inlineEnums[key] = qualified
                nested.append(try declaration(named: name, for: schema, shape: shape, qualifiedName: qualified))
            }
            return Usage(type: .named(qualified), nullable: nullable)
        case .object, .union:
            let name = scope.unique(hint())
            let qualified = owner.isEmpty ? name : "\(owner).\(name)"
            nested.append(try declaration(named: name, for: schema, shape: shape, qualifiedName: qualified))
            return Usage(type: .named(qualified), nullable: nullable)
        }
    }

    private mutating func use(ref: SchemaReference, nullable: Bool, hint: @autoclosure () -> String, owner: String,
                              nested: inout [Declaration], scope: inout NameScope) throws -> Usage {
        let target = document.schemas[ref.target].schema
        if let swiftName = componentNames[ref.target] {
            return Usage(type: .named(swiftName), nullable: nullable || allowsNullOnce(ref.target))
        }
        // A schema written somewhere else (inside an operation, a property): translate it in place (bounded, as
        // such references can loop).
        guard pointerDepth < 16 else {
            diagnostics.warn("$ref '\(ref.text)' is too deeply nested to follow; using JSONValue", at: ref.mark)
            return Usage(type: .named("JSONValue"), nullable: true)
        }
        pointerDepth += 1
        defer { pointerDepth -= 1 }
        var usage = try use(target, hint: hint(), owner: owner, nested: &nested, scope: &scope)
        usage.nullable = usage.nullable || nullable
        return usage
    }

    /// ``allowsNull(_:)``, found once per schema entry (a component is named by many `$ref`s).
    private mutating func allowsNullOnce(_ index: Int) -> Bool {
        if nullableEntries.isEmpty { nullableEntries = Array(repeating: nil, count: document.schemas.count) }
        if let known = nullableEntries[index] { return known }
        let allows = allowsNull(index)
        nullableEntries[index] = allows
        return allows
    }

    /// Whether a schema entry allows `null`: itself, a `null` variant of its `oneOf`/`anyOf`, or the schema a
    /// `$ref`-only alias (or a chain of them) names.
    func allowsNull(_ index: Int) -> Bool {
        document.walkReferences(from: document.schemas[index].schema) { schema -> OpenAPIDocument.ReferenceStep<Bool> in
            if schema.nullable || schema.isNullOnly || (schema.oneOf + schema.anyOf).contains(where: \.admitsNull) {
                return .answer(true)
            }
            let unwrapped = Self.unwrap(schema)
            if unwrapped.nullable { return .answer(true) }
            guard let ref = unwrapped.ref, unwrapped.properties.isEmpty, unwrapped.allOf.isEmpty,
                  unwrapped.oneOf.isEmpty, unwrapped.anyOf.isEmpty else { return .answer(false) }
            return .follow(ref)
        } ?? false
    }

    /// A collection's item or value type: optional when the schema allows `null` (free-form JSON holds it already).
    static func element(_ usage: Usage) -> SwiftType {
        usage.nullable && usage.type != .named("JSONValue") ? .optional(usage.type) : usage.type
    }

    private mutating func primitive(_ schema: Schema, hint: @autoclosure () -> String, owner: String,
                                    nested: inout [Declaration],
                                    scope: inout NameScope) throws -> SwiftType {
        let type = schema.types.first
            ?? (schema.itemsStorage.isEmpty ? (schema.additionalProperties != nil ? .object : nil) : .array)
        switch type {
        case .string?:
            switch schema.format {
            case "date": return .named("LocalDate")
            case "date-time": return .named("Timestamp")
            // Raw bytes (a file part of a multipart body) carry a file name and media type; `byte` is base64 text.
            case "binary": return .named("BinaryFile")
            case "byte": return .named("Data")
            default: return .named("String")
            }
        // `uint64` values above `Int.max` (hashes, unsigned IDs) do not fit an `Int`; every other format does. An
        // integer whose schema shows values beyond `Int.max` is a `UInt64` when it cannot be negative and they fit
        // one, else a `Decimal`, which holds them exactly.
        case .integer?:
            if schema.format == "uint64" { return .named("UInt64") }
            return .named(Self.wideIntegerType(schema) ?? "Int")
        case .number?: return .named("Double")
        case .boolean?: return .named("Bool")
        case .array?:
            guard let items = schema.items else { return .array(.named("JSONValue")) }
            let usage = try use(items, hint: hint() + "Item", owner: owner, nested: &nested, scope: &scope)
            return .array(Self.element(usage))
        case .object?:
            if let additional = schema.additionalProperties?.schema {
                let usage = try use(additional, hint: hint() + "Value", owner: owner, nested: &nested, scope: &scope)
                return .dictionary(Self.element(usage))
            }
            return .dictionary(.named("JSONValue"))
        default:
            return .named("JSONValue")
        }
    }
}
