import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import RaspAPI
import RaspDemo
import RaspKit
import RaspMock
import RaspRuntime
import RaspMiddlewares
import RaspURLSession
import RaspServices
import RaspBenchData
import RaspTestSupport

/// The soak's mock servers, clients and workers, warmed up.
///
/// Two servers have a worker per operation each (16 calls in flight) for every fault but stalls; a third has a
/// stall worker per operation, whose client has a shorter deadline (each stalled attempt waits for all of it), so
/// stalls run beside the rest instead of lengthening it. All clients are `RaspClient.live` (logging, retries, quota,
/// timeouts) over `URLSessionTransport`, header and query keys alternating, sharing one quota and one log.
struct SoakRig {
    let servers: [MockServer]
    let workers: [SoakWorker]
    let stallWorkers: [SoakWorker]
    let tally = SoakTally()
    let logs = LogLineCounter(needles: KeyLeakScanner.needles)
    let quota = QuotaCounter(limit: 10_000_000, store: InMemoryQuotaStore(), now: { SoakRig.now })

    /// The mock servers' "now" (the day before ``SoakOperation/date``).
    static let now = Date(timeIntervalSince1970: 1_780_304_400)

    /// A session with no response cache and room for every worker's connection.
    static let session: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.httpMaximumConnectionsPerHost = 32
        return URLSession(configuration: configuration)
    }()

    /// Starts the servers and warms every client up: one clean call per operation gives the digest every later
    /// success must match.
    init(settings: SoakSettings) async throws {
        var servers: [MockServer] = [], workers: [SoakWorker] = [], stallWorkers: [SoakWorker] = []
        for index in 0..<3 {
            let server = MockServer(api: DemoAPI(now: Self.now, requiredKey: testKey))
            let url = try await server.start()
            servers.append(server)
            let placement: RaspKeyPlacement = index % 2 == 0 ? .header : .query
            let client = try Self.makeClient(url, placement, settings, logs: logs, quota: quota)
            let uid = try await Self.threadUID(client)
            let stalls = index == 2
            let workerSettings = stalls ? settings.stalling : settings
            let workerClient = stalls
                ? try Self.makeClient(url, placement, workerSettings, logs: logs, quota: quota) : client
            for operation in SoakOperation.allCases {
                let worker = SoakWorker(operation: operation, server: server, client: workerClient, threadUID: uid,
                                        expectedDigest: try await operation.call(client, threadUID: uid),
                                        settings: workerSettings, tally: tally)
                if stalls { stallWorkers.append(worker) } else { workers.append(worker) }
            }
        }
        self.servers = servers
        self.workers = workers
        self.stallWorkers = stallWorkers
    }

    private static func makeClient(_ url: URL, _ placement: RaspKeyPlacement, _ settings: SoakSettings,
                                   logs: LogLineCounter, quota: QuotaCounter) throws -> RaspClient {
        try RaspClient.live(
            apiKey: testKey, placement: placement, logger: logs.logger, quota: quota,
            retry: RetryPolicy(maxAttempts: settings.maxAttempts, baseDelay: .milliseconds(2),
                               maxDelay: settings.maxBackoff),
            timeouts: TimeoutPolicy(defaultTimeout: settings.timeout), serverURL: url,
            transport: FaultInjectingTransport(
                base: URLSessionTransport(session: Self.session, defaultTimeout: settings.timeout)))
    }

    /// The uid of the first direct thread of the demo Moscow → Saint Petersburg search.
    static func threadUID(_ client: RaspClient) async throws -> String {
        let result = try await client.search(from: "c213", to: "c2", date: SoakOperation.date)
        for case .segment(let segment) in result.segments { return segment.thread.uid }
        throw SoakSetupError(message: "the demo search has no direct segment")
    }

    /// Each main worker's cases, drawn from one seed; the share of each operation follows its weight.
    func plans(total: Int, seed: UInt64) -> [[SoakCase]] {
        let weights = workers.map(\.operation.weight)
        let sum = weights.reduce(0, +)
        var counts = weights.map { total * $0 / sum }
        counts[0] += total - counts.reduce(0, +)
        var random = SeededRandom(seed: seed)
        return zip(workers, counts).map { worker, count in
            (0..<count).map { _ in SoakCase.random(operation: worker.operation, using: &random) }
        }
    }

    /// Each stall worker's cases.
    func stallPlans(perWorker count: Int, seed: UInt64) -> [[SoakCase]] {
        var random = SeededRandom(seed: seed ^ 0x57A1)
        return stallWorkers.map { worker in
            (0..<count).map { _ in SoakCase.stall(operation: worker.operation, using: &random) }
        }
    }

    /// Runs every worker's plan at once.
    static func run(_ pairs: [(SoakWorker, [SoakCase])]) async {
        await withTaskGroup(of: Void.self) { group in
            for (worker, plan) in pairs { group.addTask { await worker.run(plan) } }
        }
    }

    /// Requests the servers received.
    func requests() async -> Int {
        var total = 0
        for server in servers { total += await server.allCounters().values.reduce(0) { $0 + $1.requests } }
        return total
    }

    func stop() async {
        for server in servers { await server.stop() }
    }
}

struct SoakSetupError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
