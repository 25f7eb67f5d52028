public import Foundation

/// A ``ClientTransport`` that hands each request to a ``ServerRouter`` in the same process: a generated client
/// calling a generated server with no network in between (tests, previews, a server calling itself). Requests are
/// written and read exactly as over HTTP (paths, query, headers, bodies), so the two sides' coding meets.
public struct RouterTransport: ClientTransport {
    /// The routes requests go to.
    public var router: ServerRouter

    /// Creates a transport.
    public init(router: ServerRouter) {
        self.router = router
    }

    /// Answers the request with the router and collects the body.
    public func send(_ request: ClientRequest, baseURL: URL) async throws -> ClientResponse {
        let (head, body) = try await stream(request, baseURL: baseURL)
        return ClientResponse(status: head.status, headers: head.headers, body: try await body.collect())
    }

    /// Answers the request with the router; a streamed response body comes through as the router makes it.
    public func stream(_ request: ClientRequest, baseURL: URL) async throws -> (ClientResponseHead, MessageBody) {
        try Task.checkCancellation()
        guard let url = request.url(relativeTo: baseURL),
              let components = URLComponents(url: url, resolvingAgainstBaseURL: false) else {
            throw ClientError.invalidRequest(operationID: request.operationID, reason: "the URL cannot be formed")
        }
        let target = components.percentEncodedPath + (components.percentEncodedQuery.map { "?" + $0 } ?? "")
        let response = await router.respond(to: ServerRequest(
            method: request.method, target: target, headers: request.headers,
            body: request.uploadBody ?? MessageBody(Data())))
        let body = switch response.body {
        case .data(let data): MessageBody(data)
        case .stream(let chunks): MessageBody(chunks)
        }
        return (ClientResponseHead(status: response.status, headers: response.headers), body)
    }
}
