import ArgumentParser
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `rasp-bench mock`: load and soak of the `rasp-mock` executable, started as a subprocess (the one built next to
/// `rasp-bench`; built on demand). A bounded number of keep-alive connections (`--connections`) send real
/// searches (`/v3.0/search/?from=c213&to=c2&apikey=…`, ~35 KB answers, the key checked) for a warm-up and then
/// for `--seconds`, with `wrk` when it is installed and an in-process generator (a thread per connection) when
/// not. Prints throughput, latency, errors, the server's RSS at start, after the warm-up and at the end (a leak
/// shows as growth after the warm-up), and how long the server takes to refuse a 64 KB request line with 414.
struct MockSuite: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mock",
        abstract: "Load and soak of rasp-mock: req/s, latency, errors, server RSS over time, 414 time for 64 KB."
    )

    /// Which load generator drives the server.
    enum Generator: String, ExpressibleByArgument, CaseIterable {
        /// `wrk` when it is on `PATH`, the in-process generator otherwise.
        case auto
        case wrk
        case threads
    }

    @Option(help: "Seconds of measured load, after the warm-up (300 for the soak).")
    var seconds = 300

    @Option(help: "Seconds of warm-up load, not measured (default: 30, or a fifth of --seconds below 150).")
    var warmup: Int?

    @Option(help: "Keep-alive connections the load generator holds open.")
    var connections = 64

    @Option(help: "The port rasp-mock listens on (0 picks a free one).")
    var port: UInt16 = 0

    @Option(help: "The rasp-mock executable (default: the one next to rasp-bench, built if missing).")
    var mockPath: String?

    @Option(help: "The load generator: auto (wrk if installed), wrk or threads (in-process).")
    var generator = Generator.auto

    @Option(help: "Times a 64 KB request line is sent to time its refusal (the median is printed).")
    var rejections = 15

    /// The key rasp-mock is started with (`--require-key`) and every request sends.
    static let key = "bench-key-not-secret"

    func run() async throws {
        let binary = try mockPath ?? Self.builtMock()
        let server = try MockProcess(binary: binary, port: port, key: Self.key)
        defer { server.stop() }
        Figures.note("rasp-mock (pid \(server.child.pid)) listening on port \(server.port)")
        let target = "/v3.0/search/?from=c213&to=c2&apikey=\(Self.key)"
        let load = try loadGenerator(port: server.port, target: target)

        let startRSS = server.residentBytes
        let warmupSeconds = warmup ?? (seconds >= 150 ? 30 : max(1, seconds / 5))
        Figures.note("warming up: \(warmupSeconds) s with \(connections) connections (\(load.name))")
        let warm = try await load.run(seconds: warmupSeconds) { _ in }
        if warm.errors > 0 { Figures.note("warm-up errors: \(warm.errors)") }
        let warmRSS = server.residentBytes

        Figures.note("measuring: \(seconds) s with \(connections) connections")
        var peakRSS = warmRSS
        let clock = ContinuousClock()
        let started = clock.now
        var lastNote = started
        let result = try await load.run(seconds: seconds) { _ in
            peakRSS = max(peakRSS, server.residentBytes)
            if clock.now - lastNote >= .seconds(30) {
                lastNote = clock.now
                let elapsed = Int(Stopwatch.milliseconds(clock.now - started) / 1000)
                let megabytes = String(format: "%.1f", Self.megabytes(server.residentBytes))
                Figures.note("\(elapsed) s: server RSS \(megabytes) MB")
            }
        }
        let endRSS = server.residentBytes
        peakRSS = max(peakRSS, endRSS)

        Figures.note("timing the refusal of a 64 KB request line (\(rejections) times)")
        let refusals = try (0..<max(1, rejections)).map { _ in
            try RequestLineProbe.refusalMilliseconds(port: server.port)
        }

        Figures.emit("mock.connections", connections, "connections")
        Figures.emit("mock.seconds", result.seconds, "s")
        Figures.emit("mock.requests", result.requests, "requests")
        Figures.emit("mock.rps", Double(result.requests) / result.seconds, "req/s")
        Figures.emit("mock.latency_p50", result.p50Milliseconds, "ms", decimals: 2)
        Figures.emit("mock.latency_p99", result.p99Milliseconds, "ms", decimals: 2)
        Figures.emit("mock.errors", result.errors, "errors")
        Figures.emit("mock.rss_start", Self.megabytes(startRSS), "MB")
        Figures.emit("mock.rss_after_warmup", Self.megabytes(warmRSS), "MB")
        Figures.emit("mock.rss_end", Self.megabytes(endRSS), "MB")
        Figures.emit("mock.rss_peak", Self.megabytes(peakRSS), "MB")
        Figures.emit("mock.rss_growth_after_warmup", Double(endRSS - warmRSS) / Double(max(1, warmRSS)) * 100, "%")
        Figures.emit("mock.reject_64k_request_line", Figures.median(refusals), "ms", decimals: 2)
    }

    /// The load generator asked for.
    private func loadGenerator(port: UInt16, target: String) throws -> any LoadGenerator {
        let wrk = Self.findOnPath("wrk")
        switch generator {
        case .wrk:
            guard let wrk else { throw ValidationError("wrk is not installed (apt-get install wrk)") }
            return WrkLoad(wrk: wrk, port: port, target: target, connections: connections)
        case .auto where wrk != nil:
            return WrkLoad(wrk: wrk!, port: port, target: target, connections: connections)
        case .auto, .threads:
            return ThreadLoad(port: port, target: target, connections: connections)
        }
    }

    /// `rasp-mock` next to this executable, built with `swift build` (same configuration) when it is not there.
    static func builtMock() throws -> String {
        let folder = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent()
        let binary = folder.appendingPathComponent("rasp-mock").path
        if FileManager.default.isExecutableFile(atPath: binary) { return binary }
        // <scratch>/<triple>/<configuration>/rasp-bench
        let configuration = folder.lastPathComponent
        let scratch = folder.deletingLastPathComponent().deletingLastPathComponent().path
        Figures.note("building rasp-mock (\(configuration)): swift build -c \(configuration) --product rasp-mock")
        let usage = try Subprocess.run(["swift", "build", "--scratch-path", scratch, "-c", configuration,
                                        "--product", "rasp-mock"], logFile: "/dev/stderr")
        guard usage.status == 0, FileManager.default.isExecutableFile(atPath: binary) else {
            throw ValidationError("rasp-mock is not built: swift build -c \(configuration) --product rasp-mock")
        }
        return binary
    }

    private static func findOnPath(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    static func megabytes(_ bytes: Int) -> Double { Double(bytes) / 1_048_576 }
}

