internal import Foundation

extension DocumentParser {
    /// Reads a schema (3.0 or 3.1 flavour). One with an error (its own, not one of the schemas inside it, which
    /// are read the same way) is recorded and read as free-form JSON: an empty schema, which accepts any value.
    func parseSchema(_ node: YAMLNode) -> Schema {
        recovering(repair: Self.freeFormRepair) { try readSchema(node) } ?? Schema(mark: node.mark)
    }

    private func readSchema(_ node: YAMLNode) throws -> Schema {
        var schema = Schema(mark: node.mark)
        switch node {
        case .scalar(let scalar):
            // 3.1 allows boolean schemas: `true` = anything, `false` = nothing.
            guard case .bool = scalar.resolved else {
                throw Diagnostic(.error, "expected a schema (a mapping), found \(node.kindDescription)", at: node.mark)
            }
            return schema
        case .sequence:
            throw Diagnostic(.error, "expected a schema (a mapping), found a sequence", at: node.mark)
        case .mapping(let map):
            if map["$ref"] != nil,
               let sibling = map.entries.first(where: { Self.extendingKeywords.contains($0.key) }) {
                return try readSchema(referenceAndSiblings(map, sibling: sibling))
            }
            // Each entry is read in place (a copy of it would retain its key and value).
            for index in map.entries.indices {
                try read(map.entries[index], into: &schema)
            }
            if let values = schema.enumValues,
               let names = map.entries.first(where: { Self.enumNameKeys.contains($0.key) }) {
                schema.enumCaseNames = enumCaseNames(names, values: values)
            }
            // A string of JSON: its schema (`contentSchema` goes with a JSON `contentMediaType`).
            if let content = map["contentSchema"] {
                schema.contentSchemaStorage = [parseSchema(content)]
                return schema
            }
            // 3.1 spells binary strings with `contentMediaType` and base64 ones with `contentEncoding`.
            if schema.format == nil, schema.types == [.string] {
                if case .scalar(let encoding)? = map["contentEncoding"], encoding.value == "base64" {
                    schema.format = "byte"
                } else if map["contentMediaType"] != nil {
                    schema.format = "binary"
                }
            }
            return schema
        }
    }

    /// The keywords beside a `$ref` that add to the value it describes: members, items, variants, allowed values.
    private static let extendingKeywords: Set<String> = [
        "properties", "additionalProperties", "patternProperties", "items", "allOf", "oneOf", "anyOf", "not",
        "required", "enum", "const",
    ]

    /// The keywords that describe a schema without constraining its value: they stay beside the `allOf` that
    /// ``referenceAndSiblings(_:sibling:)`` makes, so that a property keeps its documentation and nullability.
    private static let annotationKeywords: Set<String> = [
        "description", "title", "deprecated", "readOnly", "writeOnly", "nullable", "default", "example", "examples",
        "externalDocs", "xml",
    ]

