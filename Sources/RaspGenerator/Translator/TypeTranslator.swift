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
    var enumNames: Set<String> = []
    /// Top-level type aliases → the type they name (a parameter of an alias to `String` is sent as text).
    private(set) var aliases: [String: SwiftType] = [:]
    /// Top-level names, reserved inside nested scopes so nested types never shadow them.
    private(set) var topLevelScope = NameScope()
    var allOfInProgress: Set<Int> = []
    /// Whether each schema entry allows `null`, by index, once found (see ``allowsNullOnce(_:)``).
    var nullableEntries: [Bool?] = []
    var pointerDepth = 0
    private var nestedScopeCache: NameScope?
    /// Inline enums already declared, by raw type and values → qualified name. A later inline enum with the same
    /// values becomes a type alias of the first (Twilio repeats a `GET`/`POST` enum a hundred times).
    var inlineEnums: [[String]: String] = [:]
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
                declarations.append(.typeAlias(name: swiftName, type: usage.type, doc: DocText.doc(schema)))
                aliases[swiftName] = usage.type
                declarations += extra
            } else {
                declarations.append(try declaration(named: swiftName, for: unwrapped, shape: shape,
                                                    qualifiedName: swiftName))
            }
        }
        return declarations
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
        var doc = DocText.doc(schema)
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
            let cases = Self.enumCases(values, names: schema.enumCaseNames)
            // Constants given as variants (`oneOf: [{const: 1, description: …}]`) say what each value means.
            let variants = (schema.oneOf + schema.anyOf).filter { !$0.isNullOnly && $0.enumValues?.count == 1 }
            let names = variants.map { variant in
                let literal = variant.enumValues.map { $0[0].literalText } ?? ""
                return "`\(cases.first { $0.literal == literal }?.name ?? literal)` (`\(literal)`)"
            }
            addVariantDocs(DocText.variantDocs(variants, names: names))
            // The open-enum idiom's plain-string variant may say what other values mean.
            let others = (schema.oneOf + schema.anyOf).filter { !$0.isNullOnly && $0.enumValues?.count != 1 }
            addVariantDocs(others.flatMap { variant in
                ([variant.description?.trimmed].compactMap { $0 } + DocText.foldedDescriptions(variant))
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
            addVariantDocs(DocText.variantDocs(variants, names: cases.map { "`\($0.0)`" }))
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

    /// A scope for declarations nested in a type: they must not shadow top-level names.
    mutating func nestedScope() -> NameScope {
        if let cached = nestedScopeCache { return cached }
        let scope = topLevelScope.nested()
        nestedScopeCache = scope
        return scope
    }
}
