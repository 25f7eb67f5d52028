/// Unions and discriminators: the subtypes a base schema's discriminator names, a discriminator inferred from
/// the variants' constant tags, and the keys and tag values by which a decoder chooses among variants.
extension TypeTranslator {
    /// The subtypes of a base schema that has a discriminator (and no `oneOf`/`anyOf` of its own): the components
    /// its mapping names, then those that extend it with `allOf: [{$ref: base}, …]`, each with the discriminator
    /// values that select it (the mapping's, else the component's name, as the OpenAPI specification says). Nil
    /// when the schema is not such a base or nothing extends it.
    func polymorphicSubtypes(of index: Int, _ schema: Schema) -> [(target: Int, values: [String])]? {
        guard let discriminator = schema.discriminator, schema.oneOf.isEmpty, schema.anyOf.isEmpty,
              schema.ref == nil else { return nil }
        var subtypes: [(target: Int, values: [String])] = []
        func add(_ target: Int, value: String) {
            guard target != index, componentNames[target] != nil else { return }
            if let known = subtypes.firstIndex(where: { $0.target == target }) {
                if !subtypes[known].values.contains(value) { subtypes[known].values.append(value) }
            } else {
                subtypes.append((target, [value]))
            }
        }
        for mapping in discriminator.mapping {
            if let target = mapping.target { add(target, value: mapping.value) }
        }
        let mapped = Set(discriminator.mapping.compactMap(\.target))
        for (candidate, entry) in document.schemas.enumerated() where !mapped.contains(candidate) {
            guard let name = entry.name, config.schemaTypeOverrides[name] == nil else { continue }
            if Self.unwrap(entry.schema).allOf.contains(where: { $0.ref?.target == index }) {
                add(candidate, value: name)
            }
        }
        return subtypes.isEmpty ? nil : subtypes
    }

    /// A base schema with subtypes becomes a union of them, chosen by the discriminator, with a fallback case that
    /// holds the base's own properties (nested as `Base`) for values whose discriminator names no subtype.
    mutating func polymorphicDeclaration(named name: String, for schema: Schema,
                                                 subtypes: [(target: Int, values: [String])]) throws -> Declaration {
        var doc = DocText.doc(schema)
        if doc.isEmpty { doc = ["The `\(name)` schema of the API."] }
        doc += ["", "A base schema: a value is one of its subtypes, chosen by its discriminator."]
        var caseScope = NameScope(reserved: ["unknown"])
        var cases: [(String, SwiftType, [String])] = []
        for subtype in subtypes {
            guard let typeName = componentNames[subtype.target] else { continue }
            cases.append((caseScope.unique(Naming.memberName(typeName)), .named(typeName), subtype.values))
        }
        var scope = nestedScope()
        let baseName = scope.unique("Base")
        let qualified = "\(name).\(baseName)"
        var base = schema
        base.discriminator = nil
        base.description = "The base's own properties, for a subtype this client does not know."
        base.title = nil
        let shape = try shape(of: base)
        var nested: [Declaration] = []
        var fallbackType = SwiftType.named("JSONValue")
        if case .object = shape {
            nested.append(try declaration(named: baseName, for: base, shape: shape, qualifiedName: qualified))
            fallbackType = .named(qualified)
        }
        var decl = OneOfDecl(name: name, doc: doc, cases: cases,
                             discriminatorProperty: schema.discriminator?.propertyName, nested: nested)
        decl.fallback = (caseScope.unique("base"), fallbackType)
        return .oneOf(decl)
    }

    /// The discriminator of a union that declares none: a property every variant requires with its own values,
    /// no value shared by two variants — one constant each (OpenAI tags each event variant with `type`), or string
    /// enums with disjoint values. Decoding then reads the tag, where trying the variants would let an open enum
    /// accept another variant's value.
    mutating func inferredDiscriminator(_ variants: [Schema]) throws
        -> (property: String, values: [[String]])? {
        var tags: [[(property: String, values: [String])]] = []
        for variant in variants {
            guard case .object(let properties, let required, _, _) = try shape(of: try resolvedVariant(variant)) else {
                return nil
            }
            tags.append(properties.compactMap { property in
                guard required.contains(property.name), let values = tagValues(property.schema) else { return nil }
                return (property.name, values)
            })
        }
        for candidate in tags.first ?? [] {
            let values = tags.compactMap { variantTags in
                variantTags.first { $0.property == candidate.property }?.values
            }
            let all = values.joined()
            if values.count == tags.count, Set(all).count == all.count { return (candidate.property, values) }
        }
        return nil
    }

