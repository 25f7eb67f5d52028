import Foundation
import RaspAPI
import RaspMock
import RaspRuntime

/// Runs soak cases one after another for one operation on one mock server.
///
/// Each worker is the only one calling its operation's path on its server, so the server's per-path counters
/// tell exactly how many requests and faults its calls caused. `X-Mock-Fault-Times` counts faults per path over
/// the server's life, so a case that wants `k` faulty attempts sends the path's current fault count plus `k`.
struct SoakWorker: Sendable {
    let operation: SoakOperation
    let server: MockServer
    let client: RaspClient
    let threadUID: String
    /// The digest of a clean answer (from the warm-up).
    let expectedDigest: String
    let settings: SoakSettings
    let tally: SoakTally

    /// Runs `cases` in order.
    func run(_ cases: [SoakCase]) async {
        for soakCase in cases { await run(soakCase) }
    }

    private func run(_ soakCase: SoakCase) async {
        let expected = soakCase.expectation(maxAttempts: settings.maxAttempts)
        let before = await server.counters(for: operation.path)
        let request = FaultRequest(fault: soakCase.fault.header(stall: settings.stallMilliseconds),
                                   times: soakCase.times.map { before.faults + $0 })
        let tracker = AttemptTracker()
        let clock = ContinuousClock()
        let start = clock.now
        let (client, operation, uid) = (self.client, self.operation, threadUID)
        let outcome = await Watchdog.run(limit: settings.callBound + .seconds(5)) {
            await FaultRequest.$current.withValue(request) {
                await AttemptTracker.$current.withValue(tracker) {
                    await Self.classify { try await operation.call(client, threadUID: uid) }
                }
            }
        }
        let elapsed = clock.now - start
        let after = await server.counters(for: operation.path)
        let label = "\(operation.rawValue) \(soakCase.fault.rawValue)×\(soakCase.times.map(String.init) ?? "all")"
        tally.update { figures in
            figures.cases += 1
            figures.attempts += tracker.attempts
            figures.serverRequests += after.requests - before.requests
            figures.faults += after.faults - before.faults
            figures.maxCallMilliseconds = max(figures.maxCallMilliseconds, Int(elapsed.components.seconds * 1000
                + elapsed.components.attoseconds / 1_000_000_000_000_000))
            let (name, digest) = (outcome.outcome, outcome.detail)
            figures.outcomes[name.description, default: 0] += 1
            if name == .lost {
                figures.lost += 1
                figures.note("\(label): lost (no result after \(elapsed))")
                return
            }
            if name != expected.outcome || (name == .success && digest != expectedDigest) {
                figures.mistyped += 1
                figures.note("\(label): expected \(expected.outcome), got \(name) \(digest)")
            }
            if tracker.attempts != expected.attempts {
                figures.retryViolations += 1
                figures.note("\(label): expected \(expected.attempts) attempts, made \(tracker.attempts)")
            }
            // A request cancelled by its deadline may be counted by the server or not; everything else must match.
            let stalled = soakCase.fault == .stall
            let requests = after.requests - before.requests, faults = after.faults - before.faults
            if stalled ? requests > tracker.attempts : (requests != tracker.attempts || faults != expected.faults) {
                figures.serverMismatches += 1
                figures.note("\(label): server saw \(requests) requests and \(faults) faults "
                    + "for \(tracker.attempts) attempts")
            }
            if elapsed > settings.callBound {
                figures.overran += 1
                figures.note("\(label): took \(elapsed), bound \(settings.callBound)")
            }
        }
    }

    /// Runs a call and names its outcome (with the value's digest on success, the error's case otherwise; the
    /// error's text is left out, its redaction is costly and the log already renders it).
    static func classify(_ call: () async throws -> String) async -> SoakResult {
        do {
            return SoakResult(outcome: .success, detail: try await call())
        } catch let error as ClientError {
            let outcome: SoakOutcome = switch error.kind {
            case .http: .http(error.httpFailure?.status ?? 0)
            case .noConnection: .noConnection
            case .connectionLost: .connectionLost
            case .timeout: .timeout
            case .decoding: .decoding
            case .cancelled: .cancelled
            default: .otherClientError("\(error)")
            }
            return SoakResult(outcome: outcome, detail: "")
        } catch let error as any HTTPErrorResponse {
            // A status the document names (400, 404): a typed error, the same outcome as its `ClientError.http`.
            return SoakResult(outcome: .http(error.failure.status), detail: "")
        } catch {
            return SoakResult(outcome: .foreignError(String(describing: type(of: error))), detail: "\(error)")
        }
    }
}

/// How one call ended: its outcome and, for a success, the digest of the value.
struct SoakResult: Sendable {
    var outcome: SoakOutcome
    var detail: String
}

/// The soak's knobs.
struct SoakSettings: Sendable {
    var maxAttempts = 3
    /// The deadline of each attempt. The whole test suite runs beside the soak on two cores, and synchronous tests
    /// elsewhere can hold the cooperative pool for seconds: a normal answer must never miss this.
    var timeout: Duration = .seconds(15)
    var maxBackoff: Duration = .milliseconds(10)
    /// How long a stalled answer waits: far past any deadline, so only the deadline can end the attempt.
    var stallMilliseconds = 60_000

    /// The settings of the stall workers: a short deadline, since every stalled attempt waits for all of it.
    var stalling: SoakSettings {
        var settings = self
        settings.timeout = timeout / 3
        return settings
    }

    /// Scales the deadlines (for slow builds: the thread sanitizer).
    func scaled(by factor: Double) -> SoakSettings {
        var settings = self
        settings.timeout = timeout * factor
        return settings
    }

    /// The longest a call may take: every attempt to its deadline, every backoff at its longest, plus 20 s for
    /// scheduling on a loaded machine (tasks were seen waiting over 10 s for a thread there; 1 s was the margin
    /// before). A deadline that does not work still shows: a stalled answer comes after 60 s, so a call that waited
    /// for it ends mistyped (a success, not a timeout), and with the stall workers' 5 s deadlines (35 s bound) also
    /// overruns.
    var callBound: Duration {
        timeout * maxAttempts + maxBackoff * (maxAttempts - 1) + .seconds(20)
    }
}

/// Races a call against a time limit without waiting for a call that ignores cancellation.
enum Watchdog {
    private final class Once: Sendable {
        let continuation = Locked<CheckedContinuation<SoakResult, Never>?>(nil)

        func resume(_ result: SoakResult) {
            continuation.withLock { $0.take() }?.resume(returning: result)
        }
    }

    /// The call's result, or `.lost` when `limit` passes first (the call is then cancelled and left behind).
    static func run(limit: Duration, _ body: @escaping @Sendable () async -> SoakResult) async -> SoakResult {
        let once = Once()
        let work = Task { await body() }
        let timer = Task { try await Task.sleep(for: limit) }
        return await withCheckedContinuation { continuation in
            once.continuation.withLock { $0 = continuation }
            Task {
                let result = await work.value
                timer.cancel()
                once.resume(result)
            }
            Task {
                guard (try? await timer.value) != nil else { return }
                work.cancel()
                once.resume(SoakResult(outcome: .lost, detail: ""))
            }
        }
    }
}
