public import Foundation

/// The body of a request or a response, the one body type of the client, its middlewares and its transports: bytes
/// in memory, a file, chunks read once from an async sequence or a connection, or a run of these (a multipart body
/// is its framing, in memory, around the parts that stream).
///
/// ```swift
/// request.setBody(MessageBody(contentsOf: movie), contentType: "video/mp4")
/// request.setBody(MessageBody(chunks, length: nil), contentType: "application/octet-stream")
/// for try await chunk in body { … }       // the chunks, in order
/// try await body.write(to: file)          // or straight into a file, atomically
/// ```
///
/// A middleware sees the body of every response as it comes, buffered (``ClientCore``'s calls that decode) or
/// streamed (downloads, event streams): it can wrap it to observe its chunks without holding them.
///
/// How often it can be read is known (``isRepeatable``) and enforced. Bytes and files can be read again (a request
/// retried); a sequence or a connection is read once, and a second iteration fails with ``ReadError`` at its first
/// chunk rather than with whatever the source does. Iterating checks for task cancellation before each chunk, so a
/// cancelled upload or download stops reading.
///
/// `URLSessionTransport` sends a request body that is not in memory as it reads it, holding at most about 1 MiB of
/// it at a time whatever its size; other transports get it collected into memory first (see
/// ``ClientTransport/streamsRequestBodies``). The request's timeout bounds the whole exchange, upload included
/// (`URLSessionTransport.defaultTimeout` is 30 s): give a large upload a ``ClientRequest/timeout`` or a transport
/// default to match.
public struct MessageBody: AsyncSequence, Sendable, Hashable, CustomStringConvertible {
    public typealias Element = Data

    /// How many bytes of a file are read at a time (256 KiB).
    public static let fileChunkSize = 1 << 18

    /// One run of bytes of a body.
    package enum Part: Sendable, Hashable {
        /// Bytes in memory (never empty).
        case data(Data)
        /// The contents of a file, read when the body is.
        case file(URL)
        /// Chunks from an async sequence or a connection, read once.
        case chunks(ChunkSource)
    }

    /// The runs of bytes, in order; adjacent bytes in memory are one part.
    package let parts: [Part]
    /// Told of each chunk read, when progress is observed (``observingProgress(_:)``).
    package var observer: ProgressObserver?

    /// A body of bytes in memory.
    public init(_ data: Data) {
        self.init(parts: [.data(data)])
    }

    /// A body read from a file as it is sent. Its length is the file's size when the request goes out.
    /// - Parameter file: A file URL.
    public init(contentsOf file: URL) {
        self.init(parts: [.file(file)])
    }

    /// A body of the chunks an async sequence hands out, read as it is sent, once.
    ///
    /// With a `length`, the request announces it (`Content-Length`) and fails with ``ReadError`` if the sequence
    /// ends short of it or goes beyond; without one, it is sent in chunks (`Transfer-Encoding: chunked`).
    /// Iterating the body throws what the sequence throws; a request whose body sequence throws fails with a
    /// ``ReadError`` that carries the error.
    ///
    /// On Linux, while the sequence has no bytes ready when the connection could take them, FoundationNetworking waits
    /// on a queue all its sessions share: every `URLSession` request of the process waits with it, and after the
    /// request's timeout without bytes the upload fails. Sequences that keep ahead of the network (read from disk or
    /// memory) are fine; for a slow producer, collect to a file first.
    /// - Parameters:
    ///   - chunks: The bytes, in chunks of any size (empty chunks are skipped).
    ///   - length: The total number of bytes, if known.
    public init<Chunks: AsyncSequence & Sendable>(_ chunks: Chunks, length: Int? = nil)
    where Chunks.Element: DataProtocol {
        precondition((length ?? 0) >= 0, "a body length cannot be negative")
        let source = ChunkSource(length: length) {
            var iterator = chunks.makeAsyncIterator()
            return {
                guard let chunk = try await iterator.next() else { return nil }
                return chunk as? Data ?? Data(chunk)
            }
        }
        self.init(parts: [.chunks(source)])
    }