    /// A schema with a `$ref` and keywords that extend it. OpenAPI 3.1 (JSON Schema 2020-12) applies both: an
    /// `allOf` of the reference and the other keywords, annotations staying outside so that a property keeps its
    /// documentation and nullability. OpenAPI 3.0 ignores a `$ref`'s siblings, as this reads them, with a warning.
    /// Swagger 2.0 documents that write them mean the 3.1 reading: an error whose repair is that reading.
    private func referenceAndSiblings(_ map: YAMLMapping, sibling: YAMLMapping.Entry) -> YAMLNode {
        let appliesSiblings = openAPIVersion.hasPrefix("3.1") || isOpenAPI32
        if isSwagger2 {
            diagnostics.error("'\(sibling.key)' beside a $ref is ignored in Swagger 2.0, where a $ref replaces the "
                              + "object it is in; expected the reference and '\(sibling.key)' as parts of an 'allOf'",
                              at: sibling.keyMark,
                              repair: "both apply, as in OpenAPI 3.1 (an 'allOf' of the reference and its siblings)")
        } else if !appliesSiblings {
            warn("'\(sibling.key)' beside a $ref is ignored in OpenAPI \(openAPIVersion), where a $ref replaces the "
                 + "object it is in; to apply both, make them parts of an 'allOf' (or declare OpenAPI 3.1)",
                 at: sibling.keyMark)
        }
        var outside: [YAMLMapping.Entry] = []
        var constraints: [YAMLMapping.Entry] = []
        var reference: [YAMLMapping.Entry] = []
        for entry in map.entries {
            if entry.key == "$ref" {
                reference.append(entry)
            } else if Self.annotationKeywords.contains(entry.key) || entry.key.hasPrefix("x-") {
                outside.append(entry)
            } else {
                constraints.append(entry)
            }
        }
        guard isSwagger2 || appliesSiblings else {
            return .mapping(YAMLMapping(entries: reference + outside, mark: map.mark))
        }
        let parts = [reference, constraints].map { YAMLNode.mapping(YAMLMapping(entries: $0, mark: map.mark)) }
        let allOf = YAMLNode.sequence(YAMLSequence(items: parts, mark: sibling.keyMark))
        outside.append(YAMLMapping.Entry(key: "allOf", keyMark: sibling.keyMark, value: allOf))
        return .mapping(YAMLMapping(entries: outside, mark: map.mark))
    }

