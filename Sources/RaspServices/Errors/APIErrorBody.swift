public import Foundation
public import RaspRuntime

/// The error body of the Rasp API (and other Yandex APIs): `{"error": {"text", "http_code", "error_code",
/// "request"}}`, read tolerantly from any failed response.
///
/// Only `text` is required. ``request`` echoes the request URL (API key included), so ``parse(_:redactor:)``
/// masks it, and ``text`` too.
public struct APIErrorBody: Sendable, Hashable, Codable {
    /// The human-readable message, e.g. `Unknown station code c1111`.
    public var text: String
    /// The status the body claims (usually the response's).
    public var httpCode: Int?
    /// An opaque server tag, e.g. `v3.0_stable-57-1.8996410.1168813578_31`.
    public var errorCode: String?
    /// The request as the server echoes it, with secrets masked.
    public var request: String?

    /// Creates a body.
    public init(text: String, httpCode: Int? = nil, errorCode: String? = nil, request: String? = nil) {
        self.text = text
        self.httpCode = httpCode
        self.errorCode = errorCode
        self.request = request
    }

    enum CodingKeys: String, CodingKey {
        case text
        case httpCode = "http_code"
        case errorCode = "error_code"
        case request
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        text = try container.decode(String.self, forKey: .text)
        httpCode = (try? container.decodeIfPresent(Int.self, forKey: .httpCode))
            ?? (try? container.decodeIfPresent(String.self, forKey: .httpCode)).flatMap { $0.flatMap { Int($0) } }
        errorCode = try? container.decodeIfPresent(String.self, forKey: .errorCode)
        request = try? container.decodeIfPresent(String.self, forKey: .request)
    }

    private struct Envelope: Decodable { var error: APIErrorBody }

    /// Reads `{"error": {...}}` from a body, or returns nil when the body has another shape (HTML, XML, empty).
    /// - Parameters:
    ///   - body: The raw response body.
    ///   - redactor: Masks secrets in ``text`` and ``request``.
    public static func parse(_ body: Data, redactor: Redactor = .standard) -> APIErrorBody? {
        guard let first = body.first(where: { !Set<UInt8>([0x20, 0x09, 0x0A, 0x0D]).contains($0) }),
              first == UInt8(ascii: "{"),
              var value = try? JSONDecoder().decode(Envelope.self, from: body).error
        else { return nil }
        value.text = redactor.redact(value.text)
        value.request = value.request.map(redactor.redact)
        return value
    }
}

extension APIErrorBody: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// `APIErrorBody(401: Unknown api key; request https://…?apikey=<redacted>…)`, secrets masked even in a body
    /// built by hand rather than by ``parse(_:redactor:)``.
    public var description: String {
        let redactor = Redactor.current
        var parts = [(httpCode.map { "\($0): " } ?? "") + redactor.redact(text)]
        if let errorCode { parts.append("error code \(errorCode)") }
        if let request { parts.append("request \(redactor.redact(request))") }
        return "APIErrorBody(" + parts.joined(separator: "; ") + ")"
    }

    public var debugDescription: String { description }

    /// The fields, ``text`` and ``request`` masked.
    public var customMirror: Mirror {
        let redactor = Redactor.current
        return Mirror(self, children: [
            "text": redactor.redact(text), "httpCode": httpCode as Any, "errorCode": errorCode as Any,
            "request": request.map(redactor.redact) as Any,
        ], displayStyle: .struct)
    }
}

extension ClientError.HTTPFailure {
    /// The body as a Rasp (Yandex) API error (`{"error": {"text", …}}`), secrets masked; nil for other shapes.
    public var apiError: APIErrorBody? { APIErrorBody.parse(body, redactor: redactor) }
}
