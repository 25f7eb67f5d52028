import RaspMock
import RaspBenchData

/// One call of the soak: an operation, the fault the mock server is asked for, and for how many attempts.
struct SoakCase: Sendable {
    /// What the server is asked to do.
    enum Fault: String, Sendable, CaseIterable {
        case none
        /// A short delay (well under the timeout), then a normal answer.
        case slow
        /// The normal JSON body labelled `text/plain`.
        case plainLabel
        case serverError, unavailable, tooManyRequests
        /// `Content-Length` promises more than is sent, then the connection closes.
        case truncate
        /// Half the body, then the connection closes.
        case close
        /// Status 200 with half a JSON body.
        case malformed
        /// Status 200 with an XML body.
        case xml
        /// A delay past the per-attempt timeout.
        case stall
        /// A short delay, then 500.
        case slowServerError

        /// The `X-Mock-Fault` value, nil for none.
        func header(stall: Int) -> String? {
            switch self {
            case .none: nil
            case .slow: MockFault.delay(milliseconds: 40).headerValue
            case .plainLabel: MockFault.contentType("text/plain").headerValue
            case .serverError: MockFault.serverError.headerValue
            case .unavailable: MockFault.unavailable.headerValue
            case .tooManyRequests: MockFault.tooManyRequests.headerValue
            case .truncate: MockFault.truncate.headerValue
            case .close: MockFault.close.headerValue
            case .malformed: MockFault.malformed.headerValue
            case .xml: MockFault.contentType(nil).headerValue
            case .stall: MockFault.delay(milliseconds: stall).headerValue
            case .slowServerError:
                "\(MockFault.delay(milliseconds: 30).headerValue), \(MockFault.serverError.headerValue)"
            }
        }

        /// What a faulty attempt ends in, and whether the client retries it.
        var failure: (outcome: SoakOutcome, retryable: Bool)? {
            switch self {
            case .none, .slow, .plainLabel: nil
            case .serverError, .slowServerError: (.http(500), true)
            case .unavailable: (.http(503), true)
            case .tooManyRequests: (.http(429), true)
            case .truncate, .close: (.connectionLost, true)
            case .stall: (.timeout, true)
            case .malformed, .xml: (.decoding, false)
            }
        }
    }

    /// The operation called.
    var operation: SoakOperation
    /// The fault asked for.
    var fault: Fault
    /// `X-Mock-Fault-Times` (how many attempts get the fault); nil means every attempt.
    var times: Int?

    /// The outcome the runtime must produce, the attempts it must take and the faults the server must inject,
    /// for a client that makes at most `maxAttempts` attempts.
    func expectation(maxAttempts: Int) -> (outcome: SoakOutcome, attempts: Int, faults: Int) {
        guard let failure = fault.failure else { return (.success, 1, fault == .none ? 0 : min(times ?? 1, 1)) }
        let faulty = times ?? Int.max
        let budget = failure.retryable ? maxAttempts : 1
        if faulty >= budget { return (failure.outcome, budget, budget) }
        return (.success, faulty + 1, faulty)
    }

    /// Draws a case.
    static func random(operation: SoakOperation, using random: inout SeededRandom) -> SoakCase {
        let fault: Fault = random.pick(weighted: [
            (30, .none), (6, .slow), (5, .plainLabel), (8, .serverError), (8, .unavailable), (7, .tooManyRequests),
            (8, .truncate), (8, .close), (6, .malformed), (5, .xml), (3, .slowServerError),
        ])
        guard fault != .none else { return SoakCase(operation: operation, fault: fault, times: nil) }
        let times: Int? = random.pick(weighted: [(3, nil), (1, 0), (2, 1), (2, 2), (1, 3), (1, 4)])
        return SoakCase(operation: operation, fault: fault, times: times)
    }

    /// Draws a stall: every attempt stalls (a timeout after all of them), or one or two do and the next succeeds.
    static func stall(operation: SoakOperation, using random: inout SeededRandom) -> SoakCase {
        SoakCase(operation: operation, fault: .stall, times: random.pick(weighted: [(1, nil), (1, 1), (1, 2)]))
    }
}

/// How a call ended, as the soak classifies it.
enum SoakOutcome: Hashable, Sendable, CustomStringConvertible {
    case success
    case http(Int)
    case noConnection
    case connectionLost
    case timeout
    case decoding
    case cancelled
    case otherClientError(String)
    case foreignError(String)
    /// The call did not finish before the watchdog.
    case lost

    var description: String {
        switch self {
        case .success: "success"
        case .http(let status): "http(\(status))"
        case .noConnection: "noConnection"
        case .connectionLost: "connectionLost"
        case .timeout: "timeout"
        case .decoding: "decoding"
        case .cancelled: "cancelled"
        case .otherClientError(let text): "other ClientError(\(text))"
        case .foreignError(let text): "non-ClientError(\(text))"
        case .lost: "lost"
        }
    }
}
