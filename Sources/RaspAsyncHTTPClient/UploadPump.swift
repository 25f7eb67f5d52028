import Foundation
import NIOCore
import RaspRuntime
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The streamed body of one request, as AsyncHTTPClient reads it: an async sequence of `ByteBuffer`s, read from the
/// ``/RaspRuntime/MessageBody`` by a task of its own up to `limit` bytes ahead of the connection.
///
/// The task of its own is what ``stop()`` needs: AsyncHTTPClient reads a body sequence in an unstructured task that
/// nothing cancels, so a source that never gives its next bytes would hold that task, and the source, after the
/// exchange ended. Stopping cancels the reading task (an `AsyncStream` then ends, a file is read no further) and ends
/// the sequence, so the source's iterator is let go at once.
///
/// A body that is one file alone (the usual upload) takes a shorter way: the connection's own reads fill `ByteBuffer`s
/// straight from the file, with no task of its own (a file never waits for bytes) and no copy through `Data`.
///
/// The sequence checks the length announced for the body, with the words of URLSession's feed: a body that ends short
/// of it or goes beyond fails (``failure``), and the last announced bytes go out only once the body is known to end
/// there, so a server never takes a complete request that is only the start of the body.
final class UploadPump: AsyncSequence, Sendable {
    typealias Element = ByteBuffer

    private struct State {
        /// Chunks read and not taken yet; those before `head` are taken.
        var chunks: [Data] = []
        var head = 0
        var buffered = 0
        /// The source has ended (or failed: `failure`).
        var ended = false
        var failure: MessageBody.ReadError?
        var stopped = false
        /// Whether the reading task was started, and the task.
        var started = false
        var task: Task<Void, Never>?
        /// Who waits: the connection for bytes, the reading task for room.
        var reader: CheckedContinuation<Data?, any Error>?
        var producer: CheckedContinuation<Void, Never>?
        /// When bytes last went to the connection.
        var lastRead: ContinuousClock.Instant?
    }

    private let body: MessageBody
    /// The file, when the body is one file alone (read by the iterator itself).
    private let file: URL?
    private let length: Int?
    private let limit: Int
    private let state = Locked(State())

    /// Creates a pump; nothing is read before the connection asks for the first bytes.
    /// - Parameters:
    ///   - body: The body.
    ///   - length: The length announced for it, if any.
    ///   - limit: The most bytes read ahead.
    init(body: MessageBody, length: Int?, limit: Int) {
        self.body = body
        self.file = body.file
        self.length = length
        self.limit = Swift.max(1, limit)
    }

    /// Why the body could not be sent, if it could not: a source that failed, or a length that does not match.
    var failure: MessageBody.ReadError? { state.withLock { $0.failure } }

    /// When bytes of the body last went to the connection (nil before the first): activity, for idle timeouts.
    var lastRead: ContinuousClock.Instant? { state.withLock { $0.lastRead } }

    /// Ends the pump when the exchange is over, however it ended: the reading task is cancelled and the connection's
    /// read, if one waits, throws.
    func stop() {
        let (task, reader, producer) = state.withLock { state in
            state.stopped = true
            state.chunks = []
            state.head = 0
            state.buffered = 0
            defer { (state.reader, state.producer) = (nil, nil) }
            return (state.task, state.reader, state.producer)
        }
        task?.cancel()
        reader?.resume(throwing: CancellationError())
        producer?.resume()
    }

    func makeAsyncIterator() -> Iterator {
        Iterator(pump: self)
    }

    /// Hands the chunks to the connection, checking them against the announced length.
    struct Iterator: AsyncIteratorProtocol {
        let pump: UploadPump
        private var produced = 0
        /// A chunk read to learn whether the body goes on past its announced length.
        private var lookahead: Data?
        /// The open file of a body that is one file.
        private var handle: FileHandle?

        init(pump: UploadPump) {
            self.pump = pump
        }

        mutating func next() async throws -> ByteBuffer? {
            if let file = pump.file { return try read(file) }
            let next: Data?
            if let lookahead {
                next = lookahead
                self.lookahead = nil
            } else {
                next = try await pump.take()
            }
            guard let chunk = next else {
                if let length = pump.length, produced < length {
                    throw pump.fail("the body ended after \(produced) of the \(length) bytes announced")
                }
                return nil
            }
            produced += chunk.count
            if let length = pump.length {
                if produced == length { lookahead = try await pump.take() }
                if produced > length || lookahead != nil {
                    throw pump.fail("the body is longer than the \(length) bytes announced")
                }
            }
            pump.state.withLock { $0.lastRead = .now }
            return ByteBuffer(bytes: chunk)
        }

