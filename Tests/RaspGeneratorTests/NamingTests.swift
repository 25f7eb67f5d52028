import Testing
@testable import RaspGenerator

/// Naming and text helpers, including the byte-level fast paths against their Unicode-aware originals.
@Suite("Naming and doc text")
struct NamingTests {
    @Test("wire names become Swift names", arguments: [
        ("logo_svg", "LogoSvg", "logoSvg"),
        ("nearest-stations", "NearestStations", "nearestStations"),
        ("URLPath", "URLPath", "urlPath"),
        ("HTTPStatus2xx", "HTTPStatus2xx", "httpStatus2xx"),
        ("2fa", "_2fa", "_2fa"),
        ("default", "Default", "`default`"),
        ("self", "SelfSchema", "self_"),
        ("ápice_x", "ÁpiceX", "ápiceX"),
        ("", "Value", "_empty"),
    ])
    func names(raw: String, type: String, member: String) {
        #expect(Naming.typeName(raw) == type)
        #expect(Naming.memberName(raw) == member)
    }

    @Test("the ASCII word splitter agrees with the Unicode one on 20,000 random names")
    func asciiWordsMatchUnicodeWords() {
        var random = SplitMix(seed: 0xA5C11)
        let alphabet = Array("aAbBzZ09_-. /xXyY".utf8)
        for _ in 0..<20_000 {
            let length = Int(random.next() % 14)
            let bytes = (0..<length).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] }
            let name = String(decoding: bytes, as: UTF8.self)
            #expect(Naming.asciiWords(name) == Naming.unicodeWords(name), "\(name)")
        }
    }

    @Test("doc lines split at LF only, keep CRLF pairs for the writer, and agree with a character split")
    func docLines() {
        let samples = ["one", "a\nb", "a\r\nb\nc", "\n", "x\n\n", "Привет\nмир", "tab\t\n", "\r\n\r\n", ""]
        for text in samples {
            #expect(text.docLines == text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init), "\(text.debugDescription)")
        }
        var writer = CodeWriter()
        writer.doc(["first  ", "a\r\nb", "plain\t"])
        #expect(writer.text == "/// first\n/// a\n/// b\n/// plain\n")
    }

    @Test("trailing spaces, tabs and CRs go; other characters stay")
    func trailingSpaces() {
        #expect("abc \t\r".trimmingTrailingSpaces == "abc")
        #expect("abc\r\n".trimmingTrailingSpaces == "abc\r\n")
        #expect(" \u{301}".trimmingTrailingSpaces == " \u{301}")
        #expect("   ".trimmingTrailingSpaces == "")
        #expect("  x  ".trimmed == "x")
        #expect("x".trimmed == "x")
        #expect("\u{00A0}x\u{2003}".trimmed == "x")
    }

    @Test("a nested scope avoids its parents' names without copying them")
    func nestedScopes() {
        var top = NameScope(reserved: ["Operations"])
        #expect(top.unique("Pet") == "Pet")
        var inner = top.nested()
        #expect(inner.unique("Pet") == "Pet2")
        #expect(inner.unique("Operations") == "Operations2")
        #expect(inner.unique("Pet") == "Pet3")
        #expect(top.unique("Pet") == "Pet2")
        #expect(inner.contains("Pet") && !inner.contains("Dog"))
    }
}

/// A small seeded generator, so a failure names an input that reproduces.
struct SplitMix {
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
