import Foundation
import Testing
import RaspTestSupport
@_spi(Generated) @testable import RaspRuntime
@testable import RaspMiddlewares

/// ``RetryMiddleware``: which failures are retried, how long it waits, and how cancellation stops it.
struct RetryMiddlewareTests {
    let unavailable = ClientResponse(status: 503)
    let ok = jsonResponse(200, "{}")

    func core(_ transport: ScriptedTransport, _ retry: RetryMiddleware) -> ClientCore {
        ClientCore(serverURL: testServer, transport: transport, middlewares: [retry], authentication: nil)
    }

    @Test func retriesServerErrorsWithExponentialBackoffUpToTheLimit() async throws {
        let transport = ScriptedTransport(.response(unavailable))
        let sleeps = SleepRecorder()
        let events = Locked<[RetryMiddleware.RetryEvent]>([])
        let retry = RetryMiddleware(random: { 0 }, sleeper: sleeps.sleeper,
                                    onRetry: { event in events.withLock { $0.append(event) } })
        let tracker = AttemptTracker()

        let error = try await #require(throws: ClientError.self) {
            try await AttemptTracker.$current.withValue(tracker) {
                try await core(transport, retry).performRaw(getRequest())
            }
        }

        guard let failure = error.httpFailure else { Issue.record("expected .http, got \(error)"); return }
        #expect(failure.status == 503)
        #expect(transport.sentCount == 3)
        #expect(tracker.attempts == 3)
        #expect(sleeps.recorded == [.milliseconds(500), .milliseconds(1000)])
        let recorded = events.withLock { $0 }
        #expect(recorded.map(\.attempt) == [1, 2])
        #expect(recorded.map(\.reason.description) == ["HTTP 503", "HTTP 503"])
    }

    @Test func jitterShortensTheWaitWithinItsShare() {
        let policy = RetryPolicy(baseDelay: .seconds(1), maxDelay: .seconds(3), jitter: 0.5)
        #expect(policy.backoff(beforeRetry: 1, random: 0) == .seconds(1))
        #expect(policy.backoff(beforeRetry: 1, random: 1) == .milliseconds(500))
        #expect(policy.backoff(beforeRetry: 2, random: 0.5) == .milliseconds(1500))
        #expect(policy.backoff(beforeRetry: 5, random: 0) == .seconds(3))
    }

    @Test func succeedsAfterAConnectionFailureAndATimeout() async throws {
        let transport = ScriptedTransport(.failure(URLError(.notConnectedToInternet)), .failure(URLError(.timedOut)),
                                          .response(ok))
        let sleeps = SleepRecorder()
        let retry = RetryMiddleware(policy: RetryPolicy(maxAttempts: 4), random: { 0 }, sleeper: sleeps.sleeper)
        let response = try await core(transport, retry).performRaw(getRequest())
        #expect(response.status == 200)
        #expect(transport.sentCount == 3)
        #expect(sleeps.recorded.count == 2)
    }

    @Test func doesNotRetryClientErrorsOrUnsafeMethods() async throws {
        let notFound = ScriptedTransport(.response(jsonResponse(404, "{}")))
        _ = try? await core(notFound, RetryMiddleware(sleeper: SleepRecorder().sleeper)).performRaw(getRequest())
        #expect(notFound.sentCount == 1)

        let post = ScriptedTransport(.response(unavailable))
        var request = getRequest()
        request.method = "POST"
        _ = try? await core(post, RetryMiddleware(sleeper: SleepRecorder().sleeper)).performRaw(request)
        #expect(post.sentCount == 1)

        let invalid = ScriptedTransport(.failure(ClientError.invalidRequest(operationID: "search", reason: "bad")))
        _ = try? await core(invalid, RetryMiddleware(sleeper: SleepRecorder().sleeper)).performRaw(getRequest())
        #expect(invalid.sentCount == 1)
    }

    @Test func honoursRetryAfterSecondsAndDatesCappedByTheMaximum() async throws {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        let inSevenSeconds = formatter.string(from: now.addingTimeInterval(7))
        let transport = ScriptedTransport(
            .response(ClientResponse(status: 429, headers: fields(["Retry-After": "2"]))),
            .response(ClientResponse(status: 503, headers: fields(["retry-after": inSevenSeconds]))),
            .response(ClientResponse(status: 503, headers: fields(["Retry-After": "3600"]))),
            .response(ok)
        )
        let sleeps = SleepRecorder()
        let retry = RetryMiddleware(policy: RetryPolicy(maxAttempts: 4, maxDelay: .seconds(20)), random: { 0 },
                                    sleeper: sleeps.sleeper, now: { now })
        _ = try await core(transport, retry).performRaw(getRequest())
        #expect(sleeps.recorded == [.seconds(2), .seconds(7), .seconds(20)])
        #expect(RetryPolicy().retryAfter("soon", now: now) == nil)
    }

    @Test func cancellationDuringTheBackoffStopsAtOnce() async throws {
        let transport = ScriptedTransport(.response(unavailable))
        let (sleeper, started) = blockingSleeper()
        let retry = RetryMiddleware(sleeper: sleeper)
        let client = core(transport, retry)
        let task = Task { try await client.performRaw(getRequest()) }
        for await _ in started { break }
        task.cancel()
        let result = await task.result
        guard case .failure(let error as ClientError) = result,
              error.kind == .cancelled, error.operationID == "search" else {
            Issue.record("expected .cancelled, got \(result)")
            return
        }
        #expect(transport.sentCount == 1)
    }

    @Test func cancellationDuringAnAttemptIsNotRetried() async throws {
        let transport = ScriptedTransport(.hang)
        let retry = RetryMiddleware(sleeper: SleepRecorder().sleeper)
        let client = core(transport, retry)
        let task = Task { try await client.performRaw(getRequest()) }
        while transport.sentCount == 0 { await Task.yield() }
        task.cancel()
        let result = await task.result
        guard case .failure(let error as ClientError) = result, error.kind == .cancelled else {
            Issue.record("expected .cancelled, got \(result)")
            return
        }
        #expect(transport.sentCount == 1)
    }
}
