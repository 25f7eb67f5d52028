/// Hands out the access tokens of a credential fetched per request (OAuth 2, OpenID Connect, a bearer token the app
/// keeps fresh itself): `OAuth2Tokens` implements the client credentials and refresh token grants; conform to hook
/// in a flow the app runs itself (authorization code with PKCE, an identity SDK).
///
/// ``ClientCore`` asks for a token before each request that needs the credential (`rejected` nil), and once more,
/// with the token the server refused, when the answer is 401: the request is then sent again, once, with the new
/// token. Tasks call concurrently, so share one fetch among them rather than fetching per call.
public protocol AccessTokenProvider: Sendable {
    /// The token to send.
    /// - Parameter rejected: nil before a request: return the current token while it is valid (refreshing it
    ///   when it expires soon). Otherwise the token the server has just refused with 401: return a new one (or the
    ///   one another task has fetched since), or throw when none can be had.
    /// - Returns: The token, without its `Bearer ` prefix.
    /// - Throws: Why no token could be had (a ``ClientError`` from the token endpoint, for `OAuth2Tokens`).
    func accessToken(replacing rejected: String?) async throws -> String
}

/// The provider behind a credential, and the tokens it has handed out, so that logs and errors can mask them.
///
/// Compared by identity: two credentials are equal only when they share the source.
public final class TokenSource: Sendable, Hashable {
    /// The provider.
    public let provider: any AccessTokenProvider
    /// The latest tokens handed out, newest last (at most ``remembered``).
    private let tokens = Locked<[String]>([])

    /// How many tokens are remembered for masking.
    public static let remembered = 8

    /// Wraps a provider.
    /// - Parameter provider: Hands out the tokens.
    public init(_ provider: any AccessTokenProvider) {
        self.provider = provider
    }

    /// Asks the provider for a token and remembers it.
    /// - Parameter rejected: The token the server refused, or nil before a request.
    /// - Returns: The token.
    /// - Throws: What the provider throws.
    public func token(replacing rejected: String?) async throws -> String {
        let token = try await provider.accessToken(replacing: rejected)
        tokens.withLock { tokens in
            guard !token.isEmpty, tokens.last != token else { return }
            tokens.removeAll { $0 == token }
            tokens.append(token)
            if tokens.count > Self.remembered { tokens.removeFirst(tokens.count - Self.remembered) }
        }
        return token
    }

    /// The tokens handed out lately (masked in logs and errors).
    public var issued: Set<String> { Set(tokens.withLock { $0 }) }

    public static func == (lhs: TokenSource, rhs: TokenSource) -> Bool { lhs === rhs }

    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

extension TokenSource: CustomStringConvertible, CustomReflectable {
    /// `TokenSource(<provider>, 2 tokens issued)`, the tokens never shown.
    public var description: String { "TokenSource(\(provider), \(issued.count) tokens issued)" }

    /// The provider and how many tokens it handed out, never the tokens.
    public var customMirror: Mirror {
        Mirror(self, children: ["provider": provider, "issued": "\(issued.count) masked"])
    }
}

/// An ``AccessTokenProvider`` made of a function (see ``Authentication/bearer(scheme:token:)``).
struct ClosureTokenProvider: AccessTokenProvider {
    let token: @Sendable (String?) async throws -> String

    init(_ token: @escaping @Sendable (String?) async throws -> String) {
        self.token = token
    }

    func accessToken(replacing rejected: String?) async throws -> String { try await token(rejected) }
}
