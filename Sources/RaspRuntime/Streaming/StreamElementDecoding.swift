import Foundation

/// Decodes the elements of streamed bodies (event data, JSON lines), with failures shaped like
/// ``ClientCore/decode(_:from:operationID:)``'s.
struct StreamElementDecoder {
    /// The most characters of an element a decoding failure quotes.
    static let snippetLimit = 80

    /// The operation whose response is streamed.
    let operationID: String
    /// The status of that response: a stream is only read from a success, and the sequences do not see it.
    let status = 200

    /// Creates a decoder for one stream.
    /// - Parameter operationID: The operation whose response is streamed.
    init(operationID: String) {
        self.operationID = operationID
    }

    /// Decodes one element.
    /// - Parameters:
    ///   - type: The type to decode.
    ///   - bytes: The element's JSON text.
    /// - Returns: The decoded value.
    /// - Throws: ``ClientError/decoding(_:underlyingError:)`` with the coding path, whose reason ends with the start of
    ///   the element.
    func decode<Value: Decodable>(_ type: Value.Type, from bytes: some Collection<UInt8>) throws -> Value {
        do {
            return try JSONCoding.decode(Value.self, from: Data(bytes))
        } catch {
            var failure = ClientError(decodingError: error, operationID: operationID, status: status)
            failure.decodingFailure?.reason += " (element: '\(Self.snippet(of: bytes))')"
            throw failure
        }
    }

    /// The start of an element, at most ``snippetLimit`` characters, with secrets masked.
    static func snippet(of bytes: some Collection<UInt8>) -> String {
        // Decode only as many bytes as the characters shown can take (up to 4 bytes a scalar).
        let text = String(decoding: bytes.prefix(snippetLimit * 4), as: UTF8.self)
        let cut = text.count > snippetLimit || bytes.count > snippetLimit * 4
        let shown = cut ? String(text.prefix(snippetLimit)) + "…" : text
        return Redactor.current.redact(shown)
    }
}
