#if SwiftOpenAPIRuntime
import Foundation
import HTTPTypes
import OpenAPIRuntime
import RaspRuntime
import RaspTestSupport

// Both runtimes name a `ClientError`; the tests check this runtime's.
typealias ClientError = RaspRuntime.ClientError

/// An auth middleware as a swift-openapi-generator client is given one: written against swift-openapi-runtime only,
/// nothing of this runtime.
struct BearerTokenMiddleware: OpenAPIRuntime.ClientMiddleware {
    let token: String

    func intercept(
        _ request: HTTPRequest,
        body: HTTPBody?,
        baseURL: URL,
        operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        var request = request
        request.headerFields[.authorization] = "Bearer \(token)"
        return try await next(request, body, baseURL)
    }
}

/// A swift-openapi-runtime middleware whose behaviour each test writes: it gets the request as swift-openapi-runtime
/// hands it over and records what it saw.
final class ClosureMiddleware: OpenAPIRuntime.ClientMiddleware {
    typealias Next = @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    typealias Handler = @Sendable (HTTPRequest, HTTPBody?, URL, Next) async throws -> (HTTPResponse, HTTPBody?)

    private let handler: Handler
    private let seen = Locked<[(request: HTTPRequest, baseURL: URL, operationID: String)]>([])

    /// A middleware that runs `handler`; by default it passes the request on unchanged.
    init(_ handler: @escaping Handler = { request, body, url, next in try await next(request, body, url) }) {
        self.handler = handler
    }

    /// What it was called with, in order.
    var calls: [(request: HTTPRequest, baseURL: URL, operationID: String)] { seen.withLock { $0 } }

    func intercept(
        _ request: HTTPRequest,
        body: HTTPBody?,
        baseURL: URL,
        operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        seen.withLock { $0.append((request, baseURL, operationID)) }
        return try await handler(request, body, baseURL, next)
    }
}

/// A swift-openapi-runtime transport whose answer each test writes, recording what it was sent.
final class ClosureOpenAPITransport: OpenAPIRuntime.ClientTransport {
    typealias Handler = @Sendable (HTTPRequest, HTTPBody?) async throws -> (HTTPResponse, HTTPBody?)

    /// One call as the transport got it.
    struct Call: Sendable {
        var request: HTTPRequest
        var body: HTTPBody?
        var baseURL: URL
        var operationID: String
    }

    private let handler: Handler
    private let recorded = Locked<[Call]>([])

    init(_ handler: @escaping Handler) { self.handler = handler }

    /// The calls received, in order.
    var calls: [Call] { recorded.withLock { $0 } }

    func send(_ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String) async throws
        -> (HTTPResponse, HTTPBody?) {
        recorded.withLock { $0.append(Call(request: request, body: body, baseURL: baseURL, operationID: operationID)) }
        return try await handler(request, body)
    }
}

/// A middleware of this runtime that adds one `X-Trace` field per value, a repeated field.
struct TraceFields: RaspRuntime.ClientMiddleware {
    static let name = HTTPField.Name("X-Trace")!
    var values: [String]

    func intercept(_ request: ClientRequest, baseURL: URL,
                   next: @Sendable (ClientRequest, URL) async throws -> ClientResponse) async throws -> ClientResponse {
        var request = request
        for value in values { request.appendHeader(Self.name.rawName, value) }
        return try await next(request, baseURL)
    }
}

/// A failure of a test double.
struct DoubleFailure: Error, Equatable {
    var name: String
}

/// An error of swift-openapi-runtime code that wraps another, as middlewares and transports often do.
struct WrappingError: Error {
    var underlying: any Error
}

/// The error a call throws, as this runtime's ``ClientError`` (nil when it succeeded or threw something else).
func clientError(_ body: () async throws -> some Any) async -> ClientError? {
    do {
        _ = try await body()
        return nil
    } catch {
        return error as? ClientError
    }
}

/// A JSON answer as a swift-openapi-runtime transport returns one.
func jsonAnswer(_ json: String, status: Int = 200) -> (HTTPResponse, HTTPBody?) {
    (HTTPResponse(status: .init(code: status), headerFields: [.contentType: "application/json"]), HTTPBody(json))
}
#endif
