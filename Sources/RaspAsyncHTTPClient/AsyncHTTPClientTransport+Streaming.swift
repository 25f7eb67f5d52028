import AsyncHTTPClient
public import Foundation
import NIOCore
public import RaspRuntime

extension AsyncHTTPClientTransport {
    /// Streams the response: returns the head as soon as it arrives, then hands over the body as it comes off the
    /// connection.
    ///
    /// - The request's timeout (or ``defaultTimeout``) is an idle timeout: the call, then the body, throws
    ///   ``/RaspRuntime/ClientError/timeout(operationID:underlyingError:)`` when nothing has arrived (nor, while a
    ///   streamed request body goes out, been sent) for that long, however long the whole stream lasts. Time the
    ///   connection spends paused for a reader that is behind does not count.
    /// - Cancelling the task that waits for the head or reads the body, or releasing the body's iterator (or the
    ///   body, never iterated), closes the connection; the read throws
    ///   ``/RaspRuntime/ClientError/cancelled(operationID:)``. The body can be iterated once.
    /// - A connection that fails mid-body makes the read throw, after the chunks received before it, a
    ///   ``/RaspRuntime/ClientError`` (`.noConnection`, "connection lost"), never a silent end.
    /// - Chunks the reader has not taken yet stay in memory up to ``streamMemoryLimit``; then the connection stops
    ///   reading (SwiftNIO's back-pressure) until the reader catches up, so a slow reader costs neither memory nor
    ///   disk. Small chunks that waited are handed over together, up to 64 KiB.
    /// - Streams share the client's connection pool (URLSession's transport makes a session, and a connection, per
    ///   stream).
    public func stream(_ request: ClientRequest, baseURL: URL) async throws -> (ClientResponseHead, MessageBody) {
        let (outgoing, upload, timeout) = try makeRequest(request, baseURL: baseURL)
        let stream = ResponseStream(operationID: request.operationID, idleTimeout: timeout,
                                    memoryLimit: Self.streamMemoryLimit, upload: upload)
        let owner = ResponseStream.Handle(stream, iterator: false)
        stream.start(outgoing, client: client)
        let head = try await stream.head()
        let body = MessageBody { [owner] in
            let iterator = ResponseStream.Handle(owner.stream, iterator: true)
            return { try await iterator.stream.next() }
        }
        return (head, body)
    }
}

/// One streamed response: a task of its own runs the exchange (the request, then the body into a buffer of at most
/// `memoryLimit` bytes), the reader takes chunks from the buffer, and a watchdog ends the exchange after
/// `idleTimeout` of silence. The exchange's task is what cancelling, timing out and releasing the body cancel: a
/// read in progress on the reader's own task could not be ended from the watchdog.
///
/// All state is behind one lock, and continuations are resumed only after it is released (a concurrent
/// `Task.cancel()` holds the waiting task's status lock while its cancellation handler waits for this lock).
final class ResponseStream: Sendable {
    /// A reference to the stream, kept by the body and by each of its iterators, that ends the stream when the
    /// reading is over: an iterator cancels it when released (after the end, that changes nothing); the body only if
    /// it was never iterated, since it may be released (its last use) while its iterator still reads.
    final class Handle: Sendable {
        let stream: ResponseStream
        private let isIterator: Bool

        init(_ stream: ResponseStream, iterator: Bool) {
            self.stream = stream
            self.isIterator = iterator
            if iterator { stream.markIterated() }
        }

        deinit {
            if isIterator || !stream.wasIterated { stream.cancel() }
        }
    }

    private struct State {
        var head: Result<ClientResponseHead, any Error>?
        var headWaiter: CheckedContinuation<ClientResponseHead, any Error>?
        /// Chunks received and not read yet; those before `first` have been read.
        var chunks: [ByteBuffer] = []
        var first = 0
        var buffered = 0
        var reader: CheckedContinuation<Data?, any Error>?
        /// The exchange, waiting for the reader to make room.
        var producer: CheckedContinuation<Void, Never>?
        /// How the network side ended (the first ending wins: a timeout or cancellation before the exchange's own).
        var end: Result<Void, any Error>?
        var cancelled = false
        /// Whether an iterator was made (see ``Handle``).
        var iterated = false
        var lastActivity = ContinuousClock.now
        var exchange: Task<Void, Never>?
        var watchdog: Task<Void, Never>?
    }

    /// The most bytes of small chunks handed over as one piece.
    static let joinLimit = 1 << 16

    private let operationID: String
    private let idleTimeout: Duration
    private let memoryLimit: Int
    /// The streamed request body, if any: its progress is activity, and it stops with the exchange.
    private let upload: UploadPump?
    private let state = Locked(State())

