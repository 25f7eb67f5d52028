import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The malformed-spec suite: every document in `Tests/Fixtures/malformed-specs` (and five generated ones too big to
/// keep) run through the real `rasp-generate` binary. Each must exit 1 with the exact `file:LINE:COL: error: message`,
/// leave the output folder as it was, and stay within time and memory bounds.
@Suite(.serialized)
struct MalformedSpecTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/malformed-specs")

    struct Case: CustomTestStringConvertible, Sendable {
        var file: URL
        var position: String
        /// The whole message, or (for clipped huge values) its expected start.
        var message: String
        var messageIsPrefix = false
        var testDescription: String { file.lastPathComponent }
    }

    static let manifestCases: [Case] = {
        let text = (try? String(contentsOf: fixtures.appendingPathComponent("expected.tsv"), encoding: .utf8)) ?? ""
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
            let fields = line.split(separator: "\t", maxSplits: 2).map(String.init)
            return Case(file: fixtures.appendingPathComponent(fields[0]), position: fields[1], message: fields[2])
        }
    }()

    static let header = "openapi: 3.0.3\ninfo: {title: T, version: '1'}\n"

    /// Hostile documents written at test time: an alias bomb, deep nesting both ways, huge scalars.
    static func generatedCases(in folder: URL) throws -> [Case] {
        let bomb = header + "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
            + (1...9).map { i in
                "a\(i): &a\(i) [" + Array(repeating: "*a\(i - 1)", count: 10).joined(separator: ", ") + "]\n"
            }.joined()
            + "paths: {}\n"
        let deepFlow = header + "paths: {}\nx: " + String(repeating: "[", count: 5000)
            + String(repeating: "]", count: 5000) + "\n"
        let deepBlock = header + "paths: {}\nx:\n"
            + (1..<400).map { String(repeating: "  ", count: $0) + "k\($0):\n" }.joined()
            + String(repeating: "  ", count: 400) + "v: 1\n"
        let hugeVersion = "openapi: \"3." + String(repeating: "9", count: 2_000_000)
            + "\"\ninfo: {title: T, version: '1'}\npaths: {}\n"
        let hugeKey = header + "paths:\n  /" + String(repeating: "a", count: 1_000_000) + ": [1]\n"
        let documents: [(String, String, String, String, Bool)] = [
            ("bomb-billion-laughs.yaml", bomb, "9:5", "the document expands to more than 20000000 nodes (alias bomb?)",
             false),
            ("deep-flow-nesting.yaml", deepFlow, "4:259", "nesting deeper than 256 levels", false),
            ("deep-block-nesting.yaml", deepBlock, "260:513", "nesting deeper than 256 levels", false),
            ("huge-scalar-version.yaml", hugeVersion, "1:10", "unsupported OpenAPI version '3.999", true),
            ("huge-scalar-as-key.yaml", hugeKey, "4:1000004", "mapping values are not allowed in this context", false),
        ]
        return try documents.map { name, text, position, message, isPrefix in
            let file = folder.appendingPathComponent(name)
            try Data(text.utf8).write(to: file)
            return Case(file: file, position: position, message: message, messageIsPrefix: isPrefix)
        }
    }

    @Test func suiteHasAtLeastFiftyCases() throws {
        #expect(Self.manifestCases.count + 5 >= 50)
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.fixtures.path)
            .filter { $0 != "expected.tsv" }
        #expect(Set(files) == Set(Self.manifestCases.map(\.file.lastPathComponent)),
                "expected.tsv and the folder disagree")
    }

    @Test func everyCaseFailsPreciselyWithoutTouchingOutput() async throws {
        let binary = try #require(Self.generatorBinary(), "rasp-generate is not built next to the tests")
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("malformed-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let cases = Self.manifestCases + (try Self.generatedCases(in: scratch))
        var worstSeconds = 0.0
        var worstBytes = 0
        var crashes = 0, precise = 0, untouched = 0
        for item in cases {
            // An earlier, good output must survive a failed run byte for byte.
            let output = scratch.appendingPathComponent("out-\(item.file.lastPathComponent)")
            try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
            let previous = Data("// previous output\n".utf8)
            try previous.write(to: output.appendingPathComponent("Types.swift"))
            let log = scratch.appendingPathComponent("stderr-\(item.file.lastPathComponent).txt")
            let run = try await Self.runOffPool([binary, item.file.path, "--output", output.path], stderr: log.path)
            let stderr = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            let first = stderr.split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init) ?? ""
            let expected = "\(item.file.path):\(item.position): error: \(item.message)"
            #expect(run.status == 1, "\(item.testDescription): exit \(run.status)")
            if run.status >= 128 { crashes += 1 }
            let isPrecise = item.messageIsPrefix ? first.hasPrefix(expected) && first.count < 600 : first == expected
            if item.messageIsPrefix {
                #expect(first.hasPrefix(expected), "\(item.testDescription): \(first.prefix(200))")
                #expect(first.count < 600, "\(item.testDescription): the message quotes the whole huge value")
            } else {
                #expect(first == expected, "\(item.testDescription)")
            }
            if isPrecise && run.status == 1 { precise += 1 }
            let written = try FileManager.default.contentsOfDirectory(atPath: output.path)
            #expect(written == ["Types.swift"], "\(item.testDescription) wrote \(written)")
            let kept = try Data(contentsOf: output.appendingPathComponent("Types.swift")) == previous
            #expect(kept)
            if kept && written == ["Types.swift"] { untouched += 1 }
            // CPU time, not wall-clock time: a loaded machine stretches the second, not the first. A generator that
            // spins on a malformed spec still shows (and one that hangs is killed by `run`'s hang guard).
            #expect(!run.killed, "\(item.testDescription) was still running after \(Self.hangGuardSeconds) s")
            #expect(run.seconds < 10, "\(item.testDescription) took \(run.seconds) s of CPU time")
            #expect(run.peakBytes < 1 << 30, "\(item.testDescription) used \(run.peakBytes >> 20) MB")
            worstSeconds = max(worstSeconds, run.seconds)
            worstBytes = max(worstBytes, run.peakBytes)
        }
        print("malformed.cases: \(cases.count) cases")
        print("malformed.precise_diagnostics: \(precise) cases")
        print("malformed.outputs_untouched: \(untouched) cases")
        print("malformed.crashes: \(crashes) crashes")
        print("malformed.max_cpu_time: \(String(format: "%.2f", worstSeconds)) s")
        print("malformed.max_peak_rss: \(worstBytes >> 20) MB")
    }

    // MARK: Running the binary

    /// `rasp-generate` next to the test products (`.build/<config>/`).
    static func generatorBinary() -> String? {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = folder.appendingPathComponent("rasp-generate").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            folder = folder.deletingLastPathComponent()
        }
        return nil
    }

    /// How long a run may go on before it is killed: a hang guard, far above the milliseconds a run takes.
    static let hangGuardSeconds = 120.0

    /// The outcome of one run: the exit status (128 + signal after a signal), the CPU time it used, its peak memory,
    /// and whether the hang guard killed it.
    struct Run {
        var status: Int32
        var seconds: Double
        var peakBytes: Int
        var killed: Bool
    }

    /// ``run(_:stderr:)`` on a thread of its own: waiting for a process must not hold one of the few threads of the
    /// cooperative pool that other suites' in-process servers answer on.
    static func runOffPool(_ arguments: [String], stderr: String) async throws -> Run {
        try await withCheckedThrowingContinuation { continuation in
            Thread {
                continuation.resume(with: Result { try run(arguments, stderr: stderr) })
            }.start()
        }
    }

    /// Runs a program with stderr to a file; `wait4` gives its CPU time and peak memory. A program still running
    /// after ``hangGuardSeconds`` is killed.
    static func run(_ arguments: [String], stderr: String) throws -> Run {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 2, stderr, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        let deadline = ContinuousClock.now + .seconds(hangGuardSeconds)
        var pid: pid_t = 0
        guard posix_spawn(&pid, arguments[0], &actions, nil, &argv, environ) == 0 else {
            throw CocoaError(.fileNoSuchFile)
        }
        var status: Int32 = 0
        var usage = rusage()
        var killed = false
        while true {
            let waited = wait4(pid, &status, WNOHANG, &usage)
            if waited == pid || (waited == -1 && errno != EINTR) { break }
            if !killed, ContinuousClock.now >= deadline {
                kill(pid, SIGKILL)
                killed = true
            }
            usleep(killed ? 1000 : 5000)
        }
        let cpu = Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
            + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
        let exit = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        return Run(status: exit, seconds: cpu, peakBytes: Int(usage.ru_maxrss) * 1024, killed: killed)
    }
}
