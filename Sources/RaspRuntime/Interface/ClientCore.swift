public import Foundation

/// The part of every generated client that does not depend on the spec: it applies authentication, runs the
/// middleware chain and the transport, and decodes bodies into ``ClientError``s or values.
///
/// Credentials are chosen per request (``credentials(for:)``): those that answer the operation's security
/// requirement, a token fetched for each credential with a ``TokenSource``, and after a 401 one more attempt with
/// new tokens. ``options`` apply to every call (``GeneratedClient/with(_:)`` sets them for one copy of a client).
public struct ClientCore: Sendable {
    /// The server URL paths are appended to.
    public var serverURL: URL
    /// The transport.
    public var transport: any ClientTransport
    /// Middlewares, outermost first.
    public var middlewares: [any ClientMiddleware]
    /// Every credential of the client, each for the security scheme it names (see ``credentials(for:)``).
    public var credentials: [Authentication]
    /// Settings of every call through this core, on top of the middlewares' and the transport's own.
    public var options = RequestOptions()
    /// More texts to mask in logs and errors, beyond the credentials' own (``redactor``).
    public var secrets: Set<String> = []
    /// Where the responses of calls are recorded (``GeneratedClient/withRawResponse(isolation:_:)``).
    var recorder: ResponseRecorder?

    /// Creates a core with at most one credential, sent with every request that needs one.
    public init(serverURL: URL, transport: any ClientTransport, middlewares: [any ClientMiddleware],
                authentication: Authentication?) {
        self.init(serverURL: serverURL, transport: transport, middlewares: middlewares,
                  credentials: authentication.map { [$0] } ?? [])
    }

    /// Creates a core.
    /// - Parameters:
    ///   - serverURL: The server URL paths are appended to.
    ///   - transport: The transport.
    ///   - middlewares: Middlewares, outermost first.
    ///   - credentials: The credentials, each for the security scheme it names.
    public init(serverURL: URL, transport: any ClientTransport, middlewares: [any ClientMiddleware],
                credentials: [Authentication]) {
        self.serverURL = serverURL
        self.transport = transport
        self.middlewares = middlewares
        self.credentials = credentials
    }

    /// The first credential; setting it replaces them all (nil removes them).
    public var authentication: Authentication? {
        get { credentials.first }
        set { credentials = newValue.map { [$0] } ?? [] }
    }

    /// Masks the credentials (their values, Basic passwords, the tokens handed out so far), ``secrets``, and the
    /// usual secret parameters and headers in logs and error texts.
    public var redactor: Redactor {
        var redactor = Redactor(credentials: credentials)
        redactor.secrets.formUnion(secrets.filter { !$0.isEmpty })
        return redactor
    }

    /// The credentials sent with a request.
    ///
    /// - None when the request does not require authentication (`security: []`).
    /// - A credential without a ``Authentication/scheme`` goes with every request that requires one.
    /// - With a ``ClientRequest/security`` requirement: the credentials of its first alternative whose every scheme
    ///   the client has a credential for (a combination sends them all). When none is satisfied, an optional
    ///   requirement (one with an empty alternative) sends none of the named credentials and any other sends all
    ///   of them: documents are not always precise, and the server is the judge.
    /// - Without one (a document with one scheme, a request built by hand): all of them.
    /// - Parameter request: The request.
    /// - Returns: The credentials, in the client's order.
    public func credentials(for request: ClientRequest) -> [Authentication] {
        guard request.requiresAuthentication else { return [] }
        guard let security = request.security, credentials.contains(where: { $0.scheme != nil }) else {
            return credentials
        }
        let unassigned = credentials.filter { $0.scheme == nil }
        for alternative in security where !alternative.isEmpty {
            let chosen = alternative.compactMap { name in credentials.first { $0.scheme == name } }
            if chosen.count == alternative.count { return unassigned + chosen }
        }
        return security.contains([]) ? unassigned : credentials
    }

