import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs a program and measures it with `wait4`, whose resource usage covers the program and every descendant it
/// waited for (so a `swift build` includes its compiler processes).
enum Subprocess {
    /// What one run cost.
    struct Usage {
        /// The exit status (or 128 + signal).
        var status: Int32
        /// Wall-clock milliseconds.
        var wallMilliseconds: Double
        /// User + system CPU milliseconds of the process tree.
        var cpuMilliseconds: Double
        /// The largest resident set size of any process in the tree, in bytes.
        var peakResidentBytes: Int
        /// Whether the run was stopped at its time limit (its process group killed).
        var timedOut = false
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Runs `arguments[0]` (looked up on `PATH`) with output appended to `logFile`.
    /// - Parameter timeLimit: When set, the program runs in a process group of its own, and the whole group (a
    ///   `swift build` and its compilers) is killed once the limit has passed; the usage then says `timedOut`.
    static func run(_ arguments: [String], logFile: String, timeLimit: Duration? = nil) throws -> Usage {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, logFile, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        let clock = ContinuousClock()
        let start = clock.now
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        if timeLimit != nil {
            posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
            posix_spawnattr_setpgroup(&attributes, 0)
        }
        var pid: pid_t = 0
        let spawned = posix_spawnp(&pid, arguments[0], &actions, &attributes, &argv, environ)
        guard spawned == 0 else {
            throw Failure(description: "cannot start \(arguments[0]): \(String(cString: strerror(spawned)))")
        }
        var status: Int32 = 0
        var usage = rusage()
        var timedOut = false
        if let timeLimit {
            // Polls until the program ends or the limit passes; then the whole group goes, and is reaped below.
            let deadline = start.advanced(by: timeLimit)
            while true {
                let waited = wait4(pid, &status, WNOHANG, &usage)
                if waited == pid { break }
                if waited == -1 && errno != EINTR { break }
                if clock.now >= deadline {
                    timedOut = true
                    kill(-pid, SIGKILL)
                    while wait4(pid, &status, 0, &usage) == -1 && errno == EINTR {}
                    break
                }
                usleep(50_000)
            }
        } else {
            while wait4(pid, &status, 0, &usage) == -1 && errno == EINTR {}
        }
        let wall = Stopwatch.milliseconds(clock.now - start)
        let cpu = milliseconds(usage.ru_utime) + milliseconds(usage.ru_stime)
        let exit = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        return Usage(status: exit, wallMilliseconds: wall, cpuMilliseconds: cpu,
                     peakResidentBytes: Int(usage.ru_maxrss) * 1024, timedOut: timedOut)
    }

    private static func milliseconds(_ time: timeval) -> Double {
        Double(time.tv_sec) * 1000 + Double(time.tv_usec) / 1000
    }
}

extension Subprocess {
    /// A program started by ``launch(_:stdout:environment:)``, running alongside the benchmark.
    struct Child {
        /// Its process id.
        let pid: pid_t

        /// The exit status (or 128 + signal) once it has ended; nil while it runs. Does not block.
        func exitStatus() -> Int32? {
            var status: Int32 = 0
            guard waitpid(pid, &status, WNOHANG) == pid else { return nil }
            return (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        }

        /// Asks it to end (SIGTERM), then forces it (SIGKILL) after `grace` seconds, and reaps it.
        func terminate(grace: Double = 5) {
            kill(pid, SIGTERM)
            let deadline = Date().addingTimeInterval(grace)
            while Date() < deadline {
                if exitStatus() != nil { return }
                usleep(20_000)
            }
            kill(pid, SIGKILL)
            var status: Int32 = 0
            while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        }
    }

    /// Starts `arguments[0]` (looked up on `PATH`) without waiting for it.
    /// - Parameters:
    ///   - stdout: A file descriptor for its standard output (it inherits the benchmark's when nil); its standard
    ///     error is the benchmark's.
    ///   - environment: Variables added to the benchmark's environment.
    static func launch(_ arguments: [String], stdout: Int32? = nil,
                       environment: [String: String] = [:]) throws -> Child {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if let stdout {
            posix_spawn_file_actions_adddup2(&actions, stdout, 1)
        }
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        let variables = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        var envp: [UnsafeMutablePointer<CChar>?] = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in envp { free(pointer) } }
        var pid: pid_t = 0
        let spawned = posix_spawnp(&pid, arguments[0], &actions, nil, &argv, &envp)
        guard spawned == 0 else {
            throw Failure(description: "cannot start \(arguments[0]): \(String(cString: strerror(spawned)))")
        }
        return Child(pid: pid)
    }

    /// The resident set size (`VmRSS`) of a running process, in bytes (Linux; nil elsewhere or once it has ended).
    static func residentBytes(of pid: pid_t) -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix("VmRSS:") {
            return line.split(separator: " ").compactMap { Int($0) }.first.map { $0 * 1024 }
        }
        return nil
    }

    /// The user + system CPU time a running process has used, in milliseconds (Linux, in clock ticks of 10 ms;
    /// nil elsewhere or once it has ended).
    static func cpuMilliseconds(of pid: pid_t) -> Double? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let end = text.lastIndex(of: ")") else { return nil }
        // After "pid (comm) ": state is field 3, utime and stime are fields 14 and 15.
        let fields = text[text.index(after: end)...].split(separator: " ")
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return nil }
        return (user + system) * 1000 / Double(sysconf(Int32(_SC_CLK_TCK)))
    }
}