// MARK: - The server

/// `rasp-mock` as a subprocess: started with `--require-key`, ready once it prints its listening line.
final class MockProcess {
    let child: Subprocess.Child
    let port: UInt16
    /// The read end of its standard output (kept open so a late write cannot kill it with SIGPIPE).
    private let output: Int32

    /// Starts it and waits for its ready line; `arguments` go after the address and `--require-key`.
    init(binary: String, port: UInt16, key: String, arguments: [String] = []) throws {
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else { throw Subprocess.Failure(description: "pipe failed") }
        defer { close(pipeEnds[1]) }
        child = try Subprocess.launch([binary, "--host", "127.0.0.1", "--port", String(port), "--require-key"]
                                      + arguments, stdout: pipeEnds[1], environment: ["RASP_MOCK_KEY": key])
        output = pipeEnds[0]
        do {
            self.port = try Self.readReadyLine(output)
        } catch {
            child.terminate()
            close(output)
            throw error
        }
    }

    /// Its resident set size now, in bytes.
    var residentBytes: Int { Subprocess.residentBytes(of: child.pid) ?? 0 }

    func stop() {
        child.terminate()
        close(output)
    }

    /// Waits (30 s at most) for `rasp-mock: listening on http://127.0.0.1:PORT` and returns the port.
    private static func readReadyLine(_ descriptor: Int32) throws -> UInt16 {
        var text = ""
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline {
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 200) > 0 else { continue }
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = read(descriptor, &buffer, buffer.count)
            guard count > 0 else { break }
            text += String(decoding: buffer[0..<count], as: UTF8.self)
            if let line = text.split(separator: "\n").first(where: { $0.contains("listening on http://") }),
               let port = line.split(separator: ":").last.flatMap({ UInt16($0) }) {
                return port
            }
        }
        throw Subprocess.Failure(
            description: "rasp-mock printed no ready line (got \(text.prefix(200).debugDescription))")
    }
}

// MARK: - Load generators

/// What one load run measured.
struct LoadResult {
    var requests = 0
    var errors = 0
    var seconds = 0.0
    var p50Milliseconds = 0.0
    var p99Milliseconds = 0.0
}

/// Drives the server with keep-alive connections for a while.
protocol LoadGenerator {
    /// A name for the notes.
    var name: String { get }
    /// Runs the load for `seconds`, calling `tick` about once a second meanwhile (for RSS samples).
    func run(seconds: Int, tick: (Double) -> Void) async throws -> LoadResult
}

/// `wrk` (with a Lua `done` hook that prints exact counts and percentiles).
private struct WrkLoad: LoadGenerator {
    let wrk: String
    let port: UInt16
    let target: String
    let connections: Int

    var name: String { "wrk" }

