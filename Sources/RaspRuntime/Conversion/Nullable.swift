/// A value that may also be an explicit JSON `null`: what an optional, nullable property holds when it is present.
///
/// A property that is both optional and nullable has three states on the wire, and APIs give them different
/// meanings (a PATCH body's `"nickname": null` clears the nickname, a missing `nickname` leaves it alone). Generated
/// code keeps all three: the property reads as a plain `Value?` (nil when the key is missing or `null`), and its
/// projected value, `$nickname`, is a `Nullable<Value>?`:
///
/// | on the wire | `nickname` | `$nickname` |
/// |---|---|---|
/// | key missing | `nil` | `nil` |
/// | `"nickname": null` | `nil` | `.null` |
/// | `"nickname": "Ann"` | `"Ann"` | `.value("Ann")` |
///
/// ```swift
/// var patch = UserPatch()
/// patch.$nickname = .null        // sends "nickname": null
/// patch.$nickname = "Ann"        // literals work where the value type has them
/// patch.nickname = nil           // sends nothing
/// ```
public enum Nullable<Wrapped> {
    /// An explicit `null`.
    case null
    /// A value.
    case value(Wrapped)

    /// `.value(value)`, or `.null` when it is nil.
    public init(_ value: Wrapped?) {
        self = value.map(Nullable.value) ?? .null
    }

    /// The value, or nil for `.null`.
    public var value: Wrapped? {
        if case .value(let value) = self { return value }
        return nil
    }

    /// Whether this is an explicit `null`.
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }
}

extension Nullable: Sendable where Wrapped: Sendable {}
extension Nullable: Equatable where Wrapped: Equatable {}
extension Nullable: Hashable where Wrapped: Hashable {}

extension Nullable: Decodable where Wrapped: Decodable {
    /// `null` decodes as ``null``, anything else as the wrapped type.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        self = container.decodeNil() ? .null : .value(try Wrapped(from: decoder))
    }
}

extension Nullable: Encodable where Wrapped: Encodable {
    /// ``null`` encodes as `null`, a value as itself.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .null:
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        case .value(let value):
            try value.encode(to: encoder)
        }
    }
}

extension Nullable: ExpressibleByUnicodeScalarLiteral where Wrapped: ExpressibleByStringLiteral {
    /// A value from a literal.
    public init(unicodeScalarLiteral value: Wrapped.UnicodeScalarLiteralType) {
        self = .value(Wrapped(unicodeScalarLiteral: value))
    }
}

extension Nullable: ExpressibleByExtendedGraphemeClusterLiteral where Wrapped: ExpressibleByStringLiteral {
    /// A value from a literal.
    public init(extendedGraphemeClusterLiteral value: Wrapped.ExtendedGraphemeClusterLiteralType) {
        self = .value(Wrapped(extendedGraphemeClusterLiteral: value))
    }
}

extension Nullable: ExpressibleByStringLiteral where Wrapped: ExpressibleByStringLiteral {
    /// A value from a literal.
    public init(stringLiteral value: Wrapped.StringLiteralType) { self = .value(Wrapped(stringLiteral: value)) }
}

extension Nullable: ExpressibleByIntegerLiteral where Wrapped: ExpressibleByIntegerLiteral {
    /// A value from a literal.
    public init(integerLiteral value: Wrapped.IntegerLiteralType) { self = .value(Wrapped(integerLiteral: value)) }
}

extension Nullable: ExpressibleByFloatLiteral where Wrapped: ExpressibleByFloatLiteral {
    /// A value from a literal.
    public init(floatLiteral value: Wrapped.FloatLiteralType) { self = .value(Wrapped(floatLiteral: value)) }
}

extension Nullable: ExpressibleByBooleanLiteral where Wrapped: ExpressibleByBooleanLiteral {
    /// A value from a literal.
    public init(booleanLiteral value: Wrapped.BooleanLiteralType) { self = .value(Wrapped(booleanLiteral: value)) }
}

/// The storage of an optional, nullable property of a generated type: reads and writes as `Value?`, and keeps
/// whether a missing value was a missing key or an explicit `null` in its projected value (see ``Nullable``).
///
/// Setting the property to nil makes the key missing; set the projected value to `.null` to send `null`.
@propertyWrapper
public struct NullableField<Value> {
    /// The three states: nil (key missing), `.null`, or `.value`.
    public var projectedValue: Nullable<Value>?

    /// The value: nil when the key is missing or `null`. Setting nil makes the key missing.
    public var wrappedValue: Value? {
        get { projectedValue?.value }
        set { projectedValue = newValue.map(Nullable.value) }
    }

    /// A present value, or a missing key for nil.
    public init(wrappedValue: Value?) {
        projectedValue = wrappedValue.map(Nullable.value)
    }

    /// Any of the three states.
    public init(projectedValue: Nullable<Value>?) {
        self.projectedValue = projectedValue
    }
}

extension NullableField: Sendable where Value: Sendable {}
extension NullableField: Equatable where Value: Equatable {}
extension NullableField: Hashable where Value: Hashable {}
