#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import FlyingFox
import FlyingSocks

/// The HTTP/1.1 server under ``MockServer``: a listening socket and FlyingSocks' socket pool (epoll, kqueue), a task
/// per connection (``MockConnection``), FlyingFox's request and response types for the routes.
///
/// It replaces FlyingFox's `HTTPServer`, which cannot be used under load or by a hostile client:
/// - It runs every handler under `withThrowingTimeout`, which starts a timer task per request that does
///   `Task.sleep` for the whole timeout. `Task.sleep` enqueues a separate wake-up task with that delay on the
///   global executor; cancelling the sleep (as FlyingFox does once the handler answers) resumes the sleeper at
///   once, but the wake-up task and its state stay queued until the deadline. With the 120 s timeout the mock
///   used, each request left about 0.7 KB behind for two minutes: RSS grew by ~1.3 MB/s at 1,900 requests/s
///   (measured; with a 5 s timeout the same load levels off at once). No timeout value fixes it, the memory
///   held being rate × timeout, and the timeout cannot be turned off.
/// - It reads request lines and header lines with `collectStrings(separatedBy:)`, which tests every byte with
///   `Sequence.suffix(_:)` on the whole line so far: quadratic in the line's length, with no limit on it.
/// - It has no connection limit, and no hook to add one or the limits above.
///
/// Here no timer is started per request: one sweeper task wakes up ten times a second and cancels the connections
/// that waited on their client longer than the ``MockServer/Limits`` allow (``ConnectionTable``). Request heads
/// are read in one pass with limits (``RequestHead``).
final class HTTPServerCore: @unchecked Sendable {
    /// Answers a request.
    typealias Handler = @Sendable (HTTPRequest) async -> HTTPResponse

    private let limits: MockServer.Limits
    private let log: @Sendable (String) -> Void
    private let handler: Handler
    private let table: ConnectionTable
    private let pool: any AsyncSocketPool

    /// The tasks of a running server (set by `start`, taken by `stop`).
    private struct Running {
        var listener: Socket
        var pool: Task<Void, Never>
        var accept: Task<Void, Never>
        var sweeper: Task<Void, Never>
    }

    private let lock = NSLock()
    private var running: Running?

    init(limits: MockServer.Limits, log: @escaping @Sendable (String) -> Void, handler: @escaping Handler) {
        self.limits = limits
        self.log = log
        self.handler = handler
        table = ConnectionTable(limits: limits)
        pool = SocketPool<Poll>.make(maxEvents: 256, logger: PoolLog(log: log))
    }

    /// Binds, listens and starts serving.
    /// - Returns: The port bound (the ephemeral one when `port` is 0).
    /// - Throws: When the address is malformed or cannot be bound.
    func start(host: String, port: UInt16) async throws -> UInt16 {
        let socket = try Socket(domain: Int32(AF_INET), type: .stream)
        let bound: UInt16
        do {
            try socket.setValue(true, for: .localAddressReuse)
            #if canImport(Darwin)
            try socket.setValue(true, for: .noSIGPIPE)
            #endif
            try socket.bind(to: sockaddr_in.inet(ip4: host, port: port))
            try socket.listen(maxPendingConnection: 1024)
            guard case .ip4(_, let port) = try socket.sockname() else { throw MockServerError.noAddress }
            bound = port
            try await pool.prepare()
        } catch {
            try? socket.close()
            throw error
        }
        let listener = try AsyncSocket(socket: socket, pool: pool)
        let pool = self.pool
        let tasks = Running(
            listener: socket,
            pool: Task { try? await pool.run() },
            accept: Task { await self.accept(on: listener) },
            sweeper: Task { await self.sweep() }
        )
        exchangeRunning(tasks)
        return bound
    }

