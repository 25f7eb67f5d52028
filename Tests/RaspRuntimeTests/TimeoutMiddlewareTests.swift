import Foundation
import Testing
import RaspTestSupport
@_spi(Generated) @testable import RaspRuntime
@testable import RaspMiddlewares

/// ``TimeoutMiddleware`` races each attempt against a total deadline, per operation.
struct TimeoutMiddlewareTests {
    let policy = TimeoutPolicy(overrides: ["stationsList": .seconds(300)])

    @Test func throwsTimeoutWhenTheDeadlineWins() async throws {
        let transport = ScriptedTransport(.hang)
        let sleeps = SleepRecorder(until: { transport.sentCount > 0 })
        let core = ClientCore(serverURL: testServer, transport: transport,
                              middlewares: [TimeoutMiddleware(policy: policy, sleeper: sleeps.sleeper)],
                              authentication: nil)
        let error = try await #require(throws: ClientError.self) { try await core.performRaw(getRequest()) }
        guard error.kind == .timeout,
              error.operationID == "search" else { Issue.record("expected .timeout, got \(error)"); return }
        #expect(sleeps.recorded == [.seconds(30)])
        #expect(transport.sent.first?.timeout == .seconds(30))
    }

    @Test func operationsCanHaveLongerDeadlines() async throws {
        let transport = ScriptedTransport(.hang)
        let sleeps = SleepRecorder(until: { transport.sentCount > 0 })
        let core = ClientCore(serverURL: testServer, transport: transport,
                              middlewares: [TimeoutMiddleware(policy: policy, sleeper: sleeps.sleeper)],
                              authentication: nil)
        _ = try? await core.performRaw(getRequest("stationsList", path: "/v3.0/stations_list/"))
        #expect(sleeps.recorded == [.seconds(300)])
        #expect(transport.sent.first?.timeout == .seconds(300))

        var explicit = getRequest()
        explicit.timeout = .seconds(5)
        _ = try? await core.performRaw(explicit)
        #expect(sleeps.recorded.last == .seconds(5))
    }

    @Test func aFastResponseBeatsTheDeadline() async throws {
        let (sleeper, _) = blockingSleeper()
        let core = ClientCore(serverURL: testServer, transport: ScriptedTransport(.response(jsonResponse(200, "{}"))),
                              middlewares: [TimeoutMiddleware(sleeper: sleeper)], authentication: nil)
        let response = try await core.performRaw(getRequest())
        #expect(response.status == 200)
    }

    @Test func timeoutsAreRetriedPerAttempt() async throws {
        let transport = ScriptedTransport(.hang, .response(jsonResponse(200, "{}")))
        let deadlines = Locked(0)
        // The first deadline passes once the first attempt reached the transport; later ones never do.
        let sleeper = Sleeper { _ in
            if deadlines.withLock({ $0 += 1; return $0 }) > 1 { try await Task.sleep(for: .seconds(3600)) }
            try await waitUntil("the first attempt", every: .milliseconds(1)) { transport.sentCount > 0 }
        }
        let core = ClientCore(serverURL: testServer, transport: transport,
                              middlewares: [RetryMiddleware(sleeper: SleepRecorder().sleeper),
                                            TimeoutMiddleware(sleeper: sleeper)],
                              authentication: nil)
        let response = try await core.performRaw(getRequest())
        #expect(response.status == 200)
        #expect(transport.sentCount == 2)
    }
}