    /// Sends a request through the middlewares and the transport, and returns the response with its whole body in
    /// memory.
    ///
    /// Each transport call records an attempt on ``AttemptTracker/current``; the middlewares run with
    /// ``Redactor/current`` set to ``redactor``. With ``RequestOptions/onProgress`` set, the body is read through
    /// ``ClientTransport/stream(_:baseURL:)`` and its progress reported as it arrives. A body a middleware made into
    /// a stream is read here, after the chain.
    public func send(_ request: ClientRequest) async throws -> ClientResponse {
        let transport = self.transport
        let onProgress = options.onProgress
        var response = try await run(request) { request, url in
            guard let onProgress else { return try await transport.send(request, baseURL: url) }
            let (head, body) = try await transport.stream(request, baseURL: url)
            return ClientResponse(head, body: Self.observed(body, head: head, onProgress))
        }
        if response.body.data == nil {
            response.body = MessageBody(try await Self.read(response.body, operationID: request.operationID))
        }
        recorder?.record(response)
        return response
    }

    /// A body that reports each chunk as ``TransferProgress/Direction/download`` progress, its total from the
    /// head's `Content-Length`.
    static func observed(_ body: MessageBody, head: ClientResponseHead,
                         _ onProgress: @escaping @Sendable (TransferProgress) -> Void) -> MessageBody {
        let total = head.header("Content-Length").flatMap { Int64($0.trimmingCharacters(in: .whitespaces)) }
        return MessageBody(length: total.map(Int.init)) {
            var iterator = body.makeAsyncIterator()
            let completed = Locked<Int64>(0)
            return {
                guard let chunk = try await iterator.next() else { return nil }
                let sum = completed.withLock { value in
                    value += Int64(chunk.count)
                    return value
                }
                onProgress(TransferProgress(direction: .download, completed: sum, total: total, status: head.status))
                return chunk
            }
        }
    }

    /// Sends a request through authentication, the middlewares and ``ClientTransport/stream(_:baseURL:)``, and
    /// writes the body to `file` as it arrives (atomically: see ``MessageBody/write(to:)``), never holding it in
    /// memory.
    ///
    /// Middlewares see the response with its body arriving, so they can observe it (retries, quota and logging
    /// apply to the head). The request's timeout is an idle timeout for the body, as for a stream. A 2xx or 304
    /// returns the head, the body in `file` (304 leaves whatever the server sent, usually nothing); any other status
    /// leaves `file` as it was and throws ``ClientError/http(_:)`` with up to 1 MB of the body.
    /// - Throws: ``ClientError``, or ``FileStorageError`` when the file cannot be written.
    public func download(_ request: ClientRequest, to file: URL) async throws -> ClientResponseHead {
        let response = try await runStream(request)
        guard (200..<300).contains(response.status) || response.status == 304 else {
            let body = await prefix(of: response.body)
            throw ClientError.http(.init(operationID: request.operationID, status: response.status,
                                         headers: response.headers, body: body, decodedBody: nil, redactor: redactor))
        }
        do {
            try await response.body.write(to: file)
        } catch let error as FileStorageError {
            throw error
        } catch {
            throw Self.clientError(error, operationID: request.operationID)
        }
        return response.head
    }

    /// Runs the chain around ``ClientTransport/stream(_:baseURL:)``: the response with its body arriving (observed
    /// when ``RequestOptions/onProgress`` is set). The recorder keeps its head, the body going to the caller.
    private func runStream(_ request: ClientRequest) async throws -> ClientResponse {
        let transport = self.transport
        let onProgress = options.onProgress
        let response = try await run(request) { request, url in
            let (head, body) = try await transport.stream(request, baseURL: url)
            return ClientResponse(head, body: onProgress.map { Self.observed(body, head: head, $0) } ?? body)
        }
        recorder?.record(ClientResponse(response.head, body: MessageBody(Data())))
        return response
    }

    /// Reads a response body into memory, its failures as ``ClientError``s.
    static func read(_ body: MessageBody, operationID: String) async throws -> Data {
        do {
            return try await body.collect()
        } catch {
            throw clientError(error, operationID: operationID)
        }
    }

    /// An error met while reading a response body, as a ``ClientError`` (one already is kept as it is).
    private static func clientError(_ error: any Error, operationID: String) -> ClientError {
        switch error {
        case let error as ClientError: error
        case let error as MessageBody.ReadError:
            ClientError(kind: .invalidResponse, operationID: operationID,
                        reason: "the body could not be read: \(error.reason)", underlyingError: error)
        default: ClientError(transportError: error, operationID: operationID)
        }
    }

