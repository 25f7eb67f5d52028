/// Any JSON value, for schemas that do not constrain their value.
public enum JSONValue: Sendable, Hashable, Codable {
    /// JSON `null`.
    case null
    /// A JSON boolean.
    case bool(Bool)
    /// A JSON number.
    case number(Double)
    /// A JSON integer too large for a `Double` to hold exactly (beyond ±2^53, such as a 64-bit id); smaller
    /// integers are ``number(_:)``.
    case integer(Int)
    /// A JSON integer above `Int.max`, up to 2^64 − 1 (an unsigned 64-bit hash or id), kept exactly.
    case unsignedInteger(UInt64)
    /// A JSON string.
    case string(String)
    /// A JSON array.
    case array([JSONValue])
    /// A JSON object: its members in order, keys compared byte for byte (``JSONObject``).
    case object(JSONObject<JSONValue>)

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int.self) {
            // Exactly, even where a Double would round it.
            self = value.magnitude > 1 << 53 ? .integer(value) : .number(Double(value))
        } else if let value = try? container.decode(UInt64.self) {
            self = .unsignedInteger(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode(JSONObject<JSONValue>.self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .integer(let value): try container.encode(value)
        case .unsignedInteger(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }
}
