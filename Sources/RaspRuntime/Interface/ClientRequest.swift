public import Foundation

/// An HTTP request as the generated client builds it: a method, a path relative to the server URL,
/// query items in order, headers and an optional body.
public struct ClientRequest: Sendable, Hashable {
    /// The HTTP method, upper case (`GET`, `POST`…).
    public var method: String
    /// The path, already filled in and percent-encoded, starting with `/`.
    public var path: String
    /// Query items in the order they are sent (values not yet percent-encoded).
    public var query: [(name: String, value: String)]
    /// Header fields in the order they are sent.
    public var headers: [(name: String, value: String)]
    /// The body, if any: bytes in memory, or a file or an async sequence read as the request is sent.
    public var uploadBody: UploadBody?
    /// The body's bytes when they are all in memory; nil without a body, and for a body read as it is sent (a file,
    /// a sequence: see ``uploadBody``). Setting it sets ``uploadBody``.
    public var body: Data? {
        get { uploadBody?.data }
        set { uploadBody = newValue.map { UploadBody($0) } }
    }
    /// The operation's `operationId` (or method name), for logs and errors.
    public var operationID: String
    /// Whether the client's authentication applies (false for operations with `security: []`).
    public var requiresAuthentication: Bool
    /// How long to wait for the whole response; nil uses the transport's default.
    public var timeout: Duration?
    /// The operation's security requirement, from its document: alternatives (any one suffices), each the names of
    /// the schemes that must all be sent. nil (an operation of a document with one scheme, a request built by hand):
    /// every credential of the client is sent. See ``ClientCore/credentials``.
    public var security: [[String]]?
    /// The retry policy of this call, in place of ``RetryMiddleware``'s own (``RequestOptions/retryPolicy``).
    public var retryPolicy: RetryPolicy?
    /// The key that makes sending this request more than once safe, sent by ``IdempotencyKeyMiddleware``:
    /// ``RetryMiddleware`` retries a request that has one whatever its method.
    public var idempotencyKey: String?

    /// Creates a request.
    /// - Parameters:
    ///   - method: The HTTP method.
    ///   - path: The path, filled in and percent-encoded (``pathComponent(_:)`` encodes a value), from `/`.
    ///   - operationID: The name logs and errors give the call.
    ///   - requiresAuthentication: Whether the client's credentials apply.
    ///   - security: The security requirement: alternatives of scheme names (nil: every credential).
    public init(method: String, path: String, operationID: String, requiresAuthentication: Bool = true,
                security: [[String]]? = nil) {
        self.method = method
        self.path = path
        self.query = []
        self.headers = []
        self.operationID = operationID
        self.requiresAuthentication = requiresAuthentication
        self.security = security
    }

    /// A request to a path no operation of the document describes, for ``GeneratedClient/send(_:)``: its
    /// operation ID, for logs and errors, is `METHOD path`.
    /// - Parameters:
    ///   - method: The HTTP method (upper-cased).
    ///   - path: The path, percent-encoded, from `/`.
    public init(_ method: String, _ path: String) {
        self.init(method: method.uppercased(), path: path, operationID: "\(method.uppercased()) \(path)")
    }

    /// Adds a header field.
    public mutating func setHeader(_ name: String, _ value: String) {
        headers.removeAll { $0.name.lowercased() == name.lowercased() }
        headers.append((name, value))
    }

    /// The value of a header field (case-insensitive), if present.
    public func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    /// The full URL for a server base URL (the base's own path is kept as a prefix).
    public func url(relativeTo baseURL: URL) -> URL? {
        guard var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: false) else { return nil }
        var basePath = components.percentEncodedPath
        if basePath.hasSuffix("/") { basePath.removeLast() }
        components.percentEncodedPath = basePath + path
        if !query.isEmpty {
            components.percentEncodedQuery = query.map { "\(Self.encode($0.name))=\(Self.encode($0.value))" }
                .joined(separator: "&")
        }
        return components.url
    }

    /// Percent-encodes a query name or value (RFC 3986 unreserved characters stay as they are).
    static func encode(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? text
    }

    static let unreserved = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    public static func == (lhs: ClientRequest, rhs: ClientRequest) -> Bool {
        lhs.method == rhs.method && lhs.path == rhs.path && lhs.uploadBody == rhs.uploadBody
            && lhs.operationID == rhs.operationID
            && lhs.query.elementsEqual(rhs.query, by: { $0 == $1 })
            && lhs.headers.elementsEqual(rhs.headers, by: { $0 == $1 })
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(method)
        hasher.combine(path)
        for item in query {
            hasher.combine(item.name)
            hasher.combine(item.value)
        }
    }
}

/// An HTTP response: status, headers and the whole body.
public struct ClientResponse: Sendable, Hashable {
    /// The status code.
    public var status: Int
    /// Header fields (names as received).
    public var headers: [String: String]
    /// The body.
    public var body: Data

    /// Creates a response.
    public init(status: Int, headers: [String: String] = [:], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The value of a header field (case-insensitive), if present.
    public func header(_ name: String) -> String? {
        let lowered = name.lowercased()
        return headers.first { $0.key.lowercased() == lowered }?.value
    }
}
