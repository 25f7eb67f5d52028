/// A scalar value as a document states it (an `enum` value, a `default`): the YAML 1.2 core schema's resolution of
/// a scalar, which the document model keeps instead of the YAML node.
public enum ScalarValue: Sendable, Equatable {
    /// `null` (YAML's `~`, `null` or nothing).
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// An integer that fits in 64 bits.
    case int(Int)
    /// An integer that does not fit 64 bits, kept as text.
    case bigInt(String)
    /// A floating-point number.
    case double(Double)
    /// Any other text.
    case string(String)
}

extension ScalarValue {
    /// The value as text: a string as it is, other values as JSON writes them (`null`, `true`, `42`).
    public var literalText: String {
        switch self {
        case .string(let text), .bigInt(let text): text
        case .int(let int): String(int)
        case .double(let double): String(double)
        case .bool(let bool): String(bool)
        case .null: "null"
        }
    }
}
