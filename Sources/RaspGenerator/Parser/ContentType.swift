internal import Foundation

/// A media type key of a `content` map, read once: as written, its base type, and what kind of content it is.
///
/// Every stage asks this type what a media type is (JSON, a form, a stream…); none looks at the text itself.
public struct ContentType: Sendable, Hashable {
    /// What kind of content a media type holds, which decides how a body of it is read and written.
    public enum Category: Sendable, Hashable {
        /// JSON: `application/json`, a `+json` suffix (`application/problem+json`), or `…/json` (`text/json`).
        case json
        /// Server-sent events: `text/event-stream`.
        case eventStream
        /// JSON Lines: `application/jsonl`, `application/x-ndjson` and their other spellings.
        case jsonLines
        /// A JSON text sequence (RFC 7464): `application/json-seq`.
        case jsonSequence
        /// `application/x-www-form-urlencoded`.
        case form
        /// `multipart/form-data`, `multipart/mixed`…
        case multipart
        /// Text: `text/*` but events and XML.
        case text
        /// XML, read and written as text: `…/xml` and a `+xml` suffix (`application/atom+xml`).
        case xml
        /// Any content (`*/*`, `application/*`): what it holds is what its schema says.
        case wildcard
        /// Anything else, handled as bytes: `application/octet-stream`, images, `video/*`…
        case binary
    }

    /// How a sequential media type delivers its items.
    public enum StreamKind: Sendable, Hashable {
        /// Server-sent events.
        case events
        /// One JSON value per line.
        case jsonLines
        /// JSON values each after a record separator (RFC 7464).
        case jsonSequence
    }

    /// The key as written (`application/json`, `text/html; charset=utf-8`…).
    public let text: String
    /// The media type without parameters, lower case: `application/json` for `Application/JSON; charset=utf-8`.
    public let base: String
    /// What kind of content it is.
    public let category: Category

    /// Reads a media type key.
    public init(_ text: String) {
        self.text = text
        base = Self.base(of: text)
        category = Self.category(ofBase: base)
    }

    /// Whether items arrive one by one, and how.
    public var streamKind: StreamKind? {
        switch category {
        case .eventStream: .events
        case .jsonLines: .jsonLines
        case .jsonSequence: .jsonSequence
        default: nil
        }
    }

    /// Whether the key names a range of types (`*/*`, `image/*`) rather than one.
    public var isRange: Bool { base.contains("*") }

    /// The `Content-Type` a sender writes for content of this type: the key as written, or for a range (a wildcard
    /// is no media type a message can carry) `application/json` when the content is JSON, else
    /// `application/octet-stream`.
    public func sent(asJSON: Bool) -> String {
        isRange ? (asJSON ? "application/json" : "application/octet-stream") : text
    }

    /// Whether content of this type is read and written as one JSON value when its schema is `schema` (a stream never
    /// is): JSON types always; a wildcard or text type (Rasp's `stations_list` is served as `text/html`) when the
    /// schema describes an object, an array or a named schema, which no plain text or bytes would be.
    public func carriesJSON(schema: Schema?) -> Bool {
        switch category {
        case .json: true
        case .wildcard, .text: schema.map(Self.describesJSON) ?? false
        default: false
        }
    }

    /// Whether a schema describes a JSON structure (an object, an array or a reference to a named schema) rather
    /// than a scalar, which a non-JSON media type can carry as text or bytes.
    public static func describesJSON(_ schema: Schema) -> Bool {
        schema.ref != nil || !schema.properties.isEmpty || schema.types.contains(.object)
            || schema.types.contains(.array)
    }

    /// The category of a base type.
    private static func category(ofBase base: String) -> Category {
        switch base {
        case "text/event-stream": return .eventStream
        case "application/jsonl", "application/x-ndjson", "application/x-jsonlines", "application/jsonlines",
             "application/ndjson":
            return .jsonLines
        case "application/json-seq": return .jsonSequence
        case "application/x-www-form-urlencoded": return .form
        case "*/*", "application/*": return .wildcard
        default: break
        }
        if base == "application/json" || base.hasSuffix("+json") || base.hasSuffix("/json") { return .json }
        if base.hasPrefix("multipart/") { return .multipart }
        if base.hasSuffix("/xml") || base.hasSuffix("+xml") { return .xml }
        if base.hasPrefix("text/") { return .text }
        return .binary
    }

    /// The base type of a media type key: the first part between semicolons that is not empty, without blanks, in
    /// lower case.
    private static func base(of type: String) -> String {
        guard type.isASCII else {
            return type.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        }
        // ASCII (nearly every media type): the same on bytes, where the only blanks are spaces and tabs.
        var type = type
        return type.withUTF8 { bytes in
            let isBlank = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
            var start = 0
            while start < bytes.count, bytes[start] == UInt8(ascii: ";") { start += 1 }
            var end = start
            while end < bytes.count, bytes[end] != UInt8(ascii: ";") { end += 1 }
            while start < end, isBlank(bytes[start]) { start += 1 }
            while end > start, isBlank(bytes[end - 1]) { end -= 1 }
            return String(unsafeUninitializedCapacity: end - start) { base in
                for offset in start..<end {
                    let byte = bytes[offset]
                    base[offset - start] = byte.isASCIIUppercase ? byte + 32 : byte
                }
                return end - start
            }
        }
    }
}