    private func read(_ entry: YAMLMapping.Entry, into schema: inout Schema) throws {
        guard let keyword = SchemaKeyword(entry.key) else {
            return  // Other validation keywords and x- extensions: not needed to generate code.
        }
        let value = entry.value
        switch keyword {
        case .ref:
            schema.ref = try schemaReference(try Self.string(value, "$ref"), at: value.mark)
        case .type:
            let names: [(String, Mark)]
            switch value {
            case .sequence(let sequence):
                if isSwagger2 {
                    diagnostics.error("a 'type' list is not Swagger 2.0; expected one type name", at: value.mark,
                                      repair: "read as in OpenAPI 3.1: any of the types ('null' allows null)")
                }
                names = try sequence.items.map { item in (try Self.string(item, "type"), item.mark) }
            default:
                names = [(try Self.string(value, "type"), value.mark)]
            }
            for (name, mark) in names {
                if name == "null" {
                    schema.nullable = true
                    schema.namesNullType = true
                } else if let type = JSONType(rawValue: name) {
                    schema.types.append(type)
                } else {
                    let message = "unknown type '\(name)'; "
                        + "expected one of array, boolean, integer, null, number, object, string"
                    throw Diagnostic(.error, message, at: mark)
                }
            }
        case .nullable:
            if try Self.bool(value, "nullable") { schema.nullable = true }
        case .format: schema.format = try Self.string(value, "format")
        case .title: schema.title = docText(value, "title")
        case .description: schema.description = docText(value, "description")
        case .deprecated: schema.deprecated = deprecatedFlag(value)
        case .readOnly: schema.readOnly = try Self.bool(value, "readOnly")
        case .writeOnly: schema.writeOnly = try Self.bool(value, "writeOnly")
        // Read for validators only: a value that is no boolean is left alone rather than failing the document.
        case .uniqueItems: schema.uniqueItems = value.scalar?.resolved == .bool(true)
        case .default: schema.defaultValue = Self.defaultValue(value)
        case .properties:
            var properties = value
            // Some publishers (DigitalOcean) write the whole properties map as a `$ref` to a map in another file.
            if let ref = Self.soleReference(value) {
                properties = try loader.resolve(ref.value, at: ref.mark).node
            }
            for property in try Self.mapping(properties, "'properties'").entries {
                schema.properties.append(Schema.Property(name: property.key, schema: parseSchema(property.value)))
            }
        case .required:
            // `required: true` on a property is a common 2.0-ism; warn and ignore it.
            if case .scalar = value {
                warn("'required' must be a list of property names; ignored", at: value.mark)
            } else {
                schema.required = try Self.sequence(value, "required").items.map { item in
                    try Self.string(item, "required")
                }
            }
        case .items:
            if case .sequence(let tuple) = value {  // 2019-09 tuple form: use the first item type
                warn("tuple 'items' are not supported; using the first item's schema", at: value.mark)
                schema.items = tuple.items.first.map { n in parseSchema(n) } ?? Schema(mark: value.mark)
            } else {
                schema.items = parseSchema(value)
            }
        case .additionalProperties:
            if case .scalar(let scalar) = value, case .bool(let allowed) = scalar.resolved {
                schema.additionalProperties = .allowed(allowed)
            } else {
                schema.additionalProperties = .schema([parseSchema(value)])
            }
        case .allOf: schema.allOf = try parseSchemaList(value, "allOf")
        case .oneOf: schema.oneOf = try parseSchemaList(value, "oneOf")
        case .anyOf: schema.anyOf = try parseSchemaList(value, "anyOf")
        case .enum:
            schema.enumValues = try Self.sequence(value, "enum").items.map { item in
                guard case .scalar(let scalar) = item else {
                    warn("non-scalar enum value ignored", at: item.mark)
                    return .null
                }
                if case .bigInt(let text) = scalar.resolved {
                    warn("integer \(text) does not fit in 64 bits; kept as text", at: item.mark)
                }
                return scalar.resolved
            }
        case .const:
            if case .scalar(let scalar) = value { schema.enumValues = [scalar.resolved] }
        case .discriminator:
            let map = try Self.mapping(value, "discriminator")
            guard let nameNode = map["propertyName"] else {
                throw Diagnostic(.error, "a discriminator needs a 'propertyName'", at: map.mark)
            }
            var mapping: [(String, Int?)] = []
            if let mappingMap = try Self.optionalMapping(map, "mapping") {
                for item in mappingMap.entries {
                    let value = try Self.string(item.value, "mapping")
                    mapping.append((item.key, try discriminatorTarget(value, at: item.value.mark)))
                }
            }
            schema.discriminator = Schema.Discriminator(propertyName: try Self.string(nameNode, "propertyName"),
                                                        mapping: mapping)
            if let defaultMapping = map.entry("defaultMapping") {
                warn("'defaultMapping' (OpenAPI 3.2) is not supported; a value whose discriminator names no variant "
                     + "fails to decode, or decodes as the base", at: defaultMapping.keyMark)
            }
        case .minimum, .maximum, .multipleOf:
            // Kept as written, 64 bits or not: a bound beyond them widens an integer's type (`UInt64`, `Decimal`).
            let text = value.scalar?.value
            switch entry.key {
            case "minimum": schema.facts.minimum = text
            case "maximum": schema.facts.maximum = text
            default: schema.facts.multipleOf = text
            }
        case .exclusiveMinimum, .exclusiveMaximum:
            // 3.1 gives the bound; 3.0 says `true` to make `minimum`/`maximum` exclusive (resolved in `facts`).
            let isMinimum = entry.key == "exclusiveMinimum"
            if case .scalar(let scalar) = value, case .bool = scalar.resolved {
                if isMinimum {
                    schema.facts.exclusiveMinimum = scalar.value
                } else {
                    schema.facts.exclusiveMaximum = scalar.value
                }
            } else if let text = value.scalar?.value {
                if isMinimum { schema.facts.exclusiveMinimum = text } else { schema.facts.exclusiveMaximum = text }
            }
        case .minLength: schema.facts.minLength = value.scalar?.value
        case .maxLength: schema.facts.maxLength = value.scalar?.value
        case .minItems: schema.facts.minItems = value.scalar?.value
        case .maxItems: schema.facts.maxItems = value.scalar?.value
        case .minProperties: schema.facts.minProperties = value.scalar?.value
        case .maxProperties: schema.facts.maxProperties = value.scalar?.value
        case .pattern: schema.facts.pattern = value.scalar?.value
        case .example: schema.facts.examples.insert(Self.exampleText(value), at: 0)
        case .examples:
            if case .sequence(let items) = value { schema.facts.examples += items.items.map(Self.exampleText) }
        }
    }

