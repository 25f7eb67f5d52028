/// The WHATWG HTML "event stream interpretation" as a state machine over bytes: chunks go in, events come out.
///
/// Lines end with CRLF, LF or CR; a CR that ends one chunk and an LF that starts the next are one line end. The
/// parser works on bytes and decodes a line as UTF-8 only once it is complete, so a character split across chunks
/// stays intact (invalid bytes become U+FFFD, as the spec's decoder does). It holds the current line and the
/// current event, never more of the stream.
struct ServerSentEventParser {
    private static let lineFeed: UInt8 = 0x0A
    private static let carriageReturn: UInt8 = 0x0D
    private static let colon: UInt8 = 0x3A
    private static let space: UInt8 = 0x20
    private static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// Bytes of the line not yet ended.
    private var line: [UInt8] = []
    /// The last line ended with CR, so an LF right after it (perhaps in the next chunk) ends nothing.
    private var afterCarriageReturn = false
    /// No line has ended yet, so a leading byte order mark is still to be skipped.
    private var atStreamStart = true

    /// The data buffer: each `data:` value followed by "\n" (empty: no `data:` field yet).
    private var data = ""
    /// The event type buffer (empty: "message").
    private var eventType = ""
    /// The last event ID buffer; it outlives events.
    private var lastEventID = ""
    /// The `retry:` value not yet handed out with an event.
    private var retry: Int?

    /// Parses `bytes` from `position` until an event is dispatched or the bytes run out.
    /// - Parameters:
    ///   - bytes: A chunk of the stream.
    ///   - position: Where to resume in `bytes`; advanced past what was consumed.
    /// - Returns: The dispatched event, or nil when `bytes` is used up without one (feed the next chunk).
    mutating func parse(_ bytes: [UInt8], from position: inout Int) -> ServerSentEvent? {
        while position < bytes.count {
            if afterCarriageReturn {
                afterCarriageReturn = false
                if bytes[position] == Self.lineFeed {
                    position += 1
                    continue
                }
            }
            guard let end = bytes[position...].firstIndex(where: { $0 == Self.lineFeed || $0 == Self.carriageReturn })
            else {
                line.append(contentsOf: bytes[position...])
                position = bytes.count
                return nil
            }
            line.append(contentsOf: bytes[position..<end])
            afterCarriageReturn = bytes[end] == Self.carriageReturn
            position = end + 1
            if let event = endLine() { return event }
        }
        return nil
    }

    /// Interprets the completed line and empties the line buffer.
    private mutating func endLine() -> ServerSentEvent? {
        defer { line.removeAll(keepingCapacity: true) }
        var text = line[...]
        if atStreamStart {
            atStreamStart = false
            if text.starts(with: Self.byteOrderMark) { text = text.dropFirst(Self.byteOrderMark.count) }
        }
        if text.isEmpty { return dispatch() }
        if text.first == Self.colon { return nil }  // A comment.
        // `field: value`, one leading space off the value; a line without a colon is a field with an empty value.
        var field = text
        var value = text[text.endIndex...]
        if let colon = text.firstIndex(of: Self.colon) {
            field = text[..<colon]
            value = text[(colon + 1)...]
            if value.first == Self.space { value = value.dropFirst() }
        }
        process(field: field, value: value)
        return nil
    }

    /// Applies one field to the event being built; unknown fields are ignored.
    private mutating func process(field: ArraySlice<UInt8>, value: ArraySlice<UInt8>) {
        if field.elementsEqual("data".utf8) {
            data += String(decoding: value, as: UTF8.self)
            data += "\n"
        } else if field.elementsEqual("event".utf8) {
            eventType = String(decoding: value, as: UTF8.self)
        } else if field.elementsEqual("id".utf8) {
            if !value.contains(0) { lastEventID = String(decoding: value, as: UTF8.self) }
        } else if field.elementsEqual("retry".utf8) {
            // Only ASCII digits (at least one); a value too large for `Int` is ignored as well.
            if !value.isEmpty, value.allSatisfy({ (0x30...0x39).contains($0) }),
               let milliseconds = Int(String(decoding: value, as: UTF8.self)) {
                retry = milliseconds
            }
        }
    }

    /// Ends the event at a blank line: returns it unless it has no data, and resets the per-event buffers.
    private mutating func dispatch() -> ServerSentEvent? {
        defer {
            data = ""
            eventType = ""
        }
        guard !data.isEmpty else { return nil }
        data.unicodeScalars.removeLast()  // The "\n" after the last `data:` value.
        let event = ServerSentEvent(event: eventType.isEmpty ? nil : eventType, data: data,
                                    id: lastEventID.isEmpty ? nil : lastEventID, retry: retry)
        retry = nil
        return event
    }
}