    /// Stops: no new connections; idle ones close at once, the others after their current answer or, past
    /// `grace`, cancelled where they are.
    func stop(grace: Duration = .seconds(1)) async {
        guard let running = exchangeRunning(nil) else { return }
        table.beginStopping()
        running.accept.cancel()
        await running.accept.value
        try? running.listener.close()
        table.cancel(in: [.idle, .head, .lingering])
        let clock = ContinuousClock()
        let deadline = clock.now + grace
        while table.count > 0, clock.now < deadline { try? await Task.sleep(for: .milliseconds(5)) }
        table.cancel()
        // Cancelled connections end as soon as the pool resumes them; a handler that ignores cancellation is
        // left behind after 5 s rather than hanging `stop`.
        let last = clock.now + .seconds(5)
        while table.count > 0, clock.now < last { try? await Task.sleep(for: .milliseconds(5)) }
        running.sweeper.cancel()
        running.pool.cancel()
        await running.pool.value
        table.closeRetired(olderThan: nil)
    }

    /// Sets the running tasks, returning the ones before.
    @discardableResult
    private func exchangeRunning(_ new: Running?) -> Running? {
        lock.lock()
        defer { lock.unlock() }
        let old = running
        running = new
        return old
    }

    // MARK: Accepting

    /// Accepts connections while fewer than `maxConnections` are open, each served by its own task.
    private func accept(on listener: AsyncSocket) async {
        var capacityLog = CapacityLog()
        while !Task.isCancelled {
            await table.waitForSlot {
                if let line = capacityLog.reached(limits.maxConnections) { log(line) }
            }
            guard !Task.isCancelled else { return }
            let client: AsyncSocket
            do {
                client = try await listener.accept()
            } catch is CancellationError {
                return
            } catch SocketError.disconnected {
                return
            } catch {
                // Out of file descriptors, or a connection reset before it was accepted: wait a little, go on.
                log("accept failed: \(error.localizedDescription)")
                try? await Task.sleep(for: .milliseconds(100))
                continue
            }
            guard let id = table.add() else {
                try? client.close()
                return
            }
            // Nagle's algorithm would hold a response's last partial segment until the client's delayed ACK
            // (40 ms on Linux) whenever the head and the body go out in separate writes.
            try? client.socket.setValue(true, for: BoolSocketOption(level: Int32(IPPROTO_TCP), name: TCP_NODELAY))
            #if canImport(Darwin)
            try? client.socket.setValue(true, for: .noSIGPIPE)
            #endif
            let stream = SocketStream(socket: client.socket, pool: pool, table: table, id: id)
            let connection = MockConnection(stream: stream, limits: limits, handler: handler,
                                            isStopping: { [table] in table.isStopping })
            let task = Task { [table] in
                await connection.run()
                table.remove(id)
            }
            table.attach(task, to: id)
        }
    }

    /// Says that the connection limit was reached: the first time, then at most every 10 seconds.
    private struct CapacityLog {
        private var last: ContinuousClock.Instant?
        private var times = 0

        mutating func reached(_ limit: Int) -> String? {
            times += 1
            let now = ContinuousClock.now
            if let last, now - last < .seconds(10) { return nil }
            defer {
                last = now
                times = 0
            }
            let count = times == 1 ? "" : " (\(times) times since the last report)"
            return "connection limit reached: \(limit) connections open; new connections wait in the listen backlog "
                + "until one closes\(count) (the limit: MockServer.Limits.maxConnections, rasp-mock --max-connections)"
        }
    }

    // MARK: Timeouts

    /// Every tick, cancels the connections that waited on their client too long and closes retired sockets.
    private func sweep() async {
        let tick = min(.milliseconds(100), max(.milliseconds(10), table.shortestTimeout / 4))
        while !Task.isCancelled {
            try? await Task.sleep(for: tick)
            for task in table.overdue(at: .now) { task.cancel() }
            table.closeRetired(olderThan: .milliseconds(50))
        }
    }
}

/// Passes the socket pool's errors on to the server's log.
private struct PoolLog: Logging {
    let log: @Sendable (String) -> Void

    func logDebug(_ debug: @autoclosure () -> String) {}
    func logInfo(_ info: @autoclosure () -> String) {}
    func logWarning(_ warning: @autoclosure () -> String) { log("socket pool: \(warning())") }
    func logError(_ error: @autoclosure () -> String) { log("socket pool: \(error())") }
    func logCritical(_ critical: @autoclosure () -> String) { log("socket pool: \(critical())") }
}
