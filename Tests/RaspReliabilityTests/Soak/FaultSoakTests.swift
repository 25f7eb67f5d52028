import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import RaspAPI
import RaspDemo
import RaspKit
import RaspMock
import RaspRuntime
import Testing

/// Thousands of calls from the generated client, through the app's middleware stack (`RaspClient.live`: logging,
/// retries, quota, timeouts) and `URLSessionTransport`, to mock servers that inject random faults, with 16 calls
/// in flight. Every call must end in the decoded value or the exact `ClientError` its fault implies, after exactly
/// the attempts the retry policy allows, within its deadlines; memory must stay flat.
///
/// Sized by `RASP_SOAK_CASES` (default 1,200) and replayable with `RASP_SOAK_SEED`; the figures are printed as
/// `soak.<name>: <value>` lines.
@Suite("Fault soak over the mock server")
struct FaultSoakTests {
    static let servers = 2

    @Test("Random faults, 16 concurrent calls: every call decodes or fails with the right error, within its bounds",
          .timeLimit(.minutes(5)))
    func soak() async throws {
        let environment = ProcessInfo.processInfo.environment
        let total = environment["RASP_SOAK_CASES"].flatMap(Int.init) ?? 1200
        let seed = environment["RASP_SOAK_SEED"].flatMap(UInt64.init) ?? 0x5EED_0C1F
        var settings = SoakSettings()
        if let scale = environment["RASP_SOAK_TIME_SCALE"].flatMap(Double.init), scale > 1 {
            settings.timeout = settings.timeout * scale
            settings.stallMilliseconds = Int(Double(settings.stallMilliseconds) * scale)
        }
        let started = ContinuousClock.now
        // A deadlock would hold the cooperative pool, and with it every watchdog task: a plain thread aborts instead.
        let hang = HangGuard(seconds: 240, "the fault soak")
        defer { hang.disarm() }
        let tally = SoakTally()
        let logs = LogLineCounter(needles: [testKey, Data(testKey.utf8).base64EncodedString()])
        let quota = QuotaCounter(limit: 10_000_000, store: InMemoryQuotaStore(), now: { Date(timeIntervalSince1970: 1_780_304_400) })
        let now = Date(timeIntervalSince1970: 1_780_304_400)
        var servers: [MockServer] = []
        var workers: [SoakWorker] = []
        for index in 0..<Self.servers {
            let server = MockServer(api: DemoAPI(now: now, requiredKey: testKey))
            let url = try await server.start()
            servers.append(server)
            let client = try RaspClient.live(
                apiKey: testKey, placement: index % 2 == 0 ? .header : .query, logger: logs.logger, quota: quota,
                retry: RetryPolicy(maxAttempts: settings.maxAttempts, baseDelay: .milliseconds(2), maxDelay: settings.maxBackoff),
                timeouts: TimeoutPolicy(defaultTimeout: settings.timeout), serverURL: url,
                transport: FaultInjectingTransport(base: URLSessionTransport(session: Self.session, defaultTimeout: settings.timeout)))
            // Warm-up: one clean call per operation gives the digest every later success must match.
            let uid = try await Self.threadUID(client)
            for operation in SoakOperation.allCases {
                let digest = try await operation.call(client, threadUID: uid)
                workers.append(SoakWorker(operation: operation, server: server, client: client, threadUID: uid,
                                          expectedDigest: digest, settings: settings, tally: tally))
            }
        }
        let warmupRequests = await Self.requests(servers)
        let warmupLogs = logs.snapshot

        let plans = Self.plans(total: total, seed: seed, workers: workers)
        // The first tenth settles allocator pools and connection caches before the memory baseline.
        try await Self.run(workers, plans.map { Array($0.prefix($0.count / 10)) })
        let baseline = ProcessMemory.residentBytes()
        try await Self.run(workers, plans.map { Array($0.dropFirst($0.count / 10)) })
        let final = ProcessMemory.residentBytes()
        for server in servers { await server.stop() }

        let figures = tally.snapshot
        let logCounts = logs.snapshot
        let growth = baseline.flatMap { start in final.map { Double($0 - start) / 1_048_576 } }
        let quotaUsed = await quota.usage.used
        let serverRequests = await Self.requests(servers) - warmupRequests
        let elapsed = ContinuousClock.now - started
        let report = [
            "soak.seed: \(seed)",
            "soak.cases: \(figures.cases)",
            "soak.concurrency: \(workers.count)",
            "soak.requests: \(figures.attempts) (server saw \(serverRequests))",
            "soak.faults: \(figures.faults)",
            "soak.crashes: 0",
            "soak.lost: \(figures.lost)",
            "soak.mistyped: \(figures.mistyped)",
            "soak.retry_bound_violations: \(figures.retryViolations)",
            "soak.server_mismatches: \(figures.serverMismatches)",
            "soak.overran_deadline: \(figures.overran)",
            "soak.max_call_ms: \(figures.maxCallMilliseconds)",
            "soak.rss_growth: \(growth.map { String(format: "%.1f MB", $0) } ?? "n/a") (after warm-up \(baseline.map { $0 / 1_048_576 } ?? 0) MB)",
            "soak.log_lines: \(logCounts.calls - warmupLogs.calls) calls, \(logCounts.retries) retries, \(logCounts.leaks) with the key",
            "soak.outcomes: \(figures.outcomes.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " "))",
            "soak.seconds: \(String(format: "%.1f", Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18))",
        ]
        print(report.joined(separator: "\n"))
        Transcript.append("soak-report", report.joined(separator: "\n"))

        #expect(figures.cases == total, "every planned case ran")
        #expect(figures.lost == 0, "\(figures.problems)")
        #expect(figures.mistyped == 0, "\(figures.problems)")
        #expect(figures.retryViolations == 0, "\(figures.problems)")
        #expect(figures.serverMismatches == 0, "\(figures.problems)")
        #expect(figures.overran == 0, "\(figures.problems)")
        #expect(figures.faults > total / 3, "the soak injected faults")
        #expect(serverRequests >= figures.attempts - (figures.outcomes["timeout"] ?? 0) * settings.maxAttempts)
        #expect(quotaUsed == figures.attempts + warmupRequests, "the quota counts every attempt")
        #expect(logCounts.calls - warmupLogs.calls == figures.cases, "one log line per call")
        #expect(logCounts.retries == figures.attempts - figures.cases, "one notice per retry")
        #expect(logCounts.leaks == 0, "no log line contains the key")
        if let growth { #expect(growth < 50, "RSS grew \(growth) MB") }
    }

    /// A session with no response cache and room for every worker's connection.
    static let session: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.httpMaximumConnectionsPerHost = 32
        return URLSession(configuration: configuration)
    }()

