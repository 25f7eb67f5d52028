import HTTPTypes
import NIOCore
import NIOHTTP1
import NIOHTTPTypes

/// The request parts of one connection as NIO decoded them, read by one task at a time: the connection
/// (``MockConnection``) reads each head, then the route answering it reads that request's body through a
/// ``RequestBodyReader``, and the connection reads on once the answer is made.
final class RequestParts: @unchecked Sendable {
    private var iterator: NIOAsyncChannelInboundStream<HTTPRequestPart>.AsyncIterator

    init(_ inbound: NIOAsyncChannelInboundStream<HTTPRequestPart>) {
        iterator = inbound.makeAsyncIterator()
    }

    /// The next part, or nil when the client has closed its side.
    /// - Throws: A ``Refusal`` (``RequestLimits``), an `HTTPParserError`, or why the connection failed.
    func next() async throws -> HTTPRequestPart? {
        try await iterator.next()
    }
}

/// The body of one request, read from the connection as the route iterates it (nothing is collected here), so a
/// route can count a gigabyte without holding it. It sends `100 Continue` before reading when the client waits for
/// one, and refuses a body over `limit` (413) as soon as the bytes read pass it.
///
/// A refusal met while reading (the limit, a malformed chunked body) is thrown to the route and kept in
/// ``refusal``: the connection answers it whatever the route answered, and closes.
final class RequestBodyReader: AsyncSequence, @unchecked Sendable {
    typealias Element = ByteBuffer

    private let parts: RequestParts
    private let limit: Int
    private let outbound: NIOAsyncChannelOutboundWriter<HTTPResponsePart>
    /// Whether the client waits for `100 Continue` before it sends the body.
    private(set) var waitsForContinue: Bool
    /// Whether the body has been read to its end.
    private(set) var isComplete = false
    /// Why the body was refused, if it was.
    private(set) var refusal: Refusal?
    private var bytesRead = 0

    /// Creates the reader of the body of `head`.
    init(of head: HTTPRequest, parts: RequestParts, limit: Int,
         outbound: NIOAsyncChannelOutboundWriter<HTTPResponsePart>) {
        self.parts = parts
        self.limit = limit
        self.outbound = outbound
        waitsForContinue = head.headerFields[.expect]?.lowercased() == "100-continue"
    }

    struct AsyncIterator: AsyncIteratorProtocol {
        let reader: RequestBodyReader

        mutating func next() async throws -> ByteBuffer? { try await reader.nextChunk() }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(reader: self) }

    /// The next chunk of the body, or nil at its end.
    /// - Throws: A ``Refusal`` (also kept in ``refusal``), or ``ClientLeft`` when the connection ends first.
    func nextChunk() async throws -> ByteBuffer? {
        if let refusal { throw refusal }
        guard !isComplete else { return nil }
        if waitsForContinue {
            waitsForContinue = false
            try await outbound.write(.head(HTTPResponse(status: .continue)))
        }
        let part: HTTPRequestPart?
        do {
            part = try await parts.next()
        } catch {
            guard let refusal = Refusal(reading: error) else { throw error }
            self.refusal = refusal
            throw refusal
        }
        switch part {
        case .body(let chunk)?:
            bytesRead += chunk.readableBytes
            guard bytesRead <= limit else {
                let refusal = Refusal(413, "The request body is larger than \(limit) bytes.")
                self.refusal = refusal
                throw refusal
            }
            return chunk
        case .end?:
            isComplete = true
            return nil
        case .head?:
            // NIO's decoder ends every request before the next head.
            let refusal = Refusal(400, "A request head arrived inside a body.")
            self.refusal = refusal
            throw refusal
        case nil:
            throw ClientLeft()
        }
    }

    /// Reads and drops the rest of the body, when the route left some.
    /// - Parameter budget: The most bytes read.
    /// - Returns: Whether the body was read to its end: false when it is longer than `budget`, or when the client
    ///   still waits for `100 Continue` (it will send the body only after it, and the answer tells it not to).
    /// - Throws: What ``nextChunk()`` throws.
    func drain(budget: Int) async throws -> Bool {
        guard !waitsForContinue else { return isComplete }
        var drained = 0
        while let chunk = try await nextChunk() {
            drained += chunk.readableBytes
            if drained > budget { return false }
        }
        return true
    }

    /// The connection ended in the middle of a body.
    struct ClientLeft: Error {}
}

extension Refusal {
    /// The refusal of an error met while reading requests: a ``Refusal`` itself, or what NIO's HTTP/1.1 parser
    /// could not read; nil for other errors (the connection failed: there is no one to answer).
    init?(reading error: any Error) {
        switch error {
        case let refusal as Refusal: self = refusal
        case let error as HTTPParserError: self.init(error)
        default: return nil
        }
    }
}