    /// The extensions in which documents name their enums' values (openapi-generator's, NSwag's and AutoRest's).
    private static let enumNameKeys: Set<String> = ["x-enum-varnames", "x-enumNames", "x-ms-enum"]

    /// The case names a document gives its enum's values, by each value's text: `x-enum-varnames` and
    /// `x-enumNames` are lists in the order of `enum`, `x-ms-enum`'s `values` pairs a `value` with a `name`.
    /// A list of another length than `enum`, or a name that is no text, is left out with a warning.
    private func enumCaseNames(_ entry: YAMLMapping.Entry, values: [ScalarValue]) -> [String: String] {
        var names: [String: String] = [:]
        switch entry.value {
        case .sequence(let list):
            guard list.items.count == values.count else {
                warn("'\(entry.key)' names \(list.items.count) values and 'enum' has \(values.count); the names are "
                     + "not used", at: entry.value.mark)
                return [:]
            }
            for (value, item) in zip(values, list.items) {
                guard let name = item.scalar?.value, !name.isEmpty else {
                    warn("'\(entry.key)' holds the names of the enum's values; expected text", at: item.mark)
                    return [:]
                }
                names[value.literalText] = name
            }
        case .mapping(let map):
            for item in map["values"]?.sequence?.items ?? [] {
                guard let value = item.mapping?["value"]?.scalar, let name = item.mapping?["name"]?.scalar?.value,
                      !name.isEmpty else { continue }
                names[value.resolved.literalText] = name
            }
        case .scalar:
            warn("'\(entry.key)' holds the names of the enum's values; expected a list", at: entry.value.mark)
        }
        return names
    }

    /// An example on one line: a scalar as written, a mapping or sequence as compact JSON.
    static func exampleText(_ node: YAMLNode) -> String {
        if case .scalar(let scalar) = node { return scalar.value }
        // Written into one string (examples can be big documents).
        var text = ""
        appendJSON(node, to: &text)
        return text
    }

    /// A `default` read into the model.
    static func defaultValue(_ node: YAMLNode) -> Schema.DefaultValue {
        let value: Schema.DefaultValue.Value = switch node {
        case .scalar(let scalar): .scalar(text: scalar.value, scalar.resolved)
        case .sequence(let sequence):
            if sequence.items.isEmpty {
                .emptyArray
            } else if let items = sequence.items.map({ $0.scalar }) as? [YAMLScalar] {
                .array(items.map { .scalar(text: $0.value, $0.resolved) })
            } else {
                .structure
            }
        case .mapping(let mapping): mapping.entries.isEmpty ? .emptyObject : .structure
        }
        return Schema.DefaultValue(value: value, json: jsonText(node), kindDescription: node.kindDescription,
                                   mark: node.mark)
    }

    /// A node as compact JSON: strings quoted, null as `null`, other scalars as written.
    static func jsonText(_ node: YAMLNode) -> String {
        var text = ""
        appendJSON(node, to: &text)
        return text
    }

    /// Appends a node as compact JSON: strings quoted, null as `null`, other scalars as written.
    private static func appendJSON(_ node: YAMLNode, to text: inout String) {
        switch node {
        case .scalar(let scalar):
            switch scalar.resolved {
            case .string: appendJSONString(scalar.value, to: &text)
            case .null: text += "null"
            default: text += scalar.value
            }
        case .sequence(let sequence):
            text += "["
            for index in sequence.items.indices {
                if index > 0 { text += ", " }
                appendJSON(sequence.items[index], to: &text)
            }
            text += "]"
        case .mapping(let mapping):
            text += "{"
            for index in mapping.entries.indices {
                if index > 0 { text += ", " }
                appendJSONString(mapping.entries[index].key, to: &text)
                text += ": "
                appendJSON(mapping.entries[index].value, to: &text)
            }
            text += "}"
        }
    }

