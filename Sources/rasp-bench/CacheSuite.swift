import ArgumentParser
import Foundation
import RaspAPI
import RaspDemo
import RaspMiddlewares
import RaspRuntime
import RaspServices

/// `rasp-bench cache`: what the offline cache costs and saves, on the demo data's one-day search answer, in one run:
/// - `none`: the generated client's `search` on a transport that hands over the saved bytes at once (a network of
///   zero latency: what decoding alone costs), the reference;
/// - `hit`: the same call answered by ``HTTPCacheMiddleware`` from a ``DiskHTTPCacheStore`` (file read, checksum,
///   decoding), `miss`: the call that fetches and saves the answer, `stale`: the answer standing in for a call whose
///   transport fails;
/// - `bytes_per_search`: the size of one saved search on disk.
///
/// Each figure is the median of `--calls` calls, in milliseconds; the ratios are to `none`.
struct CacheSuite: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cache",
        abstract: "Offline cache: hit, miss and stand-in latency of a saved search vs no cache, size on disk."
    )

    @Option(help: "Timed calls per case (the median is reported).")
    var calls = 400

    /// Hands over one body at once, or fails to connect.
    struct FixedTransport: ClientTransport {
        let body: Data
        var fails = false

        func send(_ request: ClientRequest, baseURL: URL) async throws -> ClientResponse {
            if fails { throw ClientError(kind: .noConnection, operationID: request.operationID, reason: "offline") }
            return ClientResponse(status: 200, headers: [.contentType: "application/json"], body: body)
        }
    }

    func run() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rasp-bench-cache-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let date = LocalDate(Date(), in: .current)
        let answer = try await DemoTransport().send(Self.request(date: date), baseURL: Servers.server1)
        let body = answer.body.data ?? Data()
        Figures.note("search answer: \(body.count) bytes")

        let store = DiskHTTPCacheStore(folder: folder)
        let policy = RaspCachePolicy.policy()
        let plain = RaspClient(serverURL: Servers.server1, transport: FixedTransport(body: body))
        let cached = RaspClient(serverURL: Servers.server1, transport: FixedTransport(body: body),
                                middlewares: [HTTPCacheMiddleware(store: store, policy: policy)])
        // The stand-in answers are saved already and no longer fresh: a policy with no freshness.
        let staleClient = RaspClient(serverURL: Servers.server1, transport: FixedTransport(body: body, fails: true),
                                     middlewares: [HTTPCacheMiddleware(store: store, policy: HTTPCachePolicy())])

        let none = try await time { _ in _ = try await plain.search(from: "c213", to: "c2", date: date) }
        let miss = try await time { index in
            // Each call another day: nothing saved for it yet.
            _ = try await cached.search(from: "c213", to: "c2", date: date.adding(days: index - calls - 10))
        }
        _ = try await cached.search(from: "c213", to: "c2", date: date)
        let hit = try await time { _ in _ = try await cached.search(from: "c213", to: "c2", date: date) }
        let stale = try await time { _ in _ = try await staleClient.search(from: "c213", to: "c2", date: date) }
        let summary = store.summary()

        Figures.emit("cache.none", none, "ms", decimals: 3)
        Figures.emit("cache.hit", hit, "ms", decimals: 3)
        Figures.emit("cache.miss", miss, "ms", decimals: 3)
        Figures.emit("cache.stale", stale, "ms", decimals: 3)
        Figures.emit("cache.hit_ratio", hit / none, "x_none", decimals: 2)
        Figures.emit("cache.miss_ratio", miss / none, "x_none", decimals: 2)
        Figures.emit("cache.bytes_per_search", summary.bytes / max(1, summary.entries), "bytes")
        Figures.emit("cache.answer_bytes", body.count, "bytes")
    }

    /// The median milliseconds of `calls` calls of `body` (given the call's index), after a few untimed ones.
    private func time(_ body: (Int) async throws -> Void) async throws -> Double {
        for index in 0..<10 { try await body(calls + index) }
        var samples: [Double] = []
        samples.reserveCapacity(calls)
        let clock = ContinuousClock()
        for index in 0..<calls {
            let start = clock.now
            try await body(index)
            samples.append(Stopwatch.milliseconds(clock.now - start))
        }
        return Figures.median(samples)
    }

    private static func request(date: LocalDate) -> ClientRequest {
        var request = ClientRequest(method: "GET", path: "/v3.0/search/", operationID: "search")
        request.addQuery("from", "c213")
        request.addQuery("to", "c2")
        request.addQuery("date", date.description)
        request.addQuery("format", "json")
        return request
    }
}
