import Foundation
import Testing
import RaspRuntime
import RaspTestSupport
@testable import rasp

/// What a traveller sees: tables that fit the terminal, the stations always named, dates and options checked before
/// any request, `--version`.
@Suite struct TravellerOutputTests {
    @Test(arguments: [60, 80, 120])
    func noLineIsWiderThanTheTerminal(columns: Int) async throws {
        for arguments in [["search", "Москва", "Санкт-Петербург"], ["search", "Москва", "Тверь", "--limit", "5"],
                          ["search", "c213", "c43", "--with-transfers"]] {
            let run = try await RaspProcess.run(arguments + ["--date", "tomorrow"],
                                                environment: ["COLUMNS": "\(columns)"])
            #expect(run.status == 0, "\(run)")
            let wide = run.stdout.split(separator: "\n").filter { $0.count > columns }
            #expect(wide.isEmpty, "\(arguments) at \(columns) columns: \(wide)")
            #expect(run.stdout.contains("DEPARTS"), "\(run)")
        }
    }

    @Test func theStationsAreNamedWhenEveryTripSharesThem() async throws {
        // Every direct train Москва → Тверь leaves from one station: no FROM/TO columns, a line naming both.
        let run = try await RaspProcess.run(["search", "Москва", "Тверь", "--date", "tomorrow", "--transport", "train",
                                             "--direct"], environment: ["COLUMNS": "100"])
        #expect(run.status == 0, "\(run)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count > 3, "\(run)")
        #expect(lines[1] == "Москва (Ленинградский вокзал) → Тверь", "\(run)")
        #expect(lines[2].hasPrefix("DEPARTS") && !lines[2].contains("FROM"), "\(run)")
    }

    @Test func limitSaysHowManyOfHowMany() async throws {
        let run = try await RaspProcess.run(["search", "c213", "c2", "--date", "tomorrow", "--limit", "3"])
        #expect(run.status == 0, "\(run)")
        let first = run.stdout.split(separator: "\n").first.map(String.init) ?? ""
        #expect(first.range(of: #"3 of \d+\+? trips"#, options: .regularExpression) != nil, "\(first)")
    }

    @Test(arguments: [["--date", "2020-01-01"], ["--date", "31.12.2099"], ["--all-days", "--date", "tomorrow"]])
    func badDatesAreUsageErrors(extra: [String]) async throws {
        let run = try await RaspProcess.run(["search", "c213", "c2"] + extra)
        #expect(run.status == 2, "\(run)")
        #expect(run.stdout.isEmpty)
    }

    @Test func versionIsPrinted() async throws {
        let run = try await RaspProcess.run(["--version"])
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout.hasPrefix("rasp "), "\(run)")
    }

    @Test func everyExampleOfTheHelpRunsOnTheDemoData() async throws {
        let help = try await RaspProcess.run(["--help"]).stdout
            + (try await RaspProcess.run(["search", "--help"]).stdout)
            + (try await RaspProcess.run(["thread", "--help"]).stdout)
        let examples = help.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { $0.hasPrefix("rasp ") && !$0.contains("--generate-completion-script") }
        #expect(examples.count >= 8, "\(examples)")
        for example in examples {
            let command = example.components(separatedBy: "   (").first ?? example
            let words = Self.words(command.components(separatedBy: " | ").first ?? command).dropFirst()
            let run = try await RaspProcess.run(Array(words))
            #expect(run.status == 0, "«\(example)»: \(run)")
        }
    }

    /// Splits a command line at spaces, keeping "quoted words" together.
    static func words(_ line: String) -> [String] {
        var words: [String] = [], current = "", quoted = false
        for character in line {
            if character == "\"" { quoted.toggle(); continue }
            if character == " " && !quoted {
                if !current.isEmpty { words.append(current) }
                current = ""
            } else {
                current.append(character)
            }
        }
        if !current.isEmpty { words.append(current) }
        return words
    }
}

/// `--json` for scripts: prices, `null` for what the API does not say, `--sort`.
@Suite struct TravellerJSONTests {
    static func trips(_ arguments: [String]) async throws -> [[String: Any]] {
        let run = try await RaspProcess.run(arguments + ["--json"])
        #expect(run.status == 0, "\(run)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        return try #require(object["trips"] as? [[String: Any]])
    }

    @Test func pricesAreInTheJSONAndMissingValuesAreNull() async throws {
        let trips = try await Self.trips(["search", "c213", "c2", "--date", "tomorrow"])
        let priced = trips.filter { ($0["prices"] as? [[String: Any]])?.isEmpty == false }
        #expect(!priced.isEmpty, "some demo trips carry tickets_info")
        for trip in trips {
            #expect(trip.keys.contains("carrier") && trip.keys.contains("title"), "\(trip)")
            if let carrier = trip["carrier"], !(carrier is NSNull) {
                #expect((carrier as? String)?.contains("not specified") == false, "\(trip)")
            }
        }
        let price = try #require((priced.first?["prices"] as? [[String: Any]])?.first)
        #expect(price["currency"] as? String == "RUB")
        #expect((price["amount"] as? Double ?? 0) > 0)
    }

