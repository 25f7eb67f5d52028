import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTPTypes

/// Serves one connection: reads its requests one after another (keep-alive, pipelining), hands each to the
/// ``MockResponder`` and writes its answer, until the client closes, a request or an answer asks to close, the
/// server refuses a request or stops.
///
/// The parsing, framing and encoding are NIO's (see ``MockChannel``); what is decided here is what HTTP leaves to
/// the server: a request that cannot be read gets a ``Refusal`` as its answer, after the answers before it; a body
/// the route left unread is read and dropped when small (``drainBudget``), or the connection closes after the
/// answer; an answer whose body fails (a fault, a stream dropped on purpose, a client gone) ends the connection
/// where it is.
struct MockConnection {
    /// What is left of a body a route did not read is read and dropped up to this many bytes; past it, the
    /// connection closes after the answer.
    static let drainBudget = 1 << 20

    let channel: NIOAsyncChannel<HTTPRequestPart, HTTPResponsePart>
    let limits: MockServer.Limits
    let responder: MockResponder
    let logger: Logger

    /// Serves requests until the connection ends.
    func run() async {
        do {
            try await withTaskCancellationHandler {
                try await channel.executeThenClose { inbound, outbound in
                    try await serve(RequestParts(inbound), outbound)
                    // Close this side only; ConnectionGuard closes the connection once the client has closed too.
                    outbound.finish()
                    try await channel.channel.closeFuture.get()
                }
            } onCancel: {
                channel.channel.close(promise: nil)
            }
        } catch {
            // The client left, an answer's body failed (on purpose for some faults) or the server stopped: the
            // connection is closed, and there is no one to answer.
        }
    }

    private func serve(_ parts: RequestParts, _ outbound: NIOAsyncChannelOutboundWriter<HTTPResponsePart>)
        async throws {
        do {
            while let part = try await parts.next() {
                guard case .head(let head) = part else { throw Refusal(400, "A request body arrived without a head.") }
                let body = RequestBodyReader(of: head, parts: parts, limit: limits.maxBodyBytes, outbound: outbound)
                let request = Request(head: head, body: RequestBody(asyncSequence: body))
                var response: Response
                do {
                    response = try await responder.respond(to: request, channel: channel.channel, logger: logger)
                } catch {
                    throw body.refusal ?? error
                }
                if let refusal = body.refusal { throw refusal }
                var keepAlive = !Self.asksToClose(head.headerFields) && !Self.asksToClose(response.headers)
                if keepAlive, !body.isComplete { keepAlive = try await body.drain(budget: Self.drainBudget) }
                if !keepAlive { response.headers[.connection] = "close" }
                if head.method == .head { response = Response(status: response.status, headers: response.headers) }
                try await ResponseWriter(outbound: outbound).write(response: response.head, body: response.body)
                guard keepAlive else { return }
            }
        } catch {
            // A request that cannot be read (or was refused) is answered after the answers before it.
            guard let refusal = Refusal(reading: error) else { throw error }
            let answer = refusal.response
            try await ResponseWriter(outbound: outbound).write(response: answer.head, body: answer.body)
        }
    }

    /// Whether header fields carry `Connection: close`.
    static func asksToClose(_ fields: HTTPFields) -> Bool {
        fields[values: .connection].contains { value in
            value.split(separator: ",").contains { $0.trimmingCharacters(in: .whitespaces).lowercased() == "close" }
        }
    }
}