    /// Applies the options and the credentials and runs the middleware chain around `innermost`; after a 401 to a
    /// request that carried fetched tokens, asks for new ones and runs the chain once more.
    private func run(
        _ request: ClientRequest,
        innermost: @escaping @Sendable (ClientRequest, URL) async throws -> ClientResponse
    ) async throws -> ClientResponse {
        var request = request
        if let onProgress = options.onProgress, let body = request.uploadBody {
            request.uploadBody = body.observingProgress(onProgress)
        }
        if !transport.streamsRequestBodies, let body = request.uploadBody, !body.isInMemory {
            request.uploadBody = MessageBody(try await Self.collect(body, operationID: request.operationID))
        }
        var (authenticated, tokens) = try await authenticate(request, replacing: [:])
        var response = try await runChain(authenticated, innermost: innermost)
        if response.status == 401, !tokens.isEmpty {
            let rejected = tokens
            (authenticated, tokens) = try await authenticate(request, replacing: rejected)
            if tokens != rejected { response = try await runChain(authenticated, innermost: innermost) }
        }
        return response
    }

    /// The request with its credentials (tokens asked of their sources, `rejected` ones replaced) and the options,
    /// and the token sent for each source.
    private func authenticate(_ request: ClientRequest, replacing rejected: [TokenSource: String]) async throws
        -> (ClientRequest, [TokenSource: String]) {
        var request = request
        var tokens: [TokenSource: String] = [:]
        for credential in credentials(for: request) {
            if let problem = credential.problem {
                throw ClientError.invalidRequest(operationID: request.operationID, reason: problem)
            }
            guard let source = credential.tokens else {
                credential.apply(to: &request)
                continue
            }
            let token: String
            do {
                token = try await source.token(replacing: rejected[source])
            } catch is CancellationError {
                throw ClientError.cancelled(operationID: request.operationID)
            }
            if let scalar = HeaderText.firstControlCharacter(in: token) {
                let reason = "the access token contains a control character (\(HeaderText.name(of: scalar)))"
                throw ClientError.invalidRequest(operationID: request.operationID, reason: reason)
            }
            credential.apply(to: &request, token: token)
            tokens[source] = token
        }
        options.apply(to: &request)
        return (request, tokens)
    }

    /// Runs the middleware chain around `innermost`, with ``Redactor/current`` set to ``redactor``.
    private func runChain(
        _ request: ClientRequest,
        innermost: @escaping @Sendable (ClientRequest, URL) async throws -> ClientResponse
    ) async throws -> ClientResponse {
        try Self.checkHeaders(of: request)
        var next: @Sendable (ClientRequest, URL) async throws -> ClientResponse = { request, url in
            try Task.checkCancellation()
            // Middlewares may have added fields since the first check.
            try Self.checkHeaders(of: request)
            AttemptTracker.current?.recordAttempt()
            return try await innermost(request, url)
        }
        for middleware in middlewares.reversed() {
            let inner = next
            next = { request, url in try await middleware.intercept(request, baseURL: url, next: inner) }
        }
        let chain = next
        let serverURL = self.serverURL
        do {
            return try await Redactor.$current.withValue(redactor) { try await chain(request, serverURL) }
        } catch let error as ClientError {
            throw error
        } catch let error as FileStorageError {
            throw error
        } catch let error as MessageBody.ReadError {
            throw ClientError(uploadError: error, operationID: request.operationID)
        } catch {
            throw ClientError(transportError: error, operationID: request.operationID)
        }
    }

    /// Reads a body that is not in memory, for a transport that does not stream request bodies.
    private static func collect(_ body: MessageBody, operationID: String) async throws -> Data {
        do {
            return try await body.collect()
        } catch let error as MessageBody.ReadError {
            throw ClientError(uploadError: error, operationID: operationID)
        } catch is CancellationError {
            throw ClientError.cancelled(operationID: operationID)
        } catch {
            let failure = MessageBody.ReadError("the body's sequence failed: \(error)", underlying: error)
            throw ClientError(uploadError: failure, operationID: operationID)
        }
    }

