public import Foundation
import RaspRuntime
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension URLSessionTransport {
    /// The most bytes of a streamed body held in memory while the reader is behind (1 MiB); the rest waits in a
    /// temporary file (see ``stream(_:baseURL:)``).
    public static let streamMemoryLimit = 1 << 20

    /// Streams the response: returns the head as soon as it arrives, then hands over each chunk as it comes off the
    /// connection (a data task with a `URLSessionDataDelegate`, not `URLSession.bytes(for:)`, which has the
    /// cancellation deadlock `run` describes and does not exist on Linux).
    ///
    /// - The request's timeout (or ``defaultTimeout``) is an idle timeout: the call, then the body, throws
    ///   ``/RaspRuntime/ClientError/timeout(operationID:underlyingError:)`` when nothing has arrived (nor, while a
    ///   streamed request body goes out, been sent) for that long, however long the whole stream lasts.
    /// - Cancelling the task that waits for the head or reads the body, or releasing the body's iterator (or the
    ///   body, never iterated), cancels the data task, which closes the connection; the read throws
    ///   ``/RaspRuntime/ClientError/cancelled(operationID:)`` at once and the rest of the body is discarded as it
    ///   arrives. The body can be iterated once. On Linux the data task's `cancel()` waits for the session's work
    ///   queue, which a body arriving as fast as loopback allows can keep busy to its end (measured: a 2 GB loopback
    ///   body went on for 3 s after the cancel); at network speed, and in the tests, the connection closes within
    ///   milliseconds.
    /// - A connection that fails mid-body makes the read throw, after the chunks received before it, a
    ///   ``/RaspRuntime/ClientError`` (`.noConnection` for a dropped connection), never a silent end.
    /// - Chunks the reader has not taken yet stay in memory up to ``streamMemoryLimit``; beyond it they go to an
    ///   unlinked temporary file and are read back in order. This, not `URLSessionTask.suspend()`, bounds the
    ///   memory of a slow reader: on Linux, suspending a running data task removes its transfer from libcurl
    ///   (the connection closes) and `resume()` sends the request again, so the body arrives twice (measured: a
    ///   second GET, 6 MiB received for a 5 MiB body). The network is therefore never paused; a reader that never
    ///   catches up costs disk, not memory.
    /// - Each stream has its own session (the transport's configuration, without a cache) whose delegate is the
    ///   stream, invalidated when the stream ends: no task registry that could outlive a stream, and on Linux the
    ///   session is released only once invalidated. The price is a new connection per stream, small next to a
    ///   long-lived body.
    public func stream(_ request: ClientRequest, baseURL: URL) async throws -> (ClientResponseHead, MessageBody) {
        var (urlRequest, timeout) = try makeURLRequest(request, baseURL: baseURL)
        let outgoing = try attachBody(of: request, to: &urlRequest, fileTask: true, timeout: timeout)
        let stream = DataStream(request: request, idleTimeout: timeout, memoryLimit: Self.streamMemoryLimit,
                                outgoing: outgoing)
        let owner = DataStream.Handle(stream, iterator: false)
        stream.start(urlRequest, configuration: sessionConfiguration())
        let head = try await stream.head()
        let body = MessageBody { [owner] in
            let iterator = DataStream.Handle(owner.stream, iterator: true)
            return { try await iterator.stream.next() }
        }
        return (head, body)
    }
}

extension URLSessionTransport {
    /// The configuration of a stream's own session: the transport's configuration without a response cache.
    func sessionConfiguration() -> URLSessionConfiguration {
        // A copy: on Linux `session.configuration` is the session's own object, not a copy as on Apple systems.
        let configuration = session.configuration.copy() as? URLSessionConfiguration ?? .default
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        return configuration
    }
}

