import Clocks
import Foundation
import Testing
import RaspTestSupport

/// Waits until `condition` holds on the main actor, letting the models' tasks run; records an issue after the hang
/// guard (60 s of real time). Time in these tests is virtual (test clocks, mock clients); this only waits for the
/// tasks the models started to reach their next step, which takes moments, or seconds when a full parallel test
/// run keeps every thread busy.
@MainActor
func eventually(_ comment: Comment? = nil, sourceLocation: SourceLocation = #_sourceLocation,
                _ condition: @MainActor () -> Bool) async {
    let deadline = ContinuousClock.now + hangGuard
    var attempt = 0
    while ContinuousClock.now < deadline {
        if condition() { return }
        if attempt < 200 { await Task.yield() } else { try? await Task.sleep(for: .milliseconds(1)) }
        attempt += 1
    }
    if condition() { return }
    Issue.record(comment ?? "condition never became true", sourceLocation: sourceLocation)
}

/// Like ``eventually(_:sourceLocation:_:)``, but between checks advances `clock` by zero: a task that read the
/// clock just before an `advance` finished may have registered a sleep whose deadline is exactly the new `now`,
/// and a zero advance delivers such due sleepers without moving virtual time.
///
/// Keep each test's virtual timeline under 18 s: `TestClock` reads `now` without its lock while `advance` writes
/// it from another thread, and a `Duration` spans two 64-bit words above 2^64 attoseconds (18.45 s), so a read
/// racing a write past that point can tear into a bogus deadline (seen as a rare stall under load).
@MainActor
func eventually(nudging clock: TestClock<Duration>, _ comment: Comment? = nil,
                sourceLocation: SourceLocation = #_sourceLocation, _ condition: @MainActor () -> Bool) async {
    let start = clock.now
    // A hang guard of real time: under a full parallel test run the model's tasks may wait seconds for a thread.
    let deadline = ContinuousClock.now + hangGuard
    var attempt = 0
    while ContinuousClock.now < deadline {
        if condition() { return }
        await clock.advance()
        if attempt >= 100 { try? await Task.sleep(for: .milliseconds(2)) }
        attempt += 1
    }
    #expect(clock.now == start, "virtual time did not move", sourceLocation: sourceLocation)
    Issue.record(comment ?? "condition never became true", sourceLocation: sourceLocation)
}

/// Thread-safe recording of what a mock handler saw.
final class Recorder<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [Value] = []

    func append(_ value: Value) {
        lock.lock()
        defer { lock.unlock() }
        storage.append(value)
    }

    var values: [Value] {
        lock.lock()
        defer { lock.unlock() }
        return storage
    }
    var count: Int { values.count }
}

/// The API key every test uses (a later leak scan looks for it).
