import Foundation
import Testing
import RaspTestSupport

/// `Scripts/ci/scan-key-leaks.sh`, which scans the whole test run's output, transcripts and leftovers after
/// `swift test`, really fails on a leak: its self-test, and a planted file.
@Suite("The key-leak scan script can fail")
struct LeakScriptTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// Runs the script with only `paths` to scan (empty transcript and temporary folders, its own log), then
    /// removes what it wrote, so the planted keys never reach the scan of the real run.
    static func scan(_ arguments: [String],
                     environment: [String: String] = [:]) async throws -> (status: Int32, output: String) {
        try await offPool { try runScript(arguments, environment: environment) }
    }

    private static func runScript(_ arguments: [String],
                                  environment: [String: String]) throws -> (status: Int32, output: String) {
        let empty = temporaryFolder("leak-scan-empty")
        defer { try? FileManager.default.removeItem(at: empty) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["bash", root.appendingPathComponent("Scripts/ci/scan-key-leaks.sh").path] + arguments
        process.environment = ProcessInfo.processInfo.environment.merging(
            ["RASP_TEST_TRANSCRIPTS": empty.appendingPathComponent("transcripts").path, "TMPDIR": empty.path,
             "RASP_TEST_LOG": empty.appendingPathComponent("output.log").path]) { $1 }.merging(environment) { $1 }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }

    @Test("The self-test passes: planted keys are flagged, clean files are not")
    func selfTest() async throws {
        let (status, output) = try await Self.scan(["--self-test"])
        #expect(status == 0, "\(output)")
    }

    @Test("A key that percent-encoding changes: the self-test plants its encoded form; a planted one fails the scan")
    func percentEncodedKey() async throws {
        let key = "k+/=\(testKey)"
        let selfTest = try await Self.scan(["--self-test"], environment: ["RASP_TEST_KEY": key])
        #expect(selfTest.status == 0, "\(selfTest.output)")
        let folder = temporaryFolder("leak-scan")
        defer { try? FileManager.default.removeItem(at: folder) }
        let planted = folder.appendingPathComponent("encoded.log")
        try Data("GET /v3.0/search/?apikey=k%2B%2F%3D\(testKey.prefix(4))&from=c213\n".utf8).write(to: planted)
        let encoded = try await Self.scan([planted.path], environment: ["RASP_TEST_KEY": "k+/=\(testKey.prefix(4))"])
        #expect(encoded.status == 1, "\(encoded.output)")
    }

    @Test("A planted key fails the scan and names the file and line; a clean file passes")
    func plantedFile() async throws {
        let folder = temporaryFolder("leak-scan")
        defer { try? FileManager.default.removeItem(at: folder) }
        let planted = folder.appendingPathComponent("planted.log")
        let clean = folder.appendingPathComponent("clean.log")
        try Data("one\nGET /v3.0/search/?apikey=\(testKey)\n".utf8).write(to: planted)
        try Data("GET /v3.0/search/?apikey=<redacted>\n".utf8).write(to: clean)
        let leak = try await Self.scan([planted.path])
        #expect(leak.status == 1, "\(leak.output)")
        #expect(leak.output.contains("planted.log:2:"), "\(leak.output)")
        #expect(!leak.output.contains(testKey), "the report masks the key itself")
        let pass = try await Self.scan([clean.path])
        #expect(pass.status == 0, "\(pass.output)")
    }

    @Test("--run keeps the command's failure status and scans its output")
    func runMode() async throws {
        let failing = try await Self.scan(["--run", "bash", "-c", "echo fine; exit 3"])
        #expect(failing.status == 3, "\(failing.output)")
        let passing = try await Self.scan(["--run", "bash", "-c", "echo fine"])
        #expect(passing.status == 0 && passing.output.contains("key-leak scan: clean"), "\(passing.output)")
        let leaking = try await Self.scan(["--run", "bash", "-c", "echo \"apikey=$0\"", testKey])
        #expect(leaking.status == 1, "\(leaking.output)")
    }
}