/// One streamed response: the delegate of its session, the chunks received and not yet read, and whoever waits for
/// the head or the next chunk. Delegate calls arrive in order on the session's serial queue; all state is behind
/// one lock, and continuations are resumed only after it is released: resuming takes the waiting task's status
/// lock, which a concurrent `Task.cancel()` holds while its cancellation handler (``cancel()``) waits for this
/// lock (the test that cancels a reader deadlocked this way when a chunk arrived at the same moment).
final class DataStream: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    /// A reference to the stream, kept by the body and by each of its iterators, that ends the stream when the
    /// reading is over: an iterator cancels it when released (after the end, that changes nothing); the body
    /// only if it was never iterated, since it may be released (its last use) while its iterator still reads.
    final class Handle: Sendable {
        let stream: DataStream
        private let isIterator: Bool

        init(_ stream: DataStream, iterator: Bool) {
            self.stream = stream
            self.isIterator = iterator
            if iterator { stream.state.withLock { $0.iterated = true } }
        }

        deinit {
            if isIterator || !stream.state.withLock({ $0.iterated }) { stream.cancel() }
        }
    }

    private struct State {
        var response: Result<ClientResponseHead, any Error>?
        var headWaiter: CheckedContinuation<ClientResponseHead, any Error>?
        var buffer: SpillBuffer
        var reader: CheckedContinuation<Data?, any Error>?
        /// How the network side ended (the first ending wins: a timeout or cancellation before the task's own).
        var end: Result<Void, any Error>?
        var cancelled = false
        /// Whether an iterator was made (see ``Handle``).
        var iterated = false
        var lastActivity = ContinuousClock.now
        var task: URLSessionTask?
        var watchdog: Task<Void, Never>?
    }

    private let request: ClientRequest
    private let idleTimeout: Duration
    private let state: Locked<State>
    /// How the request's body goes out.
    private let outgoing: URLSessionTransport.OutgoingBody
    private var operationID: String { request.operationID }

    init(request: ClientRequest, idleTimeout: Duration, memoryLimit: Int,
         outgoing: URLSessionTransport.OutgoingBody = .inMemory) {
        self.request = request
        self.idleTimeout = idleTimeout
        self.state = Locked(State(buffer: SpillBuffer(memoryLimit: memoryLimit)))
        self.outgoing = outgoing
    }

    /// Starts the data task (an upload task for a body that is one file) in a session of its own, and the idle
    /// watchdog.
    ///
    /// The session and its task are made and resumed off the caller's thread (see `SessionCalls`); a stream that
    /// ended before then (cancelled) never starts its task.
    func start(_ request: URLRequest, configuration: URLSessionConfiguration) {
        SessionCalls.async("RaspRuntime.DataStream.start") { [self] in
            let queue = OperationQueue()
            queue.maxConcurrentOperationCount = 1
            let session = URLSession(configuration: configuration, delegate: self, delegateQueue: queue)
            let task: URLSessionTask
            if case .file(let file) = outgoing {
                task = session.uploadTask(with: request, fromFile: file)
            } else {
                task = session.dataTask(with: request)
            }
            let started = state.withLock { state -> Bool in
                guard state.end == nil else { return false }
                state.task = task
                state.lastActivity = .now
                return true
            }
            guard started else {
                outgoing.feed?.stop()
                session.invalidateAndCancel()
                return
            }
            // The watchdog ends on its own once the stream has ended, should that happen before it is stored.
            let watchdog = watch()
            state.withLock { $0.watchdog = watchdog }
            task.resume()
        }
    }

    /// Waits for the response head.
    /// - Throws: ``/RaspRuntime/ClientError`` (or ``/RaspRuntime/FileStorageError``) when the exchange ends first.
    func head() async throws -> ClientResponseHead {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let ready = state.withLock { state -> Result<ClientResponseHead, any Error>? in
                    if state.response == nil { state.headWaiter = continuation }
                    return state.response
                }
                if let ready { continuation.resume(with: ready) }
            }
        } onCancel: {
            cancel()
        }
    }

    /// The next chunk, or nil at the end of the body.
    /// - Throws: ``/RaspRuntime/ClientError`` when the exchange failed, timed out or was cancelled.
    func next() async throws -> Data? {
        if Task.isCancelled { cancel() }
        if let ready = state.withLock({ Self.take(&$0, operationID: operationID) }) { return try ready.get() }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let ready = state.withLock { state -> Result<Data?, any Error>? in
                    if let ready = Self.take(&state, operationID: operationID) { return ready }
                    guard state.reader == nil else {
                        return .failure(ClientError.invalidRequest(
                            operationID: operationID, reason: "the streamed body is already being read"))
                    }
                    state.reader = continuation
                    return nil
                }
                if let ready { continuation.resume(with: ready) }
            }
        } onCancel: {
            cancel()
        }
    }

    /// Ends the stream for its reader: the data task is cancelled (closing the connection), reads throw
    /// ``/RaspRuntime/ClientError/cancelled(operationID:)``.
    func cancel() {
        state.withLock { $0.cancelled = true }
        finish(.failure(ClientError.cancelled(operationID: operationID)), cancelTask: true)
    }

    // MARK: URLSessionDataDelegate (on the session's serial queue)

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @Sendable @escaping (URLSession.ResponseDisposition) -> Void) {
        let head = Result { try URLSessionTransport.head(of: response, request: request) }
        state.withLock { state in
            state.lastActivity = .now
            if state.response == nil { state.response = head }
            return Self.settle(&state, operationID: operationID)
        }.resume()
        if case .failure(let error) = head { finish(.failure(error), cancelTask: true) }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        var wakeups = Wakeups()
        let failure = state.withLock { state -> (any Error)? in
            guard state.end == nil else { return nil }
            state.lastActivity = .now
            if let reader = state.reader {
                // A reader waits only when nothing is buffered: this chunk is the next one.
                state.reader = nil
                wakeups.reader = (reader, .success(data))
                return nil
            }
            do {
                try state.buffer.append(data)
                return nil
            } catch {
                return error
            }
        }
        wakeups.resume()
        if let failure { finish(.failure(failure), cancelTask: true) }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        session.finishTasksAndInvalidate()
        state.withLock { $0.task = nil }
        outgoing.feed?.stop()
        if let failure = outgoing.feed?.error as? MessageBody.ReadError {
            finish(.failure(ClientError(uploadError: failure, operationID: operationID)), cancelTask: false)
        } else if let error {
            finish(.failure(ClientError(transportError: error, operationID: operationID)), cancelTask: false)
        } else {
            finish(.success(()), cancelTask: false)
        }
    }

    // MARK: Internals

    /// Records how the network side ended (once), wakes the waiters it answers, stops the watchdog and, if asked,
    /// cancels the data task, once.
    ///
    /// The cancel runs off the caller's path (like `URLSessionTransport.run`) on a serial queue of its own, not on
    /// `DispatchQueue.global()`: on Linux, `URLSessionTask.cancel()` waits (`sync`) for the session's work queue,
    /// which a fast body can keep busy for seconds, and on two cores such waits on the global queue's threads
    /// stalled every task of the process (the next stream's head took 8 s); a private serial queue gets a thread
    /// of its own.
    private func finish(_ outcome: Result<Void, any Error>, cancelTask: Bool) {
        let (task, watchdog, wakeups) = state.withLock { state -> (URLSessionTask?, Task<Void, Never>?, Wakeups) in
            if state.end == nil { state.end = outcome }
            if state.response == nil {
                if case .failure(let error)? = state.end {
                    state.response = .failure(error)
                } else {
                    state.response = .failure(ClientError.noConnection(operationID: operationID, reason: "no response"))
                }
            }
            if state.cancelled { state.buffer = SpillBuffer(memoryLimit: 0) }
            defer {
                state.watchdog = nil
                if cancelTask { state.task = nil }
            }
            return (cancelTask ? state.task : nil, state.watchdog, Self.settle(&state, operationID: operationID))
        }
        wakeups.resume()
        watchdog?.cancel()
        if let task {
            // A body stream waiting for bytes holds the session's work queue, which the cancel needs.
            outgoing.feed?.stop()
            SessionCalls.async("RaspRuntime.DataStream.cancel") { task.cancel() }
        }
    }

    /// Fails the stream with ``/RaspRuntime/ClientError/timeout(operationID:underlyingError:)`` once nothing has
    /// arrived for `idleTimeout`.
    private func watch() -> Task<Void, Never> {
        let timeout = idleTimeout
        return Task { [weak self] in
            var wake = ContinuousClock.now + timeout
            while true {
                try? await Task.sleep(until: wake, clock: .continuous)
                guard !Task.isCancelled, let self else { return }
                let received = self.state.withLock { $0.end == nil ? $0.lastActivity : nil }
                guard let received else { return }
                // Bytes of the request body going out count as activity too.
                let last = max(received, self.outgoing.feed?.lastRead ?? received)
                if ContinuousClock.now - last >= timeout {
                    self.finish(.failure(ClientError.timeout(operationID: self.operationID)), cancelTask: true)
                    return
                }
                wake = last + timeout
            }
        }
    }

    /// The waiters to resume, taken out of the state under the lock and resumed after it.
    private struct Wakeups {
        var head: (CheckedContinuation<ClientResponseHead, any Error>, Result<ClientResponseHead, any Error>)?
        var reader: (CheckedContinuation<Data?, any Error>, Result<Data?, any Error>)?

        /// Resumes them (never under the lock).
        func resume() {
            if let (continuation, result) = head { continuation.resume(with: result) }
            if let (continuation, result) = reader { continuation.resume(with: result) }
        }
    }

    /// Takes out the head waiter and the reader if the state now answers them.
    private static func settle(_ state: inout State, operationID: String) -> Wakeups {
        var wakeups = Wakeups()
        if let waiter = state.headWaiter, let response = state.response {
            state.headWaiter = nil
            wakeups.head = (waiter, response)
        }
        if let reader = state.reader, let ready = take(&state, operationID: operationID) {
            state.reader = nil
            wakeups.reader = (reader, ready)
        }
        return wakeups
    }

    /// What a read gets now: cancellation first, then the buffered chunks, then the ending; nil means wait.
    private static func take(_ state: inout State, operationID: String) -> Result<Data?, any Error>? {
        if state.cancelled { return .failure(ClientError.cancelled(operationID: operationID)) }
        do {
            if let chunk = try state.buffer.next() { return .success(chunk) }
        } catch {
            return .failure(error)
        }
        switch state.end {
        case nil: return nil
        case .success: return .success(nil)
        case .failure(let error): return .failure(error)
        }
    }
}