    /// Appends a JSON string literal: the text in quotes, with quotes, backslashes and line feeds escaped.
    private static func appendJSONString(_ string: String, to text: inout String) {
        text += "\""
        // Text with nothing to escape (most of it) is appended whole. The three bytes are never part of a longer
        // UTF-8 sequence, so finding none of them means the text holds none of the three characters.
        let needsEscape = string.utf8.contains { byte in
            byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == UInt8(ascii: "\n")
        }
        if needsEscape {
            for character in string.unicodeScalars {
                switch character {
                case "\"": text += "\\\""
                case "\\": text += "\\\\"
                case "\n": text += "\\n"
                default: text.unicodeScalars.append(character)
                }
            }
        } else {
            text += string
        }
        text += "\""
    }

    private func parseSchemaList(_ node: YAMLNode, _ key: String) throws -> [Schema] {
        try Self.sequence(node, key).items.map { item in parseSchema(item) }
    }

    // MARK: The schema table

    /// Registers the entries of `components.schemas` (which may itself be a `$ref` to an index file) under their
    /// names. A component that only refers to a schema elsewhere (`Pet: {$ref: './schemas/Pet.yaml'}`) is that
    /// schema: references to the file then find the component, not a second type.
    func registerComponentSchemas() throws {
        guard let components = try Self.optionalMapping(root, "components"), let node = components["schemas"] else {
            return
        }
        var place = DocumentLoader.Target(node: node, file: 0, tokens: ["components", "schemas"])
        if case .mapping(let map) = node, let refNode = map["$ref"] {
            place = try loader.resolve(try Self.string(refNode, "$ref"), at: refNode.mark)
        }
        if case .scalar(let scalar) = place.node, scalar.resolved == .null { return }
        let map = try Self.mapping(place.node, "'schemas'")
        // Each entry's key is the mapping's with the entry's name appended.
        let mapKey = place.key
        for entry in map.entries {
            var key = mapKey
            DocumentLoader.Target.appendToken(entry.key, to: &key)
            _ = addSchema(name: entry.key, node: entry.value, key: key, isComponent: true)
        }
        for index in schemaEntries.indices {
            // Bounded: a chain of files that only refer on is rare and short.
            for _ in 0..<16 {
                // A reference that leads nowhere is reported when the schema is read (as free-form JSON).
                guard let ref = Self.soleReference(schemaNodes[index]),
                      let target = try? loader.resolve(ref.value, at: ref.mark)
                else { break }
                guard schemaIndexByKey[target.key] == nil else { break }
                schemaIndexByKey[target.key] = index
                schemaNodes[index] = target.node
            }
        }
    }

    /// Reads every registered schema not read yet (reading one may register more).
    func parsePendingSchemas() {
        while parsedSchemaCount < schemaNodes.count {
            let index = parsedSchemaCount
            parsedSchemaCount += 1
            schemaEntries[index].schema = parseSchema(schemaNodes[index])
        }
    }

    private func addSchema(name: String?, node: YAMLNode, key: String, isComponent: Bool) -> Int {
        let index = schemaEntries.count
        schemaEntries.append(SchemaEntry(name: name, schema: Schema(mark: node.mark), isComponent: isComponent))
        schemaNodes.append(node)
        schemaIndexByKey[key] = index
        return index
    }

