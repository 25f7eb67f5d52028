import Foundation
import Testing
@testable import RaspGenerator

/// Every valid JSON text is read with its strings' values intact, though libyaml's YAML 1.1 reader refuses some of
/// the characters JSON allows in them or reads them as line breaks (``JSONStrings``).
struct JSONStringsTests {
    static func read(_ json: String) throws -> (YAMLMapping, [Diagnostic]) {
        var errors: [Diagnostic] = []
        var warnings: [Diagnostic] = []
        let root = YAMLParser().parse(Array(json.utf8), errors: &errors, warnings: &warnings)
        #expect(errors.isEmpty, "\(errors)")
        return (try #require(root?.mapping), warnings)
    }

    @Test(arguments: [
        "\u{80}", "\u{9C}", "\u{85}", "\u{9F}", "\u{7F}", "\u{2028}", "\u{2029}", "\u{FFFE}", "\u{FFFF}",
        "a\u{2028}b\u{9C}c\u{2029}d",
    ])
    func charactersLibYAMLRefusesAreReadAsWritten(_ text: String) throws {
        let (root, warnings) = try Self.read(#"{"s": ""# + text + #"", "after": 1}"#)
        #expect(root["s"]?.scalar?.value.unicodeScalars.elementsEqual(text.unicodeScalars) == true)
        #expect(root["after"]?.scalar?.value == "1")
        #expect(warnings.isEmpty)
    }

    @Test func surrogatePairEscapesAreOneCharacter() throws {
        let (root, warnings) = try Self.read(#"{"s": "a\ud83d\ude00b\uD834\uDD1E", "t": "\u00e9\\ud800"}"#)
        #expect(root["s"]?.scalar?.value == "a😀b𝄞")
        // An escaped backslash followed by text is no escape.
        #expect(root["t"]?.scalar?.value == #"é\ud800"#)
        #expect(warnings.isEmpty)
    }

    @Test func aLoneSurrogateIsTheReplacementCharacterWithAWarningAtItsPlace() throws {
        let (root, warnings) = try Self.read("{\"a\": 1,\n \"s\": \"x\\udc00y\\ud800\"}")
        #expect(root["s"]?.scalar?.value == "x\u{FFFD}y\u{FFFD}")
        #expect(warnings.map { "\($0.mark!)" } == ["2:9", "2:16"])
        #expect(warnings.first?.message.contains("lone surrogate") == true)
    }

    /// The marks of what follows a rewritten character on its line are the columns of the text as written.
    @Test func marksAfterARewriteAreTheWrittenColumns() throws {
        let json = "{\"d\": \"\u{9C}\u{2028}\\ud83d\\ude00\", \"key\": [true]}"
        let (root, _) = try Self.read(json)
        let written = Array(json.unicodeScalars)
        let keyColumn = try #require(written.indices.first { index in
            String(String.UnicodeScalarView(written[index...])).hasPrefix("\"key\"")
        }) + 1
        #expect(root.entry("key")?.keyMark.column == keyColumn)
        #expect(root["key"]?.mark.column == keyColumn + 7)
        // An error after a rewrite points at the written column too.
        var errors: [Diagnostic] = []
        _ = YAMLParser().parse(Array("{\"d\": \"\u{9C}\", \"k\": [1,, 2]}".utf8), errors: &errors)
        #expect(errors.first?.mark?.column == 20)
    }

    /// A vendor's JSON document whose descriptions hold mojibake (C1 controls) and whose values hold a line
    /// separator and an escaped emoji generates, with no warning.
    @Test func aJSONDocumentWithSuchCharactersGenerates() throws {
        let json = "{\"openapi\": \"3.0.3\", \"info\": {\"title\": \"T\", \"version\": \"1\"}, \"paths\": {}, "
            + "\"components\": {\"schemas\": {\"Mark\": {\"type\": \"string\", "
            + "\"description\": \"\u{9C}quoted\u{9D} by\u{80}\", \"enum\": [\"a\u{2028}b\", \"\\ud83d\\ude00\"]}}}}"
        let document = try GeneratorPipeline().parse(Array(json.utf8), path: "api.json")
        let mark = try #require(document.schemas.first { $0.name == "Mark" }?.schema)
        #expect(mark.description == "\u{9C}quoted\u{9D} by\u{80}")
        #expect(mark.enumValues == [.string("a\u{2028}b"), .string("😀")])
        let result = try GeneratorPipeline().generate(Array(json.utf8), sourceName: "api.json")
        #expect(result.warnings.isEmpty)
        #expect(result.files.contains { $0.contents.contains("😀") })
    }

    /// YAML is read as written: text that looks like an escape in a plain or single-quoted scalar is text.
    @Test func yamlIsNotRewritten() throws {
        var errors: [Diagnostic] = []
        let root = YAMLParser().parse(Array(#"a: x\ud800 '\ud83d\ude00'"#.utf8), errors: &errors)
        #expect(root?.mapping?["a"]?.scalar?.value == #"x\ud800 '\ud83d\ude00'"#)
    }
}
