import Foundation
import Testing

/// Messages on standard error fit the terminal like the tables on standard output do: on a pseudo-terminal (util-linux
/// `script`) of 60 and of 80 columns no line of standard error is wider than the terminal, for notices, progress,
/// ambiguities and errors, in English and in Russian.
@Suite struct NoticeWidthTests {
    /// Command lines whose standard error has something to say.
    static let commands: [[String]] = [
        ["search", "спб", "мск", "--limit", "2"],                  // the demo notice and two alias notices
        ["search", "Saint Petersburg", "Moscow", "--lang", "ru"],
        ["stations", "Ленинград"],
        ["schedule", "Пулково", "--limit", "2"],
        ["schedule", "спб"],                                        // a city: its stations to pick from
        ["search", "Новгород", "Москва"],                           // ambiguous
        ["search", "Новгород", "Москва", "--lang", "ru"],
        ["search", "Москвабад", "Тверь"],                           // not found, with suggestions
        ["thread", "no-such-thread"],                               // an error from the API
        ["search", "c213"],                                         // a usage error
        ["shedule", "Пулково"],                                     // no such command
    ]

    @Test(arguments: [60, 80])
    func noStandardErrorLineIsWiderThanTheTerminal(columns: Int) async throws {
        try #require(try await Self.scriptIsAvailable(), "util-linux script is needed for a pseudo-terminal")
        for arguments in Self.commands {
            let stderr = try await Self.standardError(of: arguments, columns: columns)
            #expect(!stderr.isEmpty, "\(arguments) wrote nothing to standard error")
            for line in Self.lines(of: stderr) {
                let width = Self.displayWidth(line)
                #expect(width <= columns, "\(arguments), \(width) columns: «\(line)»")
            }
        }
    }

    @Test func theDemoNoticeWrapsWithNothingLost() async throws {
        try #require(try await Self.scriptIsAvailable(), "util-linux script is needed for a pseudo-terminal")
        let stderr = try await Self.standardError(of: ["search", "c213", "c2", "--limit", "1"], columns: 80)
        let lines = Self.lines(of: stderr)
        #expect(lines.count == 2, "\(lines)")
        #expect(lines.last?.hasPrefix("      ") == true, "continuation lines hang under the text: \(lines)")
        let joined = lines.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        #expect(joined == "rasp: demo data (made-up timetables, no network). Set RASP_API_KEY or pass --api-key "
            + "for the real API.")
    }

    @Test func progressAndDirectoryNoticesFitToo() async throws {
        try #require(try await Self.scriptIsAvailable(), "util-linux script is needed for a pseudo-terminal")
        let arguments = ["stations", "Тверь", "--base-url", try await SharedMock.openURL()]
        let stderr = try await Self.standardError(of: arguments, columns: 60)
        #expect(stderr.contains("downloading the station directory"), "\(stderr)")
        for line in Self.lines(of: stderr) {
            #expect(Self.displayWidth(line) <= 60, "\(Self.displayWidth(line)) columns: «\(line)»")
        }
    }

    // MARK: Running on a terminal

    /// What `rasp` writes to standard error on a pseudo-terminal of `columns` columns (standard output goes to
    /// /dev/null, so only standard error reaches the terminal).
    static func standardError(of arguments: [String], columns: Int) async throws -> String {
        let binary = try #require(RaspProcess.binary)
        let command = ([binary.path] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
            .joined(separator: " ")
        let run = try await RaspProcess.run(
            [], environment: ["TERM": "xterm"],
            launcher: ["script", "-qec", "stty cols \(columns) rows 50; \(command) >/dev/null", "/dev/null"],
            passesBinary: false)
        return run.stdout
    }

    static func scriptIsAvailable() async throws -> Bool {
        let probe = try await RaspProcess.run([], launcher: ["script", "-qec", "true", "/dev/null"],
                                              passesBinary: false)
        return probe.status == 0
    }

    /// The lines as the terminal shows them: ANSI escape sequences (colours, «erase line») take no room, `\r\n`
    /// ends a line, and a `\r` inside one (a redrawn progress bar) starts it over.
    static func lines(of output: String) -> [String] {
        output.replacing(#/\u{1B}\[[0-9;?]*[ -\/]*[@-~]/#, with: "")
            .replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n").map { line in
                String(line.split(separator: "\r", omittingEmptySubsequences: false).last ?? "")
            }
    }

    /// The columns a visible line takes: one per character, Cyrillic letters included (the messages hold no East
    /// Asian wide characters).
    static func displayWidth(_ line: String) -> Int {
        line.count
    }
}