        /// The next chunk of a body that is one file, read into a buffer of ``/RaspRuntime/MessageBody/fileChunkSize``
        /// bytes; nil at its end.
        private mutating func read(_ url: URL) throws -> ByteBuffer? {
            if pump.state.withLock({ $0.stopped }) { throw CancellationError() }
            let handle: FileHandle
            do {
                handle = try self.handle ?? FileHandle(forReadingFrom: url)
            } catch {
                throw pump.fail("cannot read \(url.path): \(error.localizedDescription)")
            }
            self.handle = handle
            var buffer = ByteBufferAllocator().buffer(capacity: MessageBody.fileChunkSize)
            let count = try buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: MessageBody.fileChunkSize) {
                try Self.read(handle, into: $0, url: url, pump: pump)
            }
            guard count > 0 else {
                try? handle.close()
                self.handle = nil
                if let length = pump.length, produced < length {
                    throw pump.fail("the body ended after \(produced) of the \(length) bytes announced")
                }
                return nil
            }
            produced += count
            if let length = pump.length {
                var probe = [UInt8](repeating: 0, count: 1)
                let more = produced == length
                    ? try probe.withUnsafeMutableBytes { try Self.read(handle, into: $0, url: url, pump: pump) } : 0
                if produced > length || more > 0 {
                    throw pump.fail("the body is longer than the \(length) bytes announced")
                }
            }
            pump.state.withLock { $0.lastRead = .now }
            return buffer
        }

        /// `read(2)` into `buffer`, retried when interrupted.
        private static func read(_ handle: FileHandle, into buffer: UnsafeMutableRawBufferPointer, url: URL,
                                 pump: UploadPump) throws -> Int {
            var count: Int
            repeat {
                #if canImport(Glibc)
                count = Glibc.read(handle.fileDescriptor, buffer.baseAddress, buffer.count)
                #else
                count = Darwin.read(handle.fileDescriptor, buffer.baseAddress, buffer.count)
                #endif
            } while count < 0 && errno == EINTR
            guard count >= 0 else { throw pump.fail("cannot read \(url.path): \(String(cString: strerror(errno)))") }
            return count
        }
    }

    /// Records a failure of the body (the first one), stops the pump and returns the error to throw.
    private func fail(_ reason: String) -> MessageBody.ReadError {
        let error = MessageBody.ReadError(reason)
        state.withLock { if $0.failure == nil { $0.failure = error } }
        stop()
        return error
    }

    /// The next chunk (never empty), or nil at the end of the body; starts the reading task on the first call.
    /// - Throws: ``/RaspRuntime/MessageBody/ReadError`` when the source failed, `CancellationError` once stopped.
    private func take() async throws -> Data? {
        try await withCheckedThrowingContinuation { continuation in
            var start = false
            typealias Taken = (Result<Data?, any Error>?, CheckedContinuation<Void, Never>?)
            let (ready, producer) = state.withLock { state -> Taken in
                if state.stopped { return (.failure(CancellationError()), nil) }
                if !state.started {
                    start = true
                    state.started = true
                }
                if state.head < state.chunks.count {
                    let chunk = state.chunks[state.head]
                    state.chunks[state.head] = Data()
                    state.head += 1
                    state.buffered -= chunk.count
                    if state.head == state.chunks.count {
                        state.chunks.removeAll(keepingCapacity: true)
                        state.head = 0
                    }
                    let producer = state.buffered < limit ? state.producer : nil
                    if producer != nil { state.producer = nil }
                    return (.success(chunk), producer)
                }
                if let failure = state.failure { return (.failure(failure), nil) }
                if state.ended { return (.success(nil), nil) }
                state.reader = continuation
                return (nil, nil)
            }
            producer?.resume()
            if start { startReading() }
            if let ready { continuation.resume(with: ready) }
        }
    }

    /// Starts the task that reads the body into the buffer.
    private func startReading() {
        let body = self.body
        let task = Task { [self] in
            do {
                for try await chunk in body where !chunk.isEmpty {
                    guard await put(chunk) else { return }
                }
                end(failure: nil)
            } catch let error as MessageBody.ReadError {
                end(failure: error)
            } catch is CancellationError {
                end(failure: nil)
            } catch {
                end(failure: MessageBody.ReadError("the body's sequence failed: \(error)", underlying: error))
            }
        }
        let stopped = state.withLock { state in
            state.task = task
            return state.stopped
        }
        if stopped { task.cancel() }
    }

    /// Hands a chunk to the waiting connection or buffers it, then waits while `limit` bytes or more are buffered;
    /// false once stopped.
    private func put(_ chunk: Data) async -> Bool {
        let (reader, wait) = state.withLock { state -> (CheckedContinuation<Data?, any Error>?, Bool) in
            guard !state.stopped else { return (nil, false) }
            if let reader = state.reader {
                // A reader waits only when nothing is buffered: this chunk is the next one.
                state.reader = nil
                return (reader, false)
            }
            state.chunks.append(chunk)
            state.buffered += chunk.count
            return (nil, state.buffered >= limit)
        }
        reader?.resume(returning: chunk)
        if wait {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let resume = state.withLock { state -> Bool in
                    guard !state.stopped, state.buffered >= limit else { return true }
                    state.producer = continuation
                    return false
                }
                if resume { continuation.resume() }
            }
        }
        return !state.withLock { $0.stopped }
    }

    /// Records the end of the source (a failure when it could not be read) and wakes the connection's read.
    private func end(failure: MessageBody.ReadError?) {
        let reader = state.withLock { state -> CheckedContinuation<Data?, any Error>? in
            guard !state.stopped else { return nil }
            state.ended = true
            if state.failure == nil { state.failure = failure }
            defer { state.reader = nil }
            return state.reader
        }
        if let failure {
            reader?.resume(throwing: failure)
        } else {
            reader?.resume(returning: nil)
        }
    }
}