    /// The values a tag property allows: its constant, or its enum (through a `$ref`), not null. Strings only,
    /// unless `integers` also accepts an integer enum, whose values are then given as text.
    private func tagValues(_ schema: Schema, integers: Bool = false) -> [String]? {
        if let constant = Self.constant(schema) { return [constant] }
        let target = schema.ref.map { Self.unwrap(document.schemas[$0.target].schema) } ?? schema
        let isString = target.types.allSatisfy { $0 == .string }
        let isInteger = integers && target.types.allSatisfy { $0 == .integer || $0 == .number }
        guard !target.nullable, isString || isInteger, let values = target.enumValues, !values.isEmpty else {
            return nil
        }
        var texts: [String] = []
        for value in values {
            switch value {
            case .string(let text) where isString: texts.append(text)
            case .int(let number) where isInteger: texts.append(String(number))
            default: return nil
            }
        }
        return texts
    }

    /// The values an object variant allows for its enum-typed properties (strings, or integers as text), for
    /// choosing among variants.
    mutating func objectTags(of variant: Schema) throws -> [(property: String, values: [String])] {
        guard case .object(let properties, _, _, _) = try shape(of: try resolvedVariant(variant)) else { return [] }
        return properties.compactMap { property in
            tagValues(property.schema, integers: true).map { (property.name, $0) }
        }
    }

    /// The object keys a union variant keeps, for choosing among variants that accept a value: its properties (and
    /// those of the variants beside them), or nil when it keeps any key or is not an object.
    mutating func objectKeys(of variant: Schema, depth: Int = 0) throws -> [String]? {
        guard depth < 8 else { return nil }
        switch try shape(of: try resolvedVariant(variant)) {
        case .object(let properties, _, let additional, let variants):
            if additional != nil { return nil }
            return try objectKeys(of: variants, depth: depth).map { properties.map(\.name) + $0 }
        case .union(let variants):
            return try objectKeys(of: variants, depth: depth)
        case .enumeration, .other:
            return nil
        }
    }

    /// The keys of every one of `variants` together, or nil when one of them keeps any key.
    mutating func objectKeys(of variants: [Schema], depth: Int) throws -> [String]? {
        var keys: [String] = []
        for variant in variants {
            guard let more = try objectKeys(of: variant, depth: depth + 1) else { return nil }
            keys += more
        }
        return keys
    }

    /// The discriminator values that select a variant: the explicit mapping; else the one value the variant allows
    /// for the property (OpenAI maps `ChatCompletionMessageToolCall` by its `type: function`, never by its name);
    /// else the component name, as the OpenAPI specification says.
    mutating func discriminatorValues(for variant: Schema, in schema: Schema) throws -> [String] {
        guard let discriminator = schema.discriminator else { return [] }
        if let ref = variant.ref {
            let mapped = discriminator.mapping.filter { $0.target == ref.target }.map(\.value)
            if !mapped.isEmpty { return mapped }
        }
        // Every value the variant's enum allows (`web_search_preview` and its dated spelling) selects it.
        if let values = try requiredTagValues(of: variant, discriminator.propertyName) { return values }
        return variant.ref.map { [document.schemas[$0.target].name ?? Self.lastToken(of: $0.text)] } ?? []
    }

    /// The values a variant allows for its discriminator property, when it requires the property and lists them;
    /// nil when it leaves the tag unconstrained.
    mutating func requiredTagValues(of variant: Schema, _ name: String) throws -> [String]? {
        guard case .object(let properties, let required, _, _) = try shape(of: try resolvedVariant(variant)),
              required.contains(name), let property = properties.first(where: { $0.name == name }) else { return nil }
        return tagValues(property.schema)
    }

    /// `Pet` for `#/components/schemas/Pet` or `./schemas/Pet.yaml`.
    static func lastToken(of ref: String) -> String {
        let last = ref.split(separator: "/").last.map { DocumentParser.unescapePointer($0) } ?? ref
        return last.containsText(".") && !ref.containsText("#") ? DocumentParser.baseName(last) : last
    }

    /// A union variant with a reference to a schema followed and wrappers stripped.
    private func resolvedVariant(_ variant: Schema) throws -> Schema {
        guard let ref = variant.ref else { return Self.unwrap(variant) }
        return Self.unwrap(document.schemas[ref.target].schema)
    }
}
