import Foundation
import RaspTestSupport
import RaspRuntime
import Testing

/// Thousands of calls from the generated client, through the app's middleware stack (`RaspClient.live`: logging,
/// retries, quota, timeouts) and `URLSessionTransport`, to mock servers that inject random faults, with 16 calls
/// in flight (plus 8 stalling ones). Every call must end in the decoded value or the exact `ClientError` its fault
/// implies, after exactly the attempts the retry policy allows, within its deadlines; memory must stay flat.
///
/// It runs only with `RASP_SOAK=1`, on its own (`RASP_SOAK=1 swift test --filter FaultSoakTests`, as CI does after
/// the rest): it keeps both cores busy for half a minute, which would make the deadlines of other suites' tests
/// flaky if it ran beside them. Sized by `RASP_SOAK_CASES` (default 1,200, plus 16 stalls), replayable with
/// `RASP_SOAK_SEED`, deadlines scaled by `RASP_SOAK_TIME_SCALE` (for the thread sanitizer); the figures are printed
/// as `soak.<name>: <value>` lines.
@Suite("Fault soak over the mock server")
struct FaultSoakTests {
    static let enabled = ProcessInfo.processInfo.environment["RASP_SOAK"].map { $0 != "0" && !$0.isEmpty } ?? false

    @Test("Random faults, 16 concurrent calls: every call decodes or fails with the right error, within its bounds",
          .enabled(if: enabled, "set RASP_SOAK=1 to run the soak (alone: its load would disturb other suites)"),
          .timeLimit(.minutes(5)))
    func soak() async throws {
        let environment = ProcessInfo.processInfo.environment
        let total = environment["RASP_SOAK_CASES"].flatMap(Int.init) ?? 1200
        let seed = environment["RASP_SOAK_SEED"].flatMap(UInt64.init) ?? 0x5EED_0C1F
        let scale = environment["RASP_SOAK_TIME_SCALE"].flatMap(Double.init) ?? 1
        let settings = SoakSettings().scaled(by: max(1, scale))
        let started = ContinuousClock.now
        // A deadlock would hold the cooperative pool, and with it every watchdog task: a plain thread aborts instead.
        let hang = HangGuard(seconds: 240 * max(1, scale), "the fault soak")
        defer { hang.disarm() }

        let rig = try await SoakRig(settings: settings)
        let warmupRequests = await rig.requests()
        let warmupLogs = rig.logs.snapshot
        let plans = rig.plans(total: total, seed: seed)
        let stallPlans = rig.stallPlans(perWorker: 2, seed: seed)
        // The first tenth settles allocator pools and connection caches before the memory baseline.
        await SoakRig.run(Array(zip(rig.workers, plans.map { Array($0.prefix($0.count / 10)) })))
        let baseline = ProcessMemory.residentBytes()
        await SoakRig.run(Array(zip(rig.workers, plans.map { Array($0.dropFirst($0.count / 10)) }))
                          + Array(zip(rig.stallWorkers, stallPlans)))
        let final = ProcessMemory.residentBytes()
        await rig.stop()

        let figures = rig.tally.snapshot
        let logs = rig.logs.snapshot
        let cases = total + stallPlans.joined().count
        let growth = baseline.flatMap { start in final.map { Double($0 - start) / 1_048_576 } }
        let quotaUsed = await rig.quota.usage.used
        let serverRequests = await rig.requests() - warmupRequests
        let elapsed = ContinuousClock.now - started
        let report = [
            "soak.seed: \(seed)",
            "soak.cases: \(figures.cases)",
            "soak.concurrency: \(rig.workers.count) + \(rig.stallWorkers.count) stalling",
            "soak.requests: \(figures.attempts) (server saw \(serverRequests))",
            "soak.faults: \(figures.faults)",
            "soak.crashes: 0",
            "soak.lost: \(figures.lost)",
            "soak.mistyped: \(figures.mistyped)",
            "soak.retry_bound_violations: \(figures.retryViolations)",
            "soak.server_mismatches: \(figures.serverMismatches)",
            "soak.overran_deadline: \(figures.overran)",
            "soak.max_call_ms: \(figures.maxCallMilliseconds)",
            "soak.rss_growth: \(growth.map { String(format: "%.1f MB", $0) } ?? "n/a") "
                + "(after warm-up \(baseline.map { $0 / 1_048_576 } ?? 0) MB)",
            "soak.log_lines: \(logs.calls - warmupLogs.calls) calls, \(logs.retries) retries, "
                + "\(logs.leaks) with the key",
            "soak.outcomes: "
                + figures.outcomes.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " "),
            "soak.seconds: "
                + String(format: "%.1f",
                         Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18),
        ]
        print(report.joined(separator: "\n"))
        Transcript.append("soak-report", report.joined(separator: "\n"))

        // A crash would end the process (a hang aborts it, see HangGuard), so reaching here means none.
        #expect(figures.cases == cases, "every planned case ran")
        #expect(figures.lost == 0, "\(figures.problems)")
        #expect(figures.mistyped == 0, "\(figures.problems)")
        #expect(figures.retryViolations == 0, "\(figures.problems)")
        #expect(figures.serverMismatches == 0, "\(figures.problems)")
        #expect(figures.overran == 0, "\(figures.problems)")
        #expect(figures.faults > total / 3, "the soak injected faults")
        #expect((figures.outcomes["timeout"] ?? 0) >= 1, "some stalls ran into every deadline")
        #expect(quotaUsed == figures.attempts + warmupRequests, "the quota counts every attempt")
        #expect(serverRequests <= figures.attempts, "no request the client did not count")
        #expect(logs.calls - warmupLogs.calls == figures.cases, "one log line per call")
        #expect(logs.retries == figures.attempts - figures.cases, "one notice per retry")
        #expect(logs.leaks == 0, "no log line contains the key: \(logs.leakedLines)")
        if let growth { #expect(growth < 50, "RSS grew \(growth) MB") }
    }
}