    init(operationID: String, idleTimeout: Duration, memoryLimit: Int, upload: UploadPump?) {
        self.operationID = operationID
        self.idleTimeout = idleTimeout
        self.memoryLimit = max(1, memoryLimit)
        self.upload = upload
    }

    /// Records that an iterator was made (see ``Handle``).
    fileprivate func markIterated() {
        state.withLock { $0.iterated = true }
    }

    /// Whether an iterator was made.
    fileprivate var wasIterated: Bool { state.withLock { $0.iterated } }

    /// Starts the exchange and the idle watchdog.
    func start(_ request: HTTPClientRequest, client: HTTPClient) {
        let exchange = Task { [self] in await run(request, client: client) }
        let watchdog = watch()
        let ended = state.withLock { state -> Bool in
            state.exchange = exchange
            state.watchdog = watchdog
            return state.end != nil
        }
        if ended {
            // Cancelled before the tasks were stored: nothing else will stop them.
            exchange.cancel()
            watchdog.cancel()
        }
    }

    /// Waits for the response head.
    /// - Throws: ``/RaspRuntime/ClientError`` when the exchange ends first.
    func head() async throws -> ClientResponseHead {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let ready = state.withLock { state -> Result<ClientResponseHead, any Error>? in
                    if state.head == nil { state.headWaiter = continuation }
                    return state.head
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
        var wakeups = Wakeups()
        let ready = state.withLock { Self.take(&$0, wakeups: &wakeups, operationID: operationID) }
        wakeups.resume()
        if let ready { return try ready.get() }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                var wakeups = Wakeups()
                let ready = state.withLock { state -> Result<Data?, any Error>? in
                    if let ready = Self.take(&state, wakeups: &wakeups, operationID: operationID) { return ready }
                    guard state.reader == nil else {
                        return .failure(ClientError.invalidRequest(
                            operationID: operationID, reason: "the streamed body is already being read"))
                    }
                    state.reader = continuation
                    return nil
                }
                wakeups.resume()
                if let ready { continuation.resume(with: ready) }
            }
        } onCancel: {
            cancel()
        }
    }

    /// Ends the stream for its reader: the exchange is cancelled (closing the connection), reads throw
    /// ``/RaspRuntime/ClientError/cancelled(operationID:)``.
    func cancel() {
        state.withLock { $0.cancelled = true }
        finish(.failure(ClientError.cancelled(operationID: operationID)), cancelExchange: true)
    }

    // MARK: The exchange (on its own task)

    /// Sends the request, then reads the body into the buffer until it ends, fails, or the stream ends.
    private func run(_ request: HTTPClientRequest, client: HTTPClient) async {
        defer { upload?.stop() }
        do {
            let response = try await client.execute(request, deadline: .distantFuture)
            let head = AsyncHTTPClientTransport.head(of: response)
            var wakeups = Wakeups()
            state.withLock { state in
                state.lastActivity = .now
                if state.head == nil { state.head = .success(head) }
                Self.settle(&state, wakeups: &wakeups, operationID: operationID)
            }
            wakeups.resume()
            for try await chunk in response.body {
                guard await put(chunk) else { return }
            }
            finish(.success(()), cancelExchange: false)
        } catch {
            let failure = upload?.failure.map { ClientError(uploadError: $0, operationID: operationID) }
                ?? TransportErrors.map(error, operationID: operationID)
            finish(.failure(failure), cancelExchange: false)
        }
    }

    /// Hands a chunk to the waiting reader or buffers it, then waits while the buffer is full; false once the
    /// stream has ended (the exchange then stops reading).
    private func put(_ chunk: ByteBuffer) async -> Bool {
        let (reader, wait) = state.withLock { state -> (CheckedContinuation<Data?, any Error>?, Bool?) in
            guard state.end == nil else { return (nil, nil) }
            state.lastActivity = .now
            if let reader = state.reader {
                // A reader waits only when nothing is buffered: this chunk is the next one.
                state.reader = nil
                return (reader, false)
            }
            state.chunks.append(chunk)
            state.buffered += chunk.readableBytes
            return (nil, state.buffered >= memoryLimit)
        }
        guard let wait else { return false }
        reader?.resume(returning: chunk.withUnsafeReadableBytes { Data($0) })
        if wait {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let resume = state.withLock { state -> Bool in
                    guard state.end == nil, state.buffered >= memoryLimit else { return true }
                    state.producer = continuation
                    return false
                }
                if resume { continuation.resume() }
            }
        }
        return state.withLock { $0.end == nil }
    }

    /// Records how the network side ended (once), wakes the waiters it answers, stops the watchdog and, if asked,
    /// cancels the exchange (closing the connection) and the upload.
    private func finish(_ outcome: Result<Void, any Error>, cancelExchange: Bool) {
        var wakeups = Wakeups()
        let (exchange, watchdog) = state.withLock { state -> (Task<Void, Never>?, Task<Void, Never>?) in
            if state.end == nil { state.end = outcome }
            if state.head == nil {
                if case .failure(let error)? = state.end {
                    state.head = .failure(error)
                } else {
                    state.head = .failure(ClientError.noConnection(operationID: operationID, reason: "no response"))
                }
            }
            if state.cancelled {
                state.chunks = []
                state.first = 0
                state.buffered = 0
            }
            if let producer = state.producer {
                state.producer = nil
                wakeups.producer = producer
            }
            Self.settle(&state, wakeups: &wakeups, operationID: operationID)
            defer { state.watchdog = nil }
            return (cancelExchange ? state.exchange : nil, state.watchdog)
        }
        wakeups.resume()
        watchdog?.cancel()
        if cancelExchange {
            upload?.stop()
            exchange?.cancel()
        }
    }

    /// Fails the stream with ``/RaspRuntime/ClientError/timeout(operationID:underlyingError:)`` once nothing has
    /// arrived (or gone out) for `idleTimeout`, the connection not being paused for the reader.
    private func watch() -> Task<Void, Never> {
        let timeout = idleTimeout
        return Task { [weak self] in
            var wake = ContinuousClock.now + timeout
            while true {
                try? await Task.sleep(until: wake, clock: .continuous)
                guard !Task.isCancelled, let self else { return }
                let received = self.state.withLock { state -> ContinuousClock.Instant? in
                    guard state.end == nil else { return nil }
                    // Paused for a reader that is behind: the silence is the reader's, not the server's.
                    if state.producer != nil { state.lastActivity = .now }
                    return state.lastActivity
                }
                guard let received else { return }
                let last = max(received, self.upload?.lastRead ?? received)
                if ContinuousClock.now - last >= timeout {
                    self.finish(.failure(ClientError.timeout(operationID: self.operationID)), cancelExchange: true)
                    return
                }
                wake = last + timeout
            }
        }
    }

    // MARK: State transitions (under the lock)

    /// The waiters to resume, taken out of the state under the lock and resumed after it.
    private struct Wakeups {
        var head: (CheckedContinuation<ClientResponseHead, any Error>, Result<ClientResponseHead, any Error>)?
        var reader: (CheckedContinuation<Data?, any Error>, Result<Data?, any Error>)?
        var producer: CheckedContinuation<Void, Never>?

        /// Resumes them (never under the lock).
        func resume() {
            if let (continuation, result) = head { continuation.resume(with: result) }
            if let (continuation, result) = reader { continuation.resume(with: result) }
            producer?.resume()
        }
    }

    /// Takes out the head waiter and the reader if the state now answers them.
    private static func settle(_ state: inout State, wakeups: inout Wakeups, operationID: String) {
        if let waiter = state.headWaiter, let head = state.head {
            state.headWaiter = nil
            wakeups.head = (waiter, head)
        }
        if let reader = state.reader, let ready = take(&state, wakeups: &wakeups, operationID: operationID) {
            state.reader = nil
            wakeups.reader = (reader, ready)
        }
    }

    /// What a read gets now: cancellation first, then the buffered chunks (small ones joined, up to
    /// ``joinLimit``), then the ending; nil means wait. Taking room back wakes the exchange if it waits for it.
    private static func take(_ state: inout State, wakeups: inout Wakeups,
                             operationID: String) -> Result<Data?, any Error>? {
        if state.cancelled { return .failure(ClientError.cancelled(operationID: operationID)) }
        if state.first < state.chunks.count {
            var piece = Data(capacity: min(state.buffered, max(joinLimit, state.chunks[state.first].readableBytes)))
            repeat {
                let chunk = state.chunks[state.first]
                guard piece.isEmpty || piece.count + chunk.readableBytes <= joinLimit else { break }
                chunk.withUnsafeReadableBytes { piece.append(contentsOf: $0) }
                state.chunks[state.first] = ByteBuffer()
                state.first += 1
            } while state.first < state.chunks.count
            state.buffered -= piece.count
            if state.first == state.chunks.count {
                state.chunks.removeAll(keepingCapacity: true)
                state.first = 0
            } else if state.first >= 64, state.first * 2 >= state.chunks.count {
                state.chunks.removeFirst(state.first)
                state.first = 0
            }
            if let producer = state.producer {
                // Room again: the connection reads on (its next chunk waits again if the buffer is still full), and
                // its pause was not silence.
                state.producer = nil
                state.lastActivity = .now
                wakeups.producer = producer
            }
            return .success(piece)
        }
        switch state.end {
        case nil: return nil
        case .success: return .success(nil)
        case .failure(let error): return .failure(error)
        }
    }
}
