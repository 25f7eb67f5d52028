import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A program running in a detached tmux session of its own (a private server socket), driven by `send-keys`
/// and read by `capture-pane`: how the UI tests see the full-screen app as a user's terminal would.
///
/// Use ``with(command:width:height:_:)``: it ends the session whatever the test does (returns, throws, records
/// issues), and ``end()`` makes sure the tmux server and every process of its pane are gone.
final class TmuxSession {
    /// The tmux server's socket name, unique per session.
    let socket = "rasp-ui-\(UUID().uuidString.prefix(8))"
    private let target = "app"
    /// The tmux server's process, and the pane's first process (its process group holds the app).
    private let serverPID: pid_t?
    private let panePID: pid_t?
    /// The server's socket file (tmux leaves it behind when the server is killed).
    private let socketPath: String?
    private var ended = false

    /// Whether tmux is installed (CI installs it; see `.ci/run`).
    static var isAvailable: Bool {
        (try? TmuxSession.run(["-V"]).status) == 0
    }

    /// Runs `body` with a session running `command`, and ends the session afterwards, also when `body` throws.
    static func with<T>(command: String, width: Int = 80, height: Int = 24,
                        _ body: (TmuxSession) async throws -> T) async throws -> T {
        let session = try TmuxSession(command: command, width: width, height: height)
        defer { session.end() }
        return try await body(session)
    }

    /// Starts `command` (run by `sh -c`) in a window of the given size.
    private init(command: String, width: Int = 80, height: Int = 24) throws {
        let result = try Self.run(["-L", socket, "-f", "/dev/null", "new-session", "-d", "-s", target,
                                   "-x", "\(width)", "-y", "\(height)", command])
        guard result.status == 0 else {
            (serverPID, panePID, socketPath) = (nil, nil, nil)
            throw TmuxError(message: "new-session failed: \(result.output)")
        }
        let format = "#{pid} #{pane_pid} #{socket_path}"
        let fields = ((try? Self.run(["-L", socket, "display-message", "-p", "-t", target, format]))?.output ?? "")
            .trimmingCharacters(in: .whitespacesAndNewlines).split(separator: " ", maxSplits: 2).map(String.init)
        serverPID = fields.first.flatMap { pid_t($0) }
        panePID = fields.count > 1 ? pid_t(fields[1]) : nil
        socketPath = fields.count > 2 && fields[2].hasSuffix("/\(socket)") ? fields[2] : nil
    }

    deinit {
        end()
    }

    /// Ends the session: `kill-server` (tmux hangs up the pane, whose processes then exit), then waits for the
    /// server and the pane's process group to be gone, and kills what is left after 10 s.
    func end() {
        guard !ended else { return }
        ended = true
        _ = try? Self.run(["-L", socket, "kill-server"])
        let processes = [serverPID, panePID].compactMap { $0 }
        let deadline = ContinuousClock.now + .seconds(10)
        while processes.contains(where: Self.isAlive), ContinuousClock.now < deadline { usleep(20_000) }
        // A process group that still has members cannot have been handed to another (a pid in use is not reused).
        if let panePID, kill(-panePID, 0) == 0 { kill(-panePID, SIGKILL) }
        if let serverPID, Self.isAlive(serverPID) { kill(serverPID, SIGKILL) }
        if let socketPath { unlink(socketPath) }
    }

    /// Whether a process exists and is not a zombie (the tmux server's parent is init, which reaps it later).
    private static func isAlive(_ pid: pid_t) -> Bool {
        guard kill(pid, 0) == 0 else { return false }
        #if os(Linux)
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return false }
        return !stat[close...].hasPrefix(") Z")
        #else
        return true
        #endif
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

    /// Waits until the screen satisfies `condition`; records an issue with the last screen after `timeout` (a hang
    /// guard: screens change within a second or two, but a loaded machine can delay the app by many seconds).
    /// - Returns: The screen that satisfied it, or the last one.
    @discardableResult
    func waitFor(_ what: String, timeout: Duration = .seconds(60), sourceLocation: SourceLocation = #_sourceLocation,
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
    func waitFor(_ text: String, timeout: Duration = .seconds(60),
                 sourceLocation: SourceLocation = #_sourceLocation) async -> String {
        await waitFor("«\(text)»", timeout: timeout, sourceLocation: sourceLocation) { $0.contains(text) }
    }

    /// Runs tmux and waits for it. Spawned and reaped directly (not through `Process`): the client that
    /// `new-session` runs forks the tmux server and exits, and the server keeps whatever descriptors it
    /// inherited, so output goes to a file rather than a pipe.
    ///
    /// The child gets no descriptor beyond the standard three and default signal handling with nothing blocked:
    /// it inherits the calling thread's signal mask, and the threads of the test process block most signals, so a
    /// tmux server started from one ignored the SIGTERM of `kill-server` (and its pane the SIGHUP) and ran on
    /// forever; it also held the test process's sockets (mock servers' listeners) open.
    private static func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("tmux-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: file) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, file.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        closeDescriptorsFromThree(&actions)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t(), all = sigset_t()
        sigemptyset(&none)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let argv = (["tmux"] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid = pid_t()
        let spawned = posix_spawnp(&pid, "tmux", &actions, &attributes, argv, environ)
        guard spawned == 0 else { throw TmuxError(message: "cannot start tmux (error \(spawned))") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let output = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
        let exited = status & 0x7F == 0
        return (exited ? (status >> 8) & 0xFF : -1, output)
    }
}

/// Adds the file action that closes every descriptor from 3 up: glibc's `posix_spawn_file_actions_addclosefrom_np`
/// (2.34 and later; looked up at run time, Swift's Glibc module does not import it), or else a close of each
/// descriptor open now.
private func closeDescriptorsFromThree(_ actions: inout posix_spawn_file_actions_t) {
    #if os(Linux)
    typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>?, Int32) -> Int32
    if let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") {
        _ = unsafeBitCast(symbol, to: CloseFrom.self)(&actions, 3)
        return
    }
    let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
    for descriptor in open.compactMap({ Int32($0) }) where descriptor >= 3 {
        posix_spawn_file_actions_addclose(&actions, descriptor)
    }
    #endif
}

/// A tmux command that failed.
struct TmuxError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
