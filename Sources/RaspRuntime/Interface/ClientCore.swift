public import Foundation

/// The part of every generated client that does not depend on the spec: it applies authentication, runs the
/// middleware chain and the transport, and decodes bodies into ``ClientError``s or values.
public struct ClientCore: Sendable {
    /// The server URL paths are appended to.
    public var serverURL: URL
    /// The transport.
    public var transport: any ClientTransport
    /// Middlewares, outermost first.
    public var middlewares: [any ClientMiddleware]
    /// The credential, if any.
    public var authentication: Authentication?

    /// Creates a core.
    public init(serverURL: URL, transport: any ClientTransport, middlewares: [any ClientMiddleware],
                authentication: Authentication?) {
        self.serverURL = serverURL
        self.transport = transport
        self.middlewares = middlewares
        self.authentication = authentication
    }

    /// Masks the credential (and the usual secret parameters and headers) in logs and error texts.
    public var redactor: Redactor { Redactor(authentication: authentication) }

    /// Sends a request through the middlewares and the transport.
    ///
    /// Each transport call records an attempt on ``AttemptTracker/current``; the middlewares run with
    /// ``Redactor/current`` set to ``redactor``.
    public func send(_ request: ClientRequest) async throws -> ClientResponse {
        let transport = self.transport
        return try await run(request) { request, url in try await transport.send(request, baseURL: url) }
    }

    /// Sends a request through authentication, the middlewares and ``ClientTransport/download(_:baseURL:to:)``,
    /// which writes the body to `file` instead of memory.
    ///
    /// Middlewares see a ``ClientResponse`` with the real status and headers and an empty body (so retries,
    /// timeouts, quota and logging all apply). A 2xx or 304 returns the head, the body in `file` (304 leaves
    /// whatever the server sent, usually nothing); any other status throws ``ClientError/http(_:)`` with up to
    /// 1 MB of the body read back from `file`, which is then removed.
    /// - Throws: ``ClientError``, or ``FileStorageError`` when the file cannot be written.
    public func download(_ request: ClientRequest, to file: URL) async throws -> ClientResponseHead {
        let transport = self.transport
        let response = try await run(request) { request, url in
            let head = try await transport.download(request, baseURL: url, to: file)
            return ClientResponse(status: head.status, headers: head.headers)
        }
        guard (200..<300).contains(response.status) || response.status == 304 else {
            let body = (try? FileHandle(forReadingFrom: file)).flatMap { handle in
                defer { try? handle.close() }
                return try? handle.read(upToCount: 1 << 20)
            } ?? Data()
            try? FileManager.default.removeItem(at: file)
            throw ClientError.http(.init(operationID: request.operationID, status: response.status,
                                         headers: response.headers, body: body, decodedBody: nil, redactor: redactor))
        }
        return ClientResponseHead(status: response.status, headers: response.headers)
    }

