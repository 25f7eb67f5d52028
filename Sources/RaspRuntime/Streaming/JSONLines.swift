import Foundation

/// Values of a JSON Lines / NDJSON body (`application/jsonl`, `application/x-ndjson`, `application/x-jsonlines`),
/// or of a JSON text sequence (`application/json-seq`, RFC 7464: each value starts with 0x1E).
///
/// ```swift
/// for try await row in JSONLinesStream<Row>(response.body, operationID: "exportRows") { save(row) }
/// ```
///
/// Lines are split at LF (a CR before it is dropped); blank lines are skipped and a last line without a newline
/// is still decoded. The bytes tell the framing apart, whatever was declared: a body whose first byte after
/// whitespace is 0x1E is a JSON text sequence (no JSON value starts with it), any other one JSON Lines; so a body of
/// either arrives as values whichever of the two a server chose. Each value is decoded with
/// ``JSONCoding/decoder``; a failure throws ``ClientError/decoding(_:underlyingError:)``. Errors the body throws
/// pass through unchanged. The body is read only as the consumer asks for values, and memory holds one chunk and the
/// current line.
public struct JSONLinesStream<Value: Decodable & Sendable>: AsyncSequence, Sendable {
    public typealias Element = Value

    /// How values are separated.
    public enum Framing: Sendable {
        /// One value per line (JSON Lines, NDJSON).
        case lines
        /// Each value after a 0x1E record separator, usually ending with LF (RFC 7464 JSON text sequences).
        case recordSeparator
    }

    /// The bytes of the values (a server sends them on as they are).
    let body: MessageBody
    private let operationID: String
    let framing: Framing

    /// Creates the sequence; the body is read once, when the sequence is iterated.
    /// - Parameters:
    ///   - body: The streamed body.
    ///   - operationID: The operation the stream answers, for errors.
    ///   - framing: How values are separated (default: lines).
    public init(_ body: MessageBody, operationID: String, framing: Framing = .lines) {
        self.body = body
        self.operationID = operationID
        self.framing = framing
    }

    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(body: body.makeAsyncIterator(), decoder: StreamElementDecoder(operationID: operationID),
                      separator: framing == .lines ? 0x0A : 0x1E)
    }

    /// Splits the chunks into records and decodes them on demand.
    public struct AsyncIterator: AsyncIteratorProtocol {
        private var body: MessageBody.AsyncIterator
        private let decoder: StreamElementDecoder
        /// The byte that ends a line, or starts a record.
        private var separator: UInt8
        /// Whether the body's first byte that is not whitespace has been seen, which settles ``separator``.
        private var framingKnown = false
        /// The chunk being split and how far the splitting got into it.
        private var chunk: [UInt8] = []
        private var position = 0
        /// Bytes of the record not yet ended.
        private var record: [UInt8] = []
        private var finished = false

        init(body: MessageBody.AsyncIterator, decoder: StreamElementDecoder, separator: UInt8) {
            self.body = body
            self.decoder = decoder
            self.separator = separator
        }

        public mutating func next() async throws -> Value? {
            while true {
                guard let bytes = try await nextRecord() else { return nil }
                let text = Self.trimmed(bytes)
                if text.isEmpty { continue }  // A blank line, or the empty record before a leading separator.
                return try decoder.decode(Value.self, from: text)
            }
        }

        /// The next record, ended by the separator or by the end of the body; nil after the last one.
        private mutating func nextRecord() async throws -> [UInt8]? {
            while !finished {
                if !framingKnown, let first = chunk[position...].first(where: { !Self.isSpace($0) }) {
                    separator = first == 0x1E ? 0x1E : 0x0A
                    framingKnown = true
                }
                if let end = chunk[position...].firstIndex(of: separator) {
                    record.append(contentsOf: chunk[position..<end])
                    position = end + 1
                    return takeRecord()
                }
                record.append(contentsOf: chunk[position...])
                // The chunk is used up without ending a record: only now ask the body for more.
                guard let data = try await body.next() else {
                    finished = true
                    chunk = []
                    position = 0
                    return takeRecord()
                }
                chunk = Array(data)
                position = 0
            }
            return nil
        }

        /// Hands out the record buffer and starts an empty one.
        private mutating func takeRecord() -> [UInt8] {
            defer { record.removeAll(keepingCapacity: true) }
            return record
        }

        /// `bytes` without the JSON whitespace (space, tab, LF, CR) around it.
        private static func trimmed(_ bytes: [UInt8]) -> ArraySlice<UInt8> {
            guard let first = bytes.firstIndex(where: { !Self.isSpace($0) }),
                  let last = bytes.lastIndex(where: { !Self.isSpace($0) }) else { return [] }
            return bytes[first...last]
        }

        /// Whether a byte is JSON whitespace (space, tab, LF, CR).
        private static func isSpace(_ byte: UInt8) -> Bool {
            byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
        }
    }
}
