import NIOCore

/// The first handler of a connection's pipeline, where the bytes arrive: it closes connections that wait on their
/// client longer than the ``MockServer/Limits`` allow, and closes the server's side in order.
///
/// Timeouts, by what the connection waits for (``RequestLimits`` reports where each request and response begins and
/// ends):
/// - ``MockServer/Limits/idleTimeout``: the first byte of the next request;
/// - ``MockServer/Limits/headTimeout``: the rest of a request head whose first byte has arrived;
/// - ``MockServer/Limits/bodyTimeout``: the next byte of a request body;
/// - ``MockServer/Limits/sendTimeout``: the client to take response bytes the socket cannot send.
///
/// While a request is answered (the handler runs, a stream is slow) no timeout runs. One repeated check per
/// connection looks at the clock a few times per shortest timeout; nothing is scheduled per request or per read.
///
/// When the server closes its side (`close(mode: .output)`, after a refusal or the last answer), the handler
/// lingers as nginx does: it reads and drops what the client still sends, and closes once the client has closed
/// its side, or after ``lingerTimeout``. Closing at once could discard the answer: a socket closed with unread
/// bytes is reset, and the reset can overtake the answer on its way to the client.
final class ConnectionGuard: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundIn = IOData
    typealias OutboundOut = IOData

    /// How long a closed connection reads and drops what its client still sends.
    static let lingerTimeout = TimeAmount.seconds(2)

    private let limits: MockServer.Limits
    private var check: Scheduled<Void>?
    private var linger: Scheduled<Void>?

    /// Between a request head and the end of its body.
    private var readingRequest = false
    /// Requests read whose answer has not been written yet.
    private var answersOwed = 0
    /// When the first byte of a head arrived (nil while no head has begun).
    private var headStarted: NIODeadline?
    /// When the connection last went idle (opened, or answered its last request).
    private var idleSince = NIODeadline.now()
    /// When the last request byte arrived.
    private var lastByte = NIODeadline.now()
    /// Since when the socket cannot take more bytes (nil while it can).
    private var blockedSince: NIODeadline?
    private var lingering = false
    private var inputClosed = false

    init(limits: MockServer.Limits) {
        self.limits = limits
    }

    // MARK: What RequestLimits reports

    /// A request head has been read: its body (if any) follows.
    func requestHeadRead() {
        readingRequest = true
        headStarted = nil
        lastByte = .now()
    }

    /// A request has been read to its end: it is owed an answer.
    func requestRead() {
        readingRequest = false
        answersOwed += 1
    }

    /// An answer has been written to its end.
    func answerWritten() {
        answersOwed = max(0, answersOwed - 1)
        if answersOwed == 0 { idleSince = .now() }
    }

    // MARK: Channel events

    func handlerAdded(context: ChannelHandlerContext) {
        scheduleCheck(context)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        check?.cancel()
        linger?.cancel()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !lingering else {
            context.read()
            return
        }
        let now = NIODeadline.now()
        lastByte = now
        if !readingRequest, answersOwed == 0, headStarted == nil { headStarted = now }
        context.fireChannelRead(data)
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if case ChannelEvent.inputClosed = event {
            inputClosed = true
            if lingering { context.close(promise: nil) }
        }
        context.fireUserInboundEventTriggered(event)
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        blockedSince = context.channel.isWritable ? nil : .now()
        context.fireChannelWritabilityChanged()
    }

    func close(context: ChannelHandlerContext, mode: CloseMode, promise: EventLoopPromise<Void>?) {
        guard mode == .output, !lingering else {
            context.close(mode: mode, promise: promise)
            return
        }
        lingering = true
        context.close(mode: .output, promise: promise)
        if inputClosed {
            context.close(promise: nil)
            return
        }
        linger = context.eventLoop.assumeIsolated().scheduleTask(in: Self.lingerTimeout) {
            context.close(promise: nil)
        }
        // Reads are no longer asked for by the request stream, which has ended: ask for them here.
        context.read()
    }

    // MARK: Timeouts

    /// Looks at the timeouts again in a tick.
    private func scheduleCheck(_ context: ChannelHandlerContext) {
        check = context.eventLoop.assumeIsolated().scheduleTask(in: Self.tick(for: limits)) {
            if self.closeIfOverdue(context) { return }
            self.scheduleCheck(context)
        }
    }

    /// Closes the connection when what it waits for is overdue.
    /// - Returns: Whether it closed the connection.
    private func closeIfOverdue(_ context: ChannelHandlerContext) -> Bool {
        guard !lingering else { return false }
        let now = NIODeadline.now()
        let overdue: Bool
        if let blockedSince, now - blockedSince > TimeAmount(limits.sendTimeout) {
            overdue = true
        } else if readingRequest {
            overdue = now - lastByte > TimeAmount(limits.bodyTimeout)
        } else if answersOwed > 0 {
            overdue = false
        } else if let headStarted {
            overdue = now - headStarted > TimeAmount(limits.headTimeout)
        } else {
            overdue = now - idleSince > TimeAmount(limits.idleTimeout)
        }
        if overdue { context.close(promise: nil) }
        return overdue
    }

    /// How often a connection looks at its timeouts: a quarter of the shortest, within 10 ms...1 s.
    static func tick(for limits: MockServer.Limits) -> TimeAmount {
        let shortest = [limits.idleTimeout, limits.headTimeout, limits.bodyTimeout, limits.sendTimeout].min()!
        return TimeAmount(min(.seconds(1), max(.milliseconds(10), shortest / 4)))
    }
}
