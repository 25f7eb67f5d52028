import Foundation
import RaspRuntime
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Hands a request body to a synchronous reader: the body stream `URLSession` reads, which must return bytes (or the
/// end) when asked and cannot be told to come back later.
///
/// Bytes in memory are copied and files are read (straight into the reader's buffer) in ``read(into:count:)``
/// itself, so those parts never wait on another thread. An async sequence part is read ahead by a task of its own,
/// up to `limit` bytes, and ``read(into:count:)`` waits for it when it is slower than the connection, at most
/// `waitLimit` (then the body fails).
///
/// Waiting matters on Linux: FoundationNetworking reads body streams on a work queue that every session of the
/// process shares (measured: a read that sleeps 3 s holds up another session's request for those 3 s), so while a
/// sequence has no bytes ready, all `URLSession` traffic of the process waits. The transport never makes its
/// `URLSession` calls from the cooperative pool (`SessionCalls`), so the read-ahead task still gets a thread; the
/// wait limit turns a sequence that stops producing into a failed upload instead of a hang.
///
/// The feed checks the length it was given: a body that ends short of it or goes beyond fails with
/// ``/RaspRuntime/MessageBody/ReadError`` (a `Content-Length` was announced). ``stop()`` ends it from the transport's
/// side.
final class UploadFeed: @unchecked Sendable {
    /// The most bytes of a sequence read ahead of the connection by default (1 MiB).
    static let defaultLimit = 1 << 20

    private let parts: [MessageBody.Part]
    private let length: Int?
    private let limit: Int
    private let waitLimit: Duration

    // The reader's position, touched only by the reader (one `read` at a time).
    private var index = 0
    private var offset = 0
    private var file: FileHandle?
    private var produced = 0
    /// Told of the bytes produced, when the body's progress is observed.
    private let observer: ProgressObserver?

    /// Guards what other threads touch: the end of the feed, the sequence read-ahead and the time of the last read.
    private let condition = NSCondition()
    private var stopped = false
    /// The read-ahead of the sequence part being read.
    private var sequence: SequenceReadAhead?
    private var failure: (any Error)?
    private var lastTaken: ContinuousClock.Instant?

    /// Creates a feed; nothing is read before the first ``read(into:count:)``.
    /// - Parameters:
    ///   - body: The body.
    ///   - length: The length announced for it, if any.
    ///   - limit: The most bytes of a sequence to read ahead.
    ///   - waitLimit: The longest a read waits for a sequence's next bytes.
    init(body: MessageBody, length: Int?, limit: Int = UploadFeed.defaultLimit, waitLimit: Duration = .seconds(30)) {
        self.parts = body.parts
        self.observer = body.observer
        self.length = length
        self.limit = max(1, limit)
        self.waitLimit = waitLimit
    }

    /// Ends the feed when the exchange is over, however it ended: a sequence's read-ahead is cancelled (it stops
    /// reading the sequence), no file is read any more, and a reader waiting for bytes gets -1.
    func stop() {
        condition.lock()
        stopped = true
        let sequence = self.sequence
        condition.unlock()
        sequence?.stop()
    }

    /// Why reading the body failed, if it did (a ``/RaspRuntime/MessageBody/ReadError``).
    var error: (any Error)? {
        condition.lock()
        defer { condition.unlock() }
        return failure
    }

    /// When bytes of the body last went to the connection (nil before the first), for idle timeouts: an upload
    /// in progress is activity even though nothing has been received yet.
    var lastRead: ContinuousClock.Instant? {
        condition.lock()
        defer { condition.unlock() }
        return lastTaken
    }

    /// Copies up to `count` bytes of the body into `buffer`.
    /// - Returns: How many bytes were copied; 0 at the end of the body; -1 when reading it failed or the feed was
    ///   stopped.
    func read(into buffer: UnsafeMutablePointer<UInt8>, count: Int) -> Int {
        do {
            while true {
                guard !isStopped else { return -1 }
                guard index < parts.count else {
                    if let length, produced < length {
                        throw MessageBody.ReadError("the body ended after \(produced) of the \(length) bytes announced")
                    }
                    return 0
                }
                let copied = try readPart(parts[index], into: buffer, count: count)
                guard copied >= 0 else { return -1 }
                guard copied > 0 else {
                    (index, offset) = (index + 1, 0)
                    continue
                }
                produced += copied
                // The last announced bytes go out only once the body is known to end there: otherwise the server
                // would take a complete request that is only the start of the body.
                if let length, try produced > length || (produced == length && hasMore()) {
                    throw MessageBody.ReadError("the body is longer than the \(length) bytes announced")
                }
                condition.lock()
                lastTaken = .now
                condition.unlock()
                observer?.handler(TransferProgress(direction: .upload, completed: Int64(produced),
                                                   total: observer?.total))
                return copied
            }
        } catch {
            condition.lock()
            if !stopped, failure == nil { failure = error }
            let sequence = self.sequence
            condition.unlock()
            sequence?.stop()
            return -1
        }
    }

    /// Whether the body goes on from the reader's position: reads one byte ahead (for a sequence, waits for its next
    /// bytes or its end), moving past parts that are done.
    private func hasMore() throws -> Bool {
        var probe: UInt8 = 0
        while index < parts.count {
            let n = try readPart(parts[index], into: &probe, count: 1)
            // Stopped: the next read says so.
            if n < 0 { return false }
            if n > 0 { return true }
            (index, offset) = (index + 1, 0)
        }
        return false
    }

    /// Copies the next bytes of one part; 0 at its end, -1 once the feed is stopped.
    private func readPart(_ part: MessageBody.Part, into buffer: UnsafeMutablePointer<UInt8>,
                          count: Int) throws -> Int {
        switch part {
        case .data(let data):
            let n = min(count, data.count - offset)
            data.withUnsafeBytes { raw in
                let source = UnsafeRawBufferPointer(rebasing: raw[offset..<(offset + n)])
                UnsafeMutableRawBufferPointer(start: buffer, count: n).copyMemory(from: source)
            }
            offset += n
            return n
        case .file(let url):
            return try readFile(url, into: buffer, count: count)
        case .chunks(let source):
            guard let readAhead = try readAhead(of: source) else { return -1 }
            let n = try readAhead.read(into: buffer, count: count, waitLimit: waitLimit)
            if n == 0 {
                condition.lock()
                sequence = nil
                condition.unlock()
            }
            return n
        }
    }

    /// The read-ahead of a sequence part, started when the reader gets to it; nil once the feed is stopped.
    private func readAhead(of source: ChunkSource) throws -> SequenceReadAhead? {
        condition.lock()
        if let sequence {
            condition.unlock()
            return sequence
        }
        condition.unlock()
        let started = try SequenceReadAhead(source: source, limit: limit)
        condition.lock()
        let stopped = self.stopped
        if !stopped { sequence = started }
        condition.unlock()
        if stopped { started.stop() }
        return stopped ? nil : started
    }

    /// Reads the next bytes of a file straight into `buffer`; 0 (and the file closed) at its end.
    private func readFile(_ url: URL, into buffer: UnsafeMutablePointer<UInt8>, count: Int) throws -> Int {
        let handle: FileHandle
        do {
            handle = try file ?? FileHandle(forReadingFrom: url)
        } catch {
            throw MessageBody.ReadError("cannot read \(url.path): \(error.localizedDescription)")
        }
        file = handle
        var n: Int
        repeat {
            n = readDescriptor(handle.fileDescriptor, buffer, count)
        } while n < 0 && errno == EINTR
        guard n >= 0 else {
            file = nil
            throw MessageBody.ReadError("cannot read \(url.path): \(String(cString: strerror(errno)))")
        }
        if n == 0 {
            try? handle.close()
            file = nil
        }
        return n
    }

    private var isStopped: Bool {
        condition.lock()
        defer { condition.unlock() }
        return stopped
    }
}

/// `read(2)`.
private func readDescriptor(_ descriptor: Int32, _ buffer: UnsafeMutablePointer<UInt8>, _ count: Int) -> Int {
    #if canImport(Glibc)
    Glibc.read(descriptor, buffer, count)
    #else
    Darwin.read(descriptor, buffer, count)
    #endif
}

/// Reads an async sequence part ahead of a synchronous reader, on a task of its own, holding at most `limit` bytes.
private final class SequenceReadAhead: @unchecked Sendable {
    private let limit: Int
    private let condition = NSCondition()
    /// Chunks read and not taken yet; those before `head` are taken, and `offset` bytes of the one at `head`.
    private var chunks: [Data] = []
    private var head = 0
    private var offset = 0
    private var buffered = 0
    /// The sequence has ended, or failed (`failure`).
    private var ended = false
    private var failure: (any Error)?
    private var stopped = false
    /// The reading task and its wait for room.
    private var task: Task<Void, Never>?
    private var producer: CheckedContinuation<Void, Never>?

    /// Opens the sequence and starts reading it.
    /// - Throws: ``/RaspRuntime/MessageBody/ReadError`` when the sequence was read before.
    init(source: ChunkSource, limit: Int) throws {
        self.limit = limit
        let next = try source.open()
        if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) {
            // A thread of its own: the reader blocks a queue `URLSession` needs while it waits for these bytes, so
            // they must not wait for a turn on the cooperative pool (under load: seconds).
            let executor = ThreadExecutor(name: "RaspRuntime.UploadFeed")
            task = Task.detached(executorPreference: executor) { [self] in
                defer { executor.shutdown() }
                await pump(next)
            }
        } else {
            task = Task.detached { [self] in await pump(next) }
        }
    }

    /// Copies up to `count` bytes, waiting up to `waitLimit` for some: how many, or 0 at the end of the sequence.
    /// - Throws: What the sequence threw (as ``/RaspRuntime/MessageBody/ReadError``), or a
    ///   ``/RaspRuntime/MessageBody/ReadError`` after the wait.
    func read(into buffer: UnsafeMutablePointer<UInt8>, count: Int, waitLimit: Duration) throws -> Int {
        let deadline = Date().addingTimeInterval(Double(waitLimit.components.seconds)
                                                 + Double(waitLimit.components.attoseconds) / 1e18)
        condition.lock()
        while head == chunks.count, !ended, !stopped {
            guard condition.wait(until: deadline) else { break }
        }
        if let failure {
            condition.unlock()
            throw failure
        }
        if head == chunks.count, !ended, !stopped {
            condition.unlock()
            throw MessageBody.ReadError("the body's sequence gave nothing for \(waitLimit) while the connection waited")
        }
        var copied = 0
        while copied < count, head < chunks.count {
            let chunk = chunks[head]
            let n = min(count - copied, chunk.count - offset)
            chunk.withUnsafeBytes { raw in
                let source = UnsafeRawBufferPointer(rebasing: raw[offset..<(offset + n)])
                UnsafeMutableRawBufferPointer(start: buffer + copied, count: n).copyMemory(from: source)
            }
            copied += n
            offset += n
            if offset == chunk.count {
                chunks[head] = Data()
                (head, offset) = (head + 1, 0)
            }
        }
        if head == chunks.count {
            chunks.removeAll(keepingCapacity: true)
            head = 0
        } else if head >= 64, head * 2 >= chunks.count {
            chunks.removeFirst(head)
            head = 0
        }
        buffered -= copied
        var producer: CheckedContinuation<Void, Never>?
        if buffered < limit {
            producer = self.producer
            self.producer = nil
        }
        condition.unlock()
        producer?.resume()
        return copied
    }

    /// Cancels the reading task and wakes whoever waits.
    func stop() {
        condition.lock()
        stopped = true
        let task = self.task
        let producer = self.producer
        self.producer = nil
        chunks = []
        (head, offset, buffered) = (0, 0, 0)
        condition.broadcast()
        condition.unlock()
        task?.cancel()
        producer?.resume()
    }

    /// Reads the sequence into the buffer until it ends, fails or the read-ahead is stopped.
    private func pump(_ next: () async throws -> Data?) async {
        do {
            while true {
                try Task.checkCancellation()
                let chunk: Data?
                do {
                    chunk = try await next()
                } catch is CancellationError {
                    throw CancellationError()
                } catch {
                    throw MessageBody.ReadError("the body's sequence failed: \(error)", underlying: error)
                }
                guard let chunk else { break }
                if chunk.isEmpty { continue }
                guard await put(chunk) else { return }
            }
            end(failure: nil)
        } catch {
            end(failure: error)
        }
    }

    /// Buffers a chunk, then waits while `limit` bytes or more are buffered; false once stopped.
    private func put(_ chunk: Data) async -> Bool {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            condition.lock()
            guard !stopped else {
                condition.unlock()
                continuation.resume()
                return
            }
            chunks.append(chunk)
            buffered += chunk.count
            condition.broadcast()
            if buffered >= limit {
                producer = continuation
                condition.unlock()
            } else {
                condition.unlock()
                continuation.resume()
            }
        }
        return !isStopped
    }

    /// Records the end of the sequence (a failure when it could not be read) and wakes the reader.
    private func end(failure: (any Error)?) {
        condition.lock()
        if !stopped {
            ended = true
            self.failure = failure
        }
        condition.broadcast()
        condition.unlock()
    }

    private var isStopped: Bool {
        condition.lock()
        defer { condition.unlock() }
        return stopped
    }
}

