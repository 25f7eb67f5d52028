import Foundation
import RaspRuntime
import RaspURLSession
import Testing
import RaspTestSupport
import RaspBenchData

/// Cancelling calls while their connections fail must never deadlock the transport (on Linux, the async
/// `URLSession.data(for:)` of swift-corelibs-foundation can: its cancellation handler waits for the session's queue
/// while holding the task's status lock, and the queue, delivering the failure, waits for that lock; issue 5412).
/// The soak ran into this once in a few runs; here it is provoked on purpose: many calls to a closed port,
/// cancelled at random moments, round after round. The same race crashed the process with `URLSession.shared`
/// (a cancel during the response-cache lookup), hence the transport's default session has no cache.
@Suite("Cancellation racing failures")
struct CancellationRaceTests {
    @Test("2,000 calls to a closed port cancelled at random moments all return, as .cancelled or .noConnection")
    func cancelWhileFailing() async throws {
        let hang = HangGuard(seconds: 90, "URLSessionTransport calls cancelled while failing (a deadlock)")
        defer { hang.disarm() }
        let transport = URLSessionTransport.withOwnSession(defaultTimeout: hangGuard)
        let closed = URL(string: "http://127.0.0.1:9")!
        var random = SeededRandom(seed: 0xCA_4CE1)
        var outcomes: [String: Int] = [:]
        for _ in 0..<40 {
            let delay = Int.random(in: 0..<3000, using: &random)
            let round = await withTaskGroup(of: String.self) { group in
                for _ in 0..<50 {
                    group.addTask {
                        do {
                            _ = try await transport.send(ClientRequest(method: "GET", path: "/", operationID: "probe"),
                                                         baseURL: closed)
                            return "success"
                        } catch let error as ClientError {
                            switch error.kind {
                            case .cancelled: return "cancelled"
                            case .noConnection: return "noConnection"
                            default: return "\(error)"
                            }
                        } catch {
                            return "foreign \(type(of: error))"
                        }
                    }
                }
                try? await Task.sleep(for: .microseconds(delay))
                group.cancelAll()
                return await group.reduce(into: [String: Int]()) { $0[$1, default: 0] += 1 }
            }
            outcomes.merge(round, uniquingKeysWith: +)
        }
        print("cancellation_race.outcomes: "
            + "\(outcomes.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " "))")
        #expect(outcomes.values.reduce(0, +) == 2000)
        #expect(Set(outcomes.keys).isSubset(of: ["cancelled", "noConnection"]), "\(outcomes)")
    }
}
