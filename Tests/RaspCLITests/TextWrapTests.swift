import Foundation
import Testing
@testable import rasp

/// Messages on standard error wrapped to a width, counted in terminal columns.
@Suite struct TextWrapTests {
    static let notice = "rasp: demo data (made-up timetables, no network). Set RASP_API_KEY or pass --api-key for "
        + "the real API."

    @Test func aLongNoticeWrapsUnderTheTextAfterItsLead() {
        #expect(TextWrap.wrap(Self.notice, width: 80) == """
            rasp: demo data (made-up timetables, no network). Set RASP_API_KEY or pass
                  --api-key for the real API.
            """)
        for line in TextWrap.wrap(Self.notice, width: 40).split(separator: "\n") {
            #expect(TextWrap.displayWidth(line) <= 40, "«\(line)»")
        }
    }

    @Test func linesThatFitAreLeftAlone() {
        let table = "  c24  Великий Новгород  settlement\n  c47  Нижний Новгород   settlement"
        #expect(TextWrap.wrap(table, width: 40) == table)
        #expect(TextWrap.wrap(Self.notice, width: 200) == Self.notice)
    }

    @Test func cyrillicLettersTakeOneColumnAndColourCodesNone() {
        let russian = String(repeating: "Щ", count: 60)
        #expect(TextWrap.displayWidth(russian) == 60)
        #expect(TextWrap.wrap(russian, width: 60) == russian)
        let coloured = "\u{1B}[33m" + russian + "\u{1B}[0m"
        #expect(TextWrap.displayWidth(coloured) == 60)
        #expect(TextWrap.wrap(coloured, width: 60) == coloured)
        #expect(TextWrap.displayWidth("東京") == 4)
    }

    @Test func aWordWiderThanTheLineIsCutWhereTheTerminalWouldCutIt() {
        let path = "/" + String(repeating: "x", count: 50)
        let lines = TextWrap.wrap("rasp: cannot read \(path)", width: 30).split(separator: "\n")
        #expect(lines.allSatisfy { TextWrap.displayWidth($0) <= 30 }, "\(lines)")
        #expect(lines.map { $0.trimmingCharacters(in: .whitespaces) }.joined() == "rasp: cannot read\(path)")
    }

    @Test func continuationLinesOfAnIndentedLineKeepItsIndent() {
        let wrapped = TextWrap.wrap("  Use a code to pick one: rasp search c24 Москва", width: 30)
        #expect(wrapped == "  Use a code to pick one: rasp\n    search c24 Москва")
    }

    @Test func clippingEndsWithAnEllipsis() {
        #expect(TextWrap.clip("Санкт-Петербург", to: 8) == "Санкт-П…")
        #expect(TextWrap.clip("Тверь", to: 8) == "Тверь")
    }

    @Test func standardErrorWidth() {
        #expect(TerminalWidth.standardError(environment: ["COLUMNS": "60"], isTerminal: false) == 60)
        #expect(TerminalWidth.standardError(environment: [:], isTerminal: false) == nil, "a log keeps whole lines")
        #expect(TerminalWidth.standardError(environment: ["COLUMNS": "wide"], isTerminal: false) == nil)
        #expect(TextWrap.wrap(Self.notice, width: nil) == Self.notice)
    }

    @Test func theProgressBarFitsANarrowTerminal() {
        let title = "downloading the station directory from api.rasp.yandex-net.ru"
        let wide = ProgressReporter.barLine(title: title, done: 18_200_000, total: 40_100_000, fitting: 200)
        #expect(wide == ProgressReporter.barLine(title: title, done: 18_200_000, total: 40_100_000, width: 24))
        for columns in [59, 79] {
            let line = ProgressReporter.barLine(title: title, done: 18_200_000, total: 40_100_000, fitting: columns)
            #expect(TextWrap.displayWidth(line) <= columns, "«\(line)»")
            #expect(line.contains("45%"), "«\(line)»")
        }
    }
}
