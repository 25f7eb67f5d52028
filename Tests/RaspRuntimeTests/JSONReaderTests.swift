import Foundation
import Testing
@testable import RaspRuntime

/// `JSONReader` on its own: what it accepts reads exactly as `JSONDecoder` reads it, what is not JSON is an error
/// that says where, and nothing it is given crashes it.
struct JSONReaderTests {
    private func read<T: JSONReadable>(_ type: T.Type, _ text: String) throws -> T {
        try JSONCoding.decode(T.self, from: Data(text.utf8))
    }

    @Test func doublesReadExactlyAsSwiftParsesThem() throws {
        var generator = SystemRandomNumberGenerator()
        var texts = ["0", "-0", "0.1", "1e22", "1e23", "9007199254740993", "2.2250738585072014e-308", "5e-324",
                     "1.7976931348623157e308", "123456789012345678901234567890", "0.000001", "-12.5E-3", "1E+2"]
        for _ in 0..<2000 {
            let value = Double(bitPattern: generator.next())
            if value.isFinite { texts.append("\(value)") }
            let mantissa = Int.random(in: 0...999_999_999_999_999, using: &generator)
            texts.append("\(mantissa)e\(Int.random(in: -30...30, using: &generator))")
            texts.append("\(mantissa / 1000).\(mantissa % 1000)")
        }
        for text in texts {
            let expected = try #require(Double(text))
            let read = try read(Double.self, text)
            #expect(read.bitPattern == expected.bitPattern, "\(text)")
        }
    }

    @Test func integersAtTheirLimits() throws {
        #expect(try read(Int.self, "\(Int.max)") == .max)
        #expect(try read(Int.self, "\(Int.min)") == .min)
        #expect(try read(UInt64.self, "\(UInt64.max)") == .max)
        #expect(try read(Int.self, "1.0") == 1)
        #expect(try read(Int.self, "1e2") == 100)
        #expect(throws: DecodingError.self) { try read(Int.self, "9223372036854775808") }
        #expect(throws: DecodingError.self) { try read(Int8.self, "128") }
        #expect(throws: DecodingError.self) { try read(Int.self, "1.5") }
        #expect(throws: DecodingError.self) { try read(UInt.self, "-1") }
    }

    @Test func stringsWithEscapesAndEveryPlane() throws {
        #expect(try read(String.self, #""a\"b\\c\/d\b\f\n\r\t""#) == "a\"b\\c/d\u{8}\u{C}\n\r\t")
        #expect(try read(String.self, #""\u00e9\u2028\ud83d\ude00""#) == "é\u{2028}😀")
        #expect(try read(String.self, "\"Москва 😀 \u{85}\"") == "Москва 😀 \u{85}")
        // A lone surrogate is no character: U+FFFD, as the generator reads one in a document.
        #expect(try read(String.self, #""a\ud800b""#) == "a\u{FFFD}b")
    }

    @Test func keysThatDifferOnlyInNormalizationAreTwoKeys() throws {
        // "café" with a precomposed é (NFC) and with e + U+0301 (NFD): a key table matches bytes, not characters.
        let keys = JSONKeys("caf\u{E9}")
        let nfd = Array("{\"cafe\u{301}\":1,\"caf\u{E9}\":2}".utf8)
        let matched: [Int] = try nfd.withUnsafeBufferPointer { buffer in
            var reader = JSONReader(buffer)
            try reader.beginObject(JSONValue.self)
            var matched: [Int] = []
            while let field = try reader.nextField(keys) {
                matched.append(field)
                try reader.skipValue()
            }
            return matched
        }
        #expect(matched == [-1, 0])
    }

    @Test(arguments: [
        ("", "the end of the document"), ("{", "a key in quotes"), ("[1,]", "expected a value"),
        ("{\"a\" 1}", "':'"), ("01", "leading zero"), ("1.", "digit after '.'"), ("\"\u{1}\"", "control character"),
        ("\"\\x\"", "unknown escape"), ("\"\\u12\"", "four hex digits"), ("nul", "'null'"), ("[1] 2", "after the JSON"),
        ("\"abc", "no closing quote"),
    ])
    func textThatIsNotJSONSaysWhere(text: String, expected: String) throws {
        do {
            _ = try read(JSONValue.self, text)
            Issue.record("'\(text)' was read")
        } catch let DecodingError.dataCorrupted(context) {
            #expect(context.debugDescription.contains(expected), "\(context.debugDescription)")
            #expect(context.debugDescription.contains("line 1, column"))
        }
        #expect(throws: DecodingError.self) { try JSONCoding.validate(Data(text.utf8)) }
    }

    @Test func invalidUTF8IsAnErrorAndNotRepaired() throws {
        for bytes: [UInt8] in [[0x22, 0xC3, 0x22], [0x22, 0xED, 0xA0, 0x80, 0x22], [0x22, 0xFF, 0x22],
                               [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22]] {
            #expect(throws: DecodingError.self) { try JSONCoding.decode(String.self, from: Data(bytes)) }
            #expect(throws: DecodingError.self) { try JSONCoding.validate(Data(bytes)) }
        }
    }

    @Test func deepNestingIsAnErrorNotACrash() throws {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: DecodingError.self) { try read(JSONValue.self, deep) }
        #expect(throws: DecodingError.self) { try JSONCoding.validate(Data(deep.utf8)) }
    }

    @Test func freeFormValuesReadAsTheDecoderReadsThem() throws {
        let text = #"{"a":[1,2.5,-0,9007199254740993,18446744073709551615,1e400000000000],"b":null,"c":{"d":true}}"#
        #expect(throws: DecodingError.self) { try read(JSONValue.self, text) }
        let valid = #"{"a":[1,2.5,-0,9007199254740993,18446744073709551615,"x"],"b":null,"c":{"d":true,"e":false}}"#
        let expected = try JSONDecoder().decode(JSONValue.self, from: Data(valid.utf8))
        #expect(try read(JSONValue.self, valid) == expected)
    }

    @Test func errorPathsNameKeysAndIndices() throws {
        do {
            _ = try read([String: [Int]].self, #"{"a":[1,2],"b":[3,"x"]}"#)
            Issue.record("read")
        } catch let DecodingError.typeMismatch(_, context) {
            #expect(context.codingPath.map(\.stringValue) == ["b", "Index 1"])
            #expect(context.codingPath.last?.intValue == 1)
        }
    }
}

/// An open enum of more cases than are scanned (`OpenEnumTables`): every raw value maps to its case through the
/// table, the first of two cases with one raw value wins as in a scan, and anything else is `unknown`.
private enum ManyCases: OpenEnum {
    case known(Int)
    case unknown(String)

    static let knownCases: [Self] = (0..<40).map { .known($0) } + [.known(47)]

    var rawValue: String {
        switch self {
        case .known(let index): "case-\(index % 40)"
        case .unknown(let value): value
        }
    }
}

struct OpenEnumTableTests {
    @Test func aLargeEnumMapsEveryRawValueThroughItsTable() async throws {
        #expect(ManyCases.knownCases.count > OpenEnumTables.scanLimit)
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    for index in 0..<40 {
                        guard case .known(let found) = ManyCases(rawValue: "case-\(index)") else {
                            Issue.record("case-\(index) is unknown")
                            return
                        }
                        #expect(found == index)
                    }
                }
            }
        }
        guard case .unknown("case-40") = ManyCases(rawValue: "case-40") else {
            Issue.record("case-40 is known")
            return
        }
        let read = try JSONCoding.decode([ManyCases].self, from: Data(#"["case-3","nope"]"#.utf8))
        #expect(read.map(\.rawValue) == ["case-3", "nope"])
    }
}
