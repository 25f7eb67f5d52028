import Foundation
import FlyingFox
import FlyingSocks

/// How a request says where its body ends (RFC 9112 §6).
enum BodyFraming: Equatable {
    /// `Content-Length` bytes (0 without either header).
    case length(Int)
    /// `Transfer-Encoding: chunked`.
    case chunked

    /// The framing of a request, checked against the body limit.
    /// - Throws: ``Refusal``: 400 for both headers, a malformed or conflicting length, or a transfer coding that
    ///   does not end in `chunked`; 501 for a coding before `chunked`; 413 for a length over `maxBodyBytes`.
    init(_ head: RequestHead, maxBodyBytes: Int) throws(Refusal) {
        let codings = RequestHead.tokens(head.headers.values(for: .transferEncoding))
        let lengths = head.headers.values(for: .contentLength)
            .flatMap { $0.split(separator: ",", omittingEmptySubsequences: false) }
            .map { $0.trimmingCharacters(in: .whitespaces) }
        if !codings.isEmpty {
            guard lengths.isEmpty else { throw Refusal(400, "Content-Length and Transfer-Encoding together.") }
            guard codings.last == "chunked" else { throw Refusal(400, "The last transfer coding is not chunked.") }
            guard codings.count == 1 else { throw Refusal(501, "Only the chunked transfer coding is supported.") }
            self = .chunked
            return
        }
        guard let length = lengths.first else {
            self = .length(0)
            return
        }
        guard lengths.allSatisfy({ $0 == length }), length.count <= 18, !length.isEmpty,
              length.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
              let count = Int(length) else {
            throw Refusal(400, "The Content-Length is malformed.")
        }
        guard count <= maxBodyBytes else { throw Refusal(413, Self.tooLarge(maxBodyBytes)) }
        self = .length(count)
    }

    static func tooLarge(_ limit: Int) -> String { "The request body is larger than \(limit) bytes." }
}

/// Reading request bodies from a connection.
enum RequestBody {
    /// Bodies up to this size are read before the handler runs; larger ones as it reads them (``Streamed``).
    static let bufferedLimit = 64 * 1024
    /// What is left of a body the handler did not read is read and dropped when it is at most this much;
    /// otherwise the connection closes after the answer.
    static let drainLimit = 64 * 1024
    /// The interim answer to `Expect: 100-continue`.
    static let continueAnswer = Data("HTTP/1.1 100 Continue\r\n\r\n".utf8)

    /// Reads exactly `count` body bytes, each wait for them in ``ConnectionPhase/body``.
    static func read(_ count: Int, from stream: SocketStream) async throws -> Data {
        var data = Data(capacity: count)
        while data.count < count {
            stream.enter(.body)
            guard let chunk = try await stream.read(upTo: count - data.count) else { throw SocketError.disconnected }
            data.append(contentsOf: chunk)
        }
        stream.enter(.busy)
        return data
    }

    /// A line of chunked framing; a line over `maxLength` is malformed.
    static func line(from stream: SocketStream, maxLength: Int) async throws -> ArraySlice<UInt8> {
        do {
            return try await stream.readLine(maxLength: maxLength)
        } catch SocketStream.LineError.tooLong {
            throw Refusal(400, "The chunked framing is malformed.")
        } catch SocketStream.LineError.truncated {
            throw SocketError.disconnected
        }
    }

    /// The hexadecimal size at the start of a chunk-size line (before any `;` extension).
    static func chunkSize(_ line: ArraySlice<UInt8>) throws(Refusal) -> Int {
        let digits = line.prefix { $0 != UInt8(ascii: ";") && $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") }
        guard !digits.isEmpty, digits.count <= 15, let size = Int(String(decoding: digits, as: UTF8.self), radix: 16),
              size >= 0 else {
            throw Refusal(400, "A chunk size is malformed.")
        }
        return size
    }

    /// A body of known length, read from the connection as the handler iterates it.
    ///
    /// The `100 Continue` a client may wait for is sent when the handler first asks for bytes, so a handler that
    /// answers without reading the body never invites it.
    final class Streamed: AsyncBufferedSequence, BodyReader, @unchecked Sendable {
        typealias Element = UInt8

        private let stream: SocketStream
        /// Bytes not read yet.
        private(set) var remaining: Int
        /// Whether the client waits for `100 Continue`, not sent yet.
        private(set) var continuePending: Bool

        init(stream: SocketStream, count: Int, expectsContinue: Bool) {
            self.stream = stream
            remaining = count
            continuePending = expectsContinue
        }

        func makeAsyncIterator() -> Iterator { Iterator(body: self) }

        func next(_ count: Int) async throws -> ArraySlice<UInt8>? {
            guard remaining > 0 else { return nil }
            if continuePending {
                continuePending = false
                try await stream.write(RequestBody.continueAnswer)
            }
            stream.enter(.body)
            guard let chunk = try await stream.read(upTo: Swift.min(Swift.max(1, count), remaining)) else {
                throw SocketError.disconnected
            }
            remaining -= chunk.count
            stream.enter(.busy)
            return chunk
        }

        typealias Iterator = BodyIterator<Streamed>
    }
}

/// A request body read from the connection as the handler asks for it.
protocol BodyReader: AnyObject, Sendable {
    /// Whether the client waits for a `100 Continue` that was not sent yet (it is sent on the first read).
    var continuePending: Bool { get }

    /// The next bytes (at most `count`, at least one), or nil when the body is done.
    func next(_ count: Int) async throws -> ArraySlice<UInt8>?
}

extension BodyReader {
    /// Reads and drops the rest of the body if it is at most `limit` bytes.
    /// - Returns: Whether the body is done (false when more than `limit` bytes were left).
    func drain(upTo limit: Int) async throws -> Bool {
        var left = limit
        while let chunk = try await next(SocketStream.readSize) {
            left -= chunk.count
            if left < 0 { return false }
        }
        return true
    }
}

/// Iterates a ``BodyReader`` by the buffers it reads.
struct BodyIterator<Reader: BodyReader>: AsyncBufferedIteratorProtocol {
    let body: Reader
    private var pending: ArraySlice<UInt8> = []

    init(body: Reader) { self.body = body }

    mutating func nextBuffer(suggested count: Int) async throws -> ArraySlice<UInt8>? {
        if !pending.isEmpty {
            defer { pending = [] }
            return pending
        }
        return try await body.next(count)
    }

    /// Byte by byte (only the protocol's requirement; bodies are read by buffers).
    mutating func next() async throws -> UInt8? {
        if pending.isEmpty {
            guard let buffer = try await body.next(SocketStream.readSize) else { return nil }
            pending = buffer
        }
        return pending.popFirst()
    }
}
