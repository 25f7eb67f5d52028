import Foundation
import RaspAPI
import RaspDemo
import RaspMock
import RaspRuntime
import Testing

@Suite("Mock server with RetryMiddleware: retries are bounded and observable")
struct MockRetryTests {
    /// Three attempts, millisecond waits (Retry-After is capped by maxDelay).
    private let retry = RetryMiddleware(policy: RetryPolicy(maxAttempts: 3, baseDelay: .milliseconds(5),
                                                            maxDelay: .milliseconds(20)))

    private func run(faults: String, times: Int?, timeout: Duration = .seconds(10),
                     _ call: @escaping @Sendable (RaspClient) async throws -> Void = { client in
                         _ = try await client.search(from: "c213", to: "c2", date: LocalDate("2026-06-02"))
                     }) async throws -> (error: ClientError?, attempts: Int, counters: MockServer.Counters) {
        try await Fixture.withMock(
            timeout: timeout, middlewares: [retry, FaultHeader(value: faults, times: times)]
        ) { client, server, _ in
            let tracker = AttemptTracker()
            let error = await AttemptTracker.$current.withValue(tracker) {
                await Fixture.clientError { try await call(client) }
            }
            return (error, tracker.attempts, await server.counters(for: "/v3.0/search/"))
        }
    }

    @Test("A persistent 503 is tried exactly maxAttempts times, then surfaces", arguments: ["503", "500", "429"])
    func bounded(fault: String) async throws {
        let (error, attempts, counters) = try await run(faults: fault, times: nil)
        guard case .http(let failure)? = error else {
            Issue.record("expected an HTTP error, got \(String(describing: error))")
            return
        }
        #expect(failure.status == Int(fault))
        #expect(attempts == 3)
        #expect(counters == MockServer.Counters(requests: 3, faults: 3))
    }

    @Test("X-Mock-Fault-Times lets a retry succeed", arguments: ["503", "close", "truncate"])
    func recovers(fault: String) async throws {
        let (error, attempts, counters) = try await run(faults: fault, times: 2)
        #expect(error == nil, "\(String(describing: error))")
        #expect(attempts == 3)
        #expect(counters == MockServer.Counters(requests: 3, faults: 2))
    }

    @Test("Decoding errors and 400s are not retried")
    func notRetried() async throws {
        let malformed = try await run(faults: "malformed", times: nil)
        guard case .decoding? = malformed.error else {
            Issue.record("expected .decoding, got \(String(describing: malformed.error))")
            return
        }
        #expect(malformed.counters.requests == 1 && malformed.attempts == 1)
        let sameEndpoints = try await run(faults: "delay=0", times: nil) { client in
            _ = try await client.search(from: "c2", to: "c2")
        }
        #expect(sameEndpoints.counters.requests == 1 && sameEndpoints.attempts == 1)
    }

    @Test("Cancelling during a slow answer returns at once, as .cancelled, with no retry")
    func cancellation() async throws {
        try await Fixture.withMock(timeout: .seconds(20),
                                   middlewares: [retry, FaultHeader(value: "delay=10000")]) { client, server, _ in
            let task = Task { await Fixture.clientError { try await client.copyright() } }
            // Cancel only once the server holds the request (the first URLSession call of a process is slow).
            for _ in 0..<500 where await server.counters(for: "/v3.0/copyright/").requests == 0 {
                try await Task.sleep(for: .milliseconds(10))
            }
            let clock = ContinuousClock()
            let cancelledAt = clock.now
            task.cancel()
            let error = await task.value
            let elapsed = clock.now - cancelledAt
            guard case .cancelled? = error else {
                Issue.record("expected .cancelled, got \(String(describing: error))")
                return
            }
            // The server answers after 10 s; a cancelled call must not wait for it. The bound leaves room for a
            // loaded machine running every suite at once (1.5 s was seen there), not for the answer.
            #expect(elapsed < .seconds(4), "cancellation took \(elapsed)")
            #expect(await server.counters(for: "/v3.0/copyright/").requests == 1)
        }
    }
}