#if canImport(FoundationNetworking)
extension UploadFeed {
    /// The stream to set as `httpBodyStream`.
    func makeInputStream() -> InputStream {
        UploadInputStream(feed: self)
    }
}

/// The body stream `URLSession` reads on Linux. FoundationNetworking asks `hasBytesAvailable` and then `read` on the
/// session's work queue whenever libcurl wants bytes, takes false or 0 as the end of the body and -1 as a failure
/// (libcurl then aborts the transfer), and never retries later, so `read` has to return bytes when asked (see
/// ``UploadFeed`` for what that costs when a sequence is slow).
private final class UploadInputStream: InputStream {
    private let feed: UploadFeed
    // Touched only from the session's work queue, one call at a time.
    private var status = Stream.Status.notOpen

    init(feed: UploadFeed) {
        self.feed = feed
        super.init(data: Data())
    }

    override func open() {
        status = .open
    }

    override func close() {
        status = .closed
    }

    override var streamStatus: Stream.Status { status }

    override var streamError: (any Error)? { feed.error }

    override var hasBytesAvailable: Bool { status == .open }

    override func read(_ buffer: UnsafeMutablePointer<UInt8>, maxLength length: Int) -> Int {
        let count = feed.read(into: buffer, count: length)
        if count == 0 { status = .atEnd }
        if count < 0 { status = .error }
        return count
    }

