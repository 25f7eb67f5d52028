import Testing
@testable import RaspDirectory

/// The folding and transliteration under every search rule.
@Suite struct FoldingTests {
    private func latin(_ text: String) -> String {
        String(decoding: Transliterator.latin(ofFolded: TextFolder.fold(text)), as: UTF8.self)
    }

    @Test func foldingIgnoresCaseYoAndPunctuation() {
        #expect(TextFolder.fold("Санкт-Петербург") == TextFolder.fold("санкт петербург"))
        #expect(TextFolder.fold("ОРЁЛ") == TextFolder.fold("орел"))
        #expect(TextFolder.fold("«Южные ворота»") == TextFolder.fold("южные, ворота!"))
        #expect(TextFolder.fold("Café Zürich") == TextFolder.fold("cafe zurich"))
        #expect(TextFolder.fold("Д’Арк") == TextFolder.fold("дарк"))
        #expect(TextFolder.fold("—").isEmpty)
    }

    @Test func decomposedLettersFoldLikeComposedOnes() {
        #expect(TextFolder.fold("Йошкар-Ола".decomposedStringWithCanonicalMapping) == TextFolder.fold("йошкар ола"))
        #expect(TextFolder.fold("Орёл".decomposedStringWithCanonicalMapping) == TextFolder.fold("орел"))
    }

    @Test func cyrillicAndLatinMeetInOneSpelling() {
        #expect(latin("Москва") == "moskva")
        #expect(latin("Шереметьево") == latin("sheremetyevo"))
        #expect(latin("Екатеринбург") == latin("Yekaterinburg"))
        #expect(latin("Хабаровск") == latin("Habarovsk"))
        #expect(latin("Хабаровск") == latin("khabarovsk"))
        #expect(latin("Орёл") == latin("Oryol"))
        #expect(latin("Йошкар-Ола") == latin("Joshkar-Ola"))
        #expect(latin("Щёлково") == latin("Shchelkovo"))
        #expect(latin("Щёлково") == latin("Schelkovo"))
        #expect(latin("Цна") == latin("Tsna"))
        #expect(latin("Цна") == latin("Cna"))
        #expect(latin("Чита") == latin("Chita"))
        #expect(latin("Ясная Поляна") == latin("Jasnaja Poljana"))
        #expect(latin("Южно-Сахалинск") == latin("Yuzhno-Sakhalinsk"))
        #expect(latin("Александров") == latin("Aleksandrov"))
        #expect(latin("Александров") == latin("Alexandrov"))
    }

    @Test func typedPrefixesStayPrefixes() {
        let full = latin("Хабаровск")
        for typed in ["k", "kh", "kha", "h", "ha", "habar"] {
            #expect(full.hasPrefix(latin(typed)), "\(typed)")
        }
        #expect(latin("Чита").hasPrefix(latin("c")))
    }

    @Test func oneEditAsAPrefix() {
        func near(_ query: String, _ word: String) -> Bool {
            let keys = TextFolder.fold(word) + [Fold.end]
            let word = TextFolder.fold(query)
            return keys.withUnsafeBufferPointer { keys in
                word.withUnsafeBufferPointer { NameMatcher.isWithinOneEdit($0, prefixOfWordAt: 0, in: keys) }
            }
        }
        #expect(near("масква", "москва"))
        #expect(near("мсоква", "москва"))
        #expect(near("москвва", "москва"))
        #expect(near("мосва", "москва"))
        #expect(near("моска", "москва"))  // as a prefix: моск(в)
        #expect(near("москвы", "москва"))
        #expect(!near("мсокав", "москва"))
        #expect(!near("масквы", "москва"))
        #expect(!near("москвааа", "москва"))
    }
}
