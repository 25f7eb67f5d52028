import Foundation

/// One event of a `text/event-stream` body.
public struct ServerSentEvent: Sendable, Hashable {
    /// The event type from the `event:` field; nil when the event had none (the spec's default type, "message").
    public var event: String?
    /// The event's `data:` lines, joined with "\n".
    public var data: String
    /// The last event ID seen so far: it persists across events, per the spec. nil until an `id:` arrives, and again
    /// after an empty `id:` (which resets it).
    public var id: String?
    /// The reconnection time in milliseconds from a `retry:` field (digits only) received since the previous event.
    ///
    /// A block of only `retry:` is not an event (it has no data), so its value rides on the next event.
    public var retry: Int?

    /// Creates an event.
    /// - Parameters:
    ///   - event: The event type, or nil for "message".
    ///   - data: The data.
    ///   - id: The last event ID.
    ///   - retry: The reconnection time in milliseconds.
    public init(event: String? = nil, data: String, id: String? = nil, retry: Int? = nil) {
        self.event = event
        self.data = data
        self.id = id
        self.retry = retry
    }
}

/// The events of a streamed body, parsed as the WHATWG HTML "event stream interpretation" says, one by one as
/// the bytes arrive.
///
/// ```swift
/// for try await event in ServerSentEvents(response.body) {
///     print(event.event ?? "message", event.data)
/// }
/// ```
///
/// Parsing follows the consumer: each call to `next()` reads chunks from the body only until one event is complete,
/// so nothing reads ahead and memory holds one chunk, one line and one event. An incomplete event at the end of the
/// body (no blank line after it) is discarded, as the spec says. Errors the body throws pass through unchanged.
public struct ServerSentEvents: AsyncSequence, Sendable {
    public typealias Element = ServerSentEvent

    /// The `text/event-stream` bytes (a server sends them on as they are).
    let body: MessageBody

    /// Creates the sequence; the body is read once, when the sequence is iterated.
    /// - Parameter body: A `text/event-stream` body.
    public init(_ body: MessageBody) {
        self.body = body
    }

    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(body: body.makeAsyncIterator())
    }

    /// A reader of the events with their data as bytes (for ``EventStream``).
    func makeReader() -> ServerSentEventReader {
        ServerSentEventReader(body: body.makeAsyncIterator())
    }

    /// Reads chunks on demand and hands out the events they complete.
    public struct AsyncIterator: AsyncIteratorProtocol {
        private var reader: ServerSentEventReader

        init(body: MessageBody.AsyncIterator) {
            self.reader = ServerSentEventReader(body: body)
        }

        public mutating func next() async throws -> ServerSentEvent? {
            guard let event = try await reader.next() else { return nil }
            return ServerSentEvent(event: event.event, data: String(decoding: reader.data, as: UTF8.self),
                                   id: event.id, retry: event.retry)
        }
    }
}

/// Feeds a body's chunks to a ``ServerSentEventParser`` as events are asked for: what ``ServerSentEvents`` and
/// ``EventStream`` iterate with.
struct ServerSentEventReader {
    private var body: MessageBody.AsyncIterator
    private var parser = ServerSentEventParser()
    /// The chunk being parsed and how far the parser got into it.
    private var chunk = Data()
    private var position = 0
    private var finished = false

    init(body: MessageBody.AsyncIterator) {
        self.body = body
    }

    /// The data of the event ``next()`` returned last, until it is called again.
    var data: ArraySlice<UInt8> { parser.data }

    /// The next event's fields (its data in ``data``), or nil at the end of the body.
    mutating func next() async throws -> ServerSentEventParser.Dispatch? {
        while !finished {
            if let event = parseChunk() { return event }
            // The chunk is used up without completing an event: only now ask the body for more.
            guard let data = try await body.next() else {
                finished = true
                chunk = Data()
                break
            }
            chunk = data
            position = 0
        }
        return nil
    }

    /// Parses on in the current chunk.
    private mutating func parseChunk() -> ServerSentEventParser.Dispatch? {
        guard position < chunk.count else { return nil }
        return chunk.withUnsafeBytes { raw in
            parser.parse(raw.assumingMemoryBound(to: UInt8.self), from: &position)
        }
    }
}
