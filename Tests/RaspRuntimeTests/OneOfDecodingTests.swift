import Foundation
@_spi(Generated) @testable import RaspRuntime
import RaspTestSupport
import Testing

/// `OneOfDecoding.bestMatch`: the variant that loses nothing of an object wins, and it is the only one decoded when
/// it decodes.
struct OneOfDecodingTests {
    struct Plain: Decodable, Equatable { var name: String }
    struct Rich: Decodable, Equatable { var name: String; var alpha: Double }
    enum Union: Equatable { case plain(Plain), rich(Rich) }

    /// Decodes `json` as the union, counting each variant's decodes in `calls`.
    static func decode(_ json: String, calls: Locked<[String]>) throws -> Union {
        struct Probe: Decodable {
            @TaskLocal static var calls: Locked<[String]>?
            var value: Union
            init(from decoder: any Decoder) throws {
                let calls = Self.calls
                value = try OneOfDecoding.bestMatch("Union", in: decoder, [
                    .init(keys: ["name"]) { decoder in
                        calls?.withLock { $0.append("plain") }
                        return .plain(try Plain(from: decoder))
                    },
                    .init(keys: ["name", "alpha"]) { decoder in
                        calls?.withLock { $0.append("rich") }
                        return .rich(try Rich(from: decoder))
                    },
                ])
            }
        }
        return try Probe.$calls.withValue(calls) { try JSONDecoder().decode(Probe.self, from: Data(json.utf8)).value }
    }

    @Test func theVariantThatKeepsEveryKeyIsTheOnlyOneDecoded() throws {
        let calls = Locked<[String]>([])
        let rich = try Self.decode(#"{"name": "red", "alpha": 0.5}"#, calls: calls)
        #expect(rich == .rich(Rich(name: "red", alpha: 0.5)))
        #expect(calls.withLock { $0 } == ["rich"])
        let plainCalls = Locked<[String]>([])
        #expect(try Self.decode(#"{"name": "red"}"#, calls: plainCalls) == .plain(Plain(name: "red")))
        #expect(plainCalls.withLock { $0 } == ["plain"])
    }

    @Test func aBetterScoredVariantThatFailsFallsBackToTheNext() throws {
        // `alpha` is there but not a number: the rich variant fails, the plain one takes the value.
        let calls = Locked<[String]>([])
        #expect(try Self.decode(#"{"name": "red", "alpha": "x"}"#, calls: calls) == .plain(Plain(name: "red")))
        #expect(calls.withLock { $0 } == ["rich", "plain"])
    }

    @Test func noMatchListsTheReasonsInDocumentOrder() throws {
        let error = try #require(throws: DecodingError.self) {
            try Self.decode(#"{"alpha": 1}"#, calls: Locked([]))
        }
        guard case .dataCorrupted(let context) = error else { Issue.record("\(error)"); return }
        #expect(context.debugDescription
                == "the value matches no variant of Union: missing key 'name'; missing key 'name'")
    }
}
