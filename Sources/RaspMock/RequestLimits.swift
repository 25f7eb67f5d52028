import NIOCore
import NIOHTTP1

/// Checks every request head NIO's HTTP/1.1 decoder produced against the ``MockServer/Limits``, before it is
/// converted and handed to the connection (``MockConnection``), and tells the connection's ``ConnectionGuard`` where
/// each request and answer begins and ends.
///
/// A head over a limit is not passed on: the handler throws a ``Refusal`` into the request stream instead (which
/// the connection answers, then closes) and drops whatever the connection reads after it. The checks, in order:
/// - the request line (`METHOD target HTTP/1.1`) over ``MockServer/Limits/maxRequestLineBytes``: 414;
/// - more header fields than ``MockServer/Limits/maxHeaderCount``: 431;
/// - a header line (`Name: value`, without the whitespace around the value) over
///   ``MockServer/Limits/maxHeaderLineBytes``, or all of them (with their CRLFs) over
///   ``MockServer/Limits/maxHeaderBytes``: 431;
/// - a `Content-Length` over ``MockServer/Limits/maxBodyBytes``: 413, before any byte of the body is read;
/// - a transfer coding other than `chunked` (`gzip, chunked`): 501.
///
/// The decoder itself stops reading a head past larger limits (``MockServer/Limits/parserLimits``), which bounds
/// what a connection holds before these checks run; past those it reports `headerOverflow`, answered 431.
final class RequestLimits: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    private let limits: MockServer.Limits
    private let connection: ConnectionGuard
    /// Set once a head is refused: nothing more is read from this connection.
    private var refused = false

    init(limits: MockServer.Limits, connection: ConnectionGuard) {
        self.limits = limits
        self.connection = connection
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !refused else { return }
        switch unwrapInboundIn(data) {
        case .head(var head):
            if let refusal = Self.refusal(of: head, limits: limits) {
                refused = true
                context.fireErrorCaught(refusal)
                return
            }
            // HTTP/1.0 without keep-alive: the request converted for the connection has no version any more.
            let connectionTokens = head.headers[canonicalForm: "connection"].map { $0.lowercased() }
            if !head.isKeepAlive, !connectionTokens.contains("close") {
                head.headers.replaceOrAdd(name: "Connection", value: "close")
            }
            connection.requestHeadRead()
            context.fireChannelRead(wrapInboundOut(.head(head)))
        case .body:
            context.fireChannelRead(data)
        case .end:
            connection.requestRead()
            context.fireChannelRead(data)
        }
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) { connection.answerWritten() }
        context.write(data, promise: promise)
    }

    /// Why a head is refused, or nil when it is within the limits.
    static func refusal(of head: HTTPRequestHead, limits: MockServer.Limits) -> Refusal? {
        // METHOD SP target SP HTTP/1.x
        let requestLine = head.method.rawValue.utf8.count + head.uri.utf8.count + 10
        if requestLine > limits.maxRequestLineBytes {
            return Refusal(414, "The request line is longer than \(limits.maxRequestLineBytes) bytes.")
        }
        if head.headers.count > limits.maxHeaderCount {
            return Refusal(431, "The request has more than \(limits.maxHeaderCount) header fields.")
        }
        var headerBytes = 0
        for (name, value) in head.headers {
            let line = name.utf8.count + 2 + value.utf8.count
            if line > limits.maxHeaderLineBytes {
                return Refusal(431, "A header field is longer than \(limits.maxHeaderLineBytes) bytes.")
            }
            headerBytes += line + 2
            if headerBytes > limits.maxHeaderBytes {
                return Refusal(431, "The header fields are larger than \(limits.maxHeaderBytes) bytes together.")
            }
        }
        if let length = head.headers["Content-Length"].first.flatMap({ Int($0) }), length > limits.maxBodyBytes {
            return Refusal(413, "The request body is larger than \(limits.maxBodyBytes) bytes.")
        }
        if head.headers[canonicalForm: "transfer-encoding"].contains(where: { $0.lowercased() != "chunked" }) {
            return Refusal(501, "Only the chunked transfer coding is supported.")
        }
        return nil
    }
}
