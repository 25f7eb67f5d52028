#if SwiftOpenAPIRuntime
import Foundation
import HTTPTypes
import OpenAPIRuntime
import RaspRuntime

/// A ``/RaspRuntime/ClientRequest`` as swift-openapi-runtime hands a request around: an `HTTPRequest` (the method,
/// the path and query as its request target, the header fields) and an `HTTPBody`.
struct OutgoingRequest: Sendable {
    /// The method, the request target and the header fields.
    let head: HTTPRequest
    /// The body, nil when the request has none.
    let body: HTTPBody?
    /// The first error that reading ``body`` threw, if it threw one.
    let bodyFailure: Locked<(any Error)?>

    /// Converts a request.
    ///
    /// The header fields are swift-http-types' `HTTPFields` on both sides, so every field goes over as it is, in
    /// order, a repeated one as several fields. No scheme or authority is set: as for swift-openapi-runtime's own
    /// clients, the server URL travels beside the request.
    /// - Parameter request: The request of a generated client.
    /// - Throws: ``/RaspRuntime/ClientError/invalidRequest(operationID:reason:underlyingError:)`` when the method is no
    ///   HTTP token or a header field was refused (``/RaspRuntime/ClientRequest/headerProblem``).
    init(_ request: ClientRequest) throws {
        if let problem = request.headerProblem {
            throw ClientError.invalidRequest(operationID: request.operationID, reason: problem)
        }
        guard let method = HTTPRequest.Method(request.method) else {
            throw ClientError.invalidRequest(operationID: request.operationID,
                                             reason: "the method '\(request.method)' is not an HTTP token")
        }
        head = HTTPRequest(method: method, scheme: nil, authority: nil, path: RequestBridge.target(of: request),
                           headerFields: request.headers)
        let failure = Locked<(any Error)?>(nil)
        bodyFailure = failure
        body = request.uploadBody.map { BodyBridge.httpBody($0, recordingFailureIn: failure) }
    }
}

/// Converts request targets (`/path?query`) to and from a ``/RaspRuntime/ClientRequest``'s path and query items.
enum RequestBridge {
    /// The request target of `request`: its path, then its query items percent-encoded exactly as
    /// ``/RaspRuntime/ClientRequest/url(relativeTo:)`` encodes them.
    /// - Parameter request: The request.
    /// - Returns: `/path` or `/path?name=value&…`.
    static func target(of request: ClientRequest) -> String {
        guard !request.query.isEmpty else { return request.path }
        let query = request.query.map { "\(ClientRequest.encode($0.name))=\(ClientRequest.encode($0.value))" }
        return request.path + "?" + query.joined(separator: "&")
    }

    /// Splits a request target into its path, still percent-encoded, and its query items, percent-decoded, in
    /// order (a fragment is left out). An item without `=` has an empty value; a `+` stays a `+`, as RFC 3986 reads
    /// it.
    /// - Parameter target: A request target as a middleware left it.
    /// - Returns: The path and the query items.
    static func split(_ target: String) -> (path: String, query: [(name: String, value: String)]) {
        let withoutFragment = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
        let parts = withoutFragment.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2 else { return (String(parts[0]), []) }
        let query = parts[1].split(separator: "&").map { item -> (name: String, value: String) in
            let pair = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return (decode(pair[0]), pair.count == 2 ? decode(pair[1]) : "")
        }
        return (String(parts[0]), query)
    }

    /// The request a middleware's `next` was called with, as a ``/RaspRuntime/ClientRequest``: `original` (its
    /// operation ID, timeout, security requirement, retry policy and the rest of what `HTTPRequest` has no room for)
    /// with the method, request target, header fields and body the middleware passed on.
    ///
    /// The path and query are read back from the target only when the middleware changed it, so an unchanged
    /// request keeps its query items exactly. The body is `original`'s own when the middleware passed on the body
    /// it was given; a body the middleware made is read into memory, since ``/RaspRuntime/ClientCore`` hands a
    /// transport that does not stream request bodies nothing else, and the transport behind `next` is unknown here.
    /// - Parameters:
    ///   - head: The method, target and header fields the middleware passed on.
    ///   - body: The body it passed on.
    ///   - original: The request the adapter was given.
    ///   - outgoing: What the adapter handed the middleware for `original`.
    /// - Returns: The request to send on.
    /// - Throws: ``/RaspRuntime/ClientError/invalidRequest(operationID:reason:underlyingError:)`` when the
    ///   middleware's body could not be read, `CancellationError` when the task is cancelled.
    static func request(from head: HTTPRequest, body: HTTPBody?, original: ClientRequest,
                        outgoing: OutgoingRequest) async throws -> ClientRequest {
        var request = original
        request.method = head.method.rawValue
        if head.path != outgoing.head.path {
            (request.path, request.query) = split(head.path ?? "/")
        }
        request.headers = head.headerFields
        if let body, let given = outgoing.body, body === given {
            request.uploadBody = original.uploadBody
        } else if let body {
            request.body = try await BodyBridge.collectReplacedRequestBody(body, operationID: original.operationID)
        } else {
            request.uploadBody = nil
        }
        return request
    }

    /// Percent-decodes a query name or value (left as it is when it is not valid percent-encoding).
    private static func decode(_ text: Substring) -> String {
        String(text).removingPercentEncoding ?? String(text)
    }
}
#endif
