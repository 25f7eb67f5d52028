import Foundation
import RaspRuntime

/// A transport that answers from a list of steps (the last one repeats) and keeps the requests it was sent.
final class StubTransport: ClientTransport {
    enum Step: Sendable {
        case response(ClientResponse)
        case failure(any Error)
    }

    private let steps: Locked<[Step]>
    private let sentRequests = Locked<[ClientRequest]>([])

    init(_ steps: Step...) { self.steps = Locked(steps) }

    var sent: [ClientRequest] { sentRequests.withLock { $0 } }

    func send(_ request: ClientRequest, baseURL: URL) async throws -> ClientResponse {
        sentRequests.withLock { $0.append(request) }
        switch steps.withLock({ $0.count > 1 ? $0.removeFirst() : $0[0] }) {
        case .response(let response): return response
        case .failure(let error): throw error
        }
    }
}
