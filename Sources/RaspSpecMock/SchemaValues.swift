import Foundation
import RaspGenerator
import RaspRuntime

/// Makes a JSON value valid under a schema of a document, for a mock's answers: the schema's own example or default
/// when it has one, else the smallest value its keywords allow (required properties only, one item per array while
/// the value is shallow, the lowest number in range, a string of the format and length asked for).
///
/// Values for a response leave `writeOnly` properties out; values for a request leave `readOnly` ones out.
struct SchemaValues {
    let document: OpenAPIDocument
    /// Whether the value is sent by a server (else by a client).
    var isResponse = true

    /// How deep values nest before optional parts (array items) are left out; a reference chain deeper than
    /// ``maxDepth`` ends in an empty object, so recursive schemas end.
    private let shallowDepth = 3
    private let maxDepth = 24

    /// A value valid under `schema`.
    func value(_ schema: Schema, depth: Int = 0) -> JSONValue {
        if let ref = schema.ref {
            guard depth < maxDepth, document.schemas.indices.contains(ref.target) else { return .object([:]) }
            return value(document.schemas[ref.target].schema, depth: depth + 1)
        }
        // The schema's own example or default only when it is valid (vendors publish some that are not).
        let validator = SchemaValidator(document: document, isResponse: isResponse)
        let given = schema.facts.examples + (schema.defaultValue.map { [$0.json] } ?? [])
        if let valid = given.lazy.compactMap({ Self.parse($0, as: schema) })
            .first(where: { validator.validates($0, schema) }) {
            return valid
        }
        if let enumValues = schema.enumValues {
            if let first = enumValues.first(where: { $0 != .null }) { return Self.json(first) }
            return .null
        }
        if !schema.allOf.isEmpty { return merged(schema, depth: depth) }
        let variants = (schema.oneOf.isEmpty ? schema.anyOf : schema.oneOf).filter { !$0.isNullOnly }
        // The first variant whose value is valid under the whole schema (under `oneOf`, valid for that variant
        // only), else the first variant's.
        var first: JSONValue?
        for variant in variants {
            let result = value(variant, of: schema, depth: depth)
            if validator.validates(result, schema, depth: depth) { return result }
            first = first ?? result
        }
        if let first { return first }
        return typed(schema, depth: depth)
    }

    /// The value of one variant of a union, with the schema's own required properties and its discriminator.
    private func value(_ variant: Schema, of schema: Schema, depth: Int) -> JSONValue {
        var result = value(variant, depth: depth + 1)
        // Properties beside the union belong to every variant: the value carries the schema's own required ones.
        if !schema.properties.isEmpty || !schema.required.isEmpty, case .object(var fields) = result {
            var own = schema
            own.oneOf = []
            own.anyOf = []
            if case .object(let ownFields) = object(own, depth: depth) {
                fields.merge(ownFields) { variantValue, _ in variantValue }
            }
            result = .object(fields)
        }
        // The discriminator names the variant chosen, when the document maps it.
        if let discriminator = schema.discriminator, case .object(var fields) = result,
           let ref = variant.ref, let tag = discriminator.mapping.first(where: { $0.target == ref.target }) {
            fields[discriminator.propertyName] = .string(tag.value)
            result = .object(fields)
        }
        return result
    }

    /// A value of the schema's own type (its first one that is not `null`).
    private func typed(_ schema: Schema, depth: Int) -> JSONValue {
        if schema.isNullOnly { return .null }
        let type = schema.types.first
            ?? (!schema.properties.isEmpty || schema.additionalProperties != nil ? .object
                : schema.items != nil ? .array : nil)
        switch type {
        case .object?: return object(schema, depth: depth)
        case .array?:
            let facts = schema.facts
            let count = max(Int(facts.minItems ?? "") ?? 0, depth < shallowDepth ? 1 : 0)
            guard count > 0, let items = schema.items else { return .array([]) }
            let item = value(items, depth: depth + 1)
            return .array(Array(repeating: item, count: min(count, 64)))
        case .string?: return .string(string(schema))
        case .integer?: return .integer(Int(number(schema, integral: true)))
        case .number?: return .number(number(schema, integral: false))
        case .boolean?: return .bool(true)
        case nil: return .string("value")
        }
    }

