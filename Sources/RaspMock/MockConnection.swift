import Foundation
import FlyingFox
import FlyingSocks

/// Serves one connection: reads requests one after another (keep-alive), hands each to the handler and writes its
/// answer, until the client closes, a request asks to close, the server refuses one or stops.
struct MockConnection {
    let stream: SocketStream
    let limits: MockServer.Limits
    let handler: HTTPServerCore.Handler
    /// Whether the server is stopping (then no further request is read).
    let isStopping: @Sendable () -> Bool

    /// Serves requests until the connection ends, then closes the socket.
    func run() async {
        do {
            while let head = try await RequestHead.read(from: stream, limits: limits) {
                stream.enter(.busy)
                guard try await exchange(head), !isStopping() else {
                    await stream.lingerAndClose()
                    return
                }
            }
        } catch let refusal as Refusal {
            try? await stream.write(refusal.answer)
            await stream.lingerAndClose()
            return
        } catch {
            // The client left, the task was cancelled (stop, a timeout) or a body failed on purpose (the `close`
            // and `drop-after` faults): close at once, whatever was sent.
        }
        stream.close()
    }

    /// Reads the body of one request, runs the handler and writes its answer.
    /// - Returns: Whether the connection stays open for another request.
    /// - Throws: ``Refusal`` for a body to refuse; what reading or writing throws.
    private func exchange(_ head: RequestHead) async throws -> Bool {
        let body: HTTPBodySequence
        var reader: (any BodyReader)?
        switch try BodyFraming(head, maxBodyBytes: limits.maxBodyBytes) {
        case .length(0):
            body = HTTPBodySequence()
        case .length(let count) where count <= RequestBody.bufferedLimit:
            if head.expectsContinue { try await stream.write(RequestBody.continueAnswer) }
            body = HTTPBodySequence(data: try await RequestBody.read(count, from: stream))
        case .length(let count):
            let streamed = RequestBody.Streamed(stream: stream, count: count, expectsContinue: head.expectsContinue)
            reader = streamed
            body = HTTPBodySequence(from: streamed, count: count, suggestedBufferSize: SocketStream.readSize)
        case .chunked:
            let decoded = RequestBody.Chunked(stream: stream, limits: limits, expectsContinue: head.expectsContinue)
            reader = decoded
            // FlyingFox has no public body sequence of unknown length that is not chunk-encoded again, so this one
            // reports a count of 0: handlers tell a chunked body by its `Transfer-Encoding` header.
            body = HTTPBodySequence(from: decoded, count: 0, suggestedBufferSize: SocketStream.readSize)
        }

        let response = await handler(head.request(body: body))
        stream.enter(.busy)
        var keepAlive = head.keepAlive && !isStopping()
            && !RequestHead.tokens(response.headers.values(for: .connection)).contains("close")
        if let reader {
            // A body the handler left unread is dropped when small; otherwise the connection ends with this answer
            // (as when the client still waits for a `100 Continue` it never got). A body refused while it was read
            // gets the refusal as its answer, whatever the handler answered.
            if keepAlive, !reader.continuePending {
                keepAlive = try await reader.drain(upTo: RequestBody.drainLimit)
            } else {
                keepAlive = false
            }
        }
        if let refusal = (reader as? RequestBody.Chunked)?.refusal { throw refusal }
        try await write(response, to: head, keepAlive: keepAlive)
        return keepAlive
    }

    /// Writes an answer: the head at once, then the body chunk by chunk as its sequence produces them (so a
    /// streamed body leaves as it is made). A body sequence that fails ends the connection mid-answer.
    private func write(_ response: HTTPResponse, to head: RequestHead, keepAlive: Bool) async throws {
        guard case .httpBody(let body) = response.payload else {
            throw Refusal(501, "WebSocket upgrades are not supported.")
        }
        var headers = response.headers
        if let count = body.count {
            if headers[.contentLength] == nil { headers[.contentLength] = String(count) }
        } else {
            headers.addValue("chunked", for: .transferEncoding)
        }
        if !keepAlive {
            headers[.connection] = "close"
        } else if headers[.connection] == nil, let connection = head.headers[.connection] {
            headers[.connection] = connection
        }
        var text = "\(response.version.rawValue) \(response.statusCode.code) \(response.statusCode.phrase)\r\n"
        for (name, value) in headers.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            text += "\(name.rawValue): \(value)\r\n"
        }
        try await stream.write(Data((text + "\r\n").utf8))
        guard head.method != "HEAD" else { return }
        for try await chunk in body {
            try await stream.write(chunk)
        }
    }
}
