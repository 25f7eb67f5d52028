public import Foundation
import RaspRuntime

/// Sends one idempotency key with each logical request of the given methods, the same key on every attempt, so a
/// server that supports it (Stripe, OpenAI, Square, PayPal, Adyen…) performs a retried `POST` once.
///
/// Place it before (outside) ``RetryMiddleware``: it sets ``/RaspRuntime/ClientRequest/idempotencyKey`` and the header
/// once, and the retries send the same request again; ``RetryMiddleware`` then retries such a request whatever its
/// method. A request that already carries the header (``/RaspRuntime/RequestOptions/headers``, for a key the app keeps
/// across launches) keeps its key.
///
/// ```swift
/// let client = Client(middlewares: [IdempotencyKeyMiddleware(), RetryMiddleware()])
/// ```
public struct IdempotencyKeyMiddleware: ClientMiddleware {
    /// The header field the key goes in.
    public var headerName: String
    /// The methods that get a key (upper case).
    public var methods: Set<String>
    private let makeKey: @Sendable () -> String

    /// Creates the middleware.
    /// - Parameters:
    ///   - headerName: The header field (default `Idempotency-Key`).
    ///   - methods: The methods that get a key (default `POST` and `PATCH`, the ones that are not idempotent).
    ///   - makeKey: Makes a new key (default: a random UUID, lower case).
    public init(headerName: String = "Idempotency-Key", methods: Set<String> = ["POST", "PATCH"],
                makeKey: @escaping @Sendable () -> String = { UUID().uuidString.lowercased() }) {
        self.headerName = headerName
        self.methods = Set(methods.map { $0.uppercased() })
        self.makeKey = makeKey
    }

    public func intercept(
        _ request: ClientRequest,
        baseURL: URL,
        next: @Sendable (ClientRequest, URL) async throws -> ClientResponse
    ) async throws -> ClientResponse {
        guard methods.contains(request.method.uppercased()) else { return try await next(request, baseURL) }
        var request = request
        let key = request.idempotencyKey ?? request.header(headerName) ?? makeKey()
        request.idempotencyKey = key
        request.setHeader(headerName, key)
        return try await next(request, baseURL)
    }
}