    /// An object with every required property the value's direction carries, and as many more as `minProperties`
    /// asks for: declared ones first, then additional ones.
    private func object(_ schema: Schema, depth: Int) -> JSONValue {
        var fields: JSONObject<JSONValue> = [:]
        let required = Set(schema.required)
        for property in schema.properties where required.contains(property.name) {
            guard !(isResponse ? property.schema.writeOnly : property.schema.readOnly) else { continue }
            fields[property.name] = value(property.schema, depth: depth + 1)
        }
        // Required but described nowhere: any value will do.
        for name in schema.required where fields[name] == nil
            && !schema.properties.contains(where: { $0.name == name }) {
            fields[name] = Self.undescribed
        }
        let minimum = Int(schema.facts.minProperties ?? "") ?? 0
        for property in schema.properties where fields.count < minimum && fields[property.name] == nil {
            guard !(isResponse ? property.schema.writeOnly : property.schema.readOnly) else { continue }
            fields[property.name] = value(property.schema, depth: depth + 1)
        }
        if case .allowed(false)? = schema.additionalProperties { return .object(fields) }
        var index = 1
        while fields.count < minimum {
            let name = "property\(index)"
            index += 1
            guard fields[name] == nil else { continue }
            fields[name] = schema.additionalProperties?.schema.map { value($0, depth: depth + 1) } ?? Self.undescribed
        }
        return .object(fields)
    }

    /// The value of a required property no schema describes.
    static let undescribed = JSONValue.string("value")

    /// The parts of an `allOf` merged: their objects' fields together (the schema's own first). A value must satisfy
    /// every part, so a part that describes a property another only requires gives its value, and a part that allows
    /// only `null` for a property gives `null`.
    private func merged(_ schema: Schema, depth: Int) -> JSONValue {
        var own = schema
        own.allOf = []
        var fields: JSONObject<JSONValue> = [:]
        // Every part's value of each property, in the parts' order.
        var candidates: [String: [JSONValue]] = [:]
        var other: JSONValue?
        let parts = [own] + schema.allOf
        for part in parts {
            let isEmpty = part.ref == nil && part.types.isEmpty && part.properties.isEmpty && part.allOf.isEmpty
                && part.oneOf.isEmpty && part.anyOf.isEmpty
            if isEmpty { continue }
            switch value(part, depth: depth + 1) {
            case .object(let partFields):
                for (name, value) in partFields { candidates[name, default: []].append(value) }
                fields.merge(partFields) { first, later in first == Self.undescribed || later == .null ? later : first }
            case let scalar: other = other ?? scalar
            }
        }
        // A value must satisfy what every part says of its property (a part that narrows a property to one value
        // or to `null`): the first candidate that does.
        let described = parts.map { part in
            part.ref.flatMap { ref in
                document.schemas.indices.contains(ref.target) ? document.schemas[ref.target].schema : nil
            } ?? part
        }
        let validator = SchemaValidator(document: document, isResponse: isResponse)
        for (name, values) in candidates {
            let schemas = described.compactMap { part in part.properties.first { $0.name == name }?.schema }
            // A part that allows only `null` decides when the parts disagree.
            let nullOnly = schemas.contains { $0.isNullOnly }
            guard values.count > 1 || nullOnly else { continue }
            let valid = (values + [.null]).first { value in
                schemas.allSatisfy { validator.validates(value, $0, depth: depth + 1) }
            }
            if let valid { fields[name] = valid } else if nullOnly { fields[name] = .null }
        }
        return fields.isEmpty ? other ?? .object([:]) : .object(fields)
    }

