import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import RaspRuntime
import RaspTestSupport
import Testing

/// What a run of the `rasp` binary printed and returned.
struct RaspRun: CustomStringConvertible {
    /// Standard output.
    var stdout: String
    /// Standard error.
    var stderr: String
    /// The exit status.
    var status: Int32

    var description: String { "exit \(status)\n--- stdout\n\(stdout)\n--- stderr\n\(stderr)" }

    /// Whether a text appears in either stream.
    func printed(_ text: String) -> Bool { stdout.contains(text) || stderr.contains(text) }
}

/// Runs the built `rasp` executable as a subprocess with a clean, isolated environment: a temporary home,
/// config and cache folder, English messages, no key unless asked for.
enum RaspProcess {
    /// The key every test uses (a leak scan looks for it).
    static let key = testKey

    /// How long a run may take before it is killed: a hang guard, far above the seconds a run takes even on a
    /// loaded machine (a run that needs the station directory downloads and indexes it first).
    static let hangGuardSeconds = 180.0

    /// The `rasp` executable next to the test bundle (`.build/<config>/rasp`), or `$RASP_BINARY`.
    static let binary: URL? = {
        if let explicit = ProcessInfo.processInfo.environment["RASP_BINARY"] { return URL(fileURLWithPath: explicit) }
        var candidates: [URL] = [Bundle.main.bundleURL]
        if let executable = Bundle.main.executableURL { candidates.append(executable) }
        candidates.append(URL(fileURLWithPath: CommandLine.arguments[0]))
        #if os(Linux)
        if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            candidates.append(URL(fileURLWithPath: path))
        }
        #endif
        for start in candidates {
            var folder = start.deletingLastPathComponent()
            for _ in 0..<5 {
                let file = folder.appendingPathComponent("rasp")
                var isDirectory: ObjCBool = false
                if FileManager.default.fileExists(atPath: file.path, isDirectory: &isDirectory), !isDirectory.boolValue,
                   FileManager.default.isExecutableFile(atPath: file.path) {
                    return file
                }
                folder = folder.deletingLastPathComponent()
            }
        }
        return nil
    }()

    /// A fresh temporary folder for one test (home, config, cache).
    static func makeSandbox() throws -> URL {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("rasp-cli-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// Runs `rasp` with arguments.
    /// - Parameters:
    ///   - arguments: The command line after `rasp`.
    ///   - sandbox: The folder for HOME, config and cache (a fresh one when nil).
    ///   - environment: Extra variables (e.g. `RASP_API_KEY`).
    ///   - launcher: A program to run `rasp` through (e.g. `["unshare", "-n"]`).
    ///   - passesBinary: Whether the launcher gets the `rasp` path and `arguments` after its own arguments
    ///     (false when the launcher's arguments already hold the whole command).
    static func run(_ arguments: [String], sandbox: URL? = nil, environment: [String: String] = [:],
                    launcher: [String] = [], passesBinary: Bool = true) async throws -> RaspRun {
        let binary = try #require(binary, "the rasp executable was not found next to the test bundle")
        let sandbox = try sandbox ?? makeSandbox()
        let process = Process()
        if launcher.isEmpty {
            process.executableURL = binary
            process.arguments = arguments
        } else {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = launcher + (passesBinary ? [binary.path] + arguments : [])
        }
        var variables = [
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
            "HOME": sandbox.appendingPathComponent("home").path,
            "XDG_CONFIG_HOME": sandbox.appendingPathComponent("config").path,
            "RASP_CACHE_DIR": sandbox.appendingPathComponent("cache").path,
            "LANG": "C",
        ]
        variables.merge(environment) { $1 }
        process.environment = variables
        let out = sandbox.appendingPathComponent("stdout-\(UUID().uuidString)")
        let err = sandbox.appendingPathComponent("stderr-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        _ = FileManager.default.createFile(atPath: err.path, contents: nil)
        let outHandle = try FileHandle(forWritingTo: out), errHandle = try FileHandle(forWritingTo: err)
        process.standardOutput = outHandle
        process.standardError = errHandle
        process.standardInput = FileHandle.nullDevice
        await ProcessSlots.shared.acquire()
        let running = RunningProcess()
        let status: Int32
        do {
            status = try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { continuation in
                    process.terminationHandler = { [running] process in
                        running.ended()
                        continuation.resume(returning: process.terminationStatus)
                    }
                    do {
                        try process.run()
                        running.started(process.processIdentifier, hangGuard: hangGuardSeconds)
                    } catch {
                        process.terminationHandler = nil
                        continuation.resume(throwing: error)
                    }
                }
            } onCancel: {
                running.kill()
            }
        } catch {
            await ProcessSlots.shared.release()
            throw error
        }
        await ProcessSlots.shared.release()
        try? outHandle.close()
        try? errHandle.close()
        var stderr = String(decoding: try Data(contentsOf: err), as: UTF8.self)
        if running.wasKilled { stderr += "\n(killed by the test: still running after \(Int(hangGuardSeconds)) s)" }
        let run = RaspRun(stdout: String(decoding: try Data(contentsOf: out), as: UTF8.self),
                          stderr: stderr, status: status)
        Transcript.append("cli-output",
                          "$ rasp \(arguments.first ?? "") → exit \(status)\n\(run.stdout)\n\(run.stderr)")
        return run
    }
}

/// A started `rasp` process, killed when the test that waits for it is cancelled or when it runs past its hang guard
/// (a run takes seconds; one that goes on for minutes hangs, and must not outlive its test).
final class RunningProcess: Sendable {
    private let state = Locked<(pid: pid_t?, ended: Bool, killed: Bool, cancelled: Bool)>((nil, false, false, false))

    /// The process runs; kills it after `hangGuard` seconds, or at once when the wait was cancelled before.
    func started(_ pid: pid_t, hangGuard: Double) {
        let cancelled = state.withLock { state -> Bool in
            state.pid = pid
            return state.cancelled
        }
        if cancelled { kill() }
        DispatchQueue.global().asyncAfter(deadline: .now() + hangGuard) { [self] in kill() }
    }

    /// The process ended (it is never signalled after this, so its pid cannot be another process's by then).
    func ended() {
        state.withLock { $0.ended = true }
    }

    /// Kills the process if it still runs.
    func kill() {
        let pid = state.withLock { state -> pid_t? in
            state.cancelled = true
            guard let pid = state.pid, !state.ended else { return nil }
            state.killed = true
            return pid
        }
        if let pid { killProcess(pid) }
    }

    /// Whether ``kill()`` signalled it.
    var wasKilled: Bool { state.withLock { $0.killed } }
}

/// Sends SIGKILL (a free function: inside ``RunningProcess`` the name `kill` is its method's).
private func killProcess(_ pid: pid_t) {
    _ = kill(pid, SIGKILL)
}

/// Bounds how many `rasp` subprocesses run at once to the number of cores. Tests run in parallel, and a debug `rasp`
/// takes a second or more of CPU to start: unbounded, dozens of them took every core for seconds, and the other
/// tests in this process (mock servers, clients with 10-second timeouts) got no CPU for that long.
actor ProcessSlots {
    static let shared = ProcessSlots(count: ProcessInfo.processInfo.activeProcessorCount)

    private var free: Int
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(count: Int) {
        free = max(1, count)
    }

    /// Waits for a free slot and takes it.
    func acquire() async {
        if free > 0 {
            free -= 1
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    /// Gives a slot back (to the longest waiter, if any).
    func release() {
        if waiting.isEmpty {
            free += 1
        } else {
            waiting.removeFirst().resume()
        }
    }
}
