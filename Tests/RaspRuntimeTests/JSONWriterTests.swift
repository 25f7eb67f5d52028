import Foundation
import Testing
@_spi(Generated) import RaspRuntime

/// `JSONWritable`: a value's `writeJSON(to:)` writes the bytes its `encode(to:)` streams (which
/// `StreamingJSONEncoderTests` compares with `JSONEncoder`), and `JSONCoding.encode` takes it.
struct JSONWriterTests {
    /// A type written the way generated structs are: the same calls on a keyed container and on a writer.
    struct Trip: Codable, Equatable, JSONWritable {
        var to: String
        var from: String
        var seats: Int?
        var price: Double
        var when: Date?
        var note: Nullable<String>?
        var stop: String?
        var tags: [String?]
        var id: UUID
        var extra: JSONObject<JSONValue>

        init(to: String, from: String, seats: Int?, price: Double, when: Date?, note: Nullable<String>?,
             stop: String?, tags: [String?], id: UUID, extra: JSONObject<JSONValue>) {
            (self.to, self.from, self.seats, self.price, self.when) = (to, from, seats, price, when)
            (self.note, self.stop, self.tags, self.id, self.extra) = (note, stop, tags, id, extra)
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: FieldKey.self)
            to = try container.field(String.self, "to")
            from = try container.field(String.self, "from")
            seats = try container.optionalField(Int.self, "seats")
            price = try container.field(Double.self, "price")
            when = try container.optionalField(Date.self, "when")
            note = try container.nullableField(String.self, "note")
            stop = try container.optionalField(String.self, "stop")
            tags = try container.field([String?].self, "tags")
            id = try container.field(UUID.self, "id")
            extra = try container.additionalFields(JSONValue.self, declared: ["to", "from", "seats", "price", "when",
                                                                             "note", "stop", "tags", "id"])
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: FieldKey.self)
            try container.encodeField(to, "to")
            try container.encodeField(from, "from")
            try container.encodeOptionalField(seats, "seats")
            try container.encodeField(price, "price")
            try container.encodeOptionalField(when, "when")
            try container.encodeNullableField(note, "note")
            try container.encodeFieldOrNull(stop, "stop")
            try container.encodeField(tags, "tags")
            try container.encodeField(id, "id")
            try container.encodeAdditionalFields(extra)
        }

        func writeJSON(to writer: inout JSONWriter) throws {
            writer.beginObject()
            try writer.encodeField(to, "to")
            try writer.encodeField(from, "from")
            try writer.encodeOptionalField(seats, "seats")
            try writer.encodeField(price, "price")
            try writer.encodeOptionalField(when, "when")
            try writer.encodeNullableField(note, "note")
            try writer.encodeFieldOrNull(stop, "stop")
            try writer.encodeField(tags, "tags")
            // `UUID` is not `JSONWritable`: it is written through its `encode(to:)`.
            try writer.encodeField(id, "id")
            try writer.encodeAdditionalFields(extra)
            writer.endObject()
        }
    }

    /// A value that `JSONCoding.encode` can only stream through its `encode(to:)`.
    struct ThroughEncoder<Value: Encodable>: Encodable {
        let value: Value
        func encode(to encoder: any Encoder) throws { try value.encode(to: encoder) }
    }

    static let trips = [
        Trip(to: "Санкт-Петербург \"Главный\"", from: "Москва\\Ленинградский\n\u{1}\t/", seats: nil, price: 5700,
             when: Date(timeIntervalSince1970: 1_709_625_300.25), note: .null, stop: nil, tags: ["a", nil],
             id: UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!,
             extra: ["z": .number(0.1), "a": .integer(.min), "m": .unsignedInteger(.max),
                     "o": .object(["y": .null, "b": .array([.bool(true), .string("é")])])]),
        Trip(to: "", from: "x", seats: 3, price: -0.5, when: nil, note: .value("n"), stop: "Тверь", tags: [],
             id: UUID(uuidString: "00000000-0000-0000-0000-000000000000")!, extra: [:]),
        Trip(to: "a", from: "b", seats: .max, price: 1e300, when: nil, note: nil, stop: "", tags: [nil],
             id: UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!, extra: ["k": .array([])]),
    ]

    @Test("writeJSON(to:) writes the bytes encode(to:) streams, keys in declaration order", arguments: trips)
    func sameBytesAsEncodeTo(trip: Trip) throws {
        let written = try JSONCoding.encode(trip)
        #expect(written == (try JSONCoding.encode(ThroughEncoder(value: trip))))
        #expect(try JSONCoding.decoder.decode(Trip.self, from: written) == trip)
    }

    @Test func theFirstTripReadsAsExpected() throws {
        let text = String(decoding: try JSONCoding.encode(Self.trips[0]), as: UTF8.self)
        #expect(text == #"{"to":"Санкт-Петербург \"Главный\"","from":"Москва\\Ленинградский\n\u0001\t/","#
                + #""price":5700,"when":"2024-03-05T07:55:00.250Z","note":null,"stop":null,"tags":["a",null],"#
                + #""id":"E621E1F8-C36C-495A-93FC-0C247A3E6E5F","z":0.1,"a":-9223372036854775808,"#
                + #""m":18446744073709551615,"o":{"y":null,"b":[true,"é"]}}"#)
    }

    @Test func collectionsAndScalarsWriteWhatTheEncoderStreams() throws {
        let dates = [Date(timeIntervalSince1970: 0), Date(timeIntervalSince1970: 1.5)]
        #expect(try JSONCoding.encode(dates) == JSONCoding.encode(ThroughEncoder(value: dates)))
        let values: [String: [Int64?]] = ["b": [1, nil, .min], "a": []]
        #expect(try JSONCoding.encode(values) == JSONCoding.encode(ThroughEncoder(value: values)))
        let data = [Data([0, 1, 2, 255]), Data()]
        #expect(try JSONCoding.encode(data) == JSONCoding.encode(ThroughEncoder(value: data)))
        let misc: [JSONValue] = [.string("\u{8}\u{C}\u{7F}"), .number(123.456), .bool(false), .null]
        #expect(try JSONCoding.encode(misc) == JSONCoding.encode(ThroughEncoder(value: misc)))
        let decimals = [Decimal(string: "12345678901234567890.5")!, Decimal(0)]
        #expect(try JSONCoding.encode(decimals) == JSONCoding.encode(ThroughEncoder(value: decimals)))
        let other = [LocalDate("2026-06-01")!]
        #expect(try JSONCoding.encode(other) == JSONCoding.encode(ThroughEncoder(value: other)))
    }

    /// The writer does not track coding paths; `JSONCoding.encode` gets the error from the encoder, which does.
    @Test func aNumberJSONCannotHoldThrowsWithItsPath() throws {
        var trip = Self.trips[1]
        trip.price = .nan
        do {
            _ = try JSONCoding.encode(trip)
            Issue.record("NaN was written")
        } catch let EncodingError.invalidValue(_, context) {
            #expect(context.codingPath.map(\.stringValue) == ["price"])
        }
    }

    /// Random JSON trees (seeded): the writer and the encoder write the same bytes.
    @Test func randomValuesWriteTheSameBytes() throws {
        var generator = SplitMix(seed: 36)
        for _ in 0..<300 {
            let value = StreamingJSONEncoderTests.randomValue(depth: 0, &generator)
            #expect(try JSONCoding.encode(value) == JSONCoding.encode(ThroughEncoder(value: value)))
        }
    }

    /// A struct whose union describes more keys of its own object, written the way generated ones are.
    struct Shared<Variant: JSONWritable>: Encodable, JSONWritable {
        var name: String
        var extra: JSONObject<JSONValue>
        var variant: Variant

        func encode(to encoder: any Encoder) throws {
            throw EncodingError.invalidValue(self, .init(codingPath: [], debugDescription: "written by writeJSON only"))
        }

        func writeJSON(to writer: inout JSONWriter) throws {
            let start = writer.mark
            writer.beginObject()
            try writer.encodeField(name, "name")
            try writer.encodeAdditionalFields(extra)
            try writer.encodeMembers(of: variant, objectStart: start)
            writer.endObject()
        }
    }

    @Test func aVariantAddsItsKeysToItsStructsObjectOnce() throws {
        let composed = "caf\u{E9}", decomposed = "cafe\u{301}"
        let value = Shared(name: "n", extra: [composed: .number(1)],
                           variant: JSONValue.object(["name": .string("again"), decomposed: .number(2),
                                                      composed: .number(3), "type": .string("t")]))
        // Inside an array, so the commas around the object count too.
        let text = String(decoding: try JSONCoding.encode([value, value]), as: UTF8.self)
        let one = #"{"name":"n","\#(composed)":1,"\#(decomposed)":2,"type":"t"}"#
        #expect(text == "[\(one),\(one)]")
        let empty = Shared(name: "n", extra: [:], variant: JSONValue.object([:]))
        #expect(String(decoding: try JSONCoding.encode(empty), as: UTF8.self) == #"{"name":"n"}"#)
        #expect(throws: EncodingError.self) {
            try JSONCoding.encode(Shared(name: "n", extra: [:], variant: JSONValue.string("not an object")))
        }
    }
}