    private static let script = """
        done = function(summary, latency, requests)
          local e = summary.errors
          io.write(string.format("rasp-bench requests %d\\n", summary.requests))
          io.write(string.format("rasp-bench duration_us %d\\n", summary.duration))
          io.write(string.format("rasp-bench errors %d\\n", e.connect + e.read + e.write + e.status + e.timeout))
          io.write(string.format("rasp-bench errors_connect %d\\n", e.connect))
          io.write(string.format("rasp-bench errors_read %d\\n", e.read))
          io.write(string.format("rasp-bench errors_write %d\\n", e.write))
          io.write(string.format("rasp-bench errors_status %d\\n", e.status))
          io.write(string.format("rasp-bench errors_timeout %d\\n", e.timeout))
          io.write(string.format("rasp-bench p50_us %d\\n", latency:percentile(50)))
          io.write(string.format("rasp-bench p99_us %d\\n", latency:percentile(99)))
        end
        """

    func run(seconds: Int, tick: (Double) -> Void) async throws -> LoadResult {
        let folder = FileManager.default.temporaryDirectory
        let script = folder.appendingPathComponent("rasp-bench-wrk-\(getpid()).lua")
        let output = folder.appendingPathComponent("rasp-bench-wrk-\(getpid()).out")
        try Self.script.write(to: script, atomically: true, encoding: .utf8)
        defer {
            try? FileManager.default.removeItem(at: script)
            try? FileManager.default.removeItem(at: output)
        }
        let file = open(output.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard file >= 0 else { throw Subprocess.Failure(description: "cannot write \(output.path)") }
        let threads = min(2, connections)
        let child = try Subprocess.launch([wrk, "-t\(threads)", "-c\(connections)", "-d\(seconds)s", "--timeout", "10s",
                                           "-s", script.path, "http://127.0.0.1:\(port)\(target)"], stdout: file)
        close(file)
        var status: Int32?
        while status == nil {
            try? await Task.sleep(for: .seconds(1))
            tick(1)
            status = child.exitStatus()
        }
        let text = try String(contentsOf: output, encoding: .utf8)
        guard status == 0 else { throw Subprocess.Failure(description: "wrk failed (\(status!)): \(text)") }
        var values: [String: Double] = [:]
        for line in text.split(separator: "\n") where line.hasPrefix("rasp-bench ") {
            let parts = line.split(separator: " ")
            if parts.count == 3, let value = Double(parts[2]) { values[String(parts[1])] = value }
        }
        guard let requests = values["requests"], let duration = values["duration_us"] else {
            throw Subprocess.Failure(description: "wrk printed no summary: \(text)")
        }
        if let errors = values["errors"], errors > 0 {
            let kinds = ["connect", "read", "write", "status", "timeout"]
                .map { "\($0) \(Int(values["errors_\($0)"] ?? 0))" }.joined(separator: ", ")
            Figures.note("wrk errors: \(kinds) (status: answers other than 2xx/3xx; timeout: none within 10 s)")
        }
        return LoadResult(requests: Int(requests), errors: Int(values["errors"] ?? 0), seconds: duration / 1e6,
                          p50Milliseconds: (values["p50_us"] ?? 0) / 1000,
                          p99Milliseconds: (values["p99_us"] ?? 0) / 1000)
    }
}

/// The in-process generator: a thread per connection, each sending a request and reading its whole answer
/// (`Content-Length`) in a loop, reconnecting after an error.
private struct ThreadLoad: LoadGenerator {
    let port: UInt16
    let target: String
    let connections: Int

    var name: String { "in-process, a thread per connection" }

    /// What one connection's thread measured.
    private final class Tally: @unchecked Sendable {
        var requests = 0
        var errors = 0
        /// Microseconds per request.
        var latencies: [UInt32] = []
        /// When the thread sent its last request and read its answer.
        var end = ContinuousClock.now
    }

    func run(seconds: Int, tick: (Double) -> Void) async throws -> LoadResult {
        let request = Array("GET \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n".utf8)
        let deadline = ContinuousClock.now + .seconds(seconds)
        let tallies = (0..<connections).map { _ in Tally() }
        let finished = FinishedThreads()
        let clock = ContinuousClock()
        let start = clock.now
        for tally in tallies {
            let port = self.port
            Thread { Self.drive(port: port, request: request, until: deadline, into: tally); finished.add() }.start()
        }
        while finished.count < connections {
            try? await Task.sleep(for: .seconds(1))
            tick(1)
        }
        let elapsed = Stopwatch.milliseconds((tallies.map(\.end).max() ?? clock.now) - start) / 1000
        let latencies = tallies.flatMap(\.latencies).sorted()
        func percentile(_ p: Double) -> Double {
            latencies.isEmpty ? 0 : Double(latencies[min(latencies.count - 1, Int(Double(latencies.count) * p))]) / 1000
        }
        return LoadResult(requests: tallies.map(\.requests).reduce(0, +), errors: tallies.map(\.errors).reduce(0, +),
                          seconds: elapsed, p50Milliseconds: percentile(0.5), p99Milliseconds: percentile(0.99))
    }

