import Foundation
import Hummingbird
import NIOCore

/// A response body of `count` chunks produced one at a time, `delay` apart, each written to the connection before
/// the next is produced, so every chunk leaves the server as soon as it is made, and the whole body never sits in
/// memory.
///
/// A chunk is counted (``StreamTracker``) once the connection has taken it. The ``StreamFault`` applies after
/// `fault.after` chunks: `drop` fails the body (the connection then closes where it is, see ``MockConnection``),
/// `stall` waits until the connection's task is cancelled (the server stops).
struct StreamBody: Sendable {
    /// How many chunks.
    let count: Int
    /// The wait before every chunk but the first.
    let delay: Duration
    /// The fault, if any.
    let fault: StreamFault?
    /// Where the stream's fate is recorded.
    let recorder: StreamRecorder
    /// Chunk `index` (0-based).
    let chunk: @Sendable (_ index: Int) -> ArraySlice<UInt8>

    /// The body failed on purpose (`drop-after`).
    struct Dropped: Error {}

    /// The body as a response body, with a `Content-Length` when `length` is given (chunked otherwise).
    func responseBody(length: Int?) -> ResponseBody {
        ResponseBody(contentLength: length) { writer in
            let tracker = StreamTracker(recorder: recorder)
            for index in 0..<count {
                if let fault, index == fault.after {
                    switch fault {
                    case .dropAfter:
                        tracker.mark(.dropped)
                        throw Dropped()
                    case .stallAfter:
                        while true { try await Task.sleep(for: .seconds(3600)) }
                    }
                }
                if index > 0, delay > .zero { try await Task.sleep(for: delay) }
                try await writer.write(ByteBuffer(bytes: chunk(index)))
                tracker.wrote()
            }
            tracker.mark(.completed)
            try await writer.finish(nil)
        }
    }
}

/// A fault of the stream routes, asked for like the others with `X-Mock-Fault` (see ``StreamRoutes``).
enum StreamFault: Equatable, Sendable {
    /// `drop-after=K`: the connection closes after K chunks, without finishing the body.
    case dropAfter(Int)
    /// `stall-after=K`: nothing more is sent after K chunks, and the connection stays open.
    case stallAfter(Int)

    /// The number of chunks sent before the fault.
    var after: Int {
        switch self {
        case .dropAfter(let count), .stallAfter(let count): count
        }
    }

    /// Splits an `X-Mock-Fault` value into the stream fault (the last one given wins) and the other tokens,
    /// which ``MockFault/parse(_:)`` reads.
    /// - Throws: ``MockFaultError`` for a malformed or unknown token.
    static func parse(_ value: String) throws -> (StreamFault?, [MockFault]) {
        var fault: StreamFault?
        var others: [String] = []
        for token in value.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) where !token.isEmpty {
            let parts = token.split(separator: "=", maxSplits: 1).map(String.init)
            let name = parts[0].lowercased()
            guard name == "drop-after" || name == "stall-after" else {
                others.append(token)
                continue
            }
            guard parts.count == 2, let count = Int(parts[1]), count >= 0 else { throw MockFaultError(token: token) }
            fault = name == "drop-after" ? .dropAfter(count) : .stallAfter(count)
        }
        return (fault, try MockFault.parse(others.joined(separator: ",")))
    }
}
