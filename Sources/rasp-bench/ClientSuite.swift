import ArgumentParser
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import RaspAPI
import RaspDemo
import RaspMock
import RaspRuntime

/// `rasp-bench client`: the generated client against a bare `URLSession.data(for:)` + `JSONDecoder().decode`
/// into the same generated type, on the same payload (a one-day search Москва → Санкт-Петербург) from the mock
/// server in this process. Rounds alternate between the two so drift hits both alike.
struct ClientSuite: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "client",
        abstract: "Generated client vs bare URLSession + JSONDecoder against the in-process mock server."
    )

    @Option(help: "Measured requests per side.")
    var requests = 2000

    @Option(help: "Warm-up requests per side (not measured).")
    var warmup = 200

    @Option(help: "Rounds to split the measured requests into (the sides alternate each round).")
    var rounds = 10

    func run() async throws {
        let server = MockServer(api: DemoAPI(now: Date()))
        let url = try await server.start()
        defer { Task { await server.stop() } }
        let date = LocalDate(Date(), in: TimeZone(identifier: "Europe/Moscow")!).adding(days: 7)
        let key = "bench-key-not-secret"
        let session = URLSession(configuration: .default)
        let client = RaspClient(serverURL: url, authentication: .apiKeyHeader(key),
                                transport: URLSessionTransport(session: session))
        var request = URLRequest(url: URL(string: "\(url.absoluteString)/v3.0/search/?from=c213&to=c2&date=\(date)")!)
        request.setValue(key, forHTTPHeaderField: "Authorization")
        let bare = { @Sendable [request] () async throws -> SearchResponse in
            let (data, _) = try await session.data(for: request)
            return try JSONDecoder().decode(SearchResponse.self, from: data)
        }
        let generated = { @Sendable () async throws -> SearchResponse in
            try await client.search(from: "c213", to: "c2", date: date)
        }

        let (payload, _) = try await session.data(for: request)
        guard try await generated() == (try await bare()) else {
            throw ValidationError("the two sides decoded different values")
        }
        Figures.emit("payload.bytes", payload.count, "B")
        Figures.emit("payload.segments", try await bare().segments.count, "")
        Figures.emit("server.search_us", serverMicroseconds(date: date), "µs")

        Figures.note("warming up (\(warmup) requests per side)")
        _ = try await measure(warmup, generated)
        _ = try await measure(warmup, bare)

        Figures.note("measuring \(requests) requests per side in \(rounds) alternating rounds")
        var clientSeconds = 0.0, bareSeconds = 0.0
        let perRound = max(1, requests / rounds)
        for _ in 0..<rounds {
            clientSeconds += try await measure(perRound, generated)
            bareSeconds += try await measure(perRound, bare)
        }
        let count = Double(perRound * rounds)
        let clientMicros = clientSeconds / count * 1e6, bareMicros = bareSeconds / count * 1e6
        Figures.emit("client.rps", count / clientSeconds, "req/s")
        Figures.emit("bare.rps", count / bareSeconds, "req/s")
        Figures.emit("client.request_us", clientMicros, "µs")
        Figures.emit("bare.request_us", bareMicros, "µs")
        Figures.emit("client.overhead_us", clientMicros - bareMicros, "µs")
        Figures.emit("client.overhead_vs_bare", (clientMicros - bareMicros) / bareMicros * 100, "%")
    }

    /// Seconds taken by `count` sequential calls.
    private func measure(_ count: Int, _ call: @Sendable () async throws -> SearchResponse) async throws -> Double {
        let clock = ContinuousClock()
        let start = clock.now
        for _ in 0..<count { _ = try await call() }
        return Stopwatch.milliseconds(clock.now - start) / 1000
    }

    /// The in-process cost of answering the search (the server's share of every request), in microseconds.
    private func serverMicroseconds(date: LocalDate) -> Double {
        let api = DemoAPI(now: Date())
        let query = [("from", "c213"), ("to", "c2"), ("date", date.description)]
        _ = api.respond(method: "GET", path: "/v3.0/search/", query: query, headers: [])
        let (_, milliseconds) = Stopwatch.measure {
            for _ in 0..<200 { _ = api.respond(method: "GET", path: "/v3.0/search/", query: query, headers: []) }
        }
        return milliseconds / 200 * 1000
    }
}
