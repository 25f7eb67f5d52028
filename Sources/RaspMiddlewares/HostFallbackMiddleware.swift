public import Foundation
public import RaspRuntime

/// Calls an API served from several hosts on another when one cannot be reached: a call that fails to connect
/// (the name does not resolve, the connection is refused, TLS fails, or a `GET`'s connection breaks before an answer)
/// is made once more on the next host, and every later call goes first to the host that answered.
///
/// Only the given servers take part: a call to any other base URL (a mock, a proxy) passes through untouched, so a
/// credential goes only where it went before. Place it inside the middlewares that count or retry calls (a quota,
/// ``RetryMiddleware``), so one call is counted once whichever host answers it.
public struct HostFallbackMiddleware: ClientMiddleware {
    /// The servers, in the order they are tried.
    public let servers: [URL]
    /// The index of the server that answered last (shared by copies of the middleware).
    private let preferred = Locked<Int?>(nil)

    /// Creates the middleware.
    /// - Parameter servers: The base URLs the API is served from, in order of preference (e.g. a generated
    ///   client's `Servers.all`).
    public init(servers: [URL]) {
        self.servers = servers
    }

    /// The server calls go to first: the one that answered last, else the one the client was made with.
    public var currentServer: URL? { preferred.withLock { $0 }.map { servers[$0] } }

    public func intercept(
        _ request: ClientRequest,
        baseURL: URL,
        next: @Sendable (ClientRequest, URL) async throws -> ClientResponse
    ) async throws -> ClientResponse {
        guard let own = servers.firstIndex(where: { Self.sameServer($0, baseURL) }) else {
            return try await next(request, baseURL)
        }
        let first = preferred.withLock { $0 } ?? own
        do {
            return try await next(request, servers[first])
        } catch {
            guard servers.count > 1, Self.isConnectionFailure(error, method: request.method) else { throw error }
            let other = (first + 1) % servers.count
            let response = try await next(request, servers[other])
            preferred.withLock { $0 = other }
            return response
        }
    }

    /// Whether two base URLs name the same server (scheme, host and port).
    public static func sameServer(_ lhs: URL, _ rhs: URL) -> Bool {
        lhs.scheme?.lowercased() == rhs.scheme?.lowercased() && lhs.host?.lowercased() == rhs.host?.lowercased()
            && lhs.port == rhs.port
    }

    /// Whether the call failed before the server answered: no connection at all, or (for a request that is safe to
    /// send twice) a connection that broke before the answer.
    private static func isConnectionFailure(_ error: any Error, method: String) -> Bool {
        if error is CancellationError { return false }
        let clientError = error as? ClientError ?? ClientError(transportError: error, operationID: "")
        switch clientError.kind {
        case .noConnection: return true
        case .connectionLost: return method == "GET" || method == "HEAD"
        default: return false
        }
    }
}
