/// The WHATWG HTML "event stream interpretation" as a state machine over bytes: chunks go in, events come out.
///
/// Lines end with CRLF, LF or CR; a CR that ends one chunk and an LF that starts the next are one line end. The
/// parser works on bytes and decodes text as UTF-8 only once a line is complete, so a character split across chunks
/// stays intact (invalid bytes become U+FFFD, as the spec's decoder does). It holds the current line (only when it
/// spans chunks) and the current event, never more of the stream.
///
/// An event's data stays bytes: ``data`` holds them after a dispatch, so a reader that decodes JSON from them
/// (``EventStream``) never builds a `String`, and the buffers are reused from one event to the next.
struct ServerSentEventParser {
    /// The fields of a dispatched event other than its data, which is in ``data`` until the next call to
    /// ``parse(_:from:)``.
    struct Dispatch {
        /// The `event:` type; nil for the default, "message".
        var event: String?
        /// The last event ID; nil when none was set or it was reset.
        var id: String?
        /// The `retry:` value received since the previous event.
        var retry: Int?
    }

    private static let lineFeed: UInt8 = 0x0A
    private static let carriageReturn: UInt8 = 0x0D
    private static let colon: UInt8 = 0x3A
    private static let space: UInt8 = 0x20
    private static let dataName: StaticString = "data"
    private static let eventName: StaticString = "event"
    private static let idName: StaticString = "id"
    private static let retryName: StaticString = "retry"

    /// Bytes of a line that began in an earlier chunk and has not ended yet.
    private var line: [UInt8] = []
    /// The last line ended with CR, so an LF right after it (perhaps in the next chunk) ends nothing.
    private var afterCarriageReturn = false
    /// No line has ended yet, so a leading byte order mark is still to be skipped.
    private var atStreamStart = true

    /// The data buffer: each `data:` value followed by LF (empty: no `data:` field yet).
    private var dataBuffer: [UInt8] = []
    /// How many bytes of ``dataBuffer`` the last dispatched event has (its data without the final LF); the buffer is
    /// emptied when parsing resumes.
    private var dispatchedCount: Int?
    /// The event type buffer (nil: "message").
    private var eventType: String?
    /// The last event ID buffer, which outlives events (empty: none).
    private var lastEventID = ""
    /// The `retry:` value not yet handed out with an event.
    private var retry: Int?

    /// The data of the event the last call to ``parse(_:from:)`` dispatched, its `data:` lines joined with LF.
    var data: ArraySlice<UInt8> { dataBuffer[..<(dispatchedCount ?? 0)] }

    /// Parses `bytes` from `position` until an event is dispatched or the bytes run out.
    /// - Parameters:
    ///   - bytes: A chunk of the stream.
    ///   - position: Where to resume in `bytes`; advanced past what was consumed.
    /// - Returns: The dispatched event (its data in ``data``), or nil when `bytes` is used up without one (feed the
    ///   next chunk).
    mutating func parse(_ bytes: UnsafeBufferPointer<UInt8>, from position: inout Int) -> Dispatch? {
        if dispatchedCount != nil {
            dispatchedCount = nil
            dataBuffer.removeAll(keepingCapacity: true)
        }
        var index = position
        defer { position = index }
        while index < bytes.count {
            if afterCarriageReturn {
                afterCarriageReturn = false
                if bytes[index] == Self.lineFeed {
                    index += 1
                    continue
                }
            }
            let start = index
            while index < bytes.count, bytes[index] != Self.lineFeed, bytes[index] != Self.carriageReturn {
                index += 1
            }
            guard index < bytes.count else {
                line.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start...]))
                return nil
            }
            afterCarriageReturn = bytes[index] == Self.carriageReturn
            index += 1
            let dispatched: Dispatch?
            if line.isEmpty {
                dispatched = endLine(UnsafeBufferPointer(rebasing: bytes[start..<(index - 1)]))
            } else {
                // The line began in an earlier chunk: join it up first.
                line.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<(index - 1)]))
                dispatched = line.withUnsafeBufferPointer { endLine($0) }
                line.removeAll(keepingCapacity: true)
            }
            if let dispatched { return dispatched }
        }
        return nil
    }

    /// Interprets a completed line (without its line end).
    private mutating func endLine(_ bytes: UnsafeBufferPointer<UInt8>) -> Dispatch? {
        var text = bytes[...]
        if atStreamStart {
            atStreamStart = false
            if text.starts(with: [0xEF, 0xBB, 0xBF]) { text = text.dropFirst(3) }
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
        process(field: UnsafeBufferPointer(rebasing: field), value: UnsafeBufferPointer(rebasing: value))
        return nil
    }

    /// Applies one field to the event being built; unknown fields are ignored.
    private mutating func process(field: UnsafeBufferPointer<UInt8>, value: UnsafeBufferPointer<UInt8>) {
        switch field.count {
        case 4 where Self.equal(field, Self.dataName):
            dataBuffer.append(contentsOf: value)
            dataBuffer.append(Self.lineFeed)
        case 5 where Self.equal(field, Self.eventName):
            eventType = String(decoding: value, as: UTF8.self)
        case 2 where Self.equal(field, Self.idName):
            if !value.contains(0), !Self.equal(value, lastEventID) {
                lastEventID = String(decoding: value, as: UTF8.self)
            }
        case 5 where Self.equal(field, Self.retryName):
            // Only ASCII digits (at least one); a value too large for `Int` is ignored as well.
            var milliseconds = 0
            for byte in value {
                guard (0x30...0x39).contains(byte) else { return }
                let (times10, overflow) = milliseconds.multipliedReportingOverflow(by: 10)
                let (sum, overflow2) = times10.addingReportingOverflow(Int(byte - 0x30))
                guard !overflow, !overflow2 else { return }
                milliseconds = sum
            }
            if !value.isEmpty { retry = milliseconds }
        default:
            break
        }
    }

    /// Ends the event at a blank line: returns it unless it has no data, and resets the per-event buffers (the data
    /// buffer only when parsing resumes, so that ``data`` can be read until then).
    private mutating func dispatch() -> Dispatch? {
        defer { eventType = nil }
        guard !dataBuffer.isEmpty else { return nil }
        dispatchedCount = dataBuffer.count - 1  // Without the LF after the last `data:` value.
        let event = Dispatch(event: eventType.flatMap { $0.isEmpty ? nil : $0 },
                             id: lastEventID.isEmpty ? nil : lastEventID, retry: retry)
        retry = nil
        return event
    }

    /// Whether `bytes` are the UTF-8 of a field name.
    private static func equal(_ bytes: UnsafeBufferPointer<UInt8>, _ name: StaticString) -> Bool {
        UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount).elementsEqual(bytes)
    }

    /// Whether `bytes` are the UTF-8 of `text`.
    private static func equal(_ bytes: UnsafeBufferPointer<UInt8>, _ text: String) -> Bool {
        var text = text
        return text.withUTF8 { $0.elementsEqual(bytes) }
    }
}
