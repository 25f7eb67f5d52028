import Foundation
import FlyingFox
import FlyingSocks

extension RequestBody {
    /// A chunked body (RFC 9112 §7.1), decoded from the connection as the handler reads it, so a long upload is
    /// never held whole. Chunk extensions and trailer fields are dropped.
    ///
    /// Malformed framing, or chunks adding up to more than `maxBodyBytes`, fail the read with a ``Refusal`` that is
    /// also kept in ``refusal``: the connection answers with it, whatever the handler made of the failed read.
    final class Chunked: AsyncBufferedSequence, BodyReader, @unchecked Sendable {
        typealias Element = UInt8
        typealias Iterator = BodyIterator<Chunked>

        private let stream: SocketStream
        private let limits: MockServer.Limits
        private(set) var continuePending: Bool
        /// Why the body was refused, once it was.
        private(set) var refusal: Refusal?
        /// Whether the last chunk and the trailer section were read.
        private(set) var isComplete = false
        /// Data bytes read so far.
        private var received = 0
        /// Data bytes left in the current chunk.
        private var leftInChunk = 0
        /// Whether a chunk's data was read in full and its closing CRLF is next.
        private var chunkEndPending = false

        init(stream: SocketStream, limits: MockServer.Limits, expectsContinue: Bool) {
            self.stream = stream
            self.limits = limits
            continuePending = expectsContinue
        }

        func makeAsyncIterator() -> Iterator { Iterator(body: self) }

        func next(_ count: Int) async throws -> ArraySlice<UInt8>? {
            if let refusal { throw refusal }
            guard !isComplete else { return nil }
            if continuePending {
                continuePending = false
                try await stream.write(RequestBody.continueAnswer)
            }
            do {
                guard try await startChunk() else { return nil }
                stream.enter(.body)
                guard let bytes = try await stream.read(upTo: Swift.min(Swift.max(1, count), leftInChunk)) else {
                    throw SocketError.disconnected
                }
                stream.enter(.busy)
                leftInChunk -= bytes.count
                received += bytes.count
                chunkEndPending = leftInChunk == 0
                return bytes
            } catch let refused as Refusal {
                refusal = refused
                throw refused
            }
        }

        /// Reads framing until there are data bytes to read.
        /// - Returns: False when the body ended (the last chunk and the trailers were read).
        private func startChunk() async throws -> Bool {
            while leftInChunk == 0 {
                stream.enter(.body)
                if chunkEndPending {
                    guard try await RequestBody.line(from: stream, maxLength: 0).isEmpty else {
                        throw Refusal(400, "A chunk is longer than its size.")
                    }
                    chunkEndPending = false
                }
                let size = try RequestBody.chunkSize(try await RequestBody.line(from: stream, maxLength: 4096))
                if size == 0 {
                    try await readTrailers()
                    isComplete = true
                    stream.enter(.busy)
                    return false
                }
                guard size <= limits.maxBodyBytes - received else {
                    throw Refusal(413, BodyFraming.tooLarge(limits.maxBodyBytes))
                }
                leftInChunk = size
            }
            return true
        }

        private func readTrailers() async throws {
            var trailers = 0
            while try await !RequestBody.line(from: stream, maxLength: limits.maxHeaderLineBytes).isEmpty {
                trailers += 1
                guard trailers <= limits.maxHeaderCount else {
                    throw Refusal(431, "The request has more than \(limits.maxHeaderCount) trailer fields.")
                }
            }
        }
    }
}