    /// Resolves a schema `$ref` to its entry, registering the target the first time.
    func schemaReference(_ ref: String, at mark: Mark) throws -> SchemaReference {
        let reference = DocumentLoader.Reference(file: mark.file, text: ref)
        if let index = schemaIndexByReference[reference] {
            return SchemaReference(text: ref, target: index, mark: mark)
        }
        let target = try loader.resolve(reference, at: mark)
        let key = target.key
        var index = schemaIndexByKey[key]
        if index == nil {
            if let found = Self.section(of: target), found != "schema" {
                let written = loader.spelling(of: ref, at: mark)
                throw Diagnostic(.error, "$ref '\(written)' points to a \(found); expected a schema", at: mark)
            }
            index = addSchema(name: schemaName(of: target), node: target.node, key: key, isComponent: false)
        }
        schemaIndexByReference[reference] = index
        return SchemaReference(text: ref, target: index!, mark: mark)
    }

    /// The name a schema outside `components.schemas` is declared under: the key it is written at in `schemas`,
    /// `definitions` or `$defs`, or at the top of another file; the file's name for a whole file. Nil for a schema
    /// inside something else (an operation, a property), which is used in place.
    private func schemaName(of target: DocumentLoader.Target) -> String? {
        let tokens = target.tokens
        if tokens.isEmpty { return target.file == 0 ? nil : Self.baseName(loader.paths[target.file]) }
        if tokens.count >= 2, ["schemas", "definitions", "$defs"].contains(tokens[tokens.count - 2]) {
            return tokens.last
        }
        if tokens.count == 1, target.file != 0 { return tokens[0] }
        return nil
    }

    /// A discriminator mapping value: a `$ref`, or the bare name of a component schema. Nil, with a warning, when it
    /// names nothing.
    private func discriminatorTarget(_ value: String, at mark: Mark) throws -> Int? {
        let isReference = value.containsText("#") || value.containsText("/")
            || [".yaml", ".yml", ".json"].contains(where: value.hasSuffix)
        let ref = isReference ? value : "#/components/schemas/" + value
        do {
            return try schemaReference(ref, at: mark).target
        } catch let diagnostic as Diagnostic where diagnostic.message.contains("does not point to anything") {
            warn("discriminator mapping '\(value)' names no schema; ignored", at: mark)
            return nil
        }
    }

    /// ``unescapePointer(_:)`` for a token given as UTF-8 bytes.
    static func unescapePointer(_ token: UnsafeBufferPointer<UInt8>) -> String {
        // Nearly every token is a plain name: made straight from its bytes.
        guard token.contains(where: { $0 == UInt8(ascii: "%") || $0 == UInt8(ascii: "~") }) else {
            return String(decoding: token, as: UTF8.self)
        }
        return unescapePointer(Substring(String(decoding: token, as: UTF8.self)))
    }

    static func unescapePointer(_ token: Substring) -> String {
        // Nearly every token is a plain name: skip Foundation's search-and-replace for those.
        guard token.utf8.contains(where: { $0 == UInt8(ascii: "%") || $0 == UInt8(ascii: "~") }) else {
            return String(token)
        }
        var text = String(token)
        if text.containsText("%") { text = text.removingPercentEncoding ?? text }
        return text.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
    }

    static func templateVariables(_ path: String) -> [String] {
        if path.isASCII {
            // ASCII: each byte is a character (or a CR LF pair, which is no brace either), so braces are found on
            // the bytes and the names cut from them.
            var names: [String] = []
            var start: String.UTF8View.Index?
            let bytes = path.utf8
            var index = bytes.startIndex
            while index != bytes.endIndex {
                let byte = bytes[index]
                if byte == UInt8(ascii: "{") {
                    start = bytes.index(after: index)
                } else if byte == UInt8(ascii: "}"), let first = start {
                    names.append(String(Substring(bytes[first..<index])))
                    start = nil
                }
                index = bytes.index(after: index)
            }
            return names
        }
        var names: [String] = []
        var current: String?
        for character in path {
            if character == "{" {
                current = ""
            } else if character == "}", let name = current {
                names.append(name)
                current = nil
            } else if current != nil {
                current!.append(character)
            }
        }
        return names
    }

    // MARK: Typed readers

