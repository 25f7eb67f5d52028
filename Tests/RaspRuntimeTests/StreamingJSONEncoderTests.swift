import Foundation
import Testing
@_spi(Generated) import RaspRuntime

/// `JSONCoding.encode`: the streaming encoder writes what `JSONCoding.encoder` writes, as JSON values, and bytes
/// in the order of a generated type's properties.
struct StreamingJSONEncoderTests {
    /// A type coded the way generated structs are (``FieldKey`` and the field helpers).
    struct Trip: Codable, Equatable {
        var to: String
        var from: String
        var seats: Int?
        var price: Double
        var when: Date?
        var note: Nullable<String>?
        var tags: [String?]
        var extra: [String: JSONValue]

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: FieldKey.self)
            to = try container.field(String.self, "to")
            from = try container.field(String.self, "from")
            seats = try container.optionalField(Int.self, "seats")
            price = try container.field(Double.self, "price")
            when = try container.optionalField(Date.self, "when")
            note = try container.nullableField(String.self, "note")
            tags = try container.field([String?].self, "tags")
            extra = try container.field([String: JSONValue].self, "extra")
        }

        init(to: String, from: String, seats: Int?, price: Double, when: Date?, note: Nullable<String>?,
             tags: [String?], extra: [String: JSONValue]) {
            (self.to, self.from, self.seats, self.price, self.when) = (to, from, seats, price, when)
            (self.note, self.tags, self.extra) = (note, tags, extra)
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: FieldKey.self)
            try container.encodeField(to, "to")
            try container.encodeField(from, "from")
            try container.encodeOptionalField(seats, "seats")
            try container.encodeField(price, "price")
            try container.encodeOptionalField(when, "when")
            try container.encodeNullableField(note, "note")
            try container.encodeField(tags, "tags")
            try container.encodeField(extra, "extra")
        }
    }

    static let trip = Trip(
        to: "Санкт-Петербург \"Главный\"", from: "Москва\\Ленинградский\n\u{1}\t/", seats: nil, price: 5700,
        when: Date(timeIntervalSince1970: 1_709_625_300.25), note: .null, tags: ["a", nil],
        extra: ["z": .number(0.1), "a": .integer(.min), "m": .unsignedInteger(.max),
                "o": .object(["y": .null, "b": .array([.bool(true), .string("é")])])])

    /// A dictionary's keys are sorted (its order changes from run to run); a `JSONObject` keeps its own.
    @Test func writesAGeneratedTypesKeysInDeclarationOrderDictionariesSortedObjectsInOrder() throws {
        let text = String(decoding: try JSONCoding.encode(Self.trip), as: UTF8.self)
        #expect(text == #"{"to":"Санкт-Петербург \"Главный\"","from":"Москва\\Ленинградский\n\u0001\t/","#
                + #""price":5700,"when":"2024-03-05T07:55:00.250Z","note":null,"tags":["a",null],"#
                + #""extra":{"a":-9223372036854775808,"m":18446744073709551615,"o":{"y":null,"b":[true,"é"]},"#
                + #""z":0.1}}"#)
    }

    @Test func agreesWithJSONEncoderAsJSON() throws {
        let streamed = try JSONCoding.encode(Self.trip)
        let tree = try JSONCoding.encoder.encode(Self.trip)
        #expect(try JSONDecoder().decode(JSONValue.self, from: streamed)
                == JSONDecoder().decode(JSONValue.self, from: tree))
        #expect(try JSONCoding.decoder.decode(Trip.self, from: streamed) == Self.trip)
    }

    @Test(arguments: [0.0, -0.5, 5700, 1e-7, 123.456, 1e300, -2.5e-300, 9_007_199_254_740_994, .pi])
    func numbersKeepTheirValue(_ number: Double) throws {
        let text = try JSONCoding.encode([number])
        #expect(try JSONDecoder().decode([Double].self, from: text) == [number])
    }

    @Test func integersOfEveryWidthAndFoundationsSpecialTypes() throws {
        struct Mixed: Encodable {
            func encode(to encoder: any Encoder) throws {
                var items = encoder.unkeyedContainer()
                try items.encode(Int8.min)
                try items.encode(UInt16.max)
                try items.encode(Int64.min)
                try items.encode(UInt64.max)
                try items.encode(Float(0.1))
                try items.encode(Data([0, 1, 2, 255]))
                try items.encode(URL(string: "https://example.com/a%20b?c=d")!)
                try items.encode(Decimal(string: "12.345")!)
                try items.encodeNil()
            }
        }
        let text = String(decoding: try JSONCoding.encode(Mixed()), as: UTF8.self)
        #expect(text == #"[-128,65535,-9223372036854775808,18446744073709551615,0.1,"AAEC/w==","#
                + #""https://example.com/a%20b?c=d",12.345,null]"#)
    }

    @Test func aNumberJSONCannotHoldThrows() {
        #expect(throws: EncodingError.self) { try JSONCoding.encode(["a": Double.nan]) }
        #expect(throws: EncodingError.self) { try JSONCoding.encode([Float.infinity]) }
    }

    /// Nested containers and a second container on one encoder can be written out of order: such a value is
    /// encoded by `JSONEncoder`, and still comes out whole.
    @Test func typesTheStreamCannotWriteInOrderFallBackToJSONEncoder() throws {
        struct Nested: Encodable {
            enum Key: CodingKey { case outer, inner, after }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: Key.self)
                var inner = container.nestedContainer(keyedBy: Key.self, forKey: .outer)
                try container.encode(1, forKey: .after)
                try inner.encode("late", forKey: .inner)
            }
        }
        struct Twice: Encodable {
            func encode(to encoder: any Encoder) throws {
                var first = encoder.container(keyedBy: FieldKey.self)
                try first.encodeField("a", "kind")
                var second = encoder.container(keyedBy: FieldKey.self)
                try second.encodeField("b", "kind")
            }
        }
        let nested = try JSONDecoder().decode(JSONValue.self, from: JSONCoding.encode(Nested()))
        #expect(nested == .object(["outer": .object(["inner": .string("late")]), "after": .number(1)]))
        let twice = try JSONDecoder().decode(JSONValue.self, from: JSONCoding.encode(Twice()))
        #expect(twice == .object(["kind": .string("b")]))
    }

    /// Random JSON trees (seeded) come back equal.
    @Test func randomValuesRoundTrip() throws {
        var generator = SplitMix(seed: 34)
        for _ in 0..<300 {
            let value = Self.randomValue(depth: 0, &generator)
            let decoded = try JSONDecoder().decode(JSONValue.self, from: JSONCoding.encode(value))
            #expect(decoded == value)
        }
    }

    static func randomValue(depth: Int, _ random: inout SplitMix) -> JSONValue {
        switch random.next() % (depth > 3 ? 5 : 7) {
        case 0: return .null
        case 1: return .bool(random.next() % 2 == 0)
        case 2: return .number(Double(Int64(bitPattern: random.next()) % 1_000_000) / 64)
        case 3: return .integer(Int(random.next() >> 2) + (1 << 60))
        case 4:
            let scalars = (0..<Int(random.next() % 6)).map { _ in
                Unicode.Scalar([0x22, 0x5C, 0x0A, 0x1F, 0x41, 0xE9, 0x4E2D, 0x1F686][Int(random.next() % 8)])!
            }
            return .string(String(String.UnicodeScalarView(scalars)))
        case 5: return .array((0..<Int(random.next() % 4)).map { _ in randomValue(depth: depth + 1, &random) })
        default:
            var fields: JSONObject<JSONValue> = [:]
            for index in 0..<Int(random.next() % 4) {
                fields["k\(random.next() % 9)\(index)"] = randomValue(depth: depth + 1, &random)
            }
            return .object(fields)
        }
    }
}

/// A small seeded generator (SplitMix64), so the random cases are the same on every run.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
