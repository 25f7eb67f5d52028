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
    /// An enum of many cases (time zones, currencies, countries) looks its raw value up in a table made once per type
    /// instead.
    @inlinable
    public init(rawValue: RawValue) {
        let cases = Self.knownCases
        if cases.count > OpenEnumTables.scanLimit {
            self = OpenEnumTables.knownCase(Self.self, rawValue: rawValue) ?? .unknown(rawValue)
        } else {
            self = cases.first { $0.rawValue == rawValue } ?? .unknown(rawValue)
        }
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

/// The raw-value tables of open enums with many cases, made on first use, one per type.
@usableFromInline
enum OpenEnumTables {
    /// Up to this many cases, a scan of `knownCases` costs less than a table lookup behind a lock.
    @usableFromInline static let scanLimit = 16

    private static let tables = Locked<[ObjectIdentifier: any Sendable]>([:])

    /// The first known case of `type` whose raw value is `rawValue`, or nil.
    @usableFromInline
    static func knownCase<Enum: OpenEnum>(_ type: Enum.Type, rawValue: Enum.RawValue) -> Enum? {
        let key = ObjectIdentifier(type)
        let table = tables.withLock { tables -> [Enum.RawValue: Enum] in
            if let table = tables[key] as? [Enum.RawValue: Enum] { return table }
            var table: [Enum.RawValue: Enum] = [:]
            for item in Enum.knownCases where table[item.rawValue] == nil { table[item.rawValue] = item }
            tables[key] = table
            return table
        }
        return table[rawValue]
    }
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
