#if SwiftOpenAPIRuntime
public import Foundation
import HTTPTypes
public import OpenAPIRuntime
public import RaspRuntime

/// A middleware written for swift-openapi-runtime, used as this runtime's ``/RaspRuntime/ClientMiddleware``: an auth,
/// tracing or logging middleware of a swift-openapi-generator client runs unchanged around a generated client's calls.
///
/// ```swift
/// let client = RaspClient(serverURL: Servers.server1,
///                         middlewares: [.openAPIRuntime(BearerTokenMiddleware(token: token))])
/// ```
///
/// The wrapped middleware sees each request as swift-openapi-runtime passes one: an `HTTPRequest` (the method, the
/// path and query as the request target, every header field in order, a repeated one as several fields), its body as
/// an `HTTPBody`, the server URL and the operation ID. What it passes to `next` goes on down the chain as a
/// ``/RaspRuntime/ClientRequest``, with the original request's operation ID, timeout, security requirement and
/// retry policy (an `HTTPRequest` has no room for them):
/// - the path and query items are read back from the request target only when the middleware changed it;
/// - the body is the original ``/RaspRuntime/MessageBody`` when the middleware passed on the `HTTPBody` it was
///   given (a file or a sequence still streams); a body it made in its place is read into memory first.
///
/// Each response comes back to it as an `HTTPResponse` and an `HTTPBody` that reads the response's body as it is
/// read: in memory for the calls that decode it, arriving for downloads and streams. A response body the middleware
/// returns as it got it stays the original; one it made in its place is read as the caller reads it.
///
/// Errors become ``/RaspRuntime/ClientError``s, the middleware's error kept as the
/// ``/RaspRuntime/ClientError/underlyingError``: errors from `next` pass through as they are (or keep their kind
/// when the middleware wraps them in its own); an error thrown before `next` is called is
/// ``/RaspRuntime/ClientError/Kind/refused``, not retried; one thrown on a response is
/// ``/RaspRuntime/ClientError/Kind/invalidResponse``; a cancellation is `.cancelled` and a `URLError` is mapped by
/// its code.
public struct OpenAPIRuntimeMiddleware: RaspRuntime.ClientMiddleware {
    /// The swift-openapi-runtime middleware each request goes through.
    public var wrapped: any OpenAPIRuntime.ClientMiddleware

    /// Wraps a swift-openapi-runtime middleware.
    /// - Parameter wrapped: The middleware, as a swift-openapi-generator client would be given it.
    public init(_ wrapped: any OpenAPIRuntime.ClientMiddleware) {
        self.wrapped = wrapped
    }

    /// Runs the wrapped middleware, with `next` as the rest of the chain.
    /// - Parameters:
    ///   - request: The request.
    ///   - baseURL: The server URL.
    ///   - next: The rest of the chain.
    /// - Returns: The response the wrapped middleware returns.
    /// - Throws: ``/RaspRuntime/ClientError`` (see the type's documentation).
    public func intercept(
        _ request: ClientRequest,
        baseURL: URL,
        next: @Sendable (ClientRequest, URL) async throws -> ClientResponse
    ) async throws -> ClientResponse {
        let outgoing = try OutgoingRequest(request)
        let record = ChainRecord()
        let name = String(describing: type(of: wrapped))
        let operationID = request.operationID
        do {
            let (head, body) = try await wrapped.intercept(
                outgoing.head, body: outgoing.body, baseURL: baseURL, operationID: operationID
            ) { head, body, url in
                record.calling()
                do {
                    let sent = try await RequestBridge.request(from: head, body: body, original: request,
                                                               outgoing: outgoing)
                    let response = try await next(sent, url)
                    guard (0...999).contains(response.status) else {
                        throw ClientError(kind: .invalidResponse, operationID: operationID,
                                          reason: "the status \(response.status) is not an HTTP status")
                    }
                    let httpBody = BodyBridge.httpBody(response.body)
                    record.responded(with: httpBody, for: response.body)
                    return (HTTPResponse(status: .init(code: response.status), headerFields: response.headers),
                            httpBody)
                } catch {
                    record.failed(error, operationID: operationID)
                    throw error
                }
            }
            let responseBody: MessageBody
            if let body {
                responseBody = record.original(of: body)
                    ?? BodyBridge.messageBody(body, timeout: nil, operationID: operationID) { error in
                        AdapterErrors.replacedResponseBody(error, operationID: operationID, middleware: name)
                    }
            } else {
                responseBody = MessageBody(Data())
            }
            return ClientResponse(status: head.status.code, headers: head.headerFields, body: responseBody)
        } catch {
            let (calls, lastFailure) = record.outcome
            throw AdapterErrors.middleware(error, operationID: operationID, middleware: name, calls: calls,
                                           lastFailure: lastFailure)
        }
    }
}

extension RaspRuntime.ClientMiddleware where Self == OpenAPIRuntimeMiddleware {
    /// A swift-openapi-runtime middleware as this runtime's middleware: `middlewares: [.openAPIRuntime(middleware)]`.
    /// - Parameter middleware: The middleware, as a swift-openapi-generator client would be given it.
    /// - Returns: The adapter (``OpenAPIRuntimeMiddleware``).
    public static func openAPIRuntime(_ middleware: any OpenAPIRuntime.ClientMiddleware) -> OpenAPIRuntimeMiddleware {
        OpenAPIRuntimeMiddleware(middleware)
    }
}

/// What happened to the calls of `next` a wrapped middleware made: how many, whether the last failed, and the
/// response bodies handed to it, so that one it returns as it got it goes back as the original.
final class ChainRecord: Sendable {
    private struct State {
        var calls = 0
        var lastFailure: ClientError?
        var bodies: [(given: HTTPBody, original: MessageBody)] = []
    }

    private let state = Locked(State())

    /// Notes a call of `next`.
    func calling() {
        state.withLock { $0.calls += 1 }
    }

    /// Notes a response whose body was handed to the middleware as `given`.
    func responded(with given: HTTPBody, for original: MessageBody) {
        state.withLock { state in
            state.lastFailure = nil
            state.bodies.append((given, original))
        }
    }

    /// Notes a call of `next` that threw `error`, kept as ``/RaspRuntime/ClientCore`` would report it.
    func failed(_ error: any Error, operationID: String) {
        let failure = switch error {
        case let error as ClientError: error
        case let error as MessageBody.ReadError: ClientError(uploadError: error, operationID: operationID)
        default: ClientError(transportError: error, operationID: operationID)
        }
        state.withLock { $0.lastFailure = failure }
    }

    /// The original body of a response body handed to the middleware, if `body` is one.
    func original(of body: HTTPBody) -> MessageBody? {
        state.withLock { state in state.bodies.first { $0.given === body }?.original }
    }

    /// How many times `next` was called, and what the last call threw, if it threw.
    var outcome: (calls: Int, lastFailure: ClientError?) {
        state.withLock { ($0.calls, $0.lastFailure) }
    }
}
#endif