    /// A string of the schema's format and length that matches its pattern when one of the candidates does.
    private func string(_ schema: Schema) -> String {
        let facts = schema.facts
        var candidates: [String]
        switch schema.format {
        case "date-time"?: candidates = ["2024-01-02T03:04:05Z"]
        case "date"?: candidates = ["2024-01-02"]
        case "time"?: candidates = ["03:04:05Z"]
        case "uuid"?: candidates = ["00000000-0000-4000-8000-000000000000"]
        case "email"?: candidates = ["user@example.com"]
        case "uri"?, "url"?: candidates = ["https://example.com/"]
        case "hostname"?: candidates = ["example.com"]
        case "ipv4"?: candidates = ["192.0.2.1"]
        case "ipv6"?: candidates = ["2001:db8::1"]
        case "byte"?: candidates = ["AAAA"]
        default: candidates = []
        }
        candidates += ["string", "a", "A", "0", "1", "ab", "a1", "abc123", "A-1", "2024-01-02", "x_y"]
        let minimum = Int(facts.minLength ?? "") ?? 0
        let maximum = Int(facts.maxLength ?? "") ?? Int.max
        let fitted = candidates.map { text -> String in
            var text = text
            if text.count < minimum { text += String(repeating: "a", count: minimum - text.count) }
            if text.count > maximum { text = String(text.prefix(maximum)) }
            return text
        }
        // Samples of the pattern first, each part repeated more often until the length bounds are met.
        var samples: [String] = []
        if let pattern = facts.pattern, let sample = PatternSample(pattern) {
            samples = [0, 1, 2, 4, 8, 16, 32, 64, 128].map { sample.sample(extra: $0) }
        }
        let validator = SchemaValidator(document: document, isResponse: isResponse)
        var bare = schema
        bare.enumValues = nil
        return (samples + fitted).first { validator.validates(.string($0), bare) } ?? fitted[0]
    }

    /// The lowest number the schema's bounds and `multipleOf` allow (0 when it has none).
    private func number(_ schema: Schema, integral: Bool) -> Double {
        let facts = schema.facts
        let step = Double(facts.multipleOf ?? "").flatMap { $0 > 0 ? $0 : nil } ?? (integral ? 1 : 0)
        var low = Double(facts.minimum ?? "") ?? -Double.infinity
        if let exclusive = Double(facts.exclusiveMinimum ?? "") {
            low = max(low, exclusive + (step > 0 ? step : 1e-6))
        }
        var high = Double(facts.maximum ?? "") ?? Double.infinity
        if let exclusive = Double(facts.exclusiveMaximum ?? "") {
            high = min(high, exclusive - (step > 0 ? step : 1e-6))
        }
        var chosen = low.isFinite ? low : (high.isFinite ? min(0, high) : 0)
        if step > 0 { chosen = (chosen / step).rounded(.up) * step }
        if integral { chosen = chosen.rounded(.up) }
        return chosen
    }

    /// An example or default written as text (a scalar as written, a mapping or sequence as JSON), read as the
    /// schema's type; nil when it is not one.
    static func parse(_ text: String, as schema: Schema) -> JSONValue? {
        // An empty example is YAML's null, not an example.
        guard !text.isEmpty else { return nil }
        let type = schema.types.first
        switch type {
        case .string?: return .string(text.hasPrefix("\"") ? (decodeJSON(text)?.stringValue ?? text) : text)
        case .integer?: return Int(text).map(JSONValue.integer) ?? decodeJSON(text)
        case .number?: return Double(text).map(JSONValue.number) ?? decodeJSON(text)
        case .boolean?: return text == "true" ? .bool(true) : text == "false" ? .bool(false) : nil
        default: return decodeJSON(text) ?? (type == nil && schema.properties.isEmpty ? .string(text) : nil)
        }
    }

    /// JSON text as a value, if it is JSON.
    static func decodeJSON(_ text: String) -> JSONValue? {
        try? JSONCoding.decode(JSONValue.self, from: Data(text.utf8))
    }

    /// A resolved YAML scalar as a JSON value.
    static func json(_ scalar: ScalarValue) -> JSONValue {
        switch scalar {
        case .null: .null
        case .bool(let flag): .bool(flag)
        case .int(let number): .integer(number)
        case .bigInt(let text): decodeJSON(text) ?? .string(text)
        case .double(let number): .number(number)
        case .string(let text): .string(text)
        }
    }
}

extension JSONValue {
    /// The text of a string value.
    fileprivate var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }
}
