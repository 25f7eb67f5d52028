import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A program running in a detached tmux session of its own (a private server socket), driven by `send-keys`
/// and read by `capture-pane`: how the UI tests see the full-screen app as a user's terminal would.
final class TmuxSession {
    /// The tmux server's socket name, unique per session.
    let socket = "rasp-ui-\(UUID().uuidString.prefix(8))"
    private let target = "app"

    /// Whether tmux is installed (CI installs it; see `.ci/run`).
    static var isAvailable: Bool {
        (try? TmuxSession.run(["-V"]).status) == 0
    }

    /// Starts `command` (run by `sh -c`) in a window of the given size.
    init(command: String, width: Int = 80, height: Int = 24) throws {
        let result = try Self.run(["-L", socket, "-f", "/dev/null", "new-session", "-d", "-s", target,
                                   "-x", "\(width)", "-y", "\(height)", command])
        guard result.status == 0 else { throw TmuxError(message: "new-session failed: \(result.output)") }
    }

    deinit {
        _ = try? Self.run(["-L", socket, "kill-server"])
    }

    /// Sends named keys (`Enter`, `Down`, `Escape`, `C-c`, …).
    func press(_ keys: String...) throws {
        _ = try Self.run(["-L", socket, "send-keys", "-t", target] + keys)
    }

    /// Types text literally.
    func type(_ text: String) throws {
        _ = try Self.run(["-L", socket, "send-keys", "-t", target, "-l", text])
    }

    /// The screen as text; with `escapes`, with its colour and attribute sequences.
    func capture(escapes: Bool = false) -> String {
        (try? Self.run(["-L", socket, "capture-pane", "-p", "-t", target] + (escapes ? ["-e"] : [])).output) ?? ""
    }

    /// Changes the window's size (the app gets SIGWINCH).
    func resize(width: Int, height: Int) throws {
        _ = try Self.run(["-L", socket, "resize-window", "-t", target, "-x", "\(width)", "-y", "\(height)"])
    }

    /// Whether the session still runs (it ends when its command exits).
    var isRunning: Bool {
        (try? Self.run(["-L", socket, "has-session", "-t", target]).status) == 0
    }

    /// Waits until the screen satisfies `condition`; records an issue with the last screen after `timeout`.
    /// - Returns: The screen that satisfied it, or the last one.
    @discardableResult
    func waitFor(_ what: String, timeout: Duration = .seconds(20), sourceLocation: SourceLocation = #_sourceLocation,
                 _ condition: (String) -> Bool) async -> String {
        let deadline = ContinuousClock.now + timeout
        var screen = capture()
        while !condition(screen) {
            guard ContinuousClock.now < deadline else {
                Issue.record("timed out waiting for \(what); the screen:\n\(screen)", sourceLocation: sourceLocation)
                return screen
            }
            try? await Task.sleep(for: .milliseconds(100))
            screen = capture()
        }
        return screen
    }

    /// Waits until the screen shows `text`.
    @discardableResult
    func waitFor(_ text: String, timeout: Duration = .seconds(20),
                 sourceLocation: SourceLocation = #_sourceLocation) async -> String {
        await waitFor("«\(text)»", timeout: timeout, sourceLocation: sourceLocation) { $0.contains(text) }
    }

    /// Runs tmux and waits for it. Spawned and reaped directly (not through `Process`): the client that
    /// `new-session` runs forks the tmux server and exits, and the server keeps whatever descriptors it
    /// inherited, so output goes to a file rather than a pipe.
    private static func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("tmux-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: file) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, file.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        let argv = (["tmux"] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid = pid_t()
        let spawned = posix_spawnp(&pid, "tmux", &actions, nil, argv, environ)
        guard spawned == 0 else { throw TmuxError(message: "cannot start tmux (error \(spawned))") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let output = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
        let exited = status & 0x7F == 0
        return (exited ? (status >> 8) & 0xFF : -1, output)
    }
}

/// A tmux command that failed.
struct TmuxError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
