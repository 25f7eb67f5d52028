/// Assigns Swift types to schemas and builds the declarations they need.
///
/// Component schemas become top-level declarations; inline object, enum and `oneOf` schemas become declarations
/// nested in the type (or operation namespace) that uses them. Types are spelled fully qualified
/// (`SearchResponse.Search`) so that the containment graph can be checked for cycles afterwards.
struct TypeTranslator {
    /// The result of assigning a type to a schema at a use site.
    struct Usage {
        var type: SwiftType
        var nullable: Bool
    }

    let document: OpenAPIDocument
    let config: GeneratorConfig
    let diagnostics: DiagnosticCollector
    /// Schema entry index → Swift type name, for the named entries (components and other files' schemas).
    private(set) var componentNames: [Int: String] = [:]
    /// Qualified names of every generated enum (query parameters may use them).
    private(set) var enumNames: Set<String> = []
    /// Top-level type aliases → the type they name (a parameter of an alias to `String` is sent as text).
    private(set) var aliases: [String: SwiftType] = [:]
    /// Top-level names, reserved inside nested scopes so nested types never shadow them.
    private(set) var topLevelScope = NameScope()
    private var allOfInProgress: Set<Int> = []
    /// Whether each schema entry allows `null`, by index, once found (see ``allowsNullOnce(_:)``).
    private var nullableEntries: [Bool?] = []
    private var pointerDepth = 0
    private var nestedScopeCache: NameScope?
    /// Inline enums already declared, by raw type and values → qualified name. A later inline enum with the same
    /// values becomes a type alias of the first (Twilio repeats a `GET`/`POST` enum a hundred times).
    private var inlineEnums: [[String]: String] = [:]
    /// The member name made from each property name so far (the same names recur across a spec's schemas). Keyed
    /// by code points: canonically equivalent names may make different member names.
    private var propertyMemberNames: [CodePointKey: String] = [:]

    /// ``Naming/memberName(_:)`` of a property name (or its `nameOverrides` entry), made once per name.
    mutating func memberName(ofProperty raw: String) -> String {
        let key = CodePointKey(text: raw)
        if let name = propertyMemberNames[key] { return name }
        let name = config.nameOverrides[raw] ?? Naming.memberName(raw)
        propertyMemberNames[key] = name
        return name
    }

    /// Names the generated code declares or uses besides the schemas' types: the client, its protocol and mock,
    /// the namespaces, and the runtime's and Foundation's types. A schema with one of these names gets a `Schema`
    /// suffix.
    static func generatedNames(clientName: String) -> Set<String> {
        Set(["Operations", "Servers", clientName, clientName + "Protocol", "Mock" + clientName])
            .union(RuntimeSurface.types).union(RuntimeSurface.foundationTypes)
    }

    init(document: OpenAPIDocument, config: GeneratorConfig, diagnostics: DiagnosticCollector) {
        self.document = document
        self.config = config
        self.diagnostics = diagnostics
        let generated = Self.generatedNames(clientName: config.clientName)
        // Room for every name reserved here, so the set is not rehashed as it grows.
        topLevelScope.reserveCapacity(generated.count + document.schemas.count)
        for name in generated.sorted() { _ = topLevelScope.unique(name) }
        for (index, entry) in document.schemas.enumerated() {
            guard let name = entry.name else { continue }
            if let override = config.schemaTypeOverrides[name] {
                componentNames[index] = override
                continue
            }
            var swiftName = config.overriddenName(name, specific: config.schemaNames) ?? Naming.typeName(name)
            if generated.contains(swiftName) { swiftName += "Schema" }
            componentNames[index] = topLevelScope.unique(swiftName)
        }
    }

    /// Reserves a top-level name (for operation namespaces, servers…).
    mutating func reserveTopLevel(_ name: String) -> String {
        nestedScopeCache = nil
        return topLevelScope.unique(name)
    }

