import Foundation
import RaspRuntime
import RaspAPI
import RaspKit
import Testing
@testable import rasp

/// Presentation pieces: the table, colours, progress text, dates.
@Suite struct OutputTests {
    @Test func tableAlignsColumnsAndClipsLongCells() {
        var table = TextTable(columns: [
            .init(title: "KM", alignment: .right),
            .init(title: "NAME", maxWidth: 8),
            .init(title: "TYPE"),
        ])
        table.rows = [["2.7", "Курский вокзал", "train"], ["12.0", "Химки", ""]]
        #expect(table.render(style: Style(enabled: false)) == """
              KM  NAME      TYPE
             2.7  Курский…  train
            12.0  Химки
            """)
    }

    @Test func colourIsOnlyForTerminalsWithoutNoColor() {
        let terminal = Environment(variables: [:], stdoutIsTerminal: true, stderrIsTerminal: true)
        #expect(terminal.allowsColor(onTerminal: true))
        #expect(!terminal.allowsColor(onTerminal: false))
        let noColor = Environment(variables: ["NO_COLOR": "1"], stdoutIsTerminal: true, stderrIsTerminal: true)
        #expect(!noColor.allowsColor(onTerminal: true))
        let dumb = Environment(variables: ["TERM": "dumb"], stdoutIsTerminal: true, stderrIsTerminal: true)
        #expect(!dumb.allowsColor(onTerminal: true))
        #expect(Style(enabled: true).green("06:00") == "\u{1B}[32m06:00\u{1B}[0m")
        #expect(Style(enabled: false).green("06:00") == "06:00")
    }

    @Test func coloursDoNotDisturbAlignment() {
        var table = TextTable(columns: [.init(title: "A", color: { style in style.green }), .init(title: "B")])
        table.rows = [["1", "x"], ["22", "y"]]
        let plain = table.render(style: Style(enabled: false))
        let coloured = table.render(style: Style(enabled: true))
        let stripped = coloured.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
        #expect(stripped == plain)
    }

    @Test func progressBarAndSizes() {
        #expect(ProgressReporter.barLine(title: "dl", done: 50, total: 100, width: 10)
            == "dl [#####·····]  50%  50 B / 100 B")
        #expect(ProgressReporter.barLine(title: "dl", done: 2_500_000, total: nil, width: 10) == "dl  2.5 MB")
        #expect(ProgressReporter.size(999) == "999 B")
        #expect(ProgressReporter.size(40_123_456) == "40.1 MB")
    }

    @Test func arrivalOnALaterDayIsMarked() throws {
        let thread = RaspThread(uid: "u", title: "A — B", shortTitle: "A — B", number: "1", transportType: .train,
                                transportSubtype: TransportSubtype())
        let segment = Segment(thread: thread, from: Point(type: .station, code: "s1", title: "A"),
                              to: Point(type: .station, code: "s2", title: "B"),
                              departure: "2026-06-01T23:55:00+03:00", arrival: "2026-06-02T08:10:00+05:00",
                              duration: 22_500)
        let row = TripFormatter(strings: RaspKit.Strings(language: .en)).row(for: .segment(segment))
        #expect(TripTable.arrivalText(row) == "08:10 +1")
        let record = TripRecord(.segment(segment), row: row)
        #expect(record.departureTime == "23:55")
        #expect(record.arrivalDate == "2026-06-02")
        #expect(record.durationSeconds == 22_500)
        #expect(record.slot == "evening")
        #expect(record.threadUIDs == ["u"])
    }

    @Test func dateArguments() {
        let noon = Date(timeIntervalSince1970: 1_780_315_200)  // 2026-06-01 12:00 UTC
        let utc = TimeZone(identifier: "UTC")!
        #expect(DateArgument(argument: "today")?.date(now: noon, in: utc).description == "2026-06-01")
        #expect(DateArgument(argument: "Tomorrow")?.date(now: noon, in: utc).description == "2026-06-02")
        #expect(DateArgument(argument: "2026-12-31")?.date(now: noon, in: utc).description == "2026-12-31")
        #expect(DateArgument(argument: "2026-02-30") == nil)
        #expect(DateArgument(argument: "next week") == nil)
    }

    /// Monday 2026-06-01, as people type days in Russia and elsewhere.
    @Test(arguments: [
        ("01.12.2026", "2026-12-01"), ("1.12.26", "2026-12-01"), ("01.12", "2026-12-01"), ("15.05", "2026-05-15"),
        ("01.05", "2027-05-01"), ("29.02", "2028-02-29"), ("15/06", "2026-06-15"), ("yesterday", "2026-05-31"),
        ("вчера", "2026-05-31"), ("сегодня", "2026-06-01"), ("завтра", "2026-06-02"), ("послезавтра", "2026-06-03"),
        ("+7", "2026-06-08"), ("-3", "2026-05-29"), ("mon", "2026-06-01"), ("Friday", "2026-06-05"),
        ("пт", "2026-06-05"), ("воскресенье", "2026-06-07"), ("Вт.", "2026-06-02"),
    ])
    func datesPeopleType(text: String, expected: String) throws {
        let noon = Date(timeIntervalSince1970: 1_780_315_200)
        let date = try #require(DateArgument(argument: text), "«\(text)» was not understood")
        #expect(date.date(now: noon, in: TimeZone(identifier: "UTC")!).description == expected)
    }

    @Test func datesOutsideTheAPIsWindowAreUsageErrors() throws {
        let noon = Date(timeIntervalSince1970: 1_780_315_200)  // 2026-06-01
        let utc = TimeZone(identifier: "UTC")!
        #expect(throws: Never.self) { try DateArgument.day(LocalDate("2026-05-02")!).checkedDate(now: noon, in: utc) }
        #expect(throws: Never.self) { try DateArgument.day(LocalDate("2027-05-01")!).checkedDate(now: noon, in: utc) }
        #expect(throws: (any Error).self) {
            try DateArgument.day(LocalDate("2026-05-01")!).checkedDate(now: noon, in: utc)
        }
        #expect(throws: (any Error).self) {
            try DateArgument.day(LocalDate("2027-05-02")!).checkedDate(now: noon, in: utc)
        }
        for text in ["31.02.2026", "32.01", "1.2.3", "+", "понедельничек"] {
            #expect(DateArgument(argument: text) == nil)
        }
    }
}
