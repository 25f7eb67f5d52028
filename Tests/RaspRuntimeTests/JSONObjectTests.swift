import Foundation
import Testing
@testable import RaspRuntime

/// `JSONObject`: a JSON object's members in order, keys compared by their bytes.
struct JSONObjectTests {
    /// "café" with a precomposed `é` (NFC) and with `e` plus a combining acute accent (NFD): equal as `String`s.
    static let composed = "caf\u{E9}"
    static let decomposed = "cafe\u{301}"

    @Test func keysThatDifferOnlyInNormalizationStayTwoKeys() throws {
        #expect(Self.composed == Self.decomposed)  // What a `[String: V]` would merge.
        let json = Data(#"{"\#(Self.composed)": 1, "\#(Self.decomposed)": 2}"#.utf8)
        let object = try JSONCoding.decode(JSONObject<Int>.self, from: json)
        #expect(object.count == 2)
        #expect(object[Self.composed] == 1)
        #expect(object[Self.decomposed] == 2)
        #expect(object.keys.map { Array($0.utf8) } == [Array(Self.composed.utf8), Array(Self.decomposed.utf8)])
        // Written back byte for byte, in order.
        #expect(try JSONCoding.encode(object) == Data(#"{"\#(Self.composed)":1,"\#(Self.decomposed)":2}"#.utf8))
        // The same through JSONValue.
        let value = try JSONCoding.decode(JSONValue.self, from: json)
        guard case .object(let members) = value else { Issue.record("not an object: \(value)"); return }
        #expect(members.count == 2 && members[Self.decomposed] == .number(2))
        // A dictionary merges them, the later value winning.
        #expect(object.dictionary == [Self.composed: 2])
    }

    @Test func membersKeepTheirOrderAndARepeatedKeyKeepsItsPlaceAndLastValue() throws {
        let object = try JSONCoding.decode(JSONObject<Int>.self, from: Data(#"{"z": 1, "a": 2, "z": 3, "m": 4}"#.utf8))
        #expect(object.keys == ["z", "a", "m"])
        #expect(object.values == [3, 2, 4])
        #expect(String(decoding: try JSONCoding.encode(object), as: UTF8.self) == #"{"z":3,"a":2,"m":4}"#)
        var edited = object
        edited["a"] = nil
        edited["b"] = 5
        edited["z", default: 0] += 10
        #expect(edited.keys == ["z", "m", "b"] && edited["z"] == 13)
        #expect(edited.updateValue(6, forKey: "b") == 5)
        #expect(edited.removeValue(forKey: "nothing") == nil)
    }

    @Test func equalityAndHashIgnoreOrderButNotBytes() {
        let first: JSONObject<Int> = ["a": 1, "b": 2]
        let second: JSONObject<Int> = ["b": 2, "a": 1]
        #expect(first == second)
        #expect(first.hashValue == second.hashValue)
        #expect(Set([first, second]).count == 1)
        #expect(first != ["a": 1, "b": 3])
        #expect(first != ["a": 1])
        let composed: JSONObject<Int> = [Self.composed: 1]
        #expect(composed != [Self.decomposed: 1])
    }

    /// Past a dozen members lookups go through an index: adding, replacing and removing keep it right.
    @Test func largeObjectsFindEveryKey() {
        var object = JSONObject<Int>()
        for number in 0..<200 { object["k\(number)"] = number }
        object[Self.composed] = -1
        object[Self.decomposed] = -2
        #expect(object.count == 202)
        #expect((0..<200).allSatisfy { (number: Int) in object["k\(number)"] == number })
        #expect(object[Self.composed] == -1 && object[Self.decomposed] == -2)
        for number in stride(from: 0, to: 200, by: 3) { object.removeValue(forKey: "k\(number)") }
        #expect((0..<200).allSatisfy { (number: Int) in object["k\(number)"] == (number % 3 == 0 ? nil : number) })
        #expect(object.keys.first == "k1" && object.keys.last == Self.decomposed)
        for number in 0..<200 where number % 3 != 0 { object["k\(number)"] = nil }
        #expect(object.keys == [Self.composed, Self.decomposed])
        object["k0"] = 0
        #expect(object["k0"] == 0 && object[Self.decomposed] == -2)
    }

    @Test func readsLikeADictionary() {
        let object: JSONObject<Int> = ["b": 2, "a": 1, "c": 3]
        #expect(object.map(\.key) == ["b", "a", "c"])
        #expect(object.filter { $0.value > 1 }.keys == ["b", "c"])
        #expect(object.mapValues { $0 * 10 }["c"] == 30)
        #expect(object.compactMapValues { $0 == 1 ? nil : String($0) } == ["b": "2", "c": "3"])
        #expect(JSONObject(["y": 1, "x": 2]).keys == ["x", "y"])
        var merged = object
        merged.merge(["a": 10, "d": 4]) { mine, theirs in mine + theirs }
        #expect(merged.keys == ["b", "a", "c", "d"] && merged["a"] == 11)
        #expect(object.description == #"["b": 2, "a": 1, "c": 3]"#)
        #expect(JSONObject<Int>().description == "[:]")
    }

    @Test func codableThroughFoundationsCoders() throws {
        let object: JSONObject<[Int]> = ["z": [1], "a": []]
        let data = try JSONEncoder().encode(object)
        let decoded = try JSONDecoder().decode(JSONObject<[Int]>.self, from: data)
        #expect(decoded == object)
        // A decoder gives its keys in no set order: they are read in their bytes' order.
        #expect(decoded.keys == ["a", "z"])
    }
}
