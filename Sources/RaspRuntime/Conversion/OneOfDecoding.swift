/// Helpers the generated `oneOf`/`anyOf` enums decode with.
@_spi(Generated)
public enum OneOfDecoding {
    struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Reads the discriminator property of the value being decoded.
    public static func discriminator(_ property: String, in decoder: any Decoder) throws -> String {
        try decoder.container(keyedBy: Key.self).decode(String.self, forKey: Key(stringValue: property))
    }

    /// Reads the discriminator property of the value being decoded, or nil when the value does not have it (a
    /// base schema need not require it).
    public static func discriminatorIfPresent(_ property: String, in decoder: any Decoder) throws -> String? {
        try decoder.container(keyedBy: Key.self).decodeIfPresent(String.self, forKey: Key(stringValue: property))
    }

    /// Decodes a base schema's own properties where the subtype its discriminator names did not accept the value
    /// (a vendor's subtype may require more than its values carry); when the base does not accept it either, the
    /// subtype's error stands.
    public static func base<Value>(in decoder: any Decoder, after error: any Error,
                                   _ decode: (any Decoder) throws -> Value) throws -> Value {
        do { return try decode(decoder) } catch _ { throw error }
    }

    /// The error for a discriminator value no variant has.
    public static func unknownDiscriminator(_ value: String, in decoder: any Decoder) -> any Error {
        DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,
                                          debugDescription: "unknown discriminator value '\(value)'"))
    }

    /// Decodes with each candidate in turn and returns the first success: the variants that share one discriminator
    /// value (OpenAI's input and output messages are both `type: message`).
    public static func firstMatch<Value>(_ typeName: String, in decoder: any Decoder,
                                         _ candidates: [(any Decoder) throws -> Value]) throws -> Value {
        var errors: [any Error] = []
        for candidate in candidates {
            do { return try candidate(decoder) } catch { errors.append(error) }
        }
        throw noMatch(typeName, errors: errors, in: decoder)
    }

    /// One variant of a union that has no discriminator: how to decode it, and which keys it keeps when the value
    /// is a JSON object. A generated union makes its candidates once, in a static property.
    public struct Candidate<Value>: Sendable {
        /// The object keys the variant declares (its properties, with those of an enclosing type that carries the
        /// union), or nil when it keeps every key (a map, free-form JSON, `additionalProperties`) or is not an object.
        public var keys: Set<String>? {
            didSet { shape = CandidateShape(keys: keys, tags: tags) }
        }
        /// The values the variant allows for its enum-typed properties (`type: {enum: [URL]}`; integers as text): a
        /// value whose property holds another is not one of this variant, though its open enum would take it.
        public var tags: [String: Set<String>] {
            didSet { shape = CandidateShape(keys: keys, tags: tags) }
        }
        /// Decodes the value as this variant.
        public var decode: @Sendable (any Decoder) throws -> Value
        /// Reads the value as this variant from JSON bytes (nil: the variant is only decoded).
        public var read: (@Sendable (inout JSONReader) throws -> Value)?
        /// ``keys`` and ``tags`` as a reader scores a value against them.
        @usableFromInline var shape: CandidateShape

        /// A variant that keeps `keys` (nil: every key) and allows `tags`.
        public init(keys: Set<String>?, tags: [String: Set<String>] = [:],
                    _ decode: @escaping @Sendable (any Decoder) throws -> Value,
                    reading read: (@Sendable (inout JSONReader) throws -> Value)? = nil) {
            self.keys = keys
            self.tags = tags
            self.decode = decode
            self.read = read
            shape = CandidateShape(keys: keys, tags: tags)
        }

        /// A variant that keeps `keys` (nil: every key) and allows `tags`, read from JSON bytes only; another
        /// decoder's value is read as JSON.
        public init(keys: Set<String>?, tags: [String: Set<String>] = [:],
                    reading read: @escaping @Sendable (inout JSONReader) throws -> Value) {
            self.init(keys: keys, tags: tags, { try CodableBridge.decode(from: $0, reading: read) }, reading: read)
        }
    }

    /// What a reader scores a variant by, made once with the candidate: its keys as a table matched byte for byte.
    @usableFromInline
    final class CandidateShape: Sendable {
        let keyTable: JSONKeys?
        let keyCount: Int
        let tags: [String: Set<String>]

        init(keys: Set<String>?, tags: [String: Set<String>]) {
            keyTable = keys.map { JSONKeys($0.sorted()) }
            keyCount = keys?.count ?? 0
            self.tags = tags
        }
    }

    /// Decodes a union without a discriminator as the variant that loses nothing of the value.
    ///
    /// Every variant that decodes the value is a candidate (with open enums and structs that skip unknown keys,
    /// several often do). For a JSON object the rule is:
    /// 1. the variant with the fewest enum-typed properties whose value it does not list (ideally none: the value
    ///    is valid under it);
    /// 2. then the one whose declared keys cover the most keys of the value (ideally all: it drops none);
    /// 3. then the one that declares the fewest keys the value does not have (the tightest fit);
    /// 4. then the first in the document's order.
    /// Any other value (a string, a number, an array) takes the first variant that decodes it. A value that no
    /// variant decodes is an error that lists each variant's reason.
    public static func bestMatch<Value>(_ typeName: String, in decoder: any Decoder,
                                        _ candidates: [Candidate<Value>]) throws -> Value {
        let container = try? decoder.container(keyedBy: Key.self)
        let present: Set<String>? = container.map { Set($0.allKeys.map(\.stringValue)) }
        var strings: [String: String?] = [:]
        /// The string (or integer, as text) a tag property holds, nil when it is missing or neither; read once per
        /// property.
        func string(_ property: String) -> String? {
            if let known = strings[property] { return known }
            let key = Key(stringValue: property)
            let text = (try? container?.decode(String.self, forKey: key))
                ?? (try? container?.decode(Int.self, forKey: key)).map { String($0) }
            strings[property] = text
            return text
        }
        // The score depends on the value's keys and tags only, not on what a variant decodes, so the variants are
        // tried best score first (document order among equals) and the first that decodes is the answer: one
        // decode for a value that fits, however many variants the union has.
        var order = Array(candidates.indices)
        if let present {
            let scores = candidates.map { candidate -> (Int, Int, Int) in
                let mismatched = candidate.tags.filter { tag in
                    string(tag.key).map { !tag.value.contains($0) } ?? false
                }
                let dropped = candidate.keys.map { present.subtracting($0).count } ?? 0
                let unused = candidate.keys.map { $0.subtracting(present).count } ?? 0
                return (mismatched.count, dropped, unused)
            }
            order.sort { scores[$0] < scores[$1] || (scores[$0] == scores[$1] && $0 < $1) }
        }
        var errors: [(index: Int, error: any Error)] = []
        for index in order {
            do { return try candidates[index].decode(decoder) } catch { errors.append((index, error)) }
        }
        throw noMatch(typeName, errors: errors.sorted { $0.index < $1.index }.map(\.error), in: decoder)
    }

    /// The error when no variant decodes; it keeps each variant's reason.
    public static func noMatch(_ typeName: String, errors: [any Error], in decoder: any Decoder) -> any Error {
        noMatch(typeName, errors: errors, codingPath: decoder.codingPath)
    }

    /// The error when no variant reads the value at `codingPath`; it keeps each variant's reason.
    @usableFromInline
    static func noMatch(_ typeName: String, errors: [any Error], codingPath: [any CodingKey]) -> any Error {
        let reasons = errors.map { error -> String in
            if let decodingError = error as? DecodingError, case .keyNotFound(let key, _) = decodingError {
                return "missing key '\(key.stringValue)'"
            }
            return "\(error)"
        }
        return DecodingError.dataCorrupted(.init(
            codingPath: codingPath,
            debugDescription: "the value matches no variant of \(typeName): \(reasons.joined(separator: "; "))"
        ))
    }
}

/// Thrown by generated mocks for operations that were given no handler.
public enum MockClientError: Error, Sendable, Equatable {
    /// The mock has no handler for this operation.
    case notImplemented(operationID: String)
}
