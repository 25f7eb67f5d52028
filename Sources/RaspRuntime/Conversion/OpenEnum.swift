/// A generated enum that keeps values it does not know in an `unknown` case instead of failing to decode.
public protocol OpenEnum: RawRepresentable, Codable, Hashable, Sendable, QueryValue, CustomStringConvertible,
    JSONWritable, JSONReadable
    where RawValue: Codable & Hashable & Sendable & QueryValue & JSONWritable & JSONReadable {
    /// Any raw value is accepted; unknown ones map to the `unknown` case.
    init(rawValue: RawValue)
    /// Every value the spec lists, in its order.
    static var knownCases: [Self] { get }
    /// A value the spec does not list (the generated enum's `case unknown(RawValue)`).
    static func unknown(_ rawValue: RawValue) -> Self
}

extension OpenEnum {
    /// The known case with this raw value, or `.unknown(rawValue)`. Generated enums only spell out `rawValue`;
    /// the reverse mapping is this one scan (their case lists are short). Inlinable, so that it is specialized for
    /// each enum rather than run generically.
    @inlinable
    public init(rawValue: RawValue) {
        self = Self.knownCases.first { $0.rawValue == rawValue } ?? .unknown(rawValue)
    }

    /// Decodes the raw value; an unknown one becomes `unknown`.
    public init(from decoder: any Decoder) throws {
        self.init(rawValue: try decoder.singleValueContainer().decode(RawValue.self))
    }

    /// Encodes the raw value, known or not.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    public var queryValue: String { rawValue.queryValue }
    public var description: String { "\(rawValue)" }

    /// Values are equal when their raw values are (so `.unknown("GET")` equals `.get`). Declared here once, instead
    /// of the compiler synthesizing `==` and `hash(into:)` for every generated enum.
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.rawValue == rhs.rawValue }

    public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }
}

/// Stores a value out of line so that a struct can contain itself (recursive schemas).
/// `Hashable` when the value is (request bodies, which are only sent, are not).
public indirect enum Indirect<Wrapped: Sendable>: Sendable {
    /// The boxed value.
    case value(Wrapped)

    /// Boxes a value.
    public init(_ value: Wrapped) { self = .value(value) }

    /// The boxed value.
    public var value: Wrapped {
        switch self { case .value(let value): value }
    }
}

extension Indirect: Equatable where Wrapped: Equatable {}

extension Indirect: Hashable where Wrapped: Hashable {}

extension Indirect: Decodable where Wrapped: Decodable {
    public init(from decoder: any Decoder) throws {
        self = .value(try Wrapped(from: decoder))
    }
}

extension Indirect: Encodable where Wrapped: Encodable {
    public func encode(to encoder: any Encoder) throws {
        try value.encode(to: encoder)
    }
}
