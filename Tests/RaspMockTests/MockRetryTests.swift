import Foundation
import RaspAPI
import RaspDemo
import RaspMock
import RaspRuntime
import RaspMiddlewares
import RaspTestSupport
import Testing

@Suite("Mock server with RetryMiddleware: retries are bounded and observable")
struct MockRetryTests {
    /// Three attempts, millisecond waits (Retry-After is capped by maxDelay).
    private let retry = RetryMiddleware(policy: RetryPolicy(maxAttempts: 3, baseDelay: .milliseconds(5),
                                                            maxDelay: .milliseconds(20)))

    private func run(faults: String, times: Int?, timeout: Duration = hangGuard,
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
        guard let failure = error?.httpFailure else {
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
        guard malformed.error?.kind == .decoding else {
            Issue.record("expected .decoding, got \(String(describing: malformed.error))")
            return
        }
        #expect(malformed.counters.requests == 1 && malformed.attempts == 1)
        let sameEndpoints = try await run(faults: "delay=0", times: nil) { client in
            _ = try await client.search(from: "c2", to: "c2")
        }
        #expect(sameEndpoints.counters.requests == 1 && sameEndpoints.attempts == 1)
    }

    @Test("Cancelling during a slow answer ends the call as .cancelled, with no retry and without the answer")
    func cancellation() async throws {
        // The server would answer after 10 minutes and the transport's deadline is 60 s: a call that waited for the
        // answer or for the deadline could not end as .cancelled, and a retry would show as a second request.
        try await Fixture.withMock(timeout: .seconds(60),
                                   middlewares: [retry, FaultHeader(value: "delay=600000")]) { client, server, _ in
            let tracker = AttemptTracker()
            let task = Task {
                await AttemptTracker.$current.withValue(tracker) {
                    await Fixture.clientError { try await client.copyright() }
                }
            }
            // Cancel only once the server holds the request (the first URLSession call of a process is slow).
            try await waitUntil("the server to hold the request") {
                await server.counters(for: "/v3.0/copyright/").requests == 1
            }
            let cancelledAt = ContinuousClock.now
            task.cancel()
            let error = await task.value
            // A figure for the log, not a bound: under a full parallel run most of it is the wait for a thread.
            print("mock_retry.cancel_latency: \(ContinuousClock.now - cancelledAt)")
            guard error?.kind == .cancelled else {
                Issue.record("expected .cancelled, got \(String(describing: error))")
                return
            }
            #expect(tracker.attempts == 1, "no retry after the cancellation")
            #expect(await server.counters(for: "/v3.0/copyright/") == MockServer.Counters(requests: 1, faults: 1))
        }
    }
}
