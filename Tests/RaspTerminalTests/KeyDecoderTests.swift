import RaspTerminal
import Testing

/// Key decoding: text in any script, control keys, arrow and editing sequences, sequences split across reads.
@Suite("Key decoder")
struct KeyDecoderTests {
    func keys(_ text: String) -> [Key] {
        var decoder = KeyDecoder()
        return decoder.decode(Array(text.utf8))
    }

    @Test("Cyrillic, Latin and digits arrive as characters; Enter, Tab, Backspace, Ctrl-C as keys")
    func text() {
        #expect(keys("Мск1a") == [.character("М"), .character("с"), .character("к"), .character("1"), .character("a")])
        #expect(keys("\r\t\u{7F}\u{03}") == [.enter, .tab, .backspace, .control("c")])
        #expect(keys("ё") == [.character("ё")])
    }

    @Test("both forms of the arrow sequences, editing keys, Shift-Tab, and Esc alone")
    func sequences() {
        #expect(keys("\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D") == [.up, .down, .right, .left])
        #expect(keys("\u{1B}OA\u{1B}OD") == [.up, .left])
        #expect(keys("\u{1B}[3~\u{1B}[5~\u{1B}[6~\u{1B}[H\u{1B}[4~\u{1B}[Z")
                == [.delete, .pageUp, .pageDown, .home, .end, .backTab])
        #expect(keys("\u{1B}[1;5C") == [.right], "modifiers are read past")
        #expect(keys("\u{1B}") == [.escape])
        #expect(keys("\u{1B}[99X") == [], "an unknown sequence is skipped whole")
    }

    @Test("a sequence or a character split between reads waits for its rest")
    func split() {
        var decoder = KeyDecoder()
        #expect(decoder.decode(Array("\u{1B}[".utf8)) == [])
        #expect(decoder.decode(Array("Bx".utf8)) == [.down, .character("x")])
        let bytes = Array("Ж".utf8)
        #expect(decoder.decode(bytes[0..<1]) == [])
        #expect(decoder.decode(bytes[1...]) == [.character("Ж")])
    }

    @Test("invalid UTF-8 is dropped without losing what follows")
    func invalid() {
        var decoder = KeyDecoder()
        #expect(decoder.decode([0xFF, 0x61]) == [.character("a")])
        #expect(decoder.decode([0xD0, 0x41]) == [.character("A")])
    }
}
