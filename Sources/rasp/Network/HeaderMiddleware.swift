import Foundation
import RaspRuntime

/// Adds fixed header fields to every request (`--header`).
struct HeaderMiddleware: ClientMiddleware {
    /// The fields, in order.
    var headers: [(name: String, value: String)]

    func intercept(
        _ request: ClientRequest,
        baseURL: URL,
        next: @Sendable (ClientRequest, URL) async throws -> ClientResponse
    ) async throws -> ClientResponse {
        var request = request
        for header in headers { request.setHeader(header.name, header.value) }
        return try await next(request, baseURL)
    }
}
