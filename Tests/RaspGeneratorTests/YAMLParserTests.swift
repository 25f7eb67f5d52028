import Testing
@testable import RaspGenerator

/// The YAML layer: document order, marks, scalar resolution, aliases and the limits.
struct YAMLParserTests {
    @Test func keepsDocumentOrderAndMarks() throws {
        let root = try YAMLParser().parse("b: 1\na:\n  - x\n  - y\nc: {d: e}\n")
        let map = try #require(root.mapping)
        #expect(map.entries.map(\.key) == ["b", "a", "c"])
        #expect(map.entries[1].keyMark == Mark(line: 2, column: 1))
        let sequence = try #require(map["a"]?.sequence)
        #expect(sequence.items.map { $0.scalar?.value } == ["x", "y"])
        #expect(sequence.items[1].mark == Mark(line: 4, column: 5))
        #expect(map["c"]?.mapping?["d"]?.mark == Mark(line: 5, column: 8))
    }

    @Test func resolvesPlainScalarsByTheCoreSchema() throws {
        let map = try #require(try YAMLParser().parse("""
            a: 10
            b: "10"
            c: true
            d: null
            e: 1.5e3
            f: 123456789012345678901234567890
            g: ~
            h: 0x1F
            i: .inf
            j: 1.2.3
            """).mapping)
        #expect(map["a"]?.scalar?.resolved == .int(10))
        #expect(map["b"]?.scalar?.resolved == .string("10"))
        #expect(map["c"]?.scalar?.resolved == .bool(true))
        #expect(map["d"]?.scalar?.resolved == .null)
        #expect(map["e"]?.scalar?.resolved == .double(1500))
        #expect(map["f"]?.scalar?.resolved == .bigInt("123456789012345678901234567890"))
        #expect(map["g"]?.scalar?.resolved == .null)
        #expect(map["h"]?.scalar?.resolved == .int(31))
        #expect(map["i"]?.scalar?.resolved == .double(.infinity))
        #expect(map["j"]?.scalar?.resolved == .string("1.2.3"))
    }

    @Test func readsJSON() throws {
        let map = try #require(
            try YAMLParser().parse(#"{"openapi": "3.1.0", "n": [1, 2.5, "x", null, false]}"#).mapping)
        #expect(map["openapi"]?.scalar?.value == "3.1.0")
        #expect(map["n"]?.sequence?.items.map { $0.scalar!.resolved }
            == [.int(1), .double(2.5), .string("x"), .null, .bool(false)])
    }

    @Test func expandsAliases() throws {
        let map = try #require(try YAMLParser().parse("base: &b {type: string}\nother: *b\n").mapping)
        #expect(map["other"]?.mapping?["type"]?.scalar?.value == "string")
    }

    @Test func stopsAliasBombs() {
        var text = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
        for level in 1...9 {
            let refs = Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ")
            text += "a\(level): &a\(level) [\(refs)]\n"
        }
        var limits = YAMLParser.Limits()
        limits.maxNodes = 1_000_000
        #expect(throws: Diagnostic.self) { try YAMLParser(limits: limits).parse(text) }
    }

    @Test func findsDuplicateKeysInBigMappings() throws {
        // Past ``YAMLMapping/indexedCount`` keys a mapping finds duplicates through its key index.
        let keys = (0..<20).map { "k\($0): \($0)\n" }.joined()
        let error = try #require(throws: Diagnostic.self) { try YAMLParser().parse(keys + "k3: again\n") }
        #expect(error.message == "duplicate key 'k3' in a mapping")
        #expect(error.mark == Mark(line: 21, column: 1))
        let map = try #require(try YAMLParser().parse(keys + "k20: 20\n").mapping)
        #expect(map["k20"]?.scalar?.value == "20")
        #expect(map["k7"]?.mark == Mark(line: 8, column: 5))
    }

    /// A duplicate key or a key that is no string leaves its entry out and the parse goes on, so every one is
    /// reported; the throwing `parse` still throws the first.
    @Test func reportsEveryDuplicateAndNonStringKey() throws {
        let keys = (0..<20).map { "k\($0): \($0)\n" }.joined()
        let source = "a: 1\n? [x]\n: 2\nb: {c: 1, c: 2}\n? {y: z}\n: 4\n" + keys + "k3: again\nk20: 20\na: 5\n"
        var errors: [Diagnostic] = []
        let root = try #require(YAMLParser().parse(Array(source.utf8), errors: &errors)?.mapping)
        #expect(errors.map(\.message) == [
            "a mapping key must be a string, found a sequence", "duplicate key 'c' in a mapping",
            "a mapping key must be a string, found a mapping", "duplicate key 'k3' in a mapping",
            "duplicate key 'a' in a mapping",
        ])
        #expect(errors.map(\.mark) == [Mark(line: 2, column: 3), Mark(line: 4, column: 11), Mark(line: 5, column: 3),
                                       Mark(line: 27, column: 1), Mark(line: 29, column: 1)])
        // The first value of each key stays; the index of a big mapping still finds every key where it is.
        #expect(root.entries.count == 23)
        #expect(root["a"]?.scalar?.value == "1")
        #expect(root["k3"]?.scalar?.value == "3")
        #expect(root["k20"]?.scalar?.value == "20")
        #expect(root["b"]?.mapping?["c"]?.scalar?.value == "1")
        let error = try #require(throws: Diagnostic.self) { try YAMLParser().parse(source) }
        #expect(error.mark == Mark(line: 2, column: 3))
        // An error that ends the parse comes after the ones found before it.
        errors = []
        #expect(YAMLParser().parse(Array("a: 1\na: 2\nb: [\n".utf8), errors: &errors) == nil)
        #expect(errors.map(\.mark) == [Mark(line: 2, column: 1), Mark(line: 4, column: 1)])
    }

    @Test func stopsDeepNesting() throws {
        let text = String(repeating: "[", count: 300) + String(repeating: "]", count: 300)
        let error = try #require(throws: Diagnostic.self) { try YAMLParser().parse(text) }
        #expect(error.message == "nesting deeper than 256 levels")
        #expect(error.mark == Mark(line: 1, column: 257))
    }

    @Test func rendersCaretSnippets() throws {
        let source = "a: 1\nb: [1, 2\n"
        let error = try #require(throws: Diagnostic.self) { try YAMLParser().parse(source) }
        #expect(error.rendered(fileName: "x.yaml", source: source) == """
            x.yaml:3:1: error: did not find expected ',' or ']' (while parsing a flow sequence at 2:4)

            ^
            """)
    }

    /// One `DiagnosticSource` serves every diagnostic of a document: line breaks (CR LF too) are cut off, an invalid
    /// byte shows as U+FFFD, the last line needs no line feed, and a line past the end gives no snippet.
    @Test func rendersManyDiagnosticsFromOneSource() {
        let lines = DiagnosticSource(bytes: Array("a: 1\r\nb: \u{E9}\r\n".utf8) + [0x63, 0xFF, 0x0D])
        let render = { (line: Int, column: Int) in
            Diagnostic(.warning, "w", at: Mark(line: line, column: column)).rendered(fileName: "x", lines: lines)
        }
        #expect(render(1, 4) == "x:1:4: warning: w\na: 1\n   ^")
        #expect(render(2, 4) == "x:2:4: warning: w\nb: \u{E9}\n   ^")
        #expect(render(3, 2) == "x:3:2: warning: w\nc\u{FFFD}\n ^")
        #expect(render(4, 1) == "x:4:1: warning: w")
        #expect(Diagnostic(.warning, "w", at: Mark(line: 2, column: 1)).rendered(fileName: "x", source: "a\nb")
            == "x:2:1: warning: w\nb\n^")
    }
}
