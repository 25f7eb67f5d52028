import Foundation
import RaspRuntime

/// The tests' one stub transport: it plays a script, one step per call with the last step repeating, and records
/// every request it was sent with the URL a real transport would have called.
public final class ScriptedTransport: ClientTransport {
    /// What one call does.
    public enum Step: Sendable {
        /// Answers with a response.
        case response(ClientResponse)
        /// Throws an error.
        case failure(any Error)
        /// Never answers; throws when cancelled.
        case hang
    }

    private let steps: Locked<[Step]>
    private let recorded = Locked<[(request: ClientRequest, url: String)]>([])

    /// A transport playing `steps`.
    public init(_ steps: Step...) { self.steps = Locked(steps) }

    /// A transport playing `steps`.
    public init(steps: [Step]) { self.steps = Locked(steps) }

    /// A transport answering with `responses` in order (the last one repeating).
    public init(_ responses: ClientResponse...) { steps = Locked(responses.map(Step.response)) }

    /// The requests received, in order.
    public var sent: [ClientRequest] { recorded.withLock { $0.map(\.request) } }

    /// The absolute URLs of the requests received, in order.
    public var urls: [String] { recorded.withLock { $0.map(\.url) } }

    /// How many requests arrived.
    public var sentCount: Int { recorded.withLock { $0.count } }

    public func send(_ request: ClientRequest, baseURL: URL) async throws -> ClientResponse {
        recorded.withLock { $0.append((request, request.url(relativeTo: baseURL)?.absoluteString ?? "")) }
        let step = steps.withLock { steps in steps.count > 1 ? steps.removeFirst() : steps[0] }
        switch step {
        case .response(let response): return response
        case .failure(let error): throw error
        case .hang:
            try await Task.sleep(for: .seconds(3600))
            throw CancellationError()
        }
    }
}
