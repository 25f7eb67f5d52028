public import Foundation

/// A response body that arrives in chunks, read as the caller iterates: a transport that streams hands over each
/// chunk as it comes off the connection, so a large download or a long event stream never sits whole in memory.
///
/// ```swift
/// for try await chunk in body { … }        // Data chunks, in order
/// try await body.write(to: file)           // or straight into a file, atomically
/// ```
///
/// A body can be iterated once: its chunks come from one connection.
public struct ResponseBody: AsyncSequence, Sendable {
    public typealias Element = Data

    /// Produces the next chunk, or nil at the end.
    public typealias Next = @Sendable () async throws -> Data?

    private let start: @Sendable () -> Next

    /// Creates a body whose chunks come from `start`'s function, called once per iteration.
    public init(_ start: @escaping @Sendable () -> Next) {
        self.start = start
    }

    /// A body of one chunk (what a transport that does not stream returns).
    public init(_ data: Data) {
        self.start = {
            let chunk = Locked<Data?>(data.isEmpty ? nil : data)
            return { chunk.withLock { value in defer { value = nil }; return value } }
        }
    }

    /// A body that reads its chunks from another sequence of `Data`.
    public init<Chunks: AsyncSequence & Sendable>(chunks: Chunks) where Chunks.Element == Data {
        self.start = {
            let iterator = IteratorBox(chunks.makeAsyncIterator())
            return { try await iterator.next() }
        }
    }

    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(next: start())
    }

    /// Hands out the chunks in order.
    public struct AsyncIterator: AsyncIteratorProtocol {
        let next: Next

        public mutating func next() async throws -> Data? {
            try await next()
        }
    }

    /// Reads the whole body into memory.
    /// - Parameter limit: The most bytes to accept.
    /// - Throws: ``StreamError/tooLarge(limit:)`` past `limit`, or what the transport throws.
    public func collect(upTo limit: Int = .max) async throws -> Data {
        var data = Data()
        for try await chunk in self {
            guard data.count + chunk.count <= limit else { throw StreamError.tooLarge(limit: limit) }
            data.append(chunk)
        }
        return data
    }
}

/// A failure of a streamed body that is not the transport's.
public enum StreamError: Error, Sendable, Hashable {
    /// The body is larger than the caller accepts.
    case tooLarge(limit: Int)
}

/// Holds an iterator that is advanced by one task at a time (a body is iterated once, by one consumer).
private final class IteratorBox<Base: AsyncIteratorProtocol>: @unchecked Sendable where Base.Element == Data {
    private var base: Base

    init(_ base: Base) {
        self.base = base
    }

    func next() async throws -> Data? {
        try await base.next()
    }
}
