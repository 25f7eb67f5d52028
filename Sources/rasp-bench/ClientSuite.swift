import ArgumentParser
import AsyncHTTPClient
import EdgeCasesAPI
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import RaspAPI
import RaspAsyncHTTPClient
import RaspRuntime

/// `rasp-bench client`: the generated clients on both transports, URLSession and AsyncHTTPClient, in the same run
/// against a `rasp-mock` process on loopback (the one built next to `rasp-bench`), next to the bare libraries doing the
/// same work, so that each transport's cost over its library shows:
/// - `small` and `search`: a small JSON answer (`copyright`) and the 40 KB one-day search, decoded into the generated
///   types, at each `--concurrency` (requests in flight): requests/s, p50 and p99 latency; the sides (generated client
///   on each transport, bare `URLSession.data(for:)` + `JSONDecoder`, bare `HTTPClient.execute` + `collect` +
///   `JSONDecoder`, and `nio_transport`, the transport without the generated client) alternate in rounds so that
///   drift weighs on all alike; each also gets the CPU time per request of this process and of the server, which on
///   a machine of few cores bound the requests/s together;
/// - `sse`: server-sent events through the edge-case client's typed `streamEvents`, and the bare client counting bytes;
/// - `download` and `upload`: `--bytes` from `/_stream/bytes` and `--upload-bytes` from a file to `/_sink/`, MB/s and
///   the peak RSS of this process above what it held before (the server is another process).
struct ClientSuite: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "client",
        abstract: "Generated client on URLSession and on AsyncHTTPClient vs the bare libraries, against rasp-mock."
    )

    @Option(help: "Measured requests per side and concurrency, for small and search.")
    var requests = 4000

    @Option(help: "Warm-up requests per side (not measured).")
    var warmup = 400

    @Option(help: "Rounds to split the measured requests into (the sides alternate each round).")
    var rounds = 8

    @Option(help: "Requests in flight, comma-separated.")
    var concurrency = "1,16"

    @Option(help: "Server-sent events per side.")
    var events = 100_000

    @Option(help: "Bytes to download per side.")
    var bytes = 1 << 30

    @Option(help: "Bytes to upload per side.")
    var uploadBytes = 1 << 30

    @Option(help: "Rounds of the download and upload cases (each: every side once, in turn reversed).")
    var transferRounds = 2

    @Option(help: "Which cases to run, comma-separated: small, search, sse, download, upload.")
    var only = "small,search,sse,download,upload"

    @Option(help: ArgumentHelp(
        "Which sides of small and search to run, comma-separated (default: all): urlsession, nio, nio_transport, "
            + "bare_urlsession, bare_ahc.",
        discussion: "One side alone, under valgrind --tool=callgrind, counts its instructions whatever the load."))
    var sides: String?

    @Option(help: "The rasp-mock executable (default: the one next to rasp-bench, built if missing).")
    var mockPath: String?

    /// The key rasp-mock requires and every request sends.
    static let key = "bench-key-not-secret"

    func run() async throws {
        let server = try MockProcess(binary: mockPath ?? MockSuite.builtMock(), port: 0, key: Self.key,
                                     arguments: ["--max-body-bytes", String(Int.max)])
        defer { server.stop() }
        let url = URL(string: "http://127.0.0.1:\(server.port)")!
        Figures.note("rasp-mock (pid \(server.child.pid)) on port \(server.port)")
        try await HTTPClient.withHTTPClient(configuration: AsyncHTTPClientTransport.clientConfiguration()) { ahc in
            let sides = Sides(url: url, key: Self.key, ahc: ahc)
            let cases = Set(only.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
            let levels = concurrency.split(separator: ",").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
            let pid = server.child.pid
            let serverCPU: @Sendable () -> Double = { Subprocess.cpuMilliseconds(of: pid) ?? 0 }
            if cases.contains("small") {
                try await requests("small", sides.small(), levels: levels, serverCPU: serverCPU)
            }
            if cases.contains("search") {
                try await requests("search", sides.search(), levels: levels, serverCPU: serverCPU)
            }
            if cases.contains("sse") { try await serverSentEvents(sides) }
            if cases.contains("download") { try await download(sides) }
            if cases.contains("upload") { try await upload(sides) }
        }
    }

    // MARK: Requests

    /// One request case at each concurrency level: every side in every round, then the figures.
    private func requests(_ name: String, _ all: [(String, Sides.Call)], levels: [Int],
                          serverCPU: @escaping @Sendable () -> Double) async throws {
        // The bare sides return the body's size.
        let payload = try await all.first { $0.0 == "bare_ahc" }!.1()
        Figures.emit("\(name).bytes", payload, "B")
        let chosen = sides.map { Set($0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }) }
        let calls = all.filter { chosen?.contains($0.0) ?? true }
        for level in levels {
            Figures.note("\(name), \(level) in flight: warming up, then \(requests) requests per side in \(rounds) "
                         + "rounds")
            for (_, call) in calls { _ = try await Load.run(warmup, concurrency: level, call) }
            var results = Dictionary(uniqueKeysWithValues: calls.map { ($0.0, Load.Result()) })
            let perRound = max(1, requests / rounds)
            for _ in 0..<rounds {
                for (side, call) in calls {
                    let server = serverCPU()
                    var result = try await Load.run(perRound, concurrency: level, call)
                    result.serverMilliseconds = serverCPU() - server
                    results[side]?.add(result)
                }
            }
            let prefix = "\(name).c\(level)"
            for (side, _) in calls {
                let result = results[side]!
                Figures.emit("\(prefix).\(side).rps", result.rps, "req/s")
                Figures.emit("\(prefix).\(side).p50_us", result.percentile(0.50), "µs")
                Figures.emit("\(prefix).\(side).p99_us", result.percentile(0.99), "µs")
                Figures.emit("\(prefix).\(side).cpu_us", result.cpuPerRequest, "µs")
                let server = result.serverMilliseconds * 1000 / Double(result.requests)
                Figures.emit("\(prefix).\(side).server_cpu_us", server, "µs")
            }
            guard calls.count == all.count else { continue }
            let rps = results.mapValues(\.rps)
            Figures.emit("\(prefix).nio_vs_urlsession", rps["nio"]! / rps["urlsession"]!, "x", decimals: 2)
            // The transport's (and generated client's) cost over its own library: the time per request beyond the
            // bare library's, as a share of it (from throughput, so it holds at any concurrency).
            Figures.emit("\(prefix).nio_overhead_vs_bare_ahc", (rps["bare_ahc"]! / rps["nio"]! - 1) * 100, "%")
            Figures.emit("\(prefix).nio_transport_overhead_vs_bare_ahc",
                         (rps["bare_ahc"]! / rps["nio_transport"]! - 1) * 100, "%")
            Figures.emit("\(prefix).urlsession_overhead_vs_bare_urlsession",
                         (rps["bare_urlsession"]! / rps["urlsession"]! - 1) * 100, "%")
            // The same in CPU time of the client process, which a busy machine disturbs less.
            let cpu = results.mapValues(\.cpuPerRequest)
            Figures.emit("\(prefix).nio_cpu_overhead_vs_bare_ahc", (cpu["nio"]! / cpu["bare_ahc"]! - 1) * 100, "%")
            Figures.emit("\(prefix).nio_transport_cpu_overhead_vs_bare_ahc",
                         (cpu["nio_transport"]! / cpu["bare_ahc"]! - 1) * 100, "%")
            Figures.emit("\(prefix).urlsession_cpu_overhead_vs_bare_urlsession",
                         (cpu["urlsession"]! / cpu["bare_urlsession"]! - 1) * 100, "%")
        }
    }

    // MARK: Streams

    /// Server-sent events: each side receives `events` events in all, in rounds, the order reversed every other
    /// round (the bare client receives the same stream without parsing it).
    private func serverSentEvents(_ sides: Sides) async throws {
        let perRound = max(1, events / max(1, rounds / 2))
        var seconds: [String: Double] = [:]
        var received: [String: Int] = [:]
        Figures.note("sse: \(perRound) events per side and round")
        let calls = sides.events(perRound)
        for round in 0..<max(1, rounds / 2) {
            for (side, call) in round % 2 == 0 ? calls : calls.reversed() {
                let clock = ContinuousClock()
                let start = clock.now
                let count = try await call()
                seconds[side, default: 0] += Stopwatch.milliseconds(clock.now - start) / 1000
                received[side, default: 0] += count
            }
        }
        Figures.emit("sse.events", received["nio"] ?? 0, "events")
        for side in ["urlsession", "nio", "bare_ahc"] {
            Figures.emit("sse.\(side).events_per_s", Double(received[side] ?? 0) / (seconds[side] ?? 1), "events/s")
        }
        Figures.emit("sse.nio_vs_urlsession", (seconds["urlsession"] ?? 0) / (seconds["nio"] ?? 1), "x", decimals: 2)
    }

    /// The download: each side receives `bytes` bytes in each round.
    private func download(_ sides: Sides) async throws {
        try await transfers("download", sides.download(bytes), size: bytes)
    }

    /// The upload: each side sends a file of `uploadBytes` bytes to the sink in each round.
    private func upload(_ sides: Sides) async throws {
        let file = try StreamSuite.makeFile(size: uploadBytes)
        defer { try? FileManager.default.removeItem(at: file) }
        try await transfers("upload", sides.upload(file), size: uploadBytes)
    }

    /// `--transfer-rounds` rounds of one transfer per side, the order reversed every other round (the first side of a
    /// run tends to be slower); MB/s over all rounds and the highest peak RSS of a round.
    private func transfers(_ name: String, _ calls: [(String, Sides.Call)], size: Int) async throws {
        Figures.emit("\(name).bytes", size, "B")
        var seconds: [String: Double] = [:]
        var peaks: [String: Int] = [:]
        for round in 0..<max(1, transferRounds) {
            for (side, call) in round % 2 == 0 ? calls : calls.reversed() {
                let (count, elapsed, peak) = try await Self.measure(call)
                precondition(count == size, "\(name) by \(side): \(count) of \(size) bytes")
                seconds[side, default: 0] += elapsed
                peaks[side] = max(peaks[side] ?? 0, peak)
            }
        }
        for (side, _) in calls {
            let rate = Double(size * max(1, transferRounds)) / seconds[side]! / 1_048_576
            Figures.emit("\(name).\(side).mb_per_s", rate, "MB/s")
            Figures.emit("\(name).\(side).peak_rss_above_baseline", Double(peaks[side]!) / 1_048_576, "MB")
        }
    }

    /// Runs `body` once: its count, its seconds, and the peak RSS of this process above what it held before.
    private static func measure(_ body: () async throws -> Int) async throws -> (Int, Double, Int) {
        _ = ProcessMemory.resetPeak()
        let baseline = ProcessMemory.residentBytes ?? 0
        let clock = ContinuousClock()
        let start = clock.now
        let count = try await body()
        let seconds = Stopwatch.milliseconds(clock.now - start) / 1000
        return (count, seconds, (ProcessMemory.peakResidentBytes ?? 0) - baseline)
    }
}