    /// Translates every component schema into a top-level declaration.
    mutating func translateComponents() throws -> [Declaration] {
        try checkAliasCycles()
        var declarations: [Declaration] = []
        for (index, entry) in document.schemas.enumerated() {
            guard let name = entry.name, config.schemaTypeOverrides[name] == nil, let swiftName = componentNames[index]
            else { continue }
            let schema = entry.schema
            let unwrapped = Self.unwrap(schema)
            if let subtypes = polymorphicSubtypes(of: index, unwrapped) {
                declarations.append(try polymorphicDeclaration(named: swiftName, for: unwrapped, subtypes: subtypes))
                continue
            }
            let shape = try shape(of: unwrapped)
            if case .other = shape {
                // An alias (to a primitive, a collection or another component). Declarations its items or values
                // need go next to it at the top level: an alias cannot hold nested types.
                var extra: [Declaration] = []
                var scope = topLevelScope
                let usage = try use(schema, hint: swiftName, owner: "", nested: &extra, scope: &scope)
                topLevelScope = scope
                nestedScopeCache = nil
                declarations.append(.typeAlias(name: swiftName, type: usage.type, doc: Self.doc(schema)))
                aliases[swiftName] = usage.type
                declarations += extra
            } else {
                declarations.append(try declaration(named: swiftName, for: unwrapped, shape: shape,
                                                    qualifiedName: swiftName))
            }
        }
        return declarations
    }