    /// Refuses header fields a transport would drop or mangle (control characters, invalid names), and a path that
    /// is not percent-encoded (a hand-built request's `?`, space or `#`), which no URL can hold.
    private static func checkHeaders(of request: ClientRequest) throws {
        if let problem = request.headerProblem {
            throw ClientError.invalidRequest(operationID: request.operationID, reason: problem)
        }
        if let scalar = request.path.unicodeScalars.first(where: { !Self.pathCharacters.contains($0) }) {
            let shown = scalar.isASCII && scalar.value >= 0x20 ? "'\(scalar)'" : "U+\(String(scalar.value, radix: 16))"
            throw ClientError.invalidRequest(
                operationID: request.operationID,
                reason: "the path has \(shown), which must be percent-encoded (ClientRequest.pathComponent); "
                    + "query items go in ClientRequest.query")
        }
    }

    /// What a percent-encoded path may hold (RFC 3986 `pchar`, `/` and `%`).
    private static let pathCharacters = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$&'()*+,;=:@/%")

    /// Sends a request and decodes a 2xx JSON body; other statuses throw an ``APIError`` of the error body's type
    /// when `errorBody` decodes it (a status the document describes), else ``ClientError/http(_:)``.
    /// - Parameters:
    ///   - request: The request.
    ///   - type: The success body type.
    ///   - errorBody: Decodes an error body for a status, or returns nil.
    @_spi(Generated)
    public func perform<Success: Decodable>(
        _ request: ClientRequest,
        decoding type: Success.Type,
        errorBody: @Sendable (Int, Data) -> (any Sendable)? = { _, _ in nil }
    ) async throws -> Success {
        let response = try await send(request)
        try check(response, request: request, errorBody: errorBody)
        return try decode(type, from: response, operationID: request.operationID)
    }

    /// Sends a request and returns the raw 2xx response (for bodies that are not JSON, or no body).
    @_spi(Generated)
    public func performRaw(
        _ request: ClientRequest,
        errorBody: @Sendable (Int, Data) -> (any Sendable)? = { _, _ in nil }
    ) async throws -> ClientResponse {
        let response = try await send(request)
        try check(response, request: request, errorBody: errorBody)
        return response
    }

    /// Sends a request and returns the bytes of the 2xx body (bodies that are not JSON).
    @_spi(Generated)
    public func performData(
        _ request: ClientRequest,
        errorBody: @Sendable (Int, Data) -> (any Sendable)? = { _, _ in nil }
    ) async throws -> Data {
        try await performRaw(request, errorBody: errorBody).body.data ?? Data()
    }

    /// Throws for a status other than 2xx: an ``APIError`` of the body's type when `errorBody` decodes it for a status
    /// the document names (``decodeErrorBody(_:_:)``), else ``ClientError/http(_:)`` (with the body of a `default`
    /// response, ``decodeDefaultErrorBody(_:_:)``, in its ``ClientError/HTTPFailure/decodedBody``).
    private func check(_ response: ClientResponse, request: ClientRequest,
                       errorBody: (Int, Data) -> (any Sendable)?) throws {
        guard (200..<300).contains(response.status) else {
            // Decoded from the masked body, so the decoded error (e.g. an echoed request URL) holds no key either.
            let redactor = self.redactor
            let body = redactor.redact(response.body.data ?? Data())
            let decoded = errorBody(response.status, body)
            let fallback = decoded as? DefaultErrorBody
            let failure = ClientError.HTTPFailure(operationID: request.operationID, status: response.status,
                                                  headers: response.headers, maskedBody: body,
                                                  decodedBody: fallback?.value ?? decoded, redactor: redactor)
            if let decoded, fallback == nil { throw makeAPIError(decoded, failure) }
            throw ClientError.http(failure)
        }
    }

    /// Decodes a JSON body, mapping failures to ``ClientError/decoding(_:underlyingError:)`` with the coding path.
    @_spi(Generated)
    public func decode<T: Decodable>(_ type: T.Type, from response: ClientResponse, operationID: String) throws -> T {
        do {
            return try JSONCoding.decode(T.self, from: response.body.data ?? Data())
        } catch {
            throw ClientError(decodingError: error, operationID: operationID, status: response.status)
        }
    }

