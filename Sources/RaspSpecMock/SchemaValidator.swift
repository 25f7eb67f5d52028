import Foundation
import RaspGenerator
import RaspRuntime

/// Checks a JSON value against a schema of a document, keyword by keyword as JSON Schema does: types and `null`,
/// `enum`, string length, `pattern` and the common formats, number bounds and `multipleOf`, array sizes and items,
/// required and additional properties, `allOf`, `anyOf` and `oneOf` (exactly one). A mock serves an example only when
/// it passes, and refuses a request whose parameters or body do not.
///
/// A value a server sends may leave out a required `writeOnly` property, one a client sends a required `readOnly` one.
/// Formats are checked both ways, as the assertions OpenAPI tools (and the services they describe) make them.
struct SchemaValidator {
    let document: OpenAPIDocument
    /// Whether the value is sent by a server (else by a client).
    var isResponse = true

    /// A reference chain deeper than this is taken as valid, so recursive schemas end.
    private let maxDepth = 32

    /// Whether `value` is valid under `schema`.
    func validates(_ value: JSONValue, _ schema: Schema, depth: Int = 0) -> Bool {
        // `nullable` beside a `$ref` allows null too.
        if value == .null, schema.nullable { return true }
        if let ref = schema.ref {
            guard depth < maxDepth, document.schemas.indices.contains(ref.target) else { return true }
            return validates(value, document.schemas[ref.target].schema, depth: depth + 1)
        }
        // `type: 'null'` (no type but `null`) allows nothing else; `nullable: true` alone (OpenAPI 3.0, as in
        // `allOf: [{$ref: …}, {nullable: true}]`) adds `null` to no type, so it constrains nothing.
        if schema.isNullOnly { return schema.namesNullType ? value == .null : true }
        // The document's enum values are read as scalars: an object or array value is not checked against them.
        if let allowed = schema.enumValues, !value.isStructure, !allowed.contains(where: { Self.equal(value, $0) }) {
            return false
        }
        guard schema.allOf.allSatisfy({ validates(value, $0, depth: depth + 1) }) else { return false }
        if !schema.anyOf.isEmpty, !schema.anyOf.contains(where: { validates(value, $0, depth: depth + 1) }) {
            return false
        }
        if !schema.oneOf.isEmpty, schema.oneOf.filter({ validates(value, $0, depth: depth + 1) }).count != 1 {
            return false
        }
        return validatesOwnKeywords(value, schema, depth: depth)
    }

    /// The keywords of the schema itself, past its references and compositions.
    private func validatesOwnKeywords(_ value: JSONValue, _ schema: Schema, depth: Int) -> Bool {
        let types = schema.types
        switch value {
        case .null:
            // No type (or only compositions) allows any value, `null` included.
            return types.isEmpty
        case .bool:
            return types.isEmpty || types.contains(.boolean)
        case .string(let text):
            return (types.isEmpty || types.contains(.string)) && validates(string: text, schema)
        case .integer, .unsignedInteger, .number:
            // Past `Int64.max` a `Double` cannot tell the value from the bound.
            // An integral value read as a `Double` is one no 64-bit integer holds.
            if schema.format == "int64" || schema.format == "int32" {
                if case .unsignedInteger(let big) = value, big > UInt64(Int64.max) { return false }
                if case .number(let double) = value, double.rounded() == double,
                   double >= Double(Int64.max) || double <= Double(Int64.min) { return false }
            }
            guard let number = Self.number(value) else { return false }
            let isIntegral = number.rounded() == number
            guard types.isEmpty || types.contains(.number) || (types.contains(.integer) && isIntegral) else {
                return false
            }
            return validates(number: number, schema)
        case .array(let items):
            guard types.isEmpty || types.contains(.array) else { return false }
            let facts = schema.facts
            if let minimum = Int(facts.minItems ?? ""), items.count < minimum { return false }
            if let maximum = Int(facts.maxItems ?? ""), items.count > maximum { return false }
            if schema.uniqueItems, Set(items).count != items.count { return false }
            guard let itemSchema = schema.items else { return true }
            return items.allSatisfy { validates($0, itemSchema, depth: depth + 1) }
        case .object(let fields):
            guard types.isEmpty || types.contains(.object) else { return false }
            return validates(object: fields, schema, depth: depth)
        }
    }

    private func validates(string text: String, _ schema: Schema) -> Bool {
        let facts = schema.facts
        let length = text.unicodeScalars.count
        if let minimum = Int(facts.minLength ?? ""), length < minimum { return false }
        if let maximum = Int(facts.maxLength ?? ""), length > maximum { return false }
        if let pattern = facts.pattern, !Self.matches(text, pattern) { return false }
        return Self.hasFormat(text, schema.format)
    }

