import Foundation
import RaspMock
import RaspRuntime

/// The faults the current call asks the mock server for (a task-local, so concurrent calls never mix them).
struct FaultRequest: Sendable {
    /// The `X-Mock-Fault` value.
    var fault: String?
    /// The `X-Mock-Fault-Times` value (a cumulative count on the server, see ``SoakWorker``).
    var times: Int?

    @TaskLocal static var current = FaultRequest()
}

/// Adds the current ``FaultRequest`` headers to every attempt, innermost (below retries, quota and timeouts),
/// then sends through the real transport.
struct FaultInjectingTransport: ClientTransport {
    let base: any ClientTransport

    func send(_ request: ClientRequest, baseURL: URL) async throws -> ClientResponse {
        var request = request
        let faults = FaultRequest.current
        if let fault = faults.fault { request.setHeader(MockFault.header, fault) }
        if let times = faults.times { request.setHeader(MockFault.timesHeader, String(times)) }
        return try await base.send(request, baseURL: baseURL)
    }
}