    static func optionalMapping(_ map: YAMLMapping, _ key: String) throws -> YAMLMapping? {
        guard let node = map[key] else { return nil }
        if case .scalar(let scalar) = node, scalar.resolved == .null { return nil }
        return try mapping(node, "'\(key)'")
    }

    static func optionalString(_ map: YAMLMapping, _ key: String) throws -> String? {
        try map[key].map { try string($0, key) }
    }

    static func optionalBool(_ map: YAMLMapping, _ key: String) throws -> Bool? {
        try map[key].map { try bool($0, key) }
    }

    /// - Parameter what: What the mapping is, for the error (made only when there is one).
    static func mapping(_ node: YAMLNode, _ what: @autoclosure () -> String) throws -> YAMLMapping {
        guard case .mapping(let map) = node else {
            throw Diagnostic(.error, "expected a mapping for \(what()), found \(node.kindDescription)", at: node.mark)
        }
        return map
    }

    static func sequence(_ node: YAMLNode, _ key: String) throws -> YAMLSequence {
        guard case .sequence(let sequence) = node else {
            throw Diagnostic(.error, "expected a sequence for '\(key)', found \(node.kindDescription)", at: node.mark)
        }
        return sequence
    }

    static func string(_ node: YAMLNode, _ key: String) throws -> String {
        guard case .scalar(let scalar) = node else {
            throw Diagnostic(.error, "expected a string for '\(key)', found \(node.kindDescription)", at: node.mark)
        }
        return scalar.value
    }

    static func bool(_ node: YAMLNode, _ key: String) throws -> Bool {
        guard case .scalar(let scalar) = node, case .bool(let value) = scalar.resolved else {
            throw Diagnostic(.error, "expected true or false for '\(key)', found \(node.kindDescription)",
                             at: node.mark)
        }
        return value
    }
}

/// The schema keywords ``DocumentParser`` reads (``DocumentParser/parseSchema(_:)``); other keys are skipped.
private enum SchemaKeyword {
    case ref, type, nullable, format, title, description, deprecated, readOnly, writeOnly, `default`, properties
    case required, items
    case additionalProperties, allOf, oneOf, anyOf, `enum`, const, discriminator
    case minimum, maximum, multipleOf, exclusiveMinimum, exclusiveMaximum, minLength, maxLength, minItems, maxItems
    case pattern, example, examples, uniqueItems, minProperties, maxProperties

    /// The keywords by name.
    private static let table = NameTable<SchemaKeyword>([
        ("$ref", .ref), ("type", .type), ("nullable", .nullable), ("format", .format), ("title", .title),
        ("description", .description), ("deprecated", .deprecated), ("readOnly", .readOnly),
        ("writeOnly", .writeOnly), ("default", .default),
        ("properties", .properties), ("required", .required), ("items", .items),
        ("additionalProperties", .additionalProperties), ("allOf", .allOf), ("oneOf", .oneOf),
        ("anyOf", .anyOf), ("enum", .enum), ("const", .const), ("discriminator", .discriminator),
        ("minimum", .minimum), ("maximum", .maximum), ("multipleOf", .multipleOf),
        ("exclusiveMinimum", .exclusiveMinimum), ("exclusiveMaximum", .exclusiveMaximum),
        ("minLength", .minLength), ("maxLength", .maxLength), ("minItems", .minItems), ("maxItems", .maxItems),
        ("pattern", .pattern), ("example", .example), ("examples", .examples), ("uniqueItems", .uniqueItems),
        ("minProperties", .minProperties), ("maxProperties", .maxProperties),
    ])

    /// The keyword a mapping key is, or nil.
    init?(_ key: String) {
        guard let keyword = Self.table[key] else { return nil }
        self = keyword
    }
}

extension YAMLNode {
    /// The node as compact JSON text (strings quoted, other scalars as written).
    public var jsonText: String { DocumentParser.jsonText(self) }
}
