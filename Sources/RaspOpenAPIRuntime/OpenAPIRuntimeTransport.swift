#if SwiftOpenAPIRuntime
public import Foundation
import HTTPTypes
public import OpenAPIRuntime
public import RaspRuntime

/// A transport written for swift-openapi-runtime, used as this runtime's ``/RaspRuntime/ClientTransport``: a
/// generated client sends its requests through swift-openapi-urlsession's or swift-openapi-async-http-client's
/// transport, or an app's own `OpenAPIRuntime.ClientTransport`, unchanged.
///
/// ```swift
/// let client = RaspClient(serverURL: Servers.server1,
///                         transport: .openAPIRuntime(OpenAPIURLSession.URLSessionTransport()))
/// ```
///
/// What the wrapped transport is given and what comes back:
/// - The request as an `HTTPRequest`: its method, its path and query items as the request target (percent-encoded
///   as ``/RaspRuntime/ClientRequest/url(relativeTo:)`` encodes them) and every header field in order, a repeated
///   one as several fields; the server URL and the operation ID beside it, as swift-openapi-runtime's own clients
///   pass them.
/// - The body as an `HTTPBody` that reads the request's ``/RaspRuntime/ClientRequest/uploadBody`` as the transport
///   reads it: a file or an async sequence is not collected first (``streamsRequestBodies``), and the transport
///   streams it or collects it as it does for its own clients.
/// - ``send(_:baseURL:)`` returns the response with its whole body in memory; ``stream(_:baseURL:)`` returns the head
///   as soon as the transport returns it and hands each chunk of its body over as the body hands it out
///   (swift-openapi-urlsession streams on Apple platforms and buffers the body on Linux).
///
/// Deadlines and cancellation follow this runtime's transports: the request's
/// ``/RaspRuntime/ClientRequest/timeout`` (or ``defaultTimeout``) bounds the whole exchange of ``send(_:baseURL:)``,
/// and is the longest wait for the head and for each chunk of ``stream(_:baseURL:)``, failing with
/// ``/RaspRuntime/ClientError/timeout(operationID:underlyingError:)``; with neither, only the wrapped transport's own
/// timeouts apply. Cancelling the calling task cancels the wrapped call (the transport must honour it, as
/// swift-openapi-runtime asks of transports too).
///
/// Errors are ``/RaspRuntime/ClientError``s, the error the transport threw kept as the
/// ``/RaspRuntime/ClientError/underlyingError``:
/// - A request body that could not be read is `.invalidRequest`, whatever the transport made of it.
/// - A `URLError` is mapped by its code as ``/RaspRuntime/ClientError/init(transportError:operationID:)`` maps it
///   (`.noConnection`, `.connectionLost`, `.timeout`, `.cancelled`), so swift-openapi-urlsession fails as
///   `URLSessionTransport` does; a cancellation is `.cancelled`.
/// - Any other error is `.noConnection` before the head arrived and `.connectionLost` while the body is read.
public struct OpenAPIRuntimeTransport: RaspRuntime.ClientTransport {
    /// The swift-openapi-runtime transport requests are sent with.
    public var wrapped: any OpenAPIRuntime.ClientTransport
    /// The timeout of requests that set none; nil leaves them to the wrapped transport's own timeouts.
    public var defaultTimeout: Duration?

    /// Wraps a swift-openapi-runtime transport.
    /// - Parameters:
    ///   - wrapped: The transport, as a swift-openapi-generator client would be given it.
    ///   - defaultTimeout: The timeout of requests that set no ``/RaspRuntime/ClientRequest/timeout``; nil (the
    ///     default) leaves them to the wrapped transport's own timeouts.
    public init(_ wrapped: any OpenAPIRuntime.ClientTransport, defaultTimeout: Duration? = nil) {
        self.wrapped = wrapped
        self.defaultTimeout = defaultTimeout
    }

    /// True: a request body in a file or an async sequence goes to the wrapped transport as an `HTTPBody` that reads
    /// it, for the transport to stream or collect.
    public var streamsRequestBodies: Bool { true }

    /// Sends the request with the wrapped transport and reads the whole response body into memory.
    /// - Parameters:
    ///   - request: The request.
    ///   - baseURL: The server URL the request's path is relative to.
    /// - Returns: The response, its body in memory.
    /// - Throws: ``/RaspRuntime/ClientError`` (see the type's documentation).
    public func send(_ request: ClientRequest, baseURL: URL) async throws -> ClientResponse {
        let outgoing = try OutgoingRequest(request)
        let wrapped = self.wrapped
        let operationID = request.operationID
        do {
            return try await withDeadline(request.timeout ?? defaultTimeout, operationID: operationID) {
                let (head, body) = try await wrapped.send(outgoing.head, body: outgoing.body, baseURL: baseURL,
                                                          operationID: operationID)
                let data: Data
                do {
                    data = if let body { try await Data(collecting: body, upTo: .max) } else { Data() }
                } catch {
                    throw AdapterErrors.responseBody(error, operationID: operationID)
                }
                return ClientResponse(status: head.status.code, headers: head.headerFields, body: data)
            }
        } catch {
            throw AdapterErrors.request(error, operationID: operationID,
                                        bodyFailure: outgoing.bodyFailure.withLock { $0 })
        }
    }

    /// Sends the request with the wrapped transport and returns the response head as soon as the transport returns
    /// it, with its body to read as the transport's body hands it out (once).
    /// - Parameters:
    ///   - request: The request.
    ///   - baseURL: The server URL the request's path is relative to.
    /// - Returns: The head and the body.
    /// - Throws: ``/RaspRuntime/ClientError`` until the head has arrived; reading the body throws one too.
    public func stream(_ request: ClientRequest, baseURL: URL) async throws -> (ClientResponseHead, MessageBody) {
        let outgoing = try OutgoingRequest(request)
        let wrapped = self.wrapped
        let operationID = request.operationID
        let timeout = request.timeout ?? defaultTimeout
        let head: HTTPResponse
        let body: HTTPBody?
        do {
            (head, body) = try await withDeadline(timeout, operationID: operationID) {
                try await wrapped.send(outgoing.head, body: outgoing.body, baseURL: baseURL, operationID: operationID)
            }
        } catch {
            throw AdapterErrors.request(error, operationID: operationID,
                                        bodyFailure: outgoing.bodyFailure.withLock { $0 })
        }
        let responseHead = ClientResponseHead(status: head.status.code, headers: head.headerFields)
        guard let body else { return (responseHead, MessageBody(Data())) }
        let messageBody = BodyBridge.messageBody(body, timeout: timeout, operationID: operationID) { error in
            AdapterErrors.responseBody(error, operationID: operationID)
        }
        return (responseHead, messageBody)
    }
}

extension RaspRuntime.ClientTransport where Self == OpenAPIRuntimeTransport {
    /// A swift-openapi-runtime transport as this runtime's transport: `transport: .openAPIRuntime(transport)`.
    /// - Parameters:
    ///   - transport: The transport, as a swift-openapi-generator client would be given it.
    ///   - defaultTimeout: The timeout of requests that set none; nil (the default) leaves them to the transport's
    ///     own timeouts.
    /// - Returns: The adapter (``OpenAPIRuntimeTransport``).
    public static func openAPIRuntime(_ transport: any OpenAPIRuntime.ClientTransport,
                                      defaultTimeout: Duration? = nil) -> OpenAPIRuntimeTransport {
        OpenAPIRuntimeTransport(transport, defaultTimeout: defaultTimeout)
    }
}
#endif