/// Chunks received and not yet read, in order: in memory up to `memoryLimit` bytes, then in an unlinked temporary
/// file (nothing is left behind, whatever happens to the process) until the reader has drained it.
struct SpillBuffer {
    /// The most bytes kept in memory.
    let memoryLimit: Int
    /// The most bytes of small chunks handed over as one piece.
    static let joinLimit = 1 << 16
    /// Chunks in memory; those before `head` have been read.
    private var chunks: [Data] = []
    private var head = 0
    private var memoryBytes = 0
    private var file: FileHandle?
    private var readOffset: UInt64 = 0
    private var writeOffset: UInt64 = 0

    init(memoryLimit: Int) {
        self.memoryLimit = memoryLimit
    }

    /// Adds a chunk: to memory while it fits and nothing waits in the file, otherwise to the file.
    /// - Throws: ``/RaspRuntime/FileStorageError`` when the temporary file cannot be written.
    mutating func append(_ data: Data) throws {
        if readOffset == writeOffset, memoryBytes + data.count <= memoryLimit {
            chunks.append(data)
            memoryBytes += data.count
            return
        }
        do {
            let file = try self.file ?? Self.makeFile()
            self.file = file
            try file.seek(toOffset: writeOffset)
            try file.write(contentsOf: data)
        } catch let error as FileStorageError {
            throw error
        } catch {
            throw FileStorageError(path: "(stream buffer)", reason: "cannot write: \(error.localizedDescription)")
        }
        writeOffset += UInt64(data.count)
    }

