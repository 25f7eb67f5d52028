import Foundation
import Hummingbird
import RaspMiddlewares
import RaspRuntime
import RaspServices

/// The `/_sink/` route of ``MockServer``: any method on a path under `/_sink/` reads the request body to its end
/// without keeping it (a `Content-Length` body or a chunked one, up to ``MockServer/Limits/maxBodyBytes``) and
/// answers 200 with what arrived, so tests and benchmarks can send bodies of any size:
///
/// ```json
/// {"checksum": "x64:…", "chunked": false, "contentType": "application/octet-stream" | null, "size": 134217728}
/// ```
///
/// `checksum` is the `Checksum64` text of the body. A body that cannot be read to its end gets no answer of the
/// route: the connection answers a refused body itself (400, 413) and a client that leaves is not answered. Like
/// ``MockServer/sinkStats()``, the route is not counted with the API's paths and takes no faults.
enum BodySink {
    /// Paths with this prefix (a slash added to a path without one) are sinks.
    static let prefix = "/_sink/"
    /// Bytes read between two turns given to other tasks (1 MiB).
    static let yieldInterval = 1 << 20

    /// Reads the body to its end and answers with its size and checksum.
    /// - Throws: What reading the body threw (the connection answers a refused body itself).
    static func respond(to request: Request, recorder: SinkRecorder) async throws -> Response {
        let chunked = request.headers[.transferEncoding] != nil
        var checksum = Checksum64()
        var size = 0
        do {
            var sinceYield = 0
            for try await chunk in request.body {
                chunk.withUnsafeReadableBytes { checksum.update($0) }
                size += chunk.readableBytes
                recorder.read(chunk.readableBytes)
                // Bytes that are already there never suspend the read: give other tasks a turn now and then.
                sinceYield += chunk.readableBytes
                if sinceYield >= yieldInterval {
                    sinceYield = 0
                    await Task.yield()
                }
            }
        } catch {
            recorder.fail()
            throw error
        }
        let upload = SinkUpload(size: size, checksum: checksum.text, chunked: chunked,
                                contentType: request.headers[.contentType])
        recorder.complete(upload)
        return BodyEcho.json(.ok, upload)
    }
}

/// One body the `/_sink/` route read to its end.
public struct SinkUpload: Sendable, Hashable, Encodable {
    /// Its length in bytes.
    public var size: Int
    /// Its `Checksum64` text.
    public var checksum: String
    /// Whether it came with `Transfer-Encoding: chunked` (otherwise with a `Content-Length`, or empty).
    public var chunked: Bool
    /// Its `Content-Type`, if it had one.
    public var contentType: String?

    /// Creates a record of a body.
    public init(size: Int, checksum: String, chunked: Bool, contentType: String?) {
        self.size = size
        self.checksum = checksum
        self.chunked = chunked
        self.contentType = contentType
    }

    private enum CodingKeys: String, CodingKey { case size, checksum, chunked, contentType }

    /// Encodes the route's answer (`contentType` as null when absent).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(size, forKey: .size)
        try container.encode(checksum, forKey: .checksum)
        try container.encode(chunked, forKey: .chunked)
        try container.encode(contentType, forKey: .contentType)  // null when absent, not left out
    }
}

/// What the `/_sink/` route did, so a test can watch an upload arrive or check that one never completed
/// (``MockServer/sinkStats()``).
public struct SinkStats: Sendable, Hashable {
    /// Body bytes read so far, over every request (the one arriving included).
    public var bytesRead = 0
    /// Bodies read to their end, in the order they completed.
    public var completed: [SinkUpload] = []
    /// Bodies that could not be read to their end (the client left, or the body was refused).
    public var failed = 0

    /// Creates stats.
    public init(bytesRead: Int = 0, completed: [SinkUpload] = [], failed: Int = 0) {
        self.bytesRead = bytesRead
        self.completed = completed
        self.failed = failed
    }
}

extension MockServer {
    /// What the `/_sink/` route did so far (see ``SinkStats``).
    public nonisolated func sinkStats() -> SinkStats { sinks.stats }
}

/// The server's ``SinkStats``, updated from the connections' tasks.
final class SinkRecorder: Sendable {
    private let current = Locked(SinkStats())

    var stats: SinkStats { current.withLock { $0 } }

    func read(_ count: Int) { current.withLock { $0.bytesRead += count } }

    func complete(_ upload: SinkUpload) { current.withLock { $0.completed.append(upload) } }

    func fail() { current.withLock { $0.failed += 1 } }
}
