import Foundation
import Testing

/// `--stations-list` with a path that is not a stations_list document says what is wrong with it, as a usage
/// error (exit code 2), instead of Foundation's «You don't have permission» for `/dev/null`.
@Suite struct StationsListOptionTests {
    /// Runs `rasp stations Тверь --stations-list <path>` and checks the refusal: `message` follows the option's name.
    private func expectRefused(_ path: String, _ message: String, sandbox: URL? = nil,
                               launcher: [String] = []) async throws {
        let run = try await RaspProcess.run(["stations", "Тверь", "--stations-list", path], sandbox: sandbox,
                                            launcher: launcher)
        #expect(run.status == 2, "\(path): \(run)")
        #expect(run.stdout.isEmpty, "\(run)")
        #expect(run.stderr.contains("rasp: error: --stations-list: \(message)"), "\(run)")
        #expect(!run.stderr.contains("permission"), "\(run)")
    }

    @Test func devNullFoldersEmptyMissingAndForeignFiles() async throws {
        let sandbox = try RaspProcess.makeSandbox()
        let empty = sandbox.appendingPathComponent("empty.json")
        try Data().write(to: empty)
        let text = sandbox.appendingPathComponent("notes.txt")
        try Data("not JSON at all\n".utf8).write(to: text)
        let missing = sandbox.appendingPathComponent("missing.json").path
        try await expectRefused("/dev/null", "/dev/null is empty, not a stations_list document")
        try await expectRefused(sandbox.path, "\(sandbox.path) is a folder, not a stations_list document")
        try await expectRefused(empty.path, "\(empty.path) is empty, not a stations_list document")
        try await expectRefused(missing, "\(missing) does not exist")
        let malformed = "is not a stations_list document: stations_list JSON is malformed at byte 0"
        try await expectRefused(text.path, "\(text.path) \(malformed)")
    }

    @Test(.enabled(if: Unprivileged.available))
    func anUnreadableFile() async throws {
        let sandbox = try RaspProcess.makeSandbox()
        let file = sandbox.appendingPathComponent("stations_list.json")
        try Data(StationsListFixture.twoAlexandrovkas.utf8).write(to: file)
        try Unprivileged.handOver(sandbox)
        try Unprivileged.chmod(file, 0)
        defer { try? Unprivileged.chmod(file, 0o644) }
        try await expectRefused(file.path, "cannot read \(file.path): Permission denied", sandbox: sandbox,
                                launcher: Unprivileged.launcher)
    }

    @Test func aGoodFileStillWorks() async throws {
        let sandbox = try RaspProcess.makeSandbox()
        let file = sandbox.appendingPathComponent("stations_list.json")
        try Data(StationsListFixture.twoAlexandrovkas.utf8).write(to: file)
        let run = try await RaspProcess.run(["stations", "Ростов", "--stations-list", file.path], sandbox: sandbox)
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout.contains("c10838"), "\(run)")
    }
}