    /// A body of the chunks `start`'s function hands out (nil at the end), read once: what a transport makes of a
    /// response body that arrives as it is read. `start` is called when the body is first iterated.
    /// - Parameters:
    ///   - length: The total number of bytes, if known (a response's `Content-Length`).
    ///   - start: Starts reading; returns the function that hands out the next chunk.
    public init(length: Int? = nil, reading start: @escaping @Sendable () -> Next) {
        self.init(parts: [.chunks(ChunkSource(length: length, checksCancellation: false, start: start))])
    }

    /// Hands out the next chunk of a body read by a function (``init(length:reading:)``), or nil at the end; called
    /// by one reader at a time.
    public typealias Next = () async throws -> Data?

    /// A body of `parts` in order, adjacent bytes in memory joined and empty ones left out.
    init(parts: [Part]) {
        var joined: [Part] = []
        for part in parts {
            switch (joined.last, part) {
            case (_, .data(let data)) where data.isEmpty:
                continue
            case (.data(let previous)?, .data(let data)):
                joined[joined.count - 1] = .data(previous + data)
            default:
                joined.append(part)
            }
        }
        self.parts = joined
    }

    /// The body followed by `other`.
    public static func + (body: MessageBody, other: MessageBody) -> MessageBody {
        MessageBody(parts: body.parts + other.parts)
    }

    /// Whether the body can be read more than once: true for bytes and files, false when a part is read from an
    /// async sequence or a connection (a second iteration fails with ``ReadError``).
    public var isRepeatable: Bool {
        parts.allSatisfy { if case .chunks = $0 { false } else { true } }
    }

    /// Whether every byte is in memory (nothing to read from a file or a sequence) and its progress is not observed
    /// (an observed body is read in chunks as it goes out, even from memory).
    public var isInMemory: Bool {
        observer == nil && parts.allSatisfy { if case .data = $0 { true } else { false } }
    }

    /// The same bytes, read in chunks of at most ``observedChunkSize`` (memory included) and reported to `handler`
    /// after each chunk as ``TransferProgress/Direction/upload`` progress: bytes read so far (from 0 on each
    /// reading, so a retry starts over) and the length when known. A transport that streams request bodies reads
    /// each chunk as the connection takes it, so the progress follows the upload within its buffer; other
    /// transports read the whole body first.
    /// - Parameter handler: Told of each chunk.
    /// - Returns: The observed body.
    public func observingProgress(_ handler: @escaping @Sendable (TransferProgress) -> Void) -> MessageBody {
        var body = self
        body.observer = ProgressObserver(total: (try? length()).flatMap { $0.map(Int64.init) }, handler: handler)
        return body
    }

    /// The largest chunk of an observed body's bytes in memory (64 KiB).
    public static let observedChunkSize = 1 << 16

    /// The bytes, when they are all in memory; nil for a body with a file or a sequence in it.
    public var data: Data? {
        guard isInMemory else { return nil }
        if case .data(let data)? = parts.first { return data }
        return Data()
    }

    /// The file, when the body is exactly one file's contents (and its progress is not observed).
    public var file: URL? {
        if observer == nil, parts.count == 1, case .file(let url) = parts[0] { return url }
        return nil
    }

    /// The number of bytes, as far as it is known before reading: bytes in memory, the current size of each file
    /// and the length given with each sequence; nil when a sequence has none.
    /// - Throws: ``ReadError`` when a file is missing or not a regular file.
    public func length() throws -> Int? {
        var total = 0
        for part in parts {
            switch part {
            case .data(let data): total += data.count
            case .file(let url): total += try Self.size(of: url)
            case .chunks(let source):
                guard let length = source.length else { return nil }
                total += length
            }
        }
        return total
    }

