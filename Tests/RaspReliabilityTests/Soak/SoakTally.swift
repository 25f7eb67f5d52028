import RaspRuntime

/// What the soak counted, shared by the workers.
final class SoakTally: Sendable {
    struct Figures: Sendable {
        var cases = 0
        /// Attempts the client made (transport calls, retries included).
        var attempts = 0
        /// Requests the mock servers received.
        var serverRequests = 0
        /// Faults the mock servers injected.
        var faults = 0
        /// Calls that ended in another outcome than expected (or a success with a different value).
        var mistyped = 0
        /// Calls that did not finish before the watchdog.
        var lost = 0
        /// Calls whose attempt count differed from the bound the fault implies.
        var retryViolations = 0
        /// Calls the server saw a different number of requests or faults for than the client made.
        var serverMismatches = 0
        /// Calls that took longer than their attempts' deadlines and backoffs allow.
        var overran = 0
        /// The longest call, in milliseconds.
        var maxCallMilliseconds = 0
        /// Outcomes by name.
        var outcomes: [String: Int] = [:]
        /// The first few problems, for the failure message.
        var problems: [String] = []

        mutating func note(_ problem: String) {
            if problems.count < 20 { problems.append(problem) }
        }
    }

    private let figures = Locked(Figures())

    var snapshot: Figures { figures.withLock { $0 } }

    func update(_ body: (inout Figures) -> Void) { figures.withLock { body(&$0) } }
}
