#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import FlyingSocks

/// What a connection is doing, which decides how long it may go on doing it (see ``ConnectionTable/overdue(at:)``).
enum ConnectionPhase: Sendable, Hashable {
    /// Waiting for the first byte of the next request.
    case idle
    /// Reading a request head whose first byte has arrived.
    case head
    /// Waiting for bytes of a request body.
    case body
    /// Running the handler or producing the response (a slow stream may take as long as it likes).
    case busy
    /// Waiting for the client to take response bytes.
    case sending
    /// Closing after a refusal: the answer is sent, what the client still sends is read and dropped.
    case lingering
}

/// The open connections of one server: their count against ``MockServer/Limits/maxConnections``, what each is doing
/// since when, and the task serving each, so the sweeper can cancel a connection that waits on its client too long
/// and `stop` can end them all.
///
/// One lock guards everything; connections touch it a few times per request.
final class ConnectionTable: @unchecked Sendable {
    /// How long a refused connection may take to close after its answer (see ``ConnectionPhase/lingering``).
    static let lingerTimeout = Duration.seconds(2)

    private struct Entry {
        var phase = ConnectionPhase.busy
        var since: ContinuousClock.Instant
        var task: Task<Void, Never>?
    }

    private let lock = NSLock()
    private let capacity: Int
    private let timeouts: [ConnectionPhase: Duration]
    private var entries: [Int: Entry] = [:]
    /// Sockets shut down and waiting to be closed (see ``retire(_:)``).
    private var retired: [(socket: Socket, since: ContinuousClock.Instant)] = []
    /// False once the server has stopped: no sweeper closes retired sockets any more.
    private var deferringCloses = true
    private var nextID = 0
    private var stopping = false
    /// The accept loop, when it waits for a free slot.
    private var slotWaiter: CheckedContinuation<Void, Never>?

    init(limits: MockServer.Limits) {
        capacity = limits.maxConnections
        timeouts = [
            .idle: limits.idleTimeout, .head: limits.headTimeout, .body: limits.bodyTimeout,
            .sending: limits.sendTimeout, .lingering: Self.lingerTimeout,
        ]
    }

    /// The shortest timeout, which sets how often the sweeper looks.
    var shortestTimeout: Duration { timeouts.values.min() ?? .seconds(1) }

    /// Connections open now.
    var count: Int { locked { $0.entries.count } }

    /// Whether the server is stopping (connections finish their exchange and close).
    var isStopping: Bool { locked { $0.stopping } }

    // MARK: The accept loop

    /// Returns once fewer than `capacity` connections are open, the server stops or the task is cancelled.
    /// - Parameter full: Called first when the limit is reached (the wait begins).
    func waitForSlot(whenFull full: () -> Void) async {
        if locked({ $0.entries.count < $0.capacity || $0.stopping }) { return }
        full()
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let ready = locked { table -> Bool in
                    if table.entries.count < table.capacity || table.stopping || Task.isCancelled { return true }
                    table.slotWaiter = continuation
                    return false
                }
                if ready { continuation.resume() }
            }
        } onCancel: {
            takeSlotWaiter()?.resume()
        }
    }

    /// Registers a new connection and returns its id, or nil when the server is stopping.
    func add() -> Int? {
        locked { table -> Int? in
            guard !table.stopping else { return nil }
            table.nextID += 1
            table.entries[table.nextID] = Entry(since: .now)
            return table.nextID
        }
    }

    /// Records the task serving a connection (unless it has already ended).
    func attach(_ task: Task<Void, Never>, to id: Int) {
        locked { table in table.entries[id]?.task = task }
    }

    /// Forgets a connection that has ended, freeing its slot.
    func remove(_ id: Int) {
        let waiter = locked { table -> CheckedContinuation<Void, Never>? in
            table.entries[id] = nil
            guard table.entries.count < table.capacity else { return nil }
            defer { table.slotWaiter = nil }
            return table.slotWaiter
        }
        waiter?.resume()
    }

    // MARK: Connections

    /// Records what a connection does from now on.
    /// - Returns: False when it would go idle while the server stops (the connection should close instead).
    @discardableResult
    func enter(_ phase: ConnectionPhase, _ id: Int) -> Bool {
        locked { table in
            if phase == .idle, table.stopping { return false }
            table.entries[id]?.phase = phase
            table.entries[id]?.since = .now
            return true
        }
    }

    /// Takes a connection's socket to close a little later.
    ///
    /// The socket pool resumes a waiting connection first and only then removes the socket from its epoll set,
    /// while the connection may already run on another thread. Were the socket closed in between, the removal
    /// would fail, the pool would keep the descriptor as registered, and the next connection given the same
    /// descriptor number would never be woken (the pool skips registering what it believes is registered). So
    /// sockets are shut down at once (the client sees the end of the stream) and closed by the sweeper.
    func retire(_ socket: Socket) {
        _ = shutdown(socket.file.rawValue, Int32(SHUT_RDWR))
        let overflow = locked { table -> [Socket] in
            guard table.deferringCloses else { return [socket] }
            table.retired.append((socket, .now))
            // Never hold more than a few hundred descriptors this way.
            guard table.retired.count > 256 else { return [] }
            defer { table.retired.removeFirst(64) }
            return table.retired.prefix(64).map(\.socket)
        }
        for socket in overflow { try? socket.close() }
    }

    /// Closes the retired sockets shut down at least `age` ago; when nil, all of them, and from then on each
    /// socket as it is retired (the server has stopped).
    func closeRetired(olderThan age: Duration?) {
        let now = ContinuousClock.now
        let due = locked { table -> [Socket] in
            if age == nil { table.deferringCloses = false }
            // Oldest first: everything before the first one too young is due.
            let split = table.retired.firstIndex { entry in age.map { now - entry.since < $0 } ?? false }
                ?? table.retired.endIndex
            defer { table.retired.removeSubrange(..<split) }
            return table.retired[..<split].map(\.socket)
        }
        for socket in due { try? socket.close() }
    }

    // MARK: The sweeper and stop

    /// The tasks of connections that have been in a phase longer than its timeout.
    func overdue(at now: ContinuousClock.Instant) -> [Task<Void, Never>] {
        locked { table in
            table.entries.values.compactMap { entry in
                guard let timeout = table.timeouts[entry.phase], now - entry.since > timeout else { return nil }
                return entry.task
            }
        }
    }

    /// Refuses new connections and idle waits from now on, and wakes the accept loop.
    func beginStopping() {
        let waiter = locked { table -> CheckedContinuation<Void, Never>? in
            table.stopping = true
            defer { table.slotWaiter = nil }
            return table.slotWaiter
        }
        waiter?.resume()
    }

    /// Cancels the connections in one of `phases` (all of them when nil).
    func cancel(in phases: Set<ConnectionPhase>? = nil) {
        let tasks = locked { table in
            table.entries.values.filter { phases?.contains($0.phase) ?? true }.compactMap(\.task)
        }
        for task in tasks { task.cancel() }
    }

    private func takeSlotWaiter() -> CheckedContinuation<Void, Never>? {
        locked { table in
            defer { table.slotWaiter = nil }
            return table.slotWaiter
        }
    }

    private func locked<T>(_ body: (ConnectionTable) throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body(self)
    }
}