    /// Decodes the error body of a status the document names (`404`, `4XX`) as `T`, or nil when it is not one (for
    /// ``perform(_:decoding:errorBody:)``, which then throws an ``APIError`` of `T`).
    @_spi(Generated)
    public static func decodeErrorBody<T: Decodable & Sendable>(_ type: T.Type, _ data: Data) -> (any Sendable)? {
        try? JSONCoding.decode(T.self, from: data)
    }

    /// Decodes the error body of a `default` response (any status the document does not name) as `T`, or nil when
    /// it is not one: ``perform(_:decoding:errorBody:)`` then throws ``ClientError/http(_:)`` with the value in its
    /// ``ClientError/HTTPFailure/decodedBody``, as for a status the document does not describe.
    @_spi(Generated)
    public static func decodeDefaultErrorBody<T: Decodable & Sendable>(_ type: T.Type, _ data: Data)
        -> (any Sendable)? {
        (try? JSONCoding.decode(T.self, from: data)).map { DefaultErrorBody(value: $0) }
    }
}

/// The body of a `default` error response (``ClientCore/decodeDefaultErrorBody(_:_:)``): thrown as
/// ``ClientError/http(_:)``, not as an ``APIError``.
struct DefaultErrorBody: Sendable {
    let value: any Sendable
}

extension ClientCore {
    /// Sends a request through authentication, the middlewares and ``ClientTransport/stream(_:baseURL:)``, and
    /// returns the 2xx body to read as it arrives (server-sent events, JSON lines, large downloads).
    ///
    /// Middlewares see the response with its body arriving, and can wrap the body to observe its chunks; retries,
    /// timeouts and quota apply up to the response head: a retry can only happen before the body is handed out
    /// (the bodies of attempts that were retried are dropped, which closes their connections). Once the body is
    /// returned, its failures are thrown by its iterator (see `URLSessionTransport.stream(_:baseURL:)`).
    /// - Parameters:
    ///   - request: The request.
    ///   - errorBody: Decodes an error body for a status, or returns nil.
    /// - Throws: ``ClientError``; a status other than 2xx throws ``APIError`` when `errorBody` decodes up to 1 MB
    ///   of the body, else ``ClientError/http(_:)`` (like ``perform(_:decoding:errorBody:)``).
    @_spi(Generated)
    public func performStream(
        _ request: ClientRequest,
        errorBody: @escaping @Sendable (Int, Data) -> (any Sendable)? = { _, _ in nil }
    ) async throws -> MessageBody {
        try await performStreamResponse(request, errorBody: errorBody).body
    }

    /// ``performStream(_:errorBody:)``'s 2xx response: its head, and the body still arriving.
    func performStreamResponse(
        _ request: ClientRequest,
        errorBody: @escaping @Sendable (Int, Data) -> (any Sendable)?
    ) async throws -> ClientResponse {
        let response = try await runStream(request)
        if !(200..<300).contains(response.status) {
            try check(ClientResponse(response.head, body: MessageBody(await prefix(of: response.body))),
                      request: request, errorBody: errorBody)
        }
        return response
    }

    /// Up to 1 MB of a body; a failure while reading it ends the read (the status is the failure to report).
    private func prefix(of body: MessageBody) async -> Data {
        if let data = body.data { return Data(data.prefix(1 << 20)) }
        let limit = 1 << 20
        var data = Data()
        do {
            for try await chunk in body {
                data.append(chunk.prefix(limit - data.count))
                if data.count >= limit { break }
            }
        } catch {
            return data
        }
        return data
    }
}

extension ClientCore: CustomReflectable {
    /// The server, transport, middlewares, credentials (masked) and options, with ``secrets`` counted but never
    /// shown, so `dump(client)` shows no secret.
    public var customMirror: Mirror {
        Mirror(self, children: [
            "serverURL": serverURL, "transport": transport, "middlewares": middlewares, "credentials": credentials,
            "options": options, "secrets": "\(secrets.count) masked",
        ])
    }
}