/// Requests/s and latency percentiles of a call under a fixed number of requests in flight.
enum Load {
    /// What the runs of one side measured, added up.
    struct Result {
        var requests = 0
        var seconds = 0.0
        /// The CPU time this process used meanwhile (the server is another process), in milliseconds.
        var cpuMilliseconds = 0.0
        /// The CPU time the server used meanwhile, in milliseconds: on a machine of few cores, its share bounds how
        /// many requests/s any client can get.
        var serverMilliseconds = 0.0
        /// Each request's latency, in microseconds.
        var latencies: [Double] = []

        mutating func add(_ other: Result) {
            requests += other.requests
            seconds += other.seconds
            cpuMilliseconds += other.cpuMilliseconds
            serverMilliseconds += other.serverMilliseconds
            latencies += other.latencies
        }

        var rps: Double { Double(requests) / seconds }

        /// CPU microseconds per request: steadier than wall time on a busy machine.
        var cpuPerRequest: Double { cpuMilliseconds * 1000 / Double(requests) }

        /// The latency below which `fraction` of the requests finished.
        func percentile(_ fraction: Double) -> Double {
            let sorted = latencies.sorted()
            return sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int(Double(sorted.count) * fraction))]
        }
    }

    /// Makes `count` calls, `concurrency` at a time (each worker makes its next call once its last one is done).
    static func run(_ count: Int, concurrency: Int, _ call: @escaping Sides.Call) async throws -> Result {
        let next = Locked(0)
        let clock = ContinuousClock()
        let cpu = ProcessMemory.cpuMilliseconds
        let start = clock.now
        let latencies = try await withThrowingTaskGroup(of: [Double].self) { group in
            for _ in 0..<max(1, concurrency) {
                group.addTask {
                    var mine: [Double] = []
                    while next.withLock({ value -> Bool in
                        defer { value += 1 }
                        return value < count
                    }) {
                        let begin = clock.now
                        _ = try await call()
                        mine.append(Stopwatch.milliseconds(clock.now - begin) * 1000)
                    }
                    return mine
                }
            }
            return try await group.reduce(into: []) { $0 += $1 }
        }
        return Result(requests: count, seconds: Stopwatch.milliseconds(clock.now - start) / 1000,
                      cpuMilliseconds: ProcessMemory.cpuMilliseconds - cpu, latencies: latencies)
    }
}
