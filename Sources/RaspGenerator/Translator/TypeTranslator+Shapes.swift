/// Shapes: what kind of declaration a schema needs (a struct, an enum, a union), with `allOf` parts merged into
/// one property list.
extension TypeTranslator {
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
            if !strings.isEmpty, strings.count == nonNull, schema.types.allSatisfy({ $0 == .string }) {
                return .enumeration(rawType: "String", values: strings)
            }
            if !ints.isEmpty, ints.count == nonNull, schema.types.allSatisfy({ $0 == .integer || $0 == .number }) {
                return .enumeration(rawType: "Int", values: ints.map(String.init))
            }
            return .other
        }
        if schema.types.count > 1 {
            return .union(schema.types.map { type in
                var variant = Schema(mark: schema.mark)
                variant.types = [type]
                variant.format = schema.format
                variant.itemsStorage = type == .array ? schema.itemsStorage : []
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
        if case .scalar(let text, _)? = schema.defaultValue?.value { shown.append(text) }
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
            && schema.types.allSatisfy { $0 == .object }
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
            guard variant.ref == nil, variant.types.allSatisfy({ $0 == .integer || $0 == .number }),
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
            guard variant.ref == nil, variant.types.allSatisfy({ $0 == .string }), variant.properties.isEmpty,
                  variant.oneOf.isEmpty, variant.anyOf.isEmpty, variant.allOf.isEmpty else { return nil }
            if let enumValues = variant.enumValues {
                for case .string(let value) in enumValues where !values.contains(value) { values.append(value) }
                sawEnum = true
            } else if variant.types != [.string] {
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
}
