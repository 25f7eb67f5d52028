import Testing
import RaspDirectory

/// One test per matching rule of settlement search, with real place names (`Fixtures/stations_list_small.json`).
@Suite struct SettlementSearchTests {
    let directory = Fixtures.small

    private func first(_ query: String) -> String? { directory.searchSettlements(query).first?.code }

    @Test func caseDoesNotMatter() {
        #expect(first("Москва") == "c213")
        #expect(first("МОСКВА") == "c213")
        #expect(first("москва") == "c213")
        #expect(first("мОсКвА") == "c213")
    }

    @Test func yoIsYe() {
        #expect(first("Орёл") == "c10")
        #expect(first("Орел") == "c10")
        #expect(first("ОРЕЛ") == "c10")
        #expect(first("Ор") == "c10")
    }

    @Test func hyphensSpacesAndPunctuationAreWordBreaks() {
        for query in ["Санкт-Петербург", "санкт петербург", "САНКТ—ПЕТЕРБУРГ", "санкт.петербург", " санкт  петербург ",
                      "«Санкт-Петербург»", "санктпетербург"] {
            #expect(first(query) == "c2", "\(query)")
        }
        #expect(first("ростов на дону") == "c39")
        #expect(first("Йошкар Ола") == "c41")
        #expect(first("йошкарола") == "c41")
        #expect(first("ростов надону") == "c39")  // written together where the name has a hyphen
        #expect(first("нижнийновгород") == "c47")
    }

    @Test func queryMatchesAPrefixOfAnyWord() {
        #expect(directory.searchSettlements("новг").codes == ["c114620", "c47", "c24"])
        #expect(directory.searchSettlements("посад").codes == ["c10752"])
        #expect(directory.searchSettlements("петер").codes == ["c2"])
        #expect(directory.searchSettlements("нов нижн").codes == ["c47"])  // every word must match
        #expect(directory.searchSettlements("нижний москва").isEmpty)
    }

    @Test func latinFindsCyrillic() {
        #expect(first("moskva") == "c213")
        #expect(first("Moskva") == "c213")
        #expect(first("sankt-peterburg") == "c2")
        #expect(first("sankt peterburg") == "c2")
        #expect(first("nizhniy novgorod") == "c47")
        #expect(first("nizhnij novgorod") == "c47")
        #expect(first("ekaterinburg") == "c54")
        #expect(first("yekaterinburg") == "c54")
        #expect(first("oryol") == "c10")
        #expect(first("orel") == "c10")
        #expect(first("yoshkar-ola") == "c41")
        #expect(first("joshkar-ola") == "c41")
        #expect(first("khabarovsk") == "c76")
        #expect(first("habarovsk") == "c76")
        #expect(first("rostov-na-donu") == "c39")
        #expect(first("sergiev posad") == "c10752")
        #expect(first("mosk") == "c213")  // prefixes work in Latin too
    }

    @Test func cyrillicFindsLatin() {
        #expect(first("Таллинн") == "c11481")
        #expect(first("таллин") == "c11481")
        #expect(first("Tallinn") == "c11481")
    }

    @Test func popularTitlesAreAliases() throws {
        // Settlement popular titles equal to the title (Приозерск) change nothing.
        #expect(directory.searchSettlements("Приозерск").codes == ["c10883"])
        let petersburg = try #require(directory.settlement(code: "c2"))
        #expect(petersburg.popularTitle == nil)  // «Питер» is no data, so no alias for it…
        #expect(directory.searchSettlements("Питер").codes == ["c2"])  // …only the typo rule: пИтер ≈ пЕтербург
        #expect(directory.searchSettlements("Питер").first?.popularTitle == nil)
    }

    @Test func oneTypoIsForgivenFromFiveLetters() {
        #expect(first("Масква") == "c213")  // a letter wrong
        #expect(first("Мсоква") == "c213")  // two letters swapped
        #expect(first("Москвва") == "c213")  // a letter extra
        #expect(first("Екатеринбрг") == "c54")  // a letter missing
        #expect(first("Хамки") == "c10758")  // five letters
        #expect(first("Санкт Петрбург") == "c2")  // in one word of several
        #expect(first("mosvka") == "c213")  // in Latin too
        #expect(directory.searchSettlements("Химкт").codes == ["c10758"])
    }

    @Test func noTypoBelowFiveLetters() {
        #expect(directory.searchSettlements("Орле").isEmpty)  // Орел, swapped
        #expect(directory.searchSettlements("Хамк").isEmpty)  // Химк, replaced
        #expect(directory.searchSettlements("Масква Петрбург").isEmpty)  // two typos
    }

    @Test func exactBeatsPrefixEvenWhenSmaller() {
        // Ростов (Ярославская область, 1 station) before Ростов-на-Дону (2 stations).
        #expect(directory.searchSettlements("Ростов").codes == ["c10838", "c39"])
    }

    @Test func prefixBeatsWordPrefixBeatsTypo() {
        // Сергиев Посад starts with «серги», Нижние Серги has a word starting with it, Сергач is one letter off,
        // though it has the most stations.
        #expect(directory.searchSettlements("серги").codes == ["c10752", "c20720", "c20044"])
    }

    @Test func largerSettlementsFirstAmongEqualMatches() {
        // Москва (10 stations) before Московский (1).
        #expect(directory.searchSettlements("моск").codes == ["c213", "c10743"])
        // Нижний Новгород (2) before Нижний Тагил (1); Нижние Серги (2) follows by a typo.
        #expect(directory.searchSettlements("нижний").codes == ["c47", "c11168", "c20720"])
    }

    @Test func equalMatchesKeepDocumentOrder() {
        // Two villages named Сосновка with one station each: Пензенская, then Тамбовская, every time.
        for _ in 0..<3 {
            #expect(directory.searchSettlements("сосновка").codes == ["c20598", "c20599"])
        }
        let petersburg = directory.searchSettlements("сосновка").map(\.regionTitle)
        #expect(petersburg == ["Пензенская область", "Тамбовская область"])
    }

    @Test func limitCutsTheRankedList() {
        #expect(directory.searchSettlements("н", limit: 2).count == 2)
        #expect(directory.searchSettlements("н", limit: 0).isEmpty)
        #expect(directory.searchSettlements("н", limit: 100).count > 2)
    }

    @Test func emptyQueriesFindNothing() {
        #expect(directory.searchSettlements("").isEmpty)
        #expect(directory.searchSettlements("   ").isEmpty)
        #expect(directory.searchSettlements("—«»").isEmpty)
    }
}
