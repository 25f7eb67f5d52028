import Foundation

// The streams a server's handler returns: values made into the bytes a client's stream reads back.

extension EventStream where Value: Encodable {
    /// Events to send, written as `text/event-stream` (each data as JSON) as `events` produces them.
    /// - Parameters:
    ///   - events: The events; the stream ends when they do.
    ///   - operationID: The operation, for errors.
    public init<Events: AsyncSequence & Sendable>(encoding events: Events, operationID: String = "")
    where Events.Element == TypedServerSentEvent<Value> {
        let body = MessageBody.encoding(events) { event in
            let data = String(decoding: try JSONCoding.encode(event.data), as: UTF8.self)
            return Data(ServerResponse.eventText(event: event.event, id: event.id, retry: event.retry, data: data).utf8)
        }
        self.init(body, operationID: operationID, terminator: nil)
    }

    /// Events to send, written as `text/event-stream` (each data as JSON).
    public init(encoding events: [TypedServerSentEvent<Value>], operationID: String = "") {
        self.init(encoding: arrayStream(events), operationID: operationID)
    }
}

extension ServerSentEvents {
    /// Events to send, written as `text/event-stream` as `events` produces them.
    public init<Events: AsyncSequence & Sendable>(encoding events: Events) where Events.Element == ServerSentEvent {
        self.init(MessageBody.encoding(events) { event in
            Data(ServerResponse.eventText(event: event.event, id: event.id, retry: event.retry, data: event.data).utf8)
        })
    }

    /// Events to send, written as `text/event-stream`.
    public init(encoding events: [ServerSentEvent]) {
        self.init(encoding: arrayStream(events))
    }
}

extension JSONLinesStream where Value: Encodable {
    /// Values to send, each as JSON on a line of its own (or after a record separator) as `values` produces them.
    public init<Values: AsyncSequence & Sendable>(encoding values: Values, operationID: String = "",
                                                  framing: Framing = .lines) where Values.Element == Value {
        let body = MessageBody.encoding(values) { value in
            (framing == .recordSeparator ? Data([0x1E]) : Data()) + (try JSONCoding.encode(value))
                + Data([0x0A])
        }
        self.init(body, operationID: operationID, framing: framing)
    }

    /// Values to send, each as JSON on a line of its own (or after a record separator).
    public init(encoding values: [Value], operationID: String = "", framing: Framing = .lines) {
        self.init(encoding: arrayStream(values), operationID: operationID, framing: framing)
    }
}

extension MessageBody {
    /// A body of `source`'s elements as `chunk` writes them, produced only as the body is read.
    static func encoding<Source: AsyncSequence & Sendable>(
        _ source: Source, chunk: @escaping @Sendable (Source.Element) throws -> Data
    ) -> MessageBody where Source.Element: Sendable {
        MessageBody(source.map(chunk))
    }
}

/// An array as an async sequence.
private func arrayStream<Element: Sendable>(_ elements: [Element]) -> AsyncStream<Element> {
    AsyncStream { continuation in
        for element in elements { continuation.yield(element) }
        continuation.finish()
    }
}
