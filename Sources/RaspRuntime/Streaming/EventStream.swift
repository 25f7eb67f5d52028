import Foundation

/// An event whose `data` was decoded as JSON.
public struct TypedServerSentEvent<Value: Sendable>: Sendable {
    /// The decoded data.
    public var data: Value
    /// The event type from the `event:` field; nil for the default type, "message".
    public var event: String?
    /// The last event ID seen so far (see ``ServerSentEvent/id``).
    public var id: String?
    /// The reconnection time in milliseconds, if a `retry:` came with the event (see ``ServerSentEvent/retry``).
    public var retry: Int?

    /// Creates an event.
    /// - Parameters:
    ///   - data: The decoded data.
    ///   - event: The event type, or nil for "message".
    ///   - id: The last event ID.
    ///   - retry: The reconnection time in milliseconds.
    public init(data: Value, event: String? = nil, id: String? = nil, retry: Int? = nil) {
        self.data = data
        self.event = event
        self.id = id
        self.retry = retry
    }
}

extension TypedServerSentEvent: Equatable where Value: Equatable {}

extension TypedServerSentEvent: Hashable where Value: Hashable {}

/// Events whose data decodes as `Value` (what generated clients return for `text/event-stream` responses).
///
/// ```swift
/// let stream = EventStream<Delta>(response.body, operationID: "streamChat")
/// for try await event in stream { print(event.data.text) }
/// ```
///
/// Events without data (blank or only JSON whitespace, such as keep-alives) are skipped. An event whose data is the
/// terminator ends the sequence cleanly without reading further. Each data is decoded with ``JSONCoding/decoder``;
/// a failure throws ``ClientError/decoding(_:underlyingError:)``. Errors the body throws pass through unchanged. Like
/// ``ServerSentEvents``, the body is read only as the consumer asks for events.
public struct EventStream<Value: Decodable & Sendable>: AsyncSequence, Sendable {
    public typealias Element = TypedServerSentEvent<Value>

    /// The events as text (a server sends their bytes on as they are).
    let events: ServerSentEvents
    private let operationID: String
    private let terminator: String?

    /// Creates the sequence; the body is read once, when the sequence is iterated.
    /// - Parameters:
    ///   - body: A `text/event-stream` body.
    ///   - operationID: The operation the stream answers, for errors.
    ///   - terminator: A data value that ends the sequence cleanly (OpenAI and others send `[DONE]`); it is compared
    ///     with the data trimmed of surrounding whitespace (space, tab, CR, LF). nil for none.
    public init(_ body: MessageBody, operationID: String, terminator: String? = "[DONE]") {
        self.events = ServerSentEvents(body)
        self.operationID = operationID
        self.terminator = terminator
    }

    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(events: events.makeReader(), decoder: StreamElementDecoder(operationID: operationID),
                      terminator: terminator.map { Array($0.utf8) })
    }

    /// Decodes the events as they arrive, straight from the bytes of their data.
    public struct AsyncIterator: AsyncIteratorProtocol {
        private var events: ServerSentEventReader
        private let decoder: StreamElementDecoder
        private let terminator: [UInt8]?
        private var finished = false

        init(events: ServerSentEventReader, decoder: StreamElementDecoder, terminator: [UInt8]?) {
            self.events = events
            self.decoder = decoder
            self.terminator = terminator
        }

        public mutating func next() async throws -> TypedServerSentEvent<Value>? {
            while !finished, let event = try await events.next() {
                let data = events.data
                let trimmed = Self.trimmed(data)
                if trimmed.isEmpty { continue }
                if let terminator, trimmed.elementsEqual(terminator) { break }
                let value = try decoder.decode(Value.self, from: data)
                return TypedServerSentEvent(data: value, event: event.event, id: event.id, retry: event.retry)
            }
            finished = true
            return nil
        }

        /// The bytes without the whitespace around them (space, tab, line feed, carriage return: JSON's).
        private static func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
            let isWhitespace = { (byte: UInt8) in byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
            guard let first = bytes.firstIndex(where: { !isWhitespace($0) }),
                  let last = bytes.lastIndex(where: { !isWhitespace($0) }) else { return [] }
            return bytes[first...last]
        }
    }
}
