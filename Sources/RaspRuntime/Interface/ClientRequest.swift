public import Foundation
public import HTTPTypes

/// An HTTP request as the generated client builds it: a method, a path relative to the server URL,
/// query items in order, headers and an optional body.
public struct ClientRequest: Sendable, Hashable {
    /// The HTTP method, upper case (`GET`, `POST`…).
    public var method: String
    /// The path, already filled in and percent-encoded, starting with `/`.
    public var path: String
    /// Query items in the order they are sent (values not yet percent-encoded).
    public var query: [(name: String, value: String)]
    /// Header fields in the order they are sent; a name may repeat (``appendHeader(_:_:)``).
    public var headers: HTTPFields
    /// Why a field given by name could not be added (an invalid name, a control character in the value), reported
    /// by ``ClientCore`` as ``ClientError/invalidRequest(operationID:reason:underlyingError:)`` before anything is
    /// sent. It names the field and the character, never the value (it may be a credential).
    public private(set) var headerProblem: String?
    /// The body, if any: bytes in memory, or a file or an async sequence read as the request is sent.
    public var uploadBody: MessageBody?
    /// The body's bytes when they are all in memory; nil without a body, and for a body read as it is sent (a file,
    /// a sequence: see ``uploadBody``). Setting it sets ``uploadBody``.
    public var body: Data? {
        get { uploadBody?.data }
        set { uploadBody = newValue.map { MessageBody($0) } }
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
    /// The retry policy of this call, in place of `RetryMiddleware`'s own (``RequestOptions/retryPolicy``).
    public var retryPolicy: RetryPolicy?
    /// The key that makes sending this request more than once safe, sent by `IdempotencyKeyMiddleware`:
    /// `RetryMiddleware` retries a request that has one whatever its method.
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
        self.headers = [:]
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

    /// Sets a header field, replacing every field of the same name (case-insensitive).
    ///
    /// A name that is not an RFC 9110 token, or a value with a control character, is not added: the request keeps
    /// the problem in ``headerProblem`` and ``ClientCore`` refuses to send it (a transport would drop or mangle such
    /// a field without a word).
    public mutating func setHeader(_ name: String, _ value: String) {
        guard let field = checkedField(name, value) else { return }
        headers[fields: field.name] = [field]
    }

    /// Adds a header field after the others, keeping the fields of the same name already there (a repeated field).
    /// An invalid name or value is refused as by ``setHeader(_:_:)``.
    public mutating func appendHeader(_ name: String, _ value: String) {
        guard let field = checkedField(name, value) else { return }
        headers.append(field)
    }

    /// The value of the first header field of that name (case-insensitive), if present.
    public func header(_ name: String) -> String? {
        headers.firstValue(of: name)
    }

    /// The field, or nil with ``headerProblem`` set.
    private mutating func checkedField(_ name: String, _ value: String) -> HTTPField? {
        if let problem = HeaderText.problem(name: name, value: value) {
            if headerProblem == nil { headerProblem = problem }
            return nil
        }
        guard let fieldName = HTTPField.Name(name) else { return nil }
        return HTTPField(name: fieldName, value: value)
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
    package static func encode(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? text
    }

    static let unreserved = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    public static func == (lhs: ClientRequest, rhs: ClientRequest) -> Bool {
        lhs.method == rhs.method && lhs.path == rhs.path && lhs.uploadBody == rhs.uploadBody
            && lhs.operationID == rhs.operationID
            && lhs.query.elementsEqual(rhs.query, by: { $0 == $1 }) && lhs.headers == rhs.headers
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

/// An HTTP response: status, headers and the body, in memory or arriving (see ``ClientTransport``).
public struct ClientResponse: Sendable, Hashable {
    /// The status code.
    public var status: Int
    /// Header fields in the order received, names as received; a repeated field (two `Set-Cookie`) is kept as
    /// several fields (`headers[values: .setCookie]`).
    public var headers: HTTPFields
    /// The body: in memory (``MessageBody/data``) when the call decodes it, arriving for downloads and event
    /// streams. A middleware may replace it, for instance with a body that observes its chunks as they pass.
    public var body: MessageBody

    /// Creates a response.
    public init(status: Int, headers: HTTPFields = [:], body: MessageBody) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// Creates a response whose body is in memory.
    public init(status: Int, headers: HTTPFields = [:], body: Data = Data()) {
        self.init(status: status, headers: headers, body: MessageBody(body))
    }

    /// Creates a response from a head and a body.
    public init(_ head: ClientResponseHead, body: MessageBody) {
        self.init(status: head.status, headers: head.headers, body: body)
    }

    /// The status and headers.
    public var head: ClientResponseHead {
        ClientResponseHead(status: status, headers: headers)
    }

    /// The value of a header field (case-insensitive), if present: the values of a repeated field joined as HTTP
    /// allows (`, `; `; ` for `Cookie`).
    public func header(_ name: String) -> String? {
        headers.value(of: name)
    }
}

extension HTTPFields {
    /// The combined value of the fields named `name` (case-insensitive), nil when there is none or the name is not
    /// a valid field name.
    package func value(of name: String) -> String? {
        HTTPField.Name(name).flatMap { self[$0] }
    }

    /// The value of the first field named `name` (case-insensitive), nil when there is none or the name is not a
    /// valid field name.
    func firstValue(of name: String) -> String? {
        HTTPField.Name(name).flatMap { self[fields: $0].first?.value }
    }
}
