import Foundation
import RaspRuntime

/// Says once on standard error that a request is taking long (`rasp: still waiting for the server (search, 3 s)…`),
/// so a person at a terminal knows rasp is not stuck. Installed only when standard error is a terminal; never
/// writes to standard output.
struct SlowRequestNotice: ClientMiddleware {
    /// How long a request may take before the note.
    var after: Duration = .seconds(3)
    /// How the note waits for `after` (tests give one that waits for them, not for the clock).
    var sleeper: Sleeper = .live
    /// Prints the note.
    let print: @Sendable (String) -> Void

    func intercept(_ request: ClientRequest, baseURL: URL,
                   next: @Sendable (ClientRequest, URL) async throws -> ClientResponse) async throws -> ClientResponse {
        let seconds = Int(after.components.seconds)
        let operation = request.operationID
        let note = Task { [print, after, sleeper] in
            try await sleeper(after)
            print("rasp: still waiting for the server (\(operation), \(seconds) s)…")
        }
        defer { note.cancel() }
        return try await next(request, baseURL)
    }
}
