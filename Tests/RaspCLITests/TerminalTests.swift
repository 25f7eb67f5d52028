import Foundation
import Testing

/// Output on a terminal (a pseudo-terminal from util-linux `script`): colour unless `NO_COLOR`, a redrawn progress
/// bar for the directory download.
@Suite struct TerminalTests {
    /// Runs `rasp` on a pseudo-terminal; stdout and stderr both arrive in `stdout`.
    private func runOnTerminal(_ arguments: [String], environment: [String: String] = [:]) async throws -> RaspRun {
        let binary = try #require(RaspProcess.binary)
        let command = ([binary.path] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
            .joined(separator: " ")
        return try await RaspProcess.run([], environment: environment.merging(["TERM": "xterm"]) { $1 },
                                         launcher: ["script", "-qec", command, "/dev/null"], passesBinary: false)
    }

    private func scriptIsAvailable() async throws -> Bool {
        let probe = try await RaspProcess.run([], launcher: ["script", "-qec", "true", "/dev/null"],
                                              passesBinary: false)
        return probe.status == 0
    }

    @Test func colourOnATerminalButNotWithNoColor() async throws {
        try #require(try await scriptIsAvailable(), "util-linux script is needed for a pseudo-terminal")
        let coloured = try await runOnTerminal(["search", "c213", "c2", "--limit", "2"])
        #expect(coloured.status == 0, "\(coloured)")
        #expect(coloured.stdout.contains("\u{1B}[1mDEPARTS\u{1B}[0m"), "\(coloured)")
        let plain = try await runOnTerminal(["search", "c213", "c2", "--limit", "2"], environment: ["NO_COLOR": "1"])
        #expect(plain.status == 0, "\(plain)")
        #expect(plain.stdout.contains("DEPARTS"), "\(plain)")
        #expect(!plain.stdout.contains("\u{1B}["), "\(plain)")
    }

    @Test func progressBarWhileDownloadingTheDirectory() async throws {
        try #require(try await scriptIsAvailable(), "util-linux script is needed for a pseudo-terminal")
        let run = try await runOnTerminal(["stations", "Тверь", "--base-url", try await SharedMock.openURL()])
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout.contains("\r\u{1B}[2Kdownloading the station directory from 127.0.0.1:"), "\(run)")
        #expect(run.stdout.contains("%"), "\(run)")
        #expect(!run.stdout.contains("rasp: 25%"), "no plain progress lines on a terminal: \(run)")
    }
}