    @Test func sortByPriceAndDuration() async throws {
        let byPrice = try await Self.trips(["search", "c213", "c2", "--date", "tomorrow", "--sort", "price"])
        let lowest = byPrice.map {
            ($0["prices"] as? [[String: Any]] ?? []).compactMap { $0["amount"] as? Double }.min()
        }
        let known = lowest.prefix { $0 != nil }.compactMap { $0 }
        #expect(known == known.sorted() && !known.isEmpty, "\(lowest)")
        #expect(lowest.drop { $0 != nil }.allSatisfy { $0 == nil }, "trips without a price come last")
        let byDuration = try await Self.trips(["search", "c213", "c2", "--date", "tomorrow", "--sort", "duration"])
        let durations = byDuration.compactMap { $0["duration_seconds"] as? Int }
        #expect(durations == durations.sorted())
    }
}

/// `--verbose` and retry notes: one short line per event.
@Suite struct CompactLogTests {
    @Test func aResponseIsOneLineWithoutTheHost() {
        let line = CompactLogHandler.text(level: .info, message: "search GET … -> 200", metadata: [
            "rasp.method": "GET", "rasp.url": "http://127.0.0.1:8080/v3.0/search/?from=c213&to=c2",
            "rasp.status": "200", "rasp.bytes": "72246", "rasp.ms": "1533", "rasp.attempts": "2",
        ])
        #expect(line == "rasp: GET /v3.0/search/?from=c213&to=c2 → 200, 72 KB, 1533 ms, 2 attempts")
        // The debug copy of the same response (with headers) prints nothing more.
        #expect(CompactLogHandler.text(level: .debug, message: "", metadata: [
            "rasp.method": "GET", "rasp.url": "http://h/v3.0/search/", "rasp.status": "200",
        ]) == nil)
        #expect(CompactLogHandler.text(level: .notice, message: "search: attempt 1 failed (HTTP 503), retrying",
                                       metadata: [:]) == "rasp: search: attempt 1 failed (HTTP 503), retrying")
    }
}

/// One language per run: with `LANG=ru_RU.UTF-8` (or `--lang ru`) the table has no English word; with `en`, no Russian
/// word outside the data.
@Suite struct OutputLanguageTests {
    static func latinWords(_ text: String) -> Set<String> {
        Set(text.split { !$0.isLetter }.map(String.init).filter { $0.count >= 3 && $0.allSatisfy(\.isASCII) })
    }

    @Test(arguments: [["search", "мск", "спб"], ["search", "c213", "c43", "--with-transfers"],
                      ["schedule", "Москва (Ленинградский вокзал)"]])
    func russianRunsPrintNoEnglishWords(arguments: [String]) async throws {
        let table = try await RaspProcess.run(arguments + ["--date", "tomorrow"], environment: ["LANG": "ru_RU.UTF-8"])
        #expect(table.status == 0, "\(table)")
        // Latin words that come with the data itself (carrier names, trip numbers) and currency codes may appear.
        let json = try await RaspProcess.run(arguments + ["--date", "tomorrow", "--json"])
        let allowed = Self.latinWords(json.stdout).union(["RUB"])
        let english = Self.latinWords(table.stdout).subtracting(allowed)
        #expect(english.isEmpty, "English words in a Russian run: \(english.sorted())\n\(table.stdout)")
        let flag = try await RaspProcess.run(arguments + ["--date", "tomorrow", "--lang", "ru"])
        #expect(flag.stdout == table.stdout, "--lang ru prints what LANG=ru_RU prints")
    }

    /// The other commands too: headers, labels, kinds, transport names and durations (links and code-system names
    /// such as IATA aside).
    @Test(arguments: [["thread", "103Е_0_2006004_g26_4"], ["stations", "питер"], ["nearest", "55.75", "37.62"],
                      ["carrier", "SU", "--system", "iata"]])
    func everyCommandSpeaksRussian(arguments: [String]) async throws {
        let run = try await RaspProcess.run(arguments, environment: ["LANG": "ru_RU.UTF-8"])
        #expect(run.status == 0, "\(run)")
        let text = run.stdout.split(separator: " ")
            .filter { !$0.contains("://") && !$0.contains("@") && !$0.hasPrefix("www.") }
            .joined(separator: " ")
        let english = Self.latinWords(text).subtracting(["IATA", "ICAO", "AFL"])
        #expect(english.isEmpty, "English words in a Russian run: \(english.sorted())\n\(run.stdout)")
    }

    @Test func notFoundErrorsSpeakTheRunsLanguage() async throws {
        let russian = try await RaspProcess.run(["nearest", "0", "0"], environment: ["LANG": "ru_RU.UTF-8"])
        #expect(russian.status == 3, "\(russian)")
        #expect(russian.stderr.contains("rasp: ошибка: в 10 км от 0.0, 0.0 станций нет."), "\(russian)")
        let english = try await RaspProcess.run(["stations", "Zzzzzz"], environment: ["LANG": "C"])
        #expect(english.status == 3, "\(english)")
        #expect(english.stderr.contains("rasp: error: no place matches «Zzzzzz»."), "\(english)")
    }