    /// Applies authentication and runs the middleware chain around `innermost`.
    private func run(
        _ request: ClientRequest,
        innermost: @escaping @Sendable (ClientRequest, URL) async throws -> ClientResponse
    ) async throws -> ClientResponse {
        var request = request
        if request.requiresAuthentication, let authentication {
            if let problem = authentication.problem {
                throw ClientError.invalidRequest(operationID: request.operationID, reason: problem)
            }
            authentication.apply(to: &request)
        }
        try Self.checkHeaders(of: request)
        if !transport.streamsRequestBodies, let body = request.uploadBody, !body.isInMemory {
            request.uploadBody = UploadBody(try await Self.collect(body, operationID: request.operationID))
        }
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
        } catch let error as UploadBody.ReadError {
            throw ClientError(uploadError: error, operationID: request.operationID)
        } catch {
            throw ClientError(transportError: error, operationID: request.operationID)
        }
    }

    /// Reads a body that is not in memory, for a transport that does not stream request bodies.
    private static func collect(_ body: UploadBody, operationID: String) async throws -> Data {
        do {
            return try await body.collect()
        } catch let error as UploadBody.ReadError {
            throw ClientError(uploadError: error, operationID: operationID)
        } catch {
            throw ClientError(transportError: error, operationID: operationID)
        }
    }

    /// Refuses header fields a transport would drop or mangle (control characters, invalid names).
    private static func checkHeaders(of request: ClientRequest) throws {
        if let problem = HeaderText.problem(in: request.headers) {
            throw ClientError.invalidRequest(operationID: request.operationID, reason: problem)
        }
    }

    /// Sends a request and decodes a 2xx JSON body; other statuses throw ``ClientError/http(_:)`` with the error
    /// body decoded by `errorBody` when it can be.
    /// - Parameters:
    ///   - request: The request.
    ///   - type: The success body type.
    ///   - errorBody: Decodes an error body for a status, or returns nil.
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
    public func performRaw(
        _ request: ClientRequest,
        errorBody: @Sendable (Int, Data) -> (any Sendable)? = { _, _ in nil }
    ) async throws -> ClientResponse {
        let response = try await send(request)
        try check(response, request: request, errorBody: errorBody)
        return response
    }

    private func check(_ response: ClientResponse, request: ClientRequest,
                       errorBody: (Int, Data) -> (any Sendable)?) throws {
        guard (200..<300).contains(response.status) else {
            // Decoded from the masked body, so the decoded error (e.g. an echoed request URL) holds no key either.
            let redactor = self.redactor
            let body = redactor.redact(response.body)
            throw ClientError.http(.init(operationID: request.operationID, status: response.status,
                                         headers: response.headers, maskedBody: body,
                                         decodedBody: errorBody(response.status, body), redactor: redactor))
        }
    }

    /// Decodes a JSON body, mapping failures to ``ClientError/decoding(_:)`` with the coding path.
    public func decode<T: Decodable>(_ type: T.Type, from response: ClientResponse, operationID: String) throws -> T {
        do {
            return try JSONCoding.decoder.decode(T.self, from: response.body)
        } catch {
            throw ClientError(decodingError: error, operationID: operationID, status: response.status)
        }
    }

    /// Decodes an error body as `T`, or nil when it is not one (for ``perform(_:decoding:errorBody:)``).
    public static func decodeErrorBody<T: Decodable & Sendable>(_ type: T.Type, _ data: Data) -> (any Sendable)? {
        try? JSONCoding.decoder.decode(T.self, from: data)
    }
}

extension ClientCore {
    /// Sends a request through authentication, the middlewares and ``ClientTransport/stream(_:baseURL:)``, and
    /// returns the 2xx body to read as it arrives (server-sent events, JSON lines, large downloads).
    ///
    /// Middlewares see a ``ClientResponse`` with the real status and headers and an empty body, so retries,
    /// timeouts, quota and logging apply up to the response head: a retry can only happen before the body is
    /// handed out (the bodies of attempts that were retried are dropped, which closes their connections). Once the
    /// body is returned, its failures are thrown by its iterator (see ``URLSessionTransport/stream(_:baseURL:)``).
    /// - Parameters:
    ///   - request: The request.
    ///   - errorBody: Decodes an error body for a status, or returns nil.
    /// - Throws: ``ClientError``; a status other than 2xx throws ``ClientError/http(_:)`` with up to 1 MB of the
    ///   body, decoded by `errorBody` when it can be (like ``perform(_:decoding:errorBody:)``).
    public func performStream(
        _ request: ClientRequest,
        errorBody: @escaping @Sendable (Int, Data) -> (any Sendable)? = { _, _ in nil }
    ) async throws -> ResponseBody {
        let transport = self.transport
        let latest = Locked<ResponseBody?>(nil)
        let response = try await run(request) { request, url in
            let (head, body) = try await transport.stream(request, baseURL: url)
            latest.withLock { $0 = body }
            return ClientResponse(status: head.status, headers: head.headers)
        }
        // A middleware that answered without calling the transport returns its own body.
        let body = latest.withLock { $0 } ?? ResponseBody(response.body)
        if !(200..<300).contains(response.status) {
            try check(ClientResponse(status: response.status, headers: response.headers, body: await prefix(of: body)),
                      request: request, errorBody: errorBody)
        }
        return body
    }

    /// Up to 1 MB of a body; a failure while reading it ends the read (the status is the failure to report).
    private func prefix(of body: ResponseBody) async -> Data {
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
