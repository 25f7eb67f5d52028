import Foundation
import FlyingSocks

/// A response body of `count` chunks produced one at a time, `delay` apart, and handed to the server as separate
/// buffers: the server writes each buffer to the socket before asking for the next one, so every chunk leaves the
/// server as soon as it is produced, and the whole body never sits in memory.
///
/// Asking for the next chunk also means the previous one was written, which is when ``StreamTracker`` counts it.
/// The ``StreamFault`` applies after `fault.after` chunks: `drop` fails the body (the server then closes the
/// connection, see ``CutBody``), `stall` waits until the connection's task is cancelled (the server stops).
struct StreamBody: AsyncBufferedSequence, Sendable {
    typealias Element = UInt8

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

    func makeAsyncIterator() -> Iterator { Iterator(body: self, tracker: StreamTracker(recorder: recorder)) }

    struct Iterator: AsyncBufferedIteratorProtocol {
        let body: StreamBody
        let tracker: StreamTracker
        private var index = 0
        private var pending: ArraySlice<UInt8> = []

        init(body: StreamBody, tracker: StreamTracker) {
            self.body = body
            self.tracker = tracker
        }

        mutating func nextBuffer(suggested count: Int) async throws -> ArraySlice<UInt8>? {
            if !pending.isEmpty {
                defer { pending = [] }
                return pending
            }
            if index > 0 { tracker.wrote() }
            guard index < body.count else {
                tracker.mark(.completed)
                return nil
            }
            if let fault = body.fault, index == fault.after {
                switch fault {
                case .dropAfter:
                    tracker.mark(.dropped)
                    throw Dropped()
                case .stallAfter:
                    while true { try await Task.sleep(for: .seconds(3600)) }
                }
            }
            if index > 0, body.delay > .zero { try await Task.sleep(for: body.delay) }
            defer { index += 1 }
            return body.chunk(index)
        }

        /// Byte by byte (the server asks for buffers; this is only the protocol's requirement).
        mutating func next() async throws -> UInt8? {
            if pending.isEmpty {
                guard let buffer = try await nextBuffer(suggested: 1) else { return nil }
                pending = buffer
            }
            return pending.popFirst()
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