    /// The uid of the first direct thread of the demo Moscow → Saint Petersburg search.
    static func threadUID(_ client: RaspClient) async throws -> String {
        let result = try await client.search(from: "c213", to: "c2", date: SoakOperation.date)
        for case .segment(let segment) in result.segments { return segment.thread.uid }
        throw SoakSetupError(message: "the demo search has no direct segment")
    }

    /// Each worker's cases, drawn from one seed; the share of each operation follows its weight.
    static func plans(total: Int, seed: UInt64, workers: [SoakWorker]) -> [[SoakCase]] {
        let weights = workers.map(\.operation.weight)
        let sum = weights.reduce(0, +)
        var counts = weights.map { total * $0 / sum }
        counts[0] += total - counts.reduce(0, +)
        var random = SeededGenerator(seed: seed)
        return zip(workers, counts).map { worker, count in
            (0..<count).map { _ in SoakCase.random(operation: worker.operation, using: &random) }
        }
    }

    static func run(_ workers: [SoakWorker], _ plans: [[SoakCase]]) async throws {
        await withTaskGroup(of: Void.self) { group in
            for (worker, plan) in zip(workers, plans) {
                group.addTask { await worker.run(plan) }
            }
        }
    }

    static func requests(_ servers: [MockServer]) async -> Int {
        var total = 0
        for server in servers { total += await server.allCounters().values.reduce(0) { $0 + $1.requests } }
        return total
    }
}

struct SoakSetupError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
