import Foundation

/// What the `/_stream/` routes of ``MockServer`` did, summed over every stream the server has sent, so a test can
/// check from the server's side that a client read a stream, or stopped it (``MockServer/streamStats()``).
public struct StreamStats: Sendable, Hashable {
    /// Stream bodies begun (the head was sent and the body started).
    public var started = 0
    /// Chunks written to connections: events (SSE, the `[DONE]` event included), lines (JSONL) or byte chunks.
    /// A chunk counts once the server has handed all of it to the socket, not when it is produced.
    public var written = 0
    /// Streams that sent their whole body.
    public var completed = 0
    /// Streams cut on purpose by the `drop-after=K` fault.
    public var dropped = 0
    /// Streams that ended early because their connection failed (the client went away) or the server stopped.
    public var cancelled = 0

    /// Streams still sending (or stalled).
    public var active: Int { started - completed - dropped - cancelled }

    /// Creates stats.
    public init(started: Int = 0, written: Int = 0, completed: Int = 0, dropped: Int = 0, cancelled: Int = 0) {
        self.started = started
        self.written = written
        self.completed = completed
        self.dropped = dropped
        self.cancelled = cancelled
    }
}

extension MockServer {
    /// What the `/_stream/` routes did so far (see ``StreamStats``).
    public nonisolated func streamStats() -> StreamStats { streams.stats }
}

/// The server's ``StreamStats`` and the `X-Mock-Fault-Times` budget of the stream routes, updated from the
/// connections' tasks (a lock, not the actor: stream bodies are produced outside it).
final class StreamRecorder: @unchecked Sendable {
    private let lock = NSLock()
    private var current = StreamStats()
    private var faultsByRoute: [String: Int] = [:]

    /// The stats so far.
    var stats: StreamStats { locked { $0 } }

    /// Whether a request of `route` that asks for faults gets them (the first `times` ones, or all).
    func injectFault(route: String, times: Int?) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        let count = faultsByRoute[route, default: 0]
        guard times.map({ count < $0 }) ?? true else { return false }
        faultsByRoute[route] = count + 1
        return true
    }

    func begin() { locked { $0.started += 1 } }

    func wrote() { locked { $0.written += 1 } }

    func end(_ ending: StreamTracker.Ending) {
        locked { stats in
            switch ending {
            case .completed: stats.completed += 1
            case .dropped: stats.dropped += 1
            case .cancelled: stats.cancelled += 1
            }
        }
    }

    private func locked<T>(_ body: (inout StreamStats) -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body(&current)
    }
}

/// Follows one stream body: counts the chunks the connection took and records how the stream ended when the body
/// is released (when the body has been written, or has failed: it was dropped, or its connection failed).
final class StreamTracker: @unchecked Sendable {
    /// How a stream ended.
    enum Ending {
        case completed, dropped, cancelled
    }

    private let recorder: StreamRecorder
    private let lock = NSLock()
    private var ending = Ending.cancelled

    init(recorder: StreamRecorder) {
        self.recorder = recorder
        recorder.begin()
    }

    /// A chunk was written to the connection.
    func wrote() { recorder.wrote() }

    /// Marks how the stream ends (the default, if nothing is marked, is cancelled).
    func mark(_ ending: Ending) {
        lock.lock()
        defer { lock.unlock() }
        self.ending = ending
    }

    deinit {
        recorder.end(ending)
    }
}
