internal import Foundation

extension DocumentParser {
    /// Reads a schema (3.0 or 3.1 flavour).
    func parseSchema(_ node: YAMLNode) throws -> Schema {
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
            for entry in map.entries {
                try read(entry, into: &schema)
            }
            return schema
        }
    }

    private func read(_ entry: YAMLMapping.Entry, into schema: inout Schema) throws {
        let value = entry.value
        switch entry.key {
        case "$ref":
            let ref = try Self.string(value, "$ref")
            guard try resolvePointer(ref, at: value.mark) != nil else {
                throw Diagnostic(.error, "$ref '\(ref)' does not point to anything in this document", at: value.mark)
            }
            schema.ref = ref
        case "type":
            let names: [(String, Mark)]
            switch value {
            case .sequence(let sequence):
                names = try sequence.items.map { item in (try Self.string(item, "type"), item.mark) }
            default:
                names = [(try Self.string(value, "type"), value.mark)]
            }
            for (name, mark) in names {
                guard Self.jsonTypes.contains(name) else {
                    throw Diagnostic(.error, "unknown type '\(name)'; expected one of array, boolean, integer, null, number, object, string",
                                     at: mark)
                }
                if name == "null" { schema.nullable = true } else { schema.types.append(name) }
            }
        case "nullable":
            if try Self.bool(value, "nullable") { schema.nullable = true }
        case "format": schema.format = try Self.string(value, "format")
        case "title": schema.title = try Self.string(value, "title")
        case "description": schema.description = try Self.string(value, "description")
        case "deprecated": schema.deprecated = try Self.bool(value, "deprecated")
        case "default": schema.defaultValue = value
        case "properties":
            for property in try Self.mapping(value, "'properties'").entries {
                schema.properties.append(Schema.Property(name: property.key, schema: try parseSchema(property.value)))
            }
        case "required":
            // `required: true` on a property is a common 2.0-ism; warn and ignore it.
            if case .scalar = value {
                diagnostics.warn("'required' must be a list of property names; ignored", at: value.mark)
            } else {
                schema.required = try Self.sequence(value, "required").items.map { item in try Self.string(item, "required") }
            }
        case "items":
            if case .sequence(let tuple) = value {  // 2019-09 tuple form: use the first item type
                diagnostics.warn("tuple 'items' are not supported; using the first item's schema", at: value.mark)
                schema.items = try tuple.items.first.map { n in try parseSchema(n) } ?? Schema(mark: value.mark)
            } else {
                schema.items = try parseSchema(value)
            }
        case "additionalProperties":
            if case .scalar(let scalar) = value, case .bool(let allowed) = scalar.resolved {
                schema.additionalProperties = .allowed(allowed)
            } else {
                schema.additionalProperties = .schema([try parseSchema(value)])
            }
        case "allOf": schema.allOf = try parseSchemaList(value, "allOf")
        case "oneOf": schema.oneOf = try parseSchemaList(value, "oneOf")
        case "anyOf": schema.anyOf = try parseSchemaList(value, "anyOf")
        case "enum":
            schema.enumValues = try Self.sequence(value, "enum").items.map { item in
                guard case .scalar(let scalar) = item else {
                    diagnostics.warn("non-scalar enum value ignored", at: item.mark)
                    return .null
                }
                if case .bigInt(let text) = scalar.resolved {
                    diagnostics.warn("integer \(text) does not fit in 64 bits; kept as text", at: item.mark)
                }
                return scalar.resolved
            }
        case "const":
            if case .scalar(let scalar) = value { schema.enumValues = [scalar.resolved] }
        case "discriminator":
            let map = try Self.mapping(value, "discriminator")
            guard let nameNode = map["propertyName"] else {
                throw Diagnostic(.error, "a discriminator needs a 'propertyName'", at: map.mark)
            }
            var mapping: [(String, String)] = []
            if let mappingMap = try Self.optionalMapping(map, "mapping") {
                for item in mappingMap.entries {
                    mapping.append((item.key, try Self.string(item.value, "mapping")))
                }
            }
            schema.discriminator = Schema.Discriminator(propertyName: try Self.string(nameNode, "propertyName"), mapping: mapping)
        case "minimum", "maximum", "multipleOf":
            if case .scalar(let scalar) = value, case .bigInt(let text) = scalar.resolved {
                diagnostics.warn("integer \(text) in '\(entry.key)' does not fit in 64 bits; ignored", at: value.mark)
            }
        case "exclusiveMinimum", "exclusiveMaximum":
            // 3.0 uses a boolean, 3.1 a number. Both are fine for code generation; nothing to check.
            break
        default:
            break  // Validation keywords, examples, x- extensions: not needed to generate code.
        }
    }

    private func parseSchemaList(_ node: YAMLNode, _ key: String) throws -> [Schema] {
        try Self.sequence(node, key).items.map { item in try parseSchema(item) }
    }

    // MARK: References

    /// Finds the node a local `$ref` points to (`#/components/schemas/X`, or any JSON pointer into the document).
    /// - Returns: The node, or nil when nothing is there.
    /// - Throws: For references to other files, which are not supported.
    func resolvePointer(_ ref: String, at mark: Mark) throws -> YAMLNode? {
        guard ref.hasPrefix("#") else {
            throw Diagnostic(.error, "external $ref '\(ref)' is not supported; expected a local reference starting with '#/'",
                             at: mark)
        }
        if ref.hasPrefix("#/components/schemas/"), !ref.dropFirst(21).contains("/") {
            return componentSchemas[Self.unescapePointer(ref.dropFirst(21))]
        }
        if ref.hasPrefix("#/components/parameters/"), !ref.dropFirst(24).contains("/") {
            return componentParameters[Self.unescapePointer(ref.dropFirst(24))]
        }
        var node: YAMLNode = .mapping(root)
        for token in ref.dropFirst(1).split(separator: "/", omittingEmptySubsequences: false).dropFirst() {
            let key = Self.unescapePointer(token)
            switch node {
            case .mapping(let map):
                guard let next = map[key] else { return nil }
                node = next
            case .sequence(let sequence):
                guard let index = Int(key), sequence.items.indices.contains(index) else { return nil }
                node = sequence.items[index]
            case .scalar:
                return nil
            }
        }
        return node
    }

    static func unescapePointer(_ token: Substring) -> String {
        // Nearly every token is a plain name: skip Foundation's search-and-replace for those.
        guard token.utf8.contains(where: { $0 == UInt8(ascii: "%") || $0 == UInt8(ascii: "~") }) else { return String(token) }
        var text = String(token)
        if text.contains("%") { text = text.removingPercentEncoding ?? text }
        return text.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
    }

    static func componentName(of node: YAMLNode, prefix: String) -> String? {
        guard case .mapping(let map) = node, case .scalar(let ref)? = map["$ref"], ref.value.hasPrefix(prefix) else { return nil }
        return unescapePointer(ref.value.dropFirst(prefix.count))
    }

    static func templateVariables(_ path: String) -> [String] {
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

    static func index(_ components: YAMLMapping?, _ key: String) throws -> [String: YAMLNode] {
        guard let components, let map = try optionalMapping(components, key) else { return [:] }
        var index: [String: YAMLNode] = [:]
        index.reserveCapacity(map.entries.count)
        for entry in map.entries { index[entry.key] = entry.value }
        return index
    }

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

    static func mapping(_ node: YAMLNode, _ what: String) throws -> YAMLMapping {
        guard case .mapping(let map) = node else {
            throw Diagnostic(.error, "expected a mapping for \(what), found \(node.kindDescription)", at: node.mark)
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
            throw Diagnostic(.error, "expected true or false for '\(key)', found \(node.kindDescription)", at: node.mark)
        }
        return value
    }
}

