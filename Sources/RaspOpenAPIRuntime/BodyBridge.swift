#if SwiftOpenAPIRuntime
import Foundation
import OpenAPIRuntime
import RaspRuntime

/// Converts bodies between this runtime's ``/RaspRuntime/MessageBody`` and swift-openapi-runtime's `HTTPBody`, both
/// async sequences of byte chunks, without reading a body that arrives into memory.
enum BodyBridge {
    /// `body` as an `HTTPBody` that reads it as the `HTTPBody` is read, with its length when known, iterable again
    /// when `body` is (``/RaspRuntime/MessageBody/isRepeatable``: bytes in memory and files are).
    ///
    /// Bytes in memory are not copied until they are read: a middleware that never reads a response body (an auth or
    /// a tracing middleware) costs no copy of it.
    /// - Parameters:
    ///   - body: A request's or a response's body.
    ///   - failure: Where the first error that reading the body throws is kept, if anywhere.
    /// - Returns: The body.
    static func httpBody(_ body: MessageBody, recordingFailureIn failure: Locked<(any Error)?>? = nil) -> HTTPBody {
        let length: HTTPBody.Length = (try? body.length()).map { .known(Int64($0)) } ?? .unknown
        return HTTPBody(RecordingChunks(body: body, failure: failure), length: length,
                        iterationBehavior: body.isRepeatable ? .multiple : .single)
    }

    /// `body` as a ``/RaspRuntime/MessageBody`` that reads it as it is read, once, each chunk within `timeout`.
    /// - Parameters:
    ///   - body: A body a swift-openapi-runtime transport or middleware handed over.
    ///   - timeout: The longest wait for each chunk; nil for no limit.
    ///   - operationID: For the errors.
    ///   - mapError: Turns what reading the body throws into the error to throw.
    /// - Returns: The body.
    static func messageBody(_ body: HTTPBody, timeout: Duration?, operationID: String,
                            mapError: @escaping @Sendable (any Error) -> any Error) -> MessageBody {
        let length: Int? = if case .known(let length) = body.length { Int(length) } else { nil }
        return MessageBody(length: length) {
            let reader = ChunkReader(body.makeAsyncIterator(), timeout: timeout, operationID: operationID,
                                     mapError: mapError)
            return { try await reader.next() }
        }
    }

    /// Reads a request body that a middleware made into memory (see
    /// ``RequestBridge/request(from:body:original:outgoing:)``).
    /// - Throws: ``/RaspRuntime/ClientError/invalidRequest(operationID:reason:underlyingError:)`` with a
    ///   ``/RaspRuntime/MessageBody/ReadError`` when it could not be read, `CancellationError` when the task is
    ///   cancelled.
    static func collectReplacedRequestBody(_ body: HTTPBody, operationID: String) async throws -> Data {
        do {
            return try await Data(collecting: body, upTo: .max)
        } catch let error as ClientError {
            throw error
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            let failure = MessageBody.ReadError("the body a middleware set failed: \(type(of: error))",
                                                underlying: error)
            throw ClientError(uploadError: failure, operationID: operationID)
        }
    }
}

/// The chunks of a ``/RaspRuntime/MessageBody``, keeping the first error reading them threw: a wrapped transport may
/// report a body that failed as anything, and the adapter reports it as the request body's failure.
struct RecordingChunks: AsyncSequence, Sendable {
    typealias Element = Data

    /// The body.
    let body: MessageBody
    /// Where the first error is kept.
    let failure: Locked<(any Error)?>?

    func makeAsyncIterator() -> Iterator {
        Iterator(base: body.makeAsyncIterator(), failure: failure)
    }

    /// Reads the body's chunks, keeping the first error.
    struct Iterator: AsyncIteratorProtocol {
        var base: MessageBody.AsyncIterator
        let failure: Locked<(any Error)?>?

        /// The next chunk, or nil at the end.
        /// - Throws: What reading the body throws, after keeping it.
        mutating func next() async throws -> Data? {
            do {
                return try await base.next()
            } catch {
                failure?.withLock { if $0 == nil { $0 = error } }
                throw error
            }
        }
    }
}

/// Reads an `HTTPBody` for a ``/RaspRuntime/MessageBody``, by one reader at a time (as `MessageBody` calls it): each
/// chunk within the timeout, a cancelled reader stopped at once, failures mapped.
final class ChunkReader: @unchecked Sendable {
    // Unchecked: the iterator is only touched by `advance()`, which one reader calls at a time (MessageBody's
    // contract for a chunk function), if need be from the deadline's child task.
    private var iterator: HTTPBody.Iterator
    private let timeout: Duration?
    private let operationID: String
    private let mapError: @Sendable (any Error) -> any Error

    init(_ iterator: HTTPBody.Iterator, timeout: Duration?, operationID: String,
         mapError: @escaping @Sendable (any Error) -> any Error) {
        self.iterator = iterator
        self.timeout = timeout
        self.operationID = operationID
        self.mapError = mapError
    }

    /// The next chunk, or nil at the end.
    /// - Throws: ``/RaspRuntime/ClientError/cancelled(operationID:)`` when the reading task is cancelled,
    ///   ``/RaspRuntime/ClientError/timeout(operationID:underlyingError:)`` when no chunk came within the timeout,
    ///   otherwise what `mapError` makes of the body's error.
    func next() async throws -> Data? {
        if Task.isCancelled { throw ClientError.cancelled(operationID: operationID) }
        do {
            let chunk = try await withDeadline(timeout, operationID: operationID) { try await self.advance() }
            return chunk.map { Data($0) }
        } catch {
            throw mapError(error)
        }
    }

    private func advance() async throws -> HTTPBody.ByteChunk? {
        var iterator = self.iterator
        defer { self.iterator = iterator }
        return try await iterator.next()
    }
}
#endif