    override func getBuffer(_ buffer: UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>,
                            length len: UnsafeMutablePointer<Int>) -> Bool {
        false
    }
}
#else
extension UploadFeed {
    /// The stream to set as `httpBodyStream`: the input side of a bound pair whose output side a thread of its own
    /// fills from the feed (`URLSession` on Apple systems reads body streams through the run loop, which a subclass
    /// of `InputStream` cannot serve).
    func makeInputStream() -> InputStream {
        var input: InputStream?
        var output: OutputStream?
        Stream.getBoundStreams(withBufferSize: 1 << 16, inputStream: &input, outputStream: &output)
        guard let input, let output else { return InputStream(data: Data()) }
        let writer = BoundStreamWriter(feed: self, output: output)
        Thread { writer.run() }.start()
        return input
    }
}

/// Writes a feed into the output side of a bound stream pair until the body ends, fails or the reader goes away.
private final class BoundStreamWriter: @unchecked Sendable {
    private let feed: UploadFeed
    private let output: OutputStream

    init(feed: UploadFeed, output: OutputStream) {
        self.feed = feed
        self.output = output
    }

    func run() {
        output.open()
        defer { output.close() }
        let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: 1 << 16)
        defer { buffer.deallocate() }
        while true {
            let count = feed.read(into: buffer, count: 1 << 16)
            guard count > 0 else { return }
            var written = 0
            while written < count {
                let result = output.write(buffer + written, maxLength: count - written)
                guard result > 0 else {
                    feed.stop()
                    return
                }
                written += result
            }
        }
    }
}
#endif
