import RaspRuntime

/// What ``HTTPCacheMiddleware`` does where the server says nothing: how long an answer stays fresh, and how long
/// after that it may still stand in for a call that failed.
///
/// The server's own word comes first: `Cache-Control: max-age` or `Expires` set the freshness, `no-store` keeps an
/// answer out of the cache, `no-cache` and `must-revalidate` make it revalidated, `stale-if-error` lets it stand
/// in after a failure. The policy fills in for APIs that send no cache headers, per request (so per operation, or
/// per query parameter such as a date).
public struct HTTPCachePolicy: Sendable {
    /// Whether answers to a request may be kept at all (default: every `GET`).
    public var keeps: @Sendable (ClientRequest) -> Bool
    /// How long an answer to a request stays fresh when the server gives no freshness; nil leaves it stale at once
    /// (kept to revalidate and to stand in after a failure), and a stale answer with a `Last-Modified` date stays
    /// fresh for a tenth of its age at the time (RFC 9111's heuristic).
    public var freshness: @Sendable (ClientRequest) -> Duration?
    /// How long past its freshness an answer may stand in for a call that failed (no connection, a timeout, a 5xx,
    /// a refusal of the quota); nil allows only what the answer's `stale-if-error` allows.
    public var staleIfError: @Sendable (ClientRequest) -> Duration?
    /// The largest body kept; bigger ones pass through unkept.
    public var maxBodyBytes: Int

    /// Creates a policy.
    /// - Parameters:
    ///   - keeps: Whether answers to a request may be kept (default: all).
    ///   - freshness: How long an answer stays fresh when the server says nothing (default: not at all).
    ///   - staleIfError: How long past its freshness an answer may stand in for a failed call (default: a week).
    ///   - maxBodyBytes: The largest body kept (default 4 MB).
    public init(keeps: @escaping @Sendable (ClientRequest) -> Bool = { _ in true },
                freshness: @escaping @Sendable (ClientRequest) -> Duration? = { _ in nil },
                staleIfError: @escaping @Sendable (ClientRequest) -> Duration? = { _ in .seconds(7 * 24 * 3600) },
                maxBodyBytes: Int = 4 << 20) {
        self.keeps = keeps
        self.freshness = freshness
        self.staleIfError = staleIfError
        self.maxBodyBytes = maxBodyBytes
    }
}
