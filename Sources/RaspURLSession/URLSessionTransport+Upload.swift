import Foundation
import RaspRuntime
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// How `URLSessionTransport` sends request bodies (``/RaspRuntime/ClientRequest/uploadBody``), tried on Linux:
// - bytes in memory go as `httpBody`;
// - anything else (a file, a sequence, a multipart body around them) goes through `httpBodyStream`, an
//   ``UploadFeed`` that copies bytes in memory and reads files straight into libcurl's buffer when asked, and reads
//   a sequence ahead by up to 1 MiB, with a `Content-Length` when the length is known and chunked otherwise.
// - On Apple systems a body that is one file alone goes with an upload task from the file instead (from `send` and
//   `stream`; a download task cannot take a file). Not on Linux: FoundationNetworking reads such a file through
//   DispatchIO a few dozen KiB at a time and sends it five to seven times slower than the body stream does
//   (`rasp-bench streams`, 1 GiB over loopback: about 120 MB/s against 700-950 MB/s).
// FoundationNetworking reads a body stream on a work queue that all its sessions share, and a stream cannot say
// "later": a read that waits holds up every request of the process (``UploadFeed`` keeps that to sequences slower
// than the network, and bounds it by the request's timeout). `Stream.getBoundStreams` does not exist there;
// `uploadTask(withStreamedRequest:)` with the delegate's `needNewBodyStream` works but only hands over the same kind
// of stream later, and adds an `Expect: 100-continue` round trip. So Linux reads a subclass of `InputStream`, and
// Apple systems a bound pair (see `UploadFeed.makeInputStream()`).

extension URLSessionTransport {
    /// True: bodies that are files or sequences are sent as they are read, never whole in memory.
    public var streamsRequestBodies: Bool { true }

    /// How a request's body goes out.
    enum OutgoingBody: Sendable {
        /// No body, or its bytes in `httpBody`.
        case inMemory
        /// One file, sent by an upload task from the file (Apple systems only).
        case file(URL)
        /// Read as the connection takes it, through `httpBodyStream`.
        case stream(UploadFeed)

        /// The feed of a streamed body.
        var feed: UploadFeed? {
            if case .stream(let feed) = self { feed } else { nil }
        }
    }

    /// Whether a body that is one file goes with an upload task from the file (see the notes at the top).
    static var uploadsFilesFromTasks: Bool {
        #if canImport(FoundationNetworking)
        false
        #else
        true
        #endif
    }

    /// Puts the request's body into `urlRequest` (see the notes at the top of this file).
    /// - Parameters:
    ///   - fileTask: Whether the task can be an upload task from a file.
    ///   - timeout: The request's timeout: the longest a streamed body may keep the connection waiting for bytes.
    /// - Throws: ``/RaspRuntime/ClientError/invalidRequest(operationID:reason:underlyingError:)`` when a file of the
    ///   body is missing.
    func attachBody(of request: ClientRequest, to urlRequest: inout URLRequest, fileTask: Bool,
                    timeout: Duration) throws -> OutgoingBody {
        guard let body = request.uploadBody else { return .inMemory }
        if let data = body.data {
            urlRequest.httpBody = data
            return .inMemory
        }
        do {
            if fileTask, Self.uploadsFilesFromTasks, let file = body.file {
                // A missing file fails here, not later as a network error.
                _ = try MessageBody.size(of: file)
                return .file(file)
            }
            let length = try body.length()
            let feed = UploadFeed(body: body, length: length, waitLimit: timeout)
            urlRequest.httpBodyStream = feed.makeInputStream()
            if let length {
                urlRequest.setValue(String(length), forHTTPHeaderField: "Content-Length")
                #if canImport(FoundationNetworking)
                // libcurl is not told the length of a body stream and would add `Transfer-Encoding: chunked` beside
                // the `Content-Length`, which servers refuse; a header of only a space is not sent, but stops that.
                urlRequest.setValue(" ", forHTTPHeaderField: "Transfer-Encoding")
                #endif
            }
            return .stream(feed)
        } catch let error as MessageBody.ReadError {
            throw ClientError(uploadError: error, operationID: request.operationID)
        }
    }

    /// Ends the body feed of an exchange that is over (a sequence's read-ahead stops reading it).
    static func finish(_ outgoing: OutgoingBody) {
        outgoing.feed?.stop()
    }
}
