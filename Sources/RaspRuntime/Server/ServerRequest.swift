public import Foundation
public import HTTPTypes

/// An HTTP request as a generated server sees it, whatever the HTTP library underneath (an adapter such as
/// `RaspHummingbird` makes one from its own request type).
public struct ServerRequest: Sendable {
    /// The method, upper case (`GET`).
    public var method: String
    /// The path, still percent-encoded, without the query (`/v3.0/search/`).
    public var path: String
    /// The query items in order, percent-decoded (`+` read as a space).
    public var query: [(name: String, value: String)]
    /// Header fields in order, names as received; a repeated field is several fields.
    public var headers: HTTPFields
    /// The body. Adapters hand it over as it arrives; ``ServerRouter`` collects it into memory (within
    /// ``ServerRouter/maxBodySize``) before a route's middlewares and handler see it, unless the route was registered
    /// to stream it (``ServerRouter/register(method:path:operationID:streamsBody:accepts:handler:)``), whose handler
    /// reads the chunks as they come, once.
    public var body: MessageBody
    /// The path parameters of the matched route, still percent-encoded (set by ``ServerRouter``).
    public var pathParameters: [String: String] = [:]
    /// The operation the matched route serves (set by ``ServerRouter``), for middlewares and logs.
    public var operationID = ""

    /// Creates a request.
    /// - Parameters:
    ///   - method: The method (any case).
    ///   - target: The request target: the path and, after `?`, the query string.
    ///   - headers: Header fields in order.
    ///   - body: The body, in memory or as it arrives.
    public init(method: String, target: String, headers: HTTPFields = [:], body: MessageBody = MessageBody(Data())) {
        self.method = method.uppercased()
        let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        self.path = String(parts[0])
        self.query = parts.count > 1 ? Self.formItems(String(parts[1])) : []
        self.headers = headers
        self.body = body
    }

    /// Creates a request with a body in memory.
    /// - Parameters:
    ///   - method: The method (any case).
    ///   - target: The request target: the path and, after `?`, the query string.
    ///   - headers: Header fields in order.
    ///   - body: The body.
    public init(method: String, target: String, headers: HTTPFields = [:], body: Data) {
        self.init(method: method, target: target, headers: headers, body: MessageBody(body))
    }

    /// The bytes of a body in memory (every route's but a streaming one's); empty for a body still to be read.
    public var bodyData: Data { body.data ?? Data() }

    /// The first value of a header field (case-insensitive), if present.
    public func header(_ name: String) -> String? {
        headers.firstValue(of: name)
    }

    /// The cookies of the `Cookie` header, in order (names and values as sent, still percent-encoded).
    public var cookies: [(name: String, value: String)] {
        headers[values: .cookie].flatMap { value in
            value.split(separator: ";").map { item in
                let parts = item.trimmingCharacters(in: .whitespaces)
                    .split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                return (String(parts[0]), parts.count > 1 ? String(parts[1]) : "")
            }
        }
    }

    /// The media type of the body, without parameters, lower case (`application/json`).
    public var contentType: String? {
        header("Content-Type").map { $0.split(separator: ";")[0].trimmingCharacters(in: .whitespaces).lowercased() }
    }

    /// `application/x-www-form-urlencoded` text (a query string or a form body) as items, percent-decoded.
    public static func formItems(_ text: String) -> [(name: String, value: String)] {
        text.split(separator: "&", omittingEmptySubsequences: true).map { item in
            let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return (formDecode(parts[0]), parts.count > 1 ? formDecode(parts[1]) : "")
        }
    }

    private static func formDecode(_ text: Substring) -> String {
        let spaced = text.replacingOccurrences(of: "+", with: " ")
        return spaced.removingPercentEncoding ?? spaced
    }
}

/// What a generated server answers.
public struct ServerResponse: Sendable {
    /// The status code.
    public var status: Int
    /// Header fields in order; a repeated field (two `Set-Cookie`) is several fields.
    public var headers: HTTPFields
    /// The body.
    public var body: Body

    /// A response body: bytes in memory, or chunks written as they come (an event stream, a large file).
    public enum Body: Sendable {
        /// The whole body.
        case data(Data)
        /// Chunks in order; the response ends when the sequence does (or throws).
        case stream(AsyncThrowingStream<Data, any Error>)
    }

    /// Creates a response.
    public init(status: Int, headers: HTTPFields = [:], body: Body = .data(Data())) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// Creates a response with a body in memory and its media type.
    public init(status: Int, contentType: String, body: Data) {
        self.init(status: status, headers: [.contentType: contentType], body: .data(body))
    }

    /// A JSON response.
    /// - Throws: What `JSONEncoder` throws for the value.
    public static func json(_ value: some Encodable, status: Int = 200, contentType: String = "application/json")
        throws -> ServerResponse {
        ServerResponse(status: status, contentType: contentType, body: try JSONCoding.encode(value))
    }

    /// The first value of a header field (case-insensitive), if present.
    public func header(_ name: String) -> String? {
        headers.firstValue(of: name)
    }

    /// The body when it is in memory.
    public var data: Data? {
        if case .data(let data) = body { return data }
        return nil
    }
}

/// Thrown by a handler to answer with a given status and body: a documented error response (its body encoded
/// with the schema's type) or any other. ``ServerRouter`` sends it as it is.
public struct ServerResponseError: Error, Sendable {
    /// The response to send.
    public var response: ServerResponse

    /// An error answered with `response`.
    public init(_ response: ServerResponse) {
        self.response = response
    }

    /// An error answered with `status` and `body` as JSON (e.g. a documented 404 body).
    /// - Throws: What `JSONEncoder` throws for the body.
    public init(status: Int, json body: some Encodable, contentType: String = "application/json") throws {
        response = try .json(body, status: status, contentType: contentType)
    }
}

/// A request the server cannot read: a required parameter missing, a value of the wrong type, a body that does
/// not decode. ``ServerRouter`` answers 400 with ``reason``.
public struct ServerRequestError: Error, Sendable, CustomStringConvertible {
    /// What was wrong, for the client (names the parameter or body, never echoes credentials).
    public var reason: String
    /// The status to answer with: 400, or 415 for a body of a media type the operation does not take.
    public var status: Int

    /// Creates the error.
    public init(_ reason: String, status: Int = 400) {
        self.reason = reason
        self.status = status
    }

    /// A body of a media type the operation does not take.
    public static let unsupportedMediaType = ServerRequestError("the operation does not take a body of this media type",
                                                                status: 415)

    /// The reason.
    public var description: String { reason }

    /// The reason for a `DecodingError`, with the coding path and what was expected.
    static func describe(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "does not decode" }
        func path(_ context: DecodingError.Context) -> String {
            let keys = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            return keys.isEmpty ? "" : " at \(keys)"
        }
        switch error {
        case .keyNotFound(let key, let context): return "misses '\(key.stringValue)'\(path(context))"
        case .typeMismatch(let type, let context): return "expected \(type)\(path(context))"
        case .valueNotFound(let type, let context): return "expected \(type)\(path(context))"
        case .dataCorrupted(let context): return "\(context.debugDescription)\(path(context))"
        @unknown default: return "does not decode"
        }
    }
}