    /// One connection's loop.
    private static func drive(port: UInt16, request: [UInt8], until deadline: ContinuousClock.Instant,
                              into tally: Tally) {
        var socket: Int32 = -1
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while ContinuousClock.now < deadline {
            if socket < 0 {
                socket = BlockingSocket.open(port: port)
                if socket < 0 {
                    tally.errors += 1
                    usleep(10_000)
                    continue
                }
            }
            let sent = ContinuousClock.now
            guard BlockingSocket.sendAll(socket, request), let status = readAnswer(socket, &buffer),
                  status == 200 else {
                tally.errors += 1
                close(socket)
                socket = -1
                continue
            }
            tally.requests += 1
            let microseconds = Stopwatch.milliseconds(ContinuousClock.now - sent) * 1000
            tally.latencies.append(UInt32(min(Double(UInt32.max), microseconds)))
        }
        if socket >= 0 { close(socket) }
        tally.end = ContinuousClock.now
    }

    /// Reads one answer (head, then `Content-Length` bytes of body) and returns its status.
    private static func readAnswer(_ socket: Int32, _ buffer: inout [UInt8]) -> Int? {
        var head: [UInt8] = []
        var headEnd: Int?
        while headEnd == nil {
            let count = recv(socket, &buffer, buffer.count, 0)
            guard count > 0 else { return nil }
            let from = max(0, head.count - 3)
            head += buffer[0..<count]
            headEnd = head[from...].firstRange(of: [13, 10, 13, 10]).map { $0.upperBound }
        }
        let text = String(decoding: head[0..<headEnd!], as: UTF8.self)
        guard text.count > 12, let status = Int(text.dropFirst(9).prefix(3)) else { return nil }
        let length = text.split(separator: "\r\n").first { $0.lowercased().hasPrefix("content-length:") }
            .flatMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) } ?? 0
        var left = length - (head.count - headEnd!)
        while left > 0 {
            let count = recv(socket, &buffer, min(buffer.count, left), 0)
            guard count > 0 else { return nil }
            left -= count
        }
        return status
    }
}

/// Counts threads that have finished.
private final class FinishedThreads: @unchecked Sendable {
    private let lock = NSLock()
    private var finished = 0

    var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return finished
    }

    func add() {
        lock.lock()
        defer { lock.unlock() }
        finished += 1
    }
}

// MARK: - The refusal of a long request line

/// Times the server's answer to a request line of 64 KB.
private enum RequestLineProbe {
    /// Milliseconds from the first byte sent to the `HTTP/1.1 414` status line received, on a fresh connection.
    static func refusalMilliseconds(port: UInt16) throws -> Double {
        let request = Array(("GET /v3.0/thread/?uid=" + String(repeating: "a", count: 65_536)
                             + " HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n").utf8)
        let socket = BlockingSocket.open(port: port)
        guard socket >= 0 else { throw Subprocess.Failure(description: "cannot connect to rasp-mock") }
        defer { close(socket) }
        let clock = ContinuousClock()
        let start = clock.now
        guard BlockingSocket.sendAll(socket, request) else { throw Subprocess.Failure(description: "send failed") }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while received.count < 12 {
            let count = recv(socket, &buffer, buffer.count, 0)
            guard count > 0 else { break }
            received += buffer[0..<count]
        }
        let elapsed = Stopwatch.milliseconds(clock.now - start)
        let status = String(decoding: received.prefix(12), as: UTF8.self)
        guard status == "HTTP/1.1 414" else {
            throw Subprocess.Failure(description: "a 64 KB request line got \(status.debugDescription), not 414")
        }
        return elapsed
    }
}

/// Blocking loopback sockets for the generators.
private enum BlockingSocket {
    #if canImport(Glibc)
    private static let streamType = Int32(SOCK_STREAM.rawValue)
    private static let sendFlags = Int32(MSG_NOSIGNAL)
    #else
    private static let streamType = SOCK_STREAM
    private static let sendFlags: Int32 = 0
    #endif

    /// A socket connected to `127.0.0.1:port` with Nagle off, or -1.
    static func open(port: UInt16) -> Int32 {
        let descriptor = socket(AF_INET, streamType, 0)
        guard descriptor >= 0 else { return -1 }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
        guard connected else {
            close(descriptor)
            return -1
        }
        var on: Int32 = 1
        setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
        return descriptor
    }

    /// Sends all of `bytes`; false when the connection failed.
    static func sendAll(_ descriptor: Int32, _ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let sent = send(descriptor, raw.baseAddress! + offset, raw.count - offset, sendFlags)
                if sent <= 0 { return false }
                offset += sent
            }
            return true
        }
    }
}
