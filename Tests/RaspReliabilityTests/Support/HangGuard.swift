import Foundation
import Synchronization

/// Turns a hang into a crash with a message: a plain thread (not a task, which a deadlocked cooperative pool could
/// never run) that aborts the test process if it is not disarmed in time. CI then fails at once, saying what hung,
/// instead of running into its own time limit.
final class HangGuard: Sendable {
    private let disarmed = Atomic<Bool>(false)

    /// Arms the guard.
    /// - Parameters:
    ///   - seconds: How long the guarded work may take.
    ///   - what: What hung, for the message.
    init(seconds: Double, _ what: String) {
        let thread = Thread { [self] in
            let deadline = Date().addingTimeInterval(seconds)
            while Date() < deadline {
                if isDisarmed { return }
                Thread.sleep(forTimeInterval: 0.2)
            }
            if isDisarmed { return }
            FileHandle.standardError.write(Data(
                "HANG: \(what) did not finish within \(Int(seconds)) s; aborting the test process\n".utf8))
            abort()
        }
        thread.start()
    }

    private var isDisarmed: Bool { disarmed.load(ordering: .acquiring) }

    /// The work finished.
    func disarm() { disarmed.store(true, ordering: .releasing) }
}