    /// Reads the whole body into memory.
    /// - Parameter limit: The most bytes to accept.
    /// - Throws: ``StreamError/tooLarge(limit:)`` past `limit`, ``ReadError`` when a part cannot be read,
    ///   `CancellationError` when the task is cancelled.
    public func collect(upTo limit: Int = .max) async throws -> Data {
        if let data { return data }
        var data = Data()
        for try await chunk in self {
            guard data.count + chunk.count <= limit else { throw StreamError.tooLarge(limit: limit) }
            data.append(chunk)
        }
        return data
    }

    /// `1024 bytes`, `file movie.mp4`, `a sequence of 2048 bytes`, or such descriptions joined with ` + `.
    public var description: String {
        guard !parts.isEmpty else { return "0 bytes" }
        return parts.map { part in
            switch part {
            case .data(let data): "\(data.count) bytes"
            case .file(let url): "file \(url.lastPathComponent)"
            case .chunks(let source): source.length.map { "a sequence of \($0) bytes" } ?? "a sequence"
            }
        }.joined(separator: " + ")
    }

    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(parts: parts, observer: observer)
    }

    /// Reads the parts in order: bytes in memory as they are, files in chunks of ``fileChunkSize``, sequences as
    /// they hand their chunks out.
    public struct AsyncIterator: AsyncIteratorProtocol {
        private let parts: [Part]
        private var index = 0
        private var file: FileHandle?
        private var chunks: (() async throws -> Data?)?
        private let observer: ProgressObserver?
        /// For an observed body: how far into the current bytes in memory, and the bytes read so far.
        private var offset = 0
        private var completed: Int64 = 0

        init(parts: [Part], observer: ProgressObserver? = nil) {
            self.parts = parts
            self.observer = observer
        }

        /// The next chunk (never empty), or nil at the end.
        /// - Throws: ``ReadError`` when a part cannot be read, `CancellationError` when the task is cancelled.
        public mutating func next() async throws -> Data? {
            guard let observer else { return try await nextChunk() }
            guard let chunk = try await nextChunk() else { return nil }
            completed += Int64(chunk.count)
            observer.handler(TransferProgress(direction: .upload, completed: completed, total: observer.total))
            return chunk
        }

        private mutating func nextChunk() async throws -> Data? {
            while index < parts.count {
                // A transport's function reports a cancellation as its own error (see ChunkSource).
                let checksCancellation =
                    if case .chunks(let source) = parts[index] { source.checksCancellation } else { true }
                if checksCancellation { try Task.checkCancellation() }
                switch parts[index] {
                case .data(let data) where observer != nil:
                    let start = data.startIndex + offset
                    let end = Swift.min(start + MessageBody.observedChunkSize, data.endIndex)
                    offset = end - data.startIndex
                    if end == data.endIndex { (index, offset) = (index + 1, 0) }
                    return Data(data[start..<end])
                case .data(let data):
                    index += 1
                    return data
                case .file(let url):
                    if let chunk = try readFile(url) { return chunk }
                case .chunks(let source):
                    if let chunk = try await readChunks(source) { return chunk }
                }
            }
            return nil
        }

        /// The next chunk of a file, or nil (and on to the next part) at its end.
        private mutating func readFile(_ url: URL) throws -> Data? {
            do {
                let handle = try file ?? FileHandle(forReadingFrom: url)
                file = handle
                if let chunk = try handle.read(upToCount: MessageBody.fileChunkSize), !chunk.isEmpty { return chunk }
                try handle.close()
            } catch {
                file = nil
                throw ReadError("cannot read \(url.path): \(error.localizedDescription)")
            }
            file = nil
            index += 1
            return nil
        }

        /// The next non-empty chunk of a sequence, or nil (and on to the next part) at its end.
        private mutating func readChunks(_ source: ChunkSource) async throws -> Data? {
            // Not `chunks ?? source.open()`: a function passed through the generic `??` is wrapped in a new thunk
            // each time, and stored back, so every chunk would add a layer around the last.
            let next: () async throws -> Data?
            if let chunks {
                next = chunks
            } else {
                next = try source.open()
                chunks = next
            }
            while true {
                // What the source throws passes through as it is (a transport's ClientError); a request's sender
                // reports it as the body's failure.
                guard let chunk = try await next() else { break }
                if !chunk.isEmpty { return chunk }
                if source.checksCancellation { try Task.checkCancellation() }
            }
            chunks = nil
            index += 1
            return nil
        }
    }

    /// Why a body could not be read: a file that is missing or unreadable, a sequence or a connection read twice,
    /// a sequence that failed, or a length that does not match what was announced.
    public struct ReadError: Error, Sendable, CustomStringConvertible {
        /// What went wrong.
        public var reason: String
        /// The error a sequence threw, if that is what went wrong.
        public var underlying: (any Error)?

        /// Creates an error.
        public init(_ reason: String, underlying: (any Error)? = nil) {
            self.reason = reason
            self.underlying = underlying
        }

        public var description: String { reason }
    }

    /// The size of a regular file.
    package static func size(of url: URL) throws -> Int {
        let values: URLResourceValues
        do {
            values = try url.resourceValues(forKeys: [.fileSizeKey, .isRegularFileKey])
        } catch {
            throw ReadError("cannot read \(url.path): \(error.localizedDescription)")
        }
        guard values.isRegularFile == true, let size = values.fileSize else {
            throw ReadError("\(url.path) is not a regular file")
        }
        return size
    }
}