    /// What has not been read yet, oldest first (memory first: the file only fills once memory is full), or nil.
    /// Small chunks held in memory come out together, up to ``joinLimit`` bytes: a reader that fell behind many
    /// small chunks (a server-sent event each) catches up in one step instead of one hand-over per chunk, while big
    /// chunks (a download's) are handed over as they are, without a copy.
    /// - Throws: ``/RaspRuntime/FileStorageError`` when the temporary file cannot be read.
    mutating func next() throws -> Data? {
        if head < chunks.count {
            var piece = chunks[head]
            head += 1
            if head < chunks.count, piece.count + chunks[head].count <= Self.joinLimit {
                piece.reserveCapacity(Self.joinLimit)
                while head < chunks.count, piece.count + chunks[head].count <= Self.joinLimit {
                    piece.append(chunks[head])
                    head += 1
                }
            }
            memoryBytes -= piece.count
            if head == chunks.count {
                chunks.removeAll(keepingCapacity: true)
                head = 0
            } else if head >= 64, head * 2 >= chunks.count {
                // A reader that never quite catches up must not keep the chunks it has read alive.
                chunks.removeFirst(head)
                head = 0
            }
            return piece
        }
        guard let file, readOffset < writeOffset else { return nil }
        do {
            try file.seek(toOffset: readOffset)
            let chunk = try file.read(upToCount: Int(min(writeOffset - readOffset, 1 << 16))) ?? Data()
            guard !chunk.isEmpty else { throw CocoaError(.fileReadCorruptFile) }
            readOffset += UInt64(chunk.count)
            if readOffset == writeOffset {
                try file.truncate(atOffset: 0)
                (readOffset, writeOffset) = (0, 0)
            }
            return chunk
        } catch {
            throw FileStorageError(path: "(stream buffer)", reason: "cannot read back: \(error.localizedDescription)")
        }
    }

    private static func makeFile() throws -> FileHandle {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("rasp-stream-\(UUID().uuidString)")
        guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
            throw FileStorageError(path: url.path, reason: "cannot create the stream buffer")
        }
        defer { try? FileManager.default.removeItem(at: url) }
        return try FileHandle(forUpdating: url)
    }
}
