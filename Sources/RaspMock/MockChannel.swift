import Foundation
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1
import NIOHTTPTypes
import RaspHummingbird
import RaspRuntime

/// How ``MockServer`` sets up and serves each connection, for HummingbirdCore's `Server`.
///
/// The pipeline is Hummingbird's HTTP/1.1 one (`HTTP1Channel`: NIO's decoder and encoder with
/// ``MockServer/Limits/parserLimits``, the conversion to swift-http-types, the handler that closes idle connections
/// when the server stops), with handlers of the mock's around NIO's decoder:
///
/// ```
/// socket ─ ConnectionGuard ─ RawTargetEncoder ─ HTTP encoder/decoder ─ RequestLimits ─ HTTP types ─ MockConnection
///          (timeouts, linger)  (raw UTF-8 targets)  (NIO)               (413/414/431/501)
/// ```
///
/// Each connection is then served by a ``MockConnection`` (rather than `HTTP1Channel`'s own loop), which answers
/// refusals in the API's error shape and ends connections as the mock's clients expect.
struct MockChannel: ServerChildChannel {
    typealias Value = NIOAsyncChannel<HTTPRequestPart, HTTPResponsePart>

    let limits: MockServer.Limits
    let responder: MockResponder

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        // Only its pipeline is used; each connection is served by `handle(value:logger:)` below.
        let http = HTTP1Channel(responder: { _, _, _ in },
                                configuration: .init(httpDecoderConfiguration: limits.parserLimits))
        let limits = self.limits
        return http.setup(channel: channel, logger: logger).flatMapThrowing { value in
            let pipeline = channel.pipeline.syncOperations
            let connection = ConnectionGuard(limits: limits)
            try pipeline.addHandler(connection, position: .first)
            let decoder = try pipeline.handler(type: ByteToMessageHandler<HTTPRequestDecoder>.self)
            try pipeline.addHandler(RawTargetEncoder(), position: .before(decoder))
            try pipeline.addHandler(RequestLimits(limits: limits, connection: connection), position: .after(decoder))
            return value
        }
    }

    func handle(value: Value, logger: Logger) async {
        await MockConnection(channel: value, limits: limits, responder: responder, logger: logger).run()
    }
}

/// The connection limit of ``MockServer`` (``MockServer/Limits/maxConnections``): the server stops accepting while
/// the limit is reached, so new connections wait in the kernel's listen backlog, and says so in its log, at most
/// every 10 seconds.
struct ConnectionCap: AvailableConnectionsDelegate {
    let limit: Int
    let report: CapacityReport
    private var open = 0

    init(limit: Int, log: @escaping @Sendable (String) -> Void) {
        self.limit = limit
        report = CapacityReport(log: log)
    }

    mutating func connectionOpened() { open += 1 }

    mutating func connectionClosed() { open -= 1 }

    func isAcceptingNewConnections() -> Bool {
        guard open >= limit else { return true }
        report.reached(limit)
        return false
    }
}

/// Says that the connection limit was reached: the first time, then at most every 10 seconds, with how many times
/// it was reached in between.
final class CapacityReport: Sendable {
    private let log: @Sendable (String) -> Void
    private let state = Locked<(last: ContinuousClock.Instant?, times: Int)>((nil, 0))

    init(log: @escaping @Sendable (String) -> Void) {
        self.log = log
    }

    func reached(_ limit: Int) {
        let now = ContinuousClock.now
        let times = state.withLock { state -> Int? in
            state.times += 1
            if let last = state.last, now - last < .seconds(10) { return nil }
            defer { state = (now, 0) }
            return state.times
        }
        guard let times else { return }
        let count = times == 1 ? "" : " (\(times) times since the last report)"
        log("connection limit reached: \(limit) connections open; new connections wait in the listen backlog "
            + "until one closes\(count) (the limit: MockServer.Limits.maxConnections, rasp-mock --max-connections)")
    }
}
