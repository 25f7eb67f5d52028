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
    public init(serverURL: URL, transport: any ClientTransport, middlewares: [any ClientMiddleware], authentication: Authentication?) {
        self.serverURL = serverURL
        self.transport = transport
        self.middlewares = middlewares
        self.authentication = authentication
    }

    /// Sends a request through the middlewares and the transport.
    public func send(_ request: ClientRequest) async throws -> ClientResponse {
        var request = request
        if request.requiresAuthentication, let authentication { authentication.apply(to: &request) }
        let transport = self.transport
        var next: @Sendable (ClientRequest, URL) async throws -> ClientResponse = { request, url in
            try Task.checkCancellation()
            return try await transport.send(request, baseURL: url)
        }
        for middleware in middlewares.reversed() {
            let inner = next
            next = { request, url in try await middleware.intercept(request, baseURL: url, next: inner) }
        }
        do {
            return try await next(request, serverURL)
        } catch let error as ClientError {
            throw error
        } catch {
            throw ClientError(transportError: error, operationID: request.operationID)
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

    private func check(_ response: ClientResponse, request: ClientRequest, errorBody: (Int, Data) -> (any Sendable)?) throws {
        guard (200..<300).contains(response.status) else {
            throw ClientError.http(.init(operationID: request.operationID, status: response.status, headers: response.headers,
                                         body: response.body, decodedBody: errorBody(response.status, response.body)))
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
