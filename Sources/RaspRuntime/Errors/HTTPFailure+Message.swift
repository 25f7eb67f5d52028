import Foundation

extension ClientError.HTTPFailure {
    /// The message a JSON error body gives for people, secrets masked; nil for a body with none (HTML, XML, empty,
    /// or JSON of another shape).
    ///
    /// Read from the shapes APIs commonly answer errors with, the first found: `{"error": {"message" | "text" |
    /// "detail" | "description": …}}`, `{"message": …}`, `{"error_description": …}` (OAuth 2), `{"detail": …}` and
    /// `{"title": …}` (RFC 9457 problem details), `{"error": "…"}`, `{"errors": [{"message" | "detail": …}]}`.
    public var serverMessage: String? {
        guard let text = Self.message(in: body), !text.isEmpty else { return nil }
        return redactor.redact(text)
    }

    /// Up to `limit` characters of the body as text, whitespace collapsed and secrets masked (for descriptions).
    public func bodySnippet(limit: Int = 160) -> String? {
        guard !body.isEmpty else { return nil }
        // Mask before cutting, so a secret on the cut cannot leak in part.
        let text = redactor.redact(String(decoding: body.prefix(65_536), as: UTF8.self))
        let collapsed = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        guard !collapsed.isEmpty else { return nil }
        return collapsed.count > limit ? String(collapsed.prefix(limit)) + "…" : collapsed
    }

    /// The keys an error object's message goes by, in the order they are looked for.
    private static let messageKeys = ["message", "text", "detail", "description"]

    private static func message(in body: Data) -> String? {
        guard body.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) == UInt8(ascii: "{"),
              let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any] else { return nil }
        if let error = object["error"] as? [String: Any], let text = firstString(in: error, messageKeys) {
            return trimmed(text)
        }
        if let text = firstString(in: object, ["message", "error_description", "detail", "title"]) {
            return trimmed(text)
        }
        if let text = object["error"] as? String { return trimmed(text) }
        if let errors = object["errors"] as? [Any], let first = errors.first as? [String: Any],
           let text = firstString(in: first, messageKeys) {
            return trimmed(text)
        }
        return nil
    }

    private static func firstString(in object: [String: Any], _ keys: [String]) -> String? {
        keys.lazy.compactMap { object[$0] as? String }.first { !trimmed($0).isEmpty }
    }

    private static func trimmed(_ text: String) -> String { text.trimmingCharacters(in: .whitespacesAndNewlines) }
}
