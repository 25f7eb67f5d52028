extension TypeTranslator {
    /// Builds the properties of a struct, with defaults, optionality and nested declarations.
    mutating func structProperties(_ properties: [Schema.Property], required: Set<String>, owner: String,
                                   nested: inout [Declaration], scope: inout NameScope) throws -> [PropertyDecl] {
        var memberScope = NameScope()
        var result: [PropertyDecl] = []
        for property in properties {
            let name = memberScope.unique(Naming.memberName(property.name))
            if required.contains(property.name), let constant = Self.constant(property.schema) {
                // A tag with one possible value: no enum of one case, and callers need not pass it.
                var doc = Self.doc(property.schema)
                if !doc.contains(where: { $0.contains("`\(constant)`") }) { doc.append("Always `\(constant)`.") }
                result.append(PropertyDecl(name: name, wireName: property.name, type: .named("String"), isOptional: false,
                                           isRequired: true, defaultValue: nil, constant: Naming.literal(constant), doc: doc,
                                           deprecated: property.schema.deprecated))
                continue
            }
            let hint = Naming.typeName(property.name)
            let usage = try use(property.schema, hint: hint, owner: owner, nested: &nested, scope: &scope)
            let isRequired = required.contains(property.name)
            let defaultValue = property.schema.defaultValue.flatMap { defaultLiteral($0, for: usage.type, schema: property.schema) }
            let isOptional = usage.nullable || (!isRequired && defaultValue == nil)
            var doc = Self.doc(property.schema)
            if let defaultValue, !isRequired { doc.append("- Note: Defaults to `\(defaultValue)` when missing.") }
            result.append(PropertyDecl(name: name, wireName: property.name, type: usage.type, isOptional: isOptional,
                                       isRequired: isRequired && defaultValue == nil && !usage.nullable,
                                       defaultValue: isRequired ? nil : defaultValue, doc: doc,
                                       deprecated: property.schema.deprecated))
        }
        return result
    }

    /// A Swift expression for a schema `default`, or nil when it cannot be expressed (with a warning).
    func defaultLiteral(_ node: YAMLNode, for type: SwiftType, schema: Schema) -> String? {
        switch (node, type) {
        case (.sequence(let sequence), .array) where sequence.items.isEmpty:
            return "[]"
        case (.mapping(let mapping), .dictionary) where mapping.entries.isEmpty:
            return "[:]"
        case (.scalar(let scalar), .named(let name)):
            let resolved = scalar.resolved
            switch (name, resolved) {
            case ("Bool", .bool(let value)): return value ? "true" : "false"
            case ("Int", .int(let value)): return String(value)
            case ("Double", .int(let value)): return String(value)
            case ("Double", .double(let value)) where value.isFinite: return String(value)
            case ("String", _) where resolved != .null: return Naming.literal(scalar.value)
            case (_, .null): return nil
            default:
                if enumNames.contains(name) || isEnum(named: name) {
                    if case .int(let value) = resolved { return ".init(rawValue: \(value))" }
                    return ".init(rawValue: \(Naming.literal(scalar.value)))"
                }
            }
        default:
            break
        }
        diagnostics.warn("default value of type \(node.kindDescription) is not supported for \(type.spelling); ignored",
                         at: node.mark)
        return nil
    }

    private func isEnum(named name: String) -> Bool {
        guard let index = componentNames.first(where: { $0.value == name })?.key else { return false }
        let schema = document.schemas[index].schema
        return schema.enumValues != nil || (!schema.anyOf.isEmpty && schema.anyOf.contains { $0.enumValues != nil })
    }

    /// The value of a schema that allows exactly one string (`enum: [x]` or `const: x`), not null.
    static func constant(_ schema: Schema) -> String? {
        guard schema.ref == nil, !schema.nullable, let values = schema.enumValues, values.count == 1,
              case .string(let value) = values[0], schema.types.allSatisfy({ $0 == "string" }),
              schema.properties.isEmpty, schema.allOf.isEmpty, schema.oneOf.isEmpty, schema.anyOf.isEmpty else { return nil }
        return value
    }

    /// Doc comment lines from `title` and `description`.
    static func doc(_ schema: Schema) -> [String] {
        var lines: [String] = []
        let title = schema.title?.trimmed
        let description = schema.description?.trimmed
        // A title that is one word names the type (`BetaResponseAudioWsDone`), which the declaration already does.
        let titleIsName = title.map { !$0.contains(where: \.isWhitespace) } ?? false
        if let title, !title.isEmpty, !(titleIsName && description?.isEmpty == false) { lines.append(contentsOf: title.docLines) }
        if let description, !description.isEmpty, description != title {
            if !lines.isEmpty { lines.append("") }
            lines.append(contentsOf: description.docLines)
        }
        if schema.deprecated { lines.append("- Warning: Deprecated.") }
        return lines
    }

    /// Enum cases named after their values, unique.
    static func enumCases(_ values: [String]) -> [(name: String, literal: String)] {
        var scope = NameScope(reserved: ["unknown"])
        var seen: Set<String> = []
        var cases: [(String, String)] = []
        for value in values where seen.insert(value).inserted {
            let base = value.isEmpty ? "empty" : Naming.memberName(value)
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
        case "string": return variant.format == "date-time" ? "date" : "string"
        case "integer": return "int"
        case "number": return "double"
        case "boolean": return "bool"
        case "array": return "array"
        case "object": return "object"
        default: return variant.properties.isEmpty ? "case\(index + 1)" : "object"
        }
    }
}

extension String {
    /// The text split at "\n" characters (a CRLF pair is one character, so it stays; ``CodeWriter/doc(_:)`` splits it).
    var docLines: [String] {
        // On bytes: "\n" is a character of its own unless a "\r" precedes it.
        var lines: [String] = []
        var start = utf8.startIndex
        var previous: UInt8 = 0
        for index in utf8.indices {
            let byte = utf8[index]
            if byte == UInt8(ascii: "\n"), previous != UInt8(ascii: "\r") {
                lines.append(String(self[start..<index]))
                start = utf8.index(after: index)
            }
            previous = byte
        }
        if start == utf8.startIndex { return [self] }
        lines.append(String(self[start...]))
        return lines
    }

    var trimmed: String {
        // Most texts start and end with a visible ASCII character: nothing to trim.
        if let first = utf8.first, let last = utf8.last, first > 0x20, first < 0x7F, last > 0x20, last < 0x7F { return self }
        var slice = self[...]
        while let first = slice.first, first.isWhitespace { slice.removeFirst() }
        while let last = slice.last, last.isWhitespace { slice.removeLast() }
        return String(slice)
    }
}