    private func validates(number: Double, _ schema: Schema) -> Bool {
        // The integer formats bound the value as their types do.
        if schema.format == "int32", !(Double(Int32.min)...Double(Int32.max)).contains(number) { return false }
        if schema.format == "int64", !(Double(Int64.min)...Double(Int64.max)).contains(number) { return false }
        let facts = schema.facts
        if let minimum = Double(facts.minimum ?? ""), number < minimum { return false }
        if let maximum = Double(facts.maximum ?? ""), number > maximum { return false }
        if let minimum = Double(facts.exclusiveMinimum ?? ""), number <= minimum { return false }
        if let maximum = Double(facts.exclusiveMaximum ?? ""), number >= maximum { return false }
        if let step = Double(facts.multipleOf ?? ""), step > 0 {
            let quotient = number / step
            if abs(quotient - quotient.rounded()) > 1e-9 * max(1, abs(quotient)) { return false }
        }
        return true
    }

    private func validates(object fields: JSONObject<JSONValue>, _ schema: Schema, depth: Int) -> Bool {
        if let minimum = Int(schema.facts.minProperties ?? ""), fields.count < minimum { return false }
        if let maximum = Int(schema.facts.maxProperties ?? ""), fields.count > maximum { return false }
        // Keys compared byte for byte, as JSON compares them (not by Unicode equivalence, as `String`s are).
        var declared = JSONObject<Schema>()
        for property in schema.properties where declared[property.name] == nil {
            declared[property.name] = property.schema
        }
        for name in schema.required where fields[name] == nil {
            // A property only the other side sends may be missing.
            let property = declared[name].map { resolved($0, depth: depth) }
            if let property, isResponse ? property.writeOnly : property.readOnly { continue }
            return false
        }
        for (name, field) in fields {
            if let property = declared[name] {
                guard validates(field, property, depth: depth + 1) else { return false }
                continue
            }
            switch schema.additionalProperties {
            case .allowed(false)?: return false
            case .schema?:
                guard let additional = schema.additionalProperties?.schema,
                      validates(field, additional, depth: depth + 1) else { return false }
            default: continue
            }
        }
        return true
    }

    /// The schema a reference leads to (the schema itself when it is none), for reading its flags.
    private func resolved(_ schema: Schema, depth: Int) -> Schema {
        var current = schema
        var hops = depth
        while let ref = current.ref, hops < maxDepth, document.schemas.indices.contains(ref.target) {
            current = document.schemas[ref.target].schema
            hops += 1
        }
        return current
    }

    /// A number value as a `Double`.
    static func number(_ value: JSONValue) -> Double? {
        switch value {
        case .integer(let number): Double(number)
        case .unsignedInteger(let number): Double(number)
        case .number(let number): number
        default: nil
        }
    }

    /// Whether a JSON value is an `enum` entry.
    static func equal(_ value: JSONValue, _ scalar: ScalarValue) -> Bool {
        switch (value, scalar) {
        case (.null, .null): true
        case (.bool(let a), .bool(let b)): a == b
        case (.string(let a), .string(let b)): a == b
        case (.string(let a), .bigInt(let b)): a == b
        case (_, .int(let b)): number(value) == Double(b)
        case (_, .double(let b)): number(value) == b
        case (_, .bigInt(let b)): number(value).map { "\($0)" == b || Double(b) == $0 } ?? false
        default: false
        }
    }

    /// Whether `text` contains a match of `pattern` (JSON Schema patterns are not anchored); a pattern this platform's
    /// regular expressions cannot read matches everything.
    static func matches(_ text: String, _ pattern: String) -> Bool {
        guard let regex = try? NSRegularExpression(pattern: pattern) else { return true }
        return regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }

    /// Whether `text` is in `format`, for the formats clients and validators commonly check; others pass.
    static func hasFormat(_ text: String, _ format: String?) -> Bool {
        guard let format, let pattern = formatPatterns[format] else { return true }
        return matches(text, pattern)
    }

    private static let formatPatterns: [String: String] = [
        "date-time": #"^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$"#,
        "date": #"^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$"#,
        "time": #"^\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})?$"#,
        "uuid": #"^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$"#,
        "email": #"^[^@\s]+@[^@\s]+$"#,
        "ipv4": #"^((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$"#,
        "uri": #"^[A-Za-z][A-Za-z0-9+.-]*:[^\s]*$"#,
    ]
}

extension JSONValue {
    /// Whether the value is an object or an array.
    fileprivate var isStructure: Bool {
        switch self {
        case .object, .array: true
        default: false
        }
    }
}