    /// The subtypes of a base schema that has a discriminator (and no `oneOf`/`anyOf` of its own): the components
    /// its mapping names, then those that extend it with `allOf: [{$ref: base}, …]`, each with the discriminator
    /// values that select it (the mapping's, else the component's name, as the OpenAPI specification says). Nil
    /// when the schema is not such a base or nothing extends it.
    private func polymorphicSubtypes(of index: Int, _ schema: Schema) -> [(target: Int, values: [String])]? {
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
    private mutating func polymorphicDeclaration(named name: String, for schema: Schema,
                                                 subtypes: [(target: Int, values: [String])]) throws -> Declaration {
        var doc = Self.doc(schema)
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

    /// Components that are only a `$ref` to another component become type aliases; a chain of them that comes back
    /// to where it started would alias a type to itself.
    private func checkAliasCycles() throws {
        for (start, entry) in document.schemas.enumerated() where entry.name != nil {
            var seen: Set<Int> = [start]
            var current = Self.unwrap(entry.schema)
            while let ref = current.ref, document.schemas[ref.target].name != nil {
                guard seen.insert(ref.target).inserted else {
                    let message = "$ref cycle: '\(ref.text)' leads back to a schema already on the way; "
                        + "expected an object, enum or type"
                    throw Diagnostic(.error, message, at: current.mark)
                }
                current = Self.unwrap(document.schemas[ref.target].schema)
            }
        }
    }

    /// Strips wrappers that add nothing but nullability or docs: `anyOf: [X, null]`, a single inline `allOf`.
    static func unwrap(_ schema: Schema) -> Schema {
        var current = schema
        while current.ref == nil, current.properties.isEmpty {
            let variants = (current.oneOf + current.anyOf).filter { !$0.isNullOnly }
            var inner: Schema
            if variants.count == 1, current.allOf.isEmpty, variants[0].ref == nil {
                inner = variants[0]
            } else if variants.isEmpty, let part = soleConstrainingPart(of: current.allOf),
                      part.ref == nil || current.allOf.count > 1 {
                inner = part
                // The annotating parts' `nullable: true`.
                if current.allOf.contains(where: \.nullable), !inner.nullable { inner.nullable = true }
            } else {
                break
            }
            // Fields are only written when they change: a write copies the part's shared fields first.
            if inner.description == nil && inner.title == nil {
                if current.description != nil { inner.description = current.description }
                if current.title != nil { inner.title = current.title }
            }
            let nullable = inner.nullable || current.nullable
                || variants.count != current.oneOf.count + current.anyOf.count
            if nullable != inner.nullable { inner.nullable = nullable }
            current = inner
        }
        return current
    }

    /// The one part of an `allOf` that says something about the value when every other part only annotates it
    /// (`nullable`, a description, a default), or nil.
    static func soleConstrainingPart(of parts: [Schema]) -> Schema? {
        var found: Schema?
        for part in parts where !part.isUnconstrained {
            guard found == nil else { return nil }
            found = part
        }
        return found
    }

    /// The declaration for a named schema: a struct, an enum, a `oneOf` enum or a type alias.
    /// - Parameter shape: The schema's ``shape(of:)``, which the caller has already found (it decided that the
    ///   schema needs a declaration).
    /// - Parameter extraKeys: For a union, the keys of the properties written beside it, which every variant
    ///   keeps too.
    mutating func declaration(named name: String, for schema: Schema, shape: Shape,
                              qualifiedName: String, extraKeys: [String] = []) throws -> Declaration {
        var doc = Self.doc(schema)
        if doc.isEmpty {
            // Every declaration gets a line of documentation, even when the schema says nothing.
            doc = ["The `\(name)` schema of the API."]
        }
        func addVariantDocs(_ lines: [String]) {
            guard !lines.isEmpty else { return }
            if !doc.isEmpty { doc.append("") }
            doc += lines
        }
        switch shape {
        case .object(let properties, let required, let additional, let variants):
            var nested: [Declaration] = []
            var scope = nestedScope()
            let props = try structProperties(properties, required: required, owner: qualifiedName, nested: &nested,
                                             scope: &scope)
            var decl = StructDecl(name: name, doc: doc, properties: props, nested: nested)
            var memberScope = NameScope(reserved: Set(props.map { Naming.bare($0.name) }))
            if !variants.isEmpty {
                // The union beside the properties, decoded from the same object: its variants also keep the
                // properties' keys.
                var union = Schema(mark: schema.mark)
                union.oneOf = schema.oneOf
                union.anyOf = schema.anyOf
                union.discriminator = schema.discriminator
                let typeName = scope.unique("Variant")
                let qualified = "\(qualifiedName).\(typeName)"
                decl.nested.append(try declaration(named: typeName, for: union, shape: .union(variants),
                                                   qualifiedName: qualified, extraKeys: properties.map(\.name)))
                decl.variant = .init(name: memberScope.unique("variant"), type: .named(qualified),
                                     doc: ["Which of the schema's variants the value also is (its `oneOf`/`anyOf`)."])
            }
            if let additional {
                var valueType = SwiftType.named("JSONValue")
                if let valueSchema = additional.schema {
                    valueType = Self.element(try use(valueSchema, hint: "AdditionalProperty", owner: qualifiedName,
                                                     nested: &decl.nested, scope: &scope))
                }
                decl.additional = .init(name: memberScope.unique("additionalProperties"), valueType: valueType)
            }
            return .structType(decl)
        case .enumeration(let rawType, let values):
            enumNames.insert(qualifiedName)
            let cases = Self.enumCases(values)
            // Constants given as variants (`oneOf: [{const: 1, description: …}]`) say what each value means.
            let variants = (schema.oneOf + schema.anyOf).filter { !$0.isNullOnly && $0.enumValues?.count == 1 }
            let names = variants.map { variant in
                let literal = variant.enumValues.map { Self.literalText($0[0]) } ?? ""
                return "`\(cases.first { $0.literal == literal }?.name ?? literal)` (`\(literal)`)"
            }
            addVariantDocs(Self.variantDocs(variants, names: names))
            // The open-enum idiom's plain-string variant may say what other values mean.
            let others = (schema.oneOf + schema.anyOf).filter { !$0.isNullOnly && $0.enumValues?.count != 1 }
            addVariantDocs(others.flatMap { variant in
                ([variant.description?.trimmed].compactMap { $0 } + Self.foldedDescriptions(variant))
                    .filter { !$0.isEmpty && !doc.joined(separator: "\n").contains($0) }.flatMap(\.docLines)
            })
            return .enumType(EnumDecl(name: name, doc: doc, rawType: rawType, cases: cases))
        case .union(let variants):
            var nested: [Declaration] = []
            var scope = nestedScope()
            var caseScope = NameScope(reserved: ["unknown"])
            var cases: [(String, SwiftType, [String])] = []
            var caseKeys: [[String]?] = []
            var caseTags: [[(property: String, values: [String])]] = []
            let inferred = schema.discriminator == nil ? try inferredDiscriminator(variants) : nil
            for (index, variant) in variants.enumerated() {
                let caseName = caseScope.unique(Self.caseName(for: variant, index: index,
                                                              componentNames: componentNames))
                let hint = Naming.typeName(Naming.bare(caseName))
                let usage = try use(variant, hint: hint, owner: qualifiedName, nested: &nested, scope: &scope)
                cases.append((caseName, usage.type,
                              try inferred.map { $0.values[index] } ?? discriminatorValues(for: variant, in: schema)))
                caseKeys.append(try objectKeys(of: variant).map { extraKeys + $0 })
                caseTags.append(try objectTags(of: variant))
            }
            addVariantDocs(Self.variantDocs(variants, names: cases.map { "`\($0.0)`" }))
            var decl = OneOfDecl(name: name, doc: doc, cases: cases,
                                 discriminatorProperty: schema.discriminator?.propertyName ?? inferred?.property,
                                 nested: nested)
            decl.caseKeys = caseKeys
            decl.caseTags = caseTags
            // An unknown tag can only belong to a variant that does not constrain the tag itself (a nested union, a
            // free string); where every variant requires its own values, it belongs to none.
            if let property = schema.discriminator?.propertyName {
                decl.triesCasesForUnknownTag = try variants.contains { try requiredTagValues(of: $0, property) == nil }
            }
            return .oneOf(decl)
        case .other:
            preconditionFailure("declaration(named:) is only called for schemas that need a declaration")
        }
    }

    /// The discriminator of a union that declares none: a property every variant requires with its own values,
    /// no value shared by two variants — one constant each (OpenAI tags each event variant with `type`), or string
    /// enums with disjoint values. Decoding then reads the tag, where trying the variants would let an open enum
    /// accept another variant's value.
    private mutating func inferredDiscriminator(_ variants: [Schema]) throws
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
        let isString = target.types.allSatisfy { $0 == "string" }
        let isInteger = integers && target.types.allSatisfy { $0 == "integer" || $0 == "number" }
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
    private mutating func objectTags(of variant: Schema) throws -> [(property: String, values: [String])] {
        guard case .object(let properties, _, _, _) = try shape(of: try resolvedVariant(variant)) else { return [] }
        return properties.compactMap { property in
            tagValues(property.schema, integers: true).map { (property.name, $0) }
        }
    }

    /// The object keys a union variant keeps, for choosing among variants that accept a value: its properties (and
    /// those of the variants beside them), or nil when it keeps any key or is not an object.
    private mutating func objectKeys(of variant: Schema, depth: Int = 0) throws -> [String]? {
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
    private mutating func objectKeys(of variants: [Schema], depth: Int) throws -> [String]? {
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
    private mutating func discriminatorValues(for variant: Schema, in schema: Schema) throws -> [String] {
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
    private mutating func requiredTagValues(of variant: Schema, _ name: String) throws -> [String]? {
        guard case .object(let properties, let required, _, _) = try shape(of: try resolvedVariant(variant)),
              required.contains(name), let property = properties.first(where: { $0.name == name }) else { return nil }
        return tagValues(property.schema)
    }

    /// An enum value as its case literal is written (`1`, `text`).
    static func literalText(_ value: YAMLScalar.Resolved) -> String {
        switch value {
        case .string(let text), .bigInt(let text): text
        case .int(let int): String(int)
        case .double(let double): String(double)
        case .bool(let bool): String(bool)
        case .null: "null"
        }
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
    private static func element(_ usage: Usage) -> SwiftType {
        usage.nullable && usage.type != .named("JSONValue") ? .optional(usage.type) : usage.type
    }

    private mutating func primitive(_ schema: Schema, hint: @autoclosure () -> String, owner: String,
                                    nested: inout [Declaration],
                                    scope: inout NameScope) throws -> SwiftType {
        let type = schema.types.first
            ?? (schema.itemsStorage.isEmpty ? (schema.additionalProperties != nil ? "object" : "") : "array")
        switch type {
        case "string":
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
        case "integer":
            if schema.format == "uint64" { return .named("UInt64") }
            return .named(Self.wideIntegerType(schema) ?? "Int")
        case "number": return .named("Double")
        case "boolean": return .named("Bool")
        case "array":
            guard let items = schema.items else { return .array(.named("JSONValue")) }
            let usage = try use(items, hint: hint() + "Item", owner: owner, nested: &nested, scope: &scope)
            return .array(Self.element(usage))
        case "object":
            if let additional = schema.additionalProperties?.schema {
                let usage = try use(additional, hint: hint() + "Value", owner: owner, nested: &nested, scope: &scope)
                return .dictionary(Self.element(usage))
            }
            return .dictionary(.named("JSONValue"))
        default:
            return .named("JSONValue")
        }
    }

    // MARK: Shapes

    enum Shape {
        /// A struct: its properties, the extra keys it keeps (`additionalProperties` true or a schema, beside the
        /// properties) and the `oneOf`/`anyOf` variants written beside them.
        case object(properties: [Schema.Property], required: RequiredNames, additional: Schema.AdditionalProperties?,
                    variants: [Schema])
        case enumeration(rawType: String, values: [String])
        case union([Schema])
        case other
    }

    /// Decides what kind of declaration a schema needs (refs are not followed, except through `allOf`).
    mutating func shape(of schema: Schema) throws -> Shape {
        if schema.ref != nil { return .other }
        let variants = (schema.oneOf + schema.anyOf).filter { !$0.isNullOnly }
        if !variants.isEmpty, schema.properties.isEmpty, schema.allOf.isEmpty {
            if variants.count == 1 { return .other }
            // The open-enum idiom: anyOf [string enum, plain string] → one enum that keeps unknown values.
            if let values = openEnumValues(variants) { return .enumeration(rawType: "String", values: values) }
            // Integer constants, one per variant (`oneOf: [{const: 1, title: text}, {const: 2, title: voice}]`).
            if let values = integerConstants(variants) { return .enumeration(rawType: "Int", values: values) }
            return .union(variants)
        }
        if let values = schema.enumValues {
            let strings = values.compactMap { if case .string(let s) = $0 { s } else { nil } }
            let ints = values.compactMap { if case .int(let i) = $0 { i } else { nil } }
            let nonNull = values.filter { $0 != .null }.count
            if !strings.isEmpty, strings.count == nonNull, schema.types.allSatisfy({ $0 == "string" }) {
                return .enumeration(rawType: "String", values: strings)
            }
            if !ints.isEmpty, ints.count == nonNull, schema.types.allSatisfy({ $0 == "integer" || $0 == "number" }) {
                return .enumeration(rawType: "Int", values: ints.map(String.init))
            }
            return .other
        }
        if schema.types.count > 1 {
            return .union(schema.types.map { type in
                var variant = Schema(mark: schema.mark)
                variant.types = [type]
                variant.format = schema.format
                variant.itemsStorage = type == "array" ? schema.itemsStorage : []
                return variant
            })
        }
        if !schema.allOf.isEmpty {
            var properties: [Schema.Property] = []
            var required: Set<String> = []
            let beside = Self.structuralVariants(schema)
            try collectObject(schema, properties: &properties, required: &required, mark: schema.mark,
                              foldingOwnVariants: beside.isEmpty)
            guard !properties.isEmpty || !beside.isEmpty else { return .other }
            Self.declareRequired(required, in: &properties, mark: schema.mark)
            return .object(properties: properties, required: RequiredNames(required),
                           additional: try keptAdditionalProperties(schema), variants: beside)
        }
        if !schema.properties.isEmpty {
            var properties = schema.properties
            Self.declareRequired(schema.required, in: &properties, mark: schema.mark)
            return .object(properties: properties, required: RequiredNames(schema.required),
                           additional: try keptAdditionalProperties(schema), variants: Self.structuralVariants(schema))
        }
        return .other
    }

    /// Adds a free-form property for each required name that no property declares (a document may require a key
    /// it never describes): a valid value has the key, so the type must keep it.
    static func declareRequired(_ required: some Sequence<String>, in properties: inout [Schema.Property], mark: Mark) {
        for name in required where !properties.contains(where: { $0.name == name }) {
            var schema = Schema(mark: mark)
            schema.description = "Required by the schema, which does not describe it."
            properties.append(Schema.Property(name: name, schema: schema))
        }
    }

    /// The `oneOf`/`anyOf` variants beside an object's properties that describe values (not only constraints such
    /// as `{required: [email]}`, which say which properties must be present): they become a union member.
    static func structuralVariants(_ schema: Schema) -> [Schema] {
        let variants = (schema.oneOf + schema.anyOf).filter { !$0.isNullOnly }
        let structural = variants.contains { variant in
            variant.ref != nil || !variant.types.isEmpty || !variant.properties.isEmpty || !variant.allOf.isEmpty
                || !variant.oneOf.isEmpty || !variant.anyOf.isEmpty || variant.enumValues != nil
                || variant.additionalProperties != nil || !variant.itemsStorage.isEmpty
        }
        return structural ? variants : []
    }

    /// The `additionalProperties` an object keeps beside its properties: its own, or that of an `allOf` part
    /// (through references), unless one of them says `false`; nil when none allows extra keys.
    private func keptAdditionalProperties(_ schema: Schema, depth: Int = 0) throws -> Schema.AdditionalProperties? {
        guard depth < 16 else { return nil }
        let schema = document.dereferenced(schema)
        if schema.ref != nil { return nil }
        switch schema.additionalProperties {
        case .allowed(false)?: return nil
        case .allowed(true)?, .schema?: return schema.additionalProperties
        case nil: break
        }
        for part in schema.allOf {
            if let kept = try keptAdditionalProperties(part, depth: depth + 1) { return kept }
        }
        return nil
    }

    /// Flattens `allOf` (through refs) into one property list; later parts override earlier ones.
    /// - Parameter foldingOwnVariants: Whether the schema's own `oneOf`/`anyOf` variants add their properties (as
    ///   optional ones); false when they become a union member instead. Parts always fold theirs.
    private mutating func collectObject(_ schema: Schema, properties: inout [Schema.Property],
                                        required: inout Set<String>, mark: Mark,
                                        foldingOwnVariants: Bool = true) throws {
        if let ref = schema.ref {
            guard allOfInProgress.insert(ref.target).inserted else {
                throw Diagnostic(.error, "allOf cycle: '\(ref.text)' includes itself", at: schema.mark)
            }
            defer { allOfInProgress.remove(ref.target) }
            let target = document.schemas[ref.target].schema
            try collectObject(target, properties: &properties, required: &required, mark: mark)
            return
        }
        for part in schema.allOf {
            try collectObject(part, properties: &properties, required: &required, mark: mark)
        }
        for variant in schema.oneOf + schema.anyOf where foldingOwnVariants && !variant.isNullOnly {
            // allOf + oneOf (beside the allOf, or as one of its parts): keep the shared part; the variants' extra
            // properties become optional.
            var extra: [Schema.Property] = []
            var ignored: Set<String> = []
            try collectObject(variant, properties: &extra, required: &ignored, mark: mark)
            for property in extra where !properties.contains(where: { $0.name == property.name }) {
                properties.append(property)
            }
        }
        for property in schema.properties {
            if let index = properties.firstIndex(where: { $0.name == property.name }) {
                // The later part's schema wins; the earlier part's words stay with it.
                var merged = property
                let earlier = properties[index].schema.description?.trimmed ?? ""
                let later = property.schema.description?.trimmed ?? ""
                if !earlier.isEmpty, earlier != later {
                    merged.schema.description = later.isEmpty ? earlier : later + "\n\n" + earlier
                }
                // Two inline objects (a part adds members to the other's): both apply, so both sets of members stay.
                if Self.isInlineObject(properties[index].schema), Self.isInlineObject(property.schema) {
                    Self.addMembers(of: properties[index].schema, to: &merged.schema)
                }
                // Both parts apply (allOf): a direction either part gives stays.
                if properties[index].schema.readOnly && !merged.schema.readOnly { merged.schema.readOnly = true }
                if properties[index].schema.writeOnly && !merged.schema.writeOnly { merged.schema.writeOnly = true }
                properties[index] = merged
            } else {
                properties.append(property)
            }
        }
        required.formUnion(schema.required)
    }

    /// The type of an integer schema without a format that shows a value beyond `Int.max` in its default, examples
    /// or bounds (DigitalOcean's Kafka settings default to 9223372036854776000, 2^63 written through a double; its
    /// MySQL ones allow up to 2^64 − 1), or nil when it shows none.
    static func wideIntegerType(_ schema: Schema) -> String? {
        let facts = schema.facts
        var shown = [facts.minimum, facts.maximum].compactMap { $0 } + facts.examples
        if case .scalar(let scalar)? = schema.defaultValue { shown.append(scalar.value) }
        let integers = shown.filter { text in
            let digits = text.first == "-" || text.first == "+" ? text.dropFirst() : Substring(text)
            return !digits.isEmpty && digits.allSatisfy { $0.isASCII && $0.isNumber }
        }
        guard integers.contains(where: { Int($0) == nil }) else { return nil }
        let unsigned = facts.minimum.flatMap { UInt64($0) } != nil && integers.allSatisfy { UInt64($0) != nil }
        return unsigned ? "UInt64" : "Decimal"
    }

    /// An object schema written in place, with members and nothing that composes it.
    private static func isInlineObject(_ schema: Schema) -> Bool {
        schema.ref == nil && schema.allOf.isEmpty && schema.oneOf.isEmpty && schema.anyOf.isEmpty
            && schema.types.allSatisfy { $0 == "object" }
            && (!schema.properties.isEmpty || schema.additionalProperties != nil)
    }

    /// Adds an earlier part's members to a later part's object: its properties the later one does not redeclare,
    /// its required names, and its `additionalProperties` where the later one says nothing of them.
    private static func addMembers(of earlier: Schema, to later: inout Schema) {
        let redeclared = Set(later.properties.map(\.name))
        later.properties = earlier.properties.filter { !redeclared.contains($0.name) } + later.properties
        later.required += earlier.required.filter { !later.required.contains($0) }
        if later.additionalProperties == nil { later.additionalProperties = earlier.additionalProperties }
    }

    private func integerConstants(_ variants: [Schema]) -> [String]? {
        var values: [String] = []
        for variant in variants {
            guard variant.ref == nil, variant.types.allSatisfy({ $0 == "integer" || $0 == "number" }),
                  variant.properties.isEmpty, variant.oneOf.isEmpty, variant.anyOf.isEmpty, variant.allOf.isEmpty,
                  let enumValues = variant.enumValues, !enumValues.isEmpty else { return nil }
            for value in enumValues {
                guard case .int(let int) = value else { return nil }
                if !values.contains(String(int)) { values.append(String(int)) }
            }
        }
        return values
    }

    private func openEnumValues(_ variants: [Schema]) -> [String]? {
        var values: [String] = []
        var sawEnum = false
        for variant in variants {
            guard variant.ref == nil, variant.types.allSatisfy({ $0 == "string" }), variant.properties.isEmpty,
                  variant.oneOf.isEmpty, variant.anyOf.isEmpty, variant.allOf.isEmpty else { return nil }
            if let enumValues = variant.enumValues {
                for case .string(let value) in enumValues where !values.contains(value) { values.append(value) }
                sawEnum = true
            } else if variant.types != ["string"] {
                return nil
            }
        }
        return sawEnum && !values.isEmpty ? values : nil
    }

    /// The required property names of an object shape: a schema's own short list as it is (a linear search of a
    /// few names costs less than hashing them into a set, then hashing each property name to look it up), a
    /// longer one or a merged `allOf` as a set.
    struct RequiredNames {
        private let list: [String]
        private let set: Set<String>?

        init(_ list: [String]) {
            if list.count > 8 {
                self.list = []
                set = Set(list)
            } else {
                self.list = list
                set = nil
            }
        }

        init(_ set: Set<String>) {
            list = []
            self.set = set
        }

        func contains(_ name: String) -> Bool {
            set?.contains(name) ?? list.contains(name)
        }
    }

    /// A scope for declarations nested in a type: they must not shadow top-level names.
    private mutating func nestedScope() -> NameScope {
        if let cached = nestedScopeCache { return cached }
        let scope = topLevelScope.nested()
        nestedScopeCache = scope
        return scope
    }
}
