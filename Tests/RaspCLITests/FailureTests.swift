import Foundation
import Testing

/// Failures: the message on standard error, nothing on standard output, the documented exit code, and never the
/// API key.
@Suite struct FailureTests {
    @Test func ambiguousNameListsCandidatesAndHowToPick() async throws {
        let run = try await RaspProcess.run(["search", "Новгород", "Москва", "--base-url",
                                             try await SharedMock.openURL()])
        #expect(run.status == 2, "\(run)")
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.contains("«Новгород» matches several places"), "\(run)")
        #expect(run.stderr.contains("c24 "), "Великий Новгород: \(run)")
        #expect(run.stderr.contains("c47 "), "Нижний Новгород: \(run)")
        #expect(run.stderr.contains("Use a code to pick one: rasp search c"), "\(run)")
    }

    @Test func nameSharedBySettlementsInTwoRegionsIsAmbiguous() async throws {
        let sandbox = try RaspProcess.makeSandbox()
        let file = sandbox.appendingPathComponent("stations_list.json")
        try Data(StationsListFixture.twoAlexandrovkas.utf8).write(to: file)
        let run = try await RaspProcess.run(["search", "Александровка", "c213", "--stations-list", file.path],
                                            sandbox: sandbox)
        #expect(run.status == 2, "\(run)")
        #expect(run.stderr.contains("c9001 "), "\(run)")
        #expect(run.stderr.contains("c9002 "), "\(run)")
        #expect(run.stderr.contains("Тульская область"), "\(run)")
        #expect(run.stderr.contains("rasp search c9001 c213"), "\(run)")
    }

    @Test func unknownNameSuggestsCloseMatches() async throws {
        let run = try await RaspProcess.run(["search", "Москвабад", "Санкт-Петербург"])
        #expect(run.status == 3, "\(run)")
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.contains("no place matches «Москвабад»"), "\(run)")
        #expect(run.stderr.contains("Did you mean:"), "\(run)")
        #expect(run.stderr.contains("c213"), "\(run)")
    }

    @Test func serverErrorExitsOne() async throws {
        let run = try await RaspProcess.run(["search", "c213", "c2", "--retries", "0", "--header", "X-Mock-Fault: 500",
                                             "--base-url", try await SharedMock.openURL()],
                                            environment: ["RASP_API_KEY": RaspProcess.key])
        #expect(run.status == 1, "\(run)")
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.contains("Server error (HTTP 500)"), "\(run)")
        #expect(!run.printed(RaspProcess.key))
    }

    @Test func retriesATransientErrorThenSucceeds() async throws {
        let run = try await RaspProcess.run(["copyright", "--header", "X-Mock-Fault: 500",
                                             "--header", "X-Mock-Fault-Times: 1",
                                             "--base-url", try await SharedMock.openURL()])
        #expect(run.status == 0, "\(run)")
    }

    @Test func noConnectionExitsFour() async throws {
        let run = try await RaspProcess.run(["search", "c213", "c2", "--retries", "0",
                                             "--base-url", SharedMock.closedURL],
                                            environment: ["RASP_API_KEY": RaspProcess.key])
        #expect(run.status == 4, "\(run)")
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.contains("No internet connection"), "\(run)")
        #expect(!run.printed(RaspProcess.key))
    }

    @Test func noConnectionWhileDownloadingTheDirectory() async throws {
        let run = try await RaspProcess.run(["search", "Москва", "Тверь", "--retries", "0",
                                             "--base-url", SharedMock.closedURL],
                                            environment: ["RASP_API_KEY": RaspProcess.key])
        #expect(run.status == 4, "\(run)")
        #expect(!run.printed(RaspProcess.key))
    }

    @Test func rejectedKeyIsNeverPrinted() async throws {
        let url = try await SharedMock.lockedURL()
        for arguments in [["search", "c213", "c2"], ["stations", "Москва"], ["copyright", "--json"]] {
            let run = try await RaspProcess.run(arguments + ["--verbose", "--retries", "0", "--base-url", url],
                                                environment: ["RASP_API_KEY": RaspProcess.key])
            #expect(run.status == 1, "\(run)")
            #expect(run.stderr.contains("Invalid API key"), "\(run)")
            #expect(!run.printed(RaspProcess.key), "\(run)")
        }
        let option = try await RaspProcess.run(["copyright", "--api-key", RaspProcess.key, "--verbose",
                                                "--base-url", url])
        #expect(option.status == 1, "\(option)")
        #expect(!option.printed(RaspProcess.key), "\(option)")
    }

    @Test func verboseLoggingMasksTheKey() async throws {
        let run = try await RaspProcess.run(["search", "c213", "c2", "--limit", "1", "--verbose", "--base-url",
                                             try await SharedMock.openURL()],
                                            environment: ["RASP_API_KEY": RaspProcess.key])
        #expect(run.status == 0, "\(run)")
        #expect(run.stderr.contains("search"), "a request line is logged: \(run)")
        #expect(!run.printed(RaspProcess.key), "\(run)")
    }

    @Test func notFoundFromTheServerExitsThree() async throws {
        let run = try await RaspProcess.run(["thread", "no-such-thread"])
        #expect(run.status == 3, "\(run)")
        #expect(run.stderr.contains("HTTP 404"), "\(run)")
    }

    @Test func usageErrorsExitTwo() async throws {
        let missing = try await RaspProcess.run(["search", "Москва"])
        #expect(missing.status == 2, "\(missing)")
        #expect(missing.stderr.contains("Missing expected argument"), "\(missing)")
        let badSlot = try await RaspProcess.run(["search", "c213", "c2", "--slot", "brunch"])
        #expect(badSlot.status == 2, "\(badSlot)")
        #expect(badSlot.stderr.contains("morning, day, evening, night"), "\(badSlot)")
        let badDate = try await RaspProcess.run(["search", "c213", "c2", "--date", "2026-13-40"])
        #expect(badDate.status == 2, "\(badDate)")
    }

    /// Usage errors, argument-parser's and ours, are in the run's language; so is the unknown-command message.
    @Test(arguments: [
        (["search", "Москва"], "не хватает аргумента <to>"),
        (["search", "a", "b", "--limt", "3"], "неизвестный параметр --limt. Может быть, --limit?"),
        (["search", "a", "b", "c"], "лишний аргумент «c»"),
        (["search", "a", "b", "--limit"], "не указано значение для --limit"),
        (["search", "a", "b", "--limit", "x"], "недопустимое значение «x» для --limit"),
        (["search", "a", "b", "--limit", "0"], "--limit: не меньше 1"),
        (["search", "a", "b", "--all-days", "--date", "tomorrow"], "--all-days и --date несовместимы"),
        (["nearest", "91", "0"], "широта: от -90 до 90"),
        (["nearest", "55", "37", "--limit", "101"], "--limit: от 1 до 100"),
        (["serch", "a", "b"], "нет команды «serch». Может быть, search?"),
    ])
    func russianUsageErrors(arguments: [String], expected: String) async throws {
        let run = try await RaspProcess.run(arguments, environment: ["LANG": "ru_RU.UTF-8"])
        #expect(run.status == 2, "\(run)")
        #expect(run.stderr.contains(expected), "\(run)")
        for english in ["Error:", "Usage:", "Help:", "See '", "must", "Missing", "Unknown"] {
            #expect(!run.stderr.contains(english), "\(english) in a Russian run: \(run)")
        }
        // --lang wins over the locale both ways.
        let flagged = try await RaspProcess.run(arguments + ["--lang", "en"], environment: ["LANG": "ru_RU.UTF-8"])
        #expect(flagged.status == 2, "\(flagged)")
        #expect(!flagged.stderr.contains(expected), "\(flagged)")
    }

    /// The API's Russian error texts are English in an English run, and stay the API's own in a Russian one.
    @Test func apiErrorsInTheRunsLanguage() async throws {
        let english = try await RaspProcess.run(["thread", "no_such_uid"], environment: ["LANG": "en_GB.UTF-8"])
        #expect(english.status == 3, "\(english)")
        #expect(english.stderr.contains("No thread has the uid no_such_uid (HTTP 404)"), "\(english)")
        let russian = try await RaspProcess.run(["thread", "no_such_uid"], environment: ["LANG": "ru_RU.UTF-8"])
        #expect(russian.stderr.contains("Не нашли нитку по uid no_such_uid (HTTP 404)"), "\(russian)")
    }

    @Test func anUnknownCommandNamesTheNearestOne() async throws {
        let typo = try await RaspProcess.run(["shedule", "Казанский вокзал"], environment: ["LANG": "C"])
        #expect(typo.status == 2)
        #expect(typo.stderr.contains("no command 'shedule'. Did you mean 'schedule'?"), "\(typo)")
        let unrelated = try await RaspProcess.run(["timetable"], environment: ["LANG": "C"])
        #expect(unrelated.status == 2)
        #expect(!unrelated.stderr.contains("Did you mean"), "\(unrelated)")
        #expect(unrelated.stderr.contains("search, stations, schedule"), "\(unrelated)")
        let help = try await RaspProcess.run(["help", "search"], environment: ["LANG": "C"])
        #expect(help.status == 0, "\(help)")
    }
}