/// The async sequence part of a ``MessageBody``: it can be opened once, since a sequence (an `AsyncStream`, a
/// network body) generally cannot be read twice. Compared by identity.
package final class ChunkSource: Sendable, Hashable {
    /// The number of bytes the sequence hands out, if known.
    package let length: Int?
    private let start: @Sendable () -> (() async throws -> Data?)
    private let opened = Locked(false)

    /// Whether reading checks for task cancellation before each chunk: true for a sequence, false for a transport's
    /// function, which reports a cancellation as its own error (``ClientError/cancelled(operationID:)``).
    package let checksCancellation: Bool

    init(length: Int?, checksCancellation: Bool = true, start: @escaping @Sendable () -> (() async throws -> Data?)) {
        self.length = length
        self.checksCancellation = checksCancellation
        self.start = start
    }

    /// Starts reading: a function that returns the next chunk, or nil at the end.
    /// - Throws: ``MessageBody/ReadError`` when the sequence was opened before.
    package func open() throws -> () async throws -> Data? {
        let first = opened.withLock { opened in
            defer { opened = true }
            return !opened
        }
        guard first else {
            throw MessageBody.ReadError("a body read from an async sequence or a connection can be read only once "
                                        + "(was a request retried, or a response read twice? bytes and files can be "
                                        + "read again)")
        }
        return start()
    }

    package static func == (lhs: ChunkSource, rhs: ChunkSource) -> Bool { lhs === rhs }

    package func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// A failure of a body that is not the transport's.
public enum StreamError: Error, Sendable, Hashable {
    /// The body is larger than the caller accepts.
    case tooLarge(limit: Int)
}

extension ClientError {
    /// The error of a request whose body could not be read: ``invalidRequest(operationID:reason:)``.
    package init(uploadError error: MessageBody.ReadError, operationID: String) {
        self = .invalidRequest(operationID: operationID, reason: "the body could not be read: \(error.reason)",
                               underlyingError: error)
    }
}

/// What an observed ``MessageBody`` reports to (compared by identity).
package final class ProgressObserver: Sendable, Hashable {
    package let total: Int64?
    package let handler: @Sendable (TransferProgress) -> Void

    init(total: Int64?, handler: @escaping @Sendable (TransferProgress) -> Void) {
        self.total = total
        self.handler = handler
    }

    package static func == (lhs: ProgressObserver, rhs: ProgressObserver) -> Bool { lhs === rhs }

    package func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// The name of ``MessageBody`` when it was a request's body only.
@available(*, deprecated, renamed: "MessageBody")
public typealias UploadBody = MessageBody