    /// `--transport` and `--slot` take a value per use or a comma-separated list, and shells complete their values.
    @Test func listOptionsRepeatAndComplete() async throws {
        let repeated = try await RaspProcess.run(["search", "c213", "c2", "--date", "tomorrow", "--json",
                                                  "--transport", "plane", "--transport", "train", "--slot", "morning"])
        let commas = try await RaspProcess.run(["search", "c213", "c2", "--date", "tomorrow", "--json",
                                                "--transport", "plane,train", "--slot", "morning"])
        #expect(repeated.status == 0, "\(repeated)")
        #expect(repeated.stdout == commas.stdout)
        #expect(repeated.stdout.contains("\"plane\"") && repeated.stdout.contains("\"train\""))
        #expect(!repeated.stdout.contains("\"bus\""))
        let script = try await RaspProcess.run(["--generate-completion-script", "bash"])
        for value in ["helicopter", "evening", "icao"] {
            #expect(script.stdout.contains("'\(value)'"), "no completion for \(value)")
        }
    }

    @Test func englishRunsLabelInEnglish() async throws {
        let run = try await RaspProcess.run(["search", "мск", "спб", "--date", "tomorrow", "--lang", "en"],
                                            environment: ["LANG": "ru_RU.UTF-8"])
        #expect(run.status == 0, "\(run)")
        let lines = run.stdout.split(separator: "\n")
        #expect(lines.count > 2)
        #expect(lines[1].allSatisfy { $0.isASCII }, "the header row: \(lines[1])")
        #expect(lines[0].contains("trips"), "\(lines[0])")
    }
}

/// A connection that drops mid-answer is named as such, not as a missing internet connection.
@Suite struct ConnectionLossTests {
    @Test(arguments: ["close", "truncate"])
    func aDroppedConnectionIsNotNoInternet(fault: String) async throws {
        let url = try await SharedMock.openURL()
        let run = try await RaspProcess.run(["search", "c213", "c2", "--base-url", url, "--retries", "0",
                                             "--header", "X-Mock-Fault: \(fault)"], environment: ["RASP_API_KEY": "k"])
        #expect(run.status == 4, "\(run)")
        #expect(run.stderr.contains("connection dropped before the whole answer arrived"), "\(run)")
        #expect(!run.stderr.contains("No internet connection"), "\(run)")
    }

    @Test func anUnreachableServerIsNoConnection() async throws {
        let run = try await RaspProcess.run(["search", "c213", "c2", "--base-url", SharedMock.closedURL,
                                             "--retries", "0"],
                                            environment: ["RASP_API_KEY": "k"])
        #expect(run.status == 4, "\(run)")
        #expect(run.stderr.contains("No internet connection"), "\(run)")
    }
}

/// A slow request is announced once; a quick one is not. The note's wait is the test's: no clock is involved.
@Suite struct SlowRequestNoticeTests {
    final class Lines: @unchecked Sendable {
        private let lock = NSLock()
        private var items: [String] = []
        func add(_ line: String) { lock.withLock { items.append(line) } }
        var all: [String] { lock.withLock { items } }
    }

    static let request = ClientRequest(method: "GET", path: "/v3.0/search/", operationID: "search")

    @Test func slowRequestsAreAnnouncedOnce() async throws {
        let lines = Lines()
        let waits = Locked<[Duration]>([])
        // The wait for `after` is over at once: the request is slow by definition.
        let notice = SlowRequestNotice(after: .seconds(3), sleeper: Sleeper { duration in
            waits.withLock { $0.append(duration) }
        }) { lines.add($0) }
        // The request stays pending until the note is out.
        _ = try await notice.intercept(Self.request, baseURL: URL(string: "http://h")!) { _, _ in
            try await waitUntil("the note") { !lines.all.isEmpty }
            return ClientResponse(status: 200)
        }
        #expect(lines.all == ["rasp: still waiting for the server (search, 3 s)…"])
        #expect(waits.withLock { $0 } == [.seconds(3)], "one wait, so one note")
    }

    @Test func aQuickRequestIsNotAnnouncedEvenLater() async throws {
        let lines = Lines()
        let cancelled = Locked(false)
        // The wait for `after` ends only when it is cancelled, as the end of the request must do.
        let notice = SlowRequestNotice(after: .seconds(3), sleeper: Sleeper { _ in
            do {
                try await Task.sleep(for: .seconds(3600))
            } catch {
                cancelled.withLock { $0 = true }
                throw error
            }
        }) { lines.add($0) }
        let response = try await notice.intercept(Self.request, baseURL: URL(string: "http://h")!) { _, _ in
            ClientResponse(status: 200)
        }
        #expect(response.status == 200)
        // Once its wait is cancelled, the note can no longer be printed.
        try await waitUntil("the note's wait to be cancelled") { cancelled.withLock { $0 } }
        #expect(lines.all.isEmpty)
    }
}
