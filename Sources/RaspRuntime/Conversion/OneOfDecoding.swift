/// Helpers the generated `oneOf`/`anyOf` enums decode with.
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

    /// The error when no variant decodes; it keeps each variant's reason.
    public static func noMatch(_ typeName: String, errors: [any Error], in decoder: any Decoder) -> any Error {
        let reasons = errors.map { error -> String in
            if let decodingError = error as? DecodingError, case .keyNotFound(let key, _) = decodingError {
                return "missing key '\(key.stringValue)'"
            }
            return "\(error)"
        }
        return DecodingError.dataCorrupted(.init(
            codingPath: decoder.codingPath,
            debugDescription: "the value matches no variant of \(typeName): \(reasons.joined(separator: "; "))"
        ))
    }
}

/// Thrown by generated mocks for operations that were given no handler.
public enum MockClientError: Error, Sendable, Equatable {
    /// The mock has no handler for this operation.
    case notImplemented(operationID: String)
}
