public import Foundation
@_spi(Generated) import RaspRuntime
import RaspURLSession

/// OAuth 2 access tokens from a token endpoint, cached and refreshed: the client credentials grant (a service's own
/// access) and the refresh token grant (a user's access, after the app's own authorization flow).
///
/// - One fetch at a time: tasks that need a token while one is being fetched wait for it.
/// - The token is reused until `refreshLeeway` before it expires (at most half its life before), then fetched anew.
/// - After a 401 (``accessToken(replacing:)`` with the refused token), the token is dropped and fetched anew, unless
///   another task has already replaced it; ``/RaspRuntime/ClientCore`` then sends the request once more.
/// - A refresh token the endpoint rotates replaces the old one; `onTokens` hears of every new token, to keep it.
/// - The endpoint's refusal throws ``/RaspRuntime/APIError`` of ``OAuth2Error`` (`invalid_client`, `invalid_grant`…),
///   other failures a ``/RaspRuntime/ClientError``, with the operation ID `oauth2Token`; the client secret, the
///   refresh token and the access tokens are masked in both.
///
/// ```swift
/// let tokens = OAuth2Tokens(tokenURL: URL(string: "https://auth.example.com/oauth/token")!,
///                           clientID: "app", clientSecret: secret, scopes: ["read"])
/// let client = Client(authentication: .oauth2(tokens))
/// ```
public actor OAuth2Tokens: AccessTokenProvider, CustomStringConvertible, CustomReflectable {
    /// How tokens are obtained.
    public enum Grant: Sendable, Hashable {
        /// `grant_type=client_credentials`: the client's own access, no user involved.
        case clientCredentials
        /// `grant_type=refresh_token`, starting from this refresh token (from the app's authorization code flow).
        case refreshToken(String)
    }

    /// How the client proves itself to the token endpoint (RFC 6749 §2.3.1).
    public enum ClientAuthentication: Sendable, Hashable {
        /// `client_secret_basic`: HTTP Basic with the form-encoded client ID and secret (the default).
        case basic
        /// `client_secret_post`: `client_id` and `client_secret` in the form body.
        case requestBody
    }

    /// The token endpoint.
    public nonisolated let tokenURL: URL
    /// The client ID.
    public nonisolated let clientID: String
    /// The scopes asked for (`scope`), none by default.
    public nonisolated let scopes: [String]
    private let clientSecret: String?
    private let grant: Grant
    private let clientAuthentication: ClientAuthentication
    private let refreshLeeway: Duration
    private let transport: any ClientTransport
    private let middlewares: [any ClientMiddleware]
    private let now: @Sendable () -> Date
    private let onTokens: (@Sendable (OAuth2Token) -> Void)?
    private var current: OAuth2Token?
    private var refreshToken: String?
    private var inFlight: Task<OAuth2Token, any Error>?
    /// How many tokens were requested from the endpoint so far.
    public private(set) var fetchCount = 0

    /// Creates a token cache.
    /// - Parameters:
    ///   - tokenURL: The token endpoint.
    ///   - clientID: The client ID.
    ///   - clientSecret: The client secret; nil for a public client (the ID goes in the body).
    ///   - grant: How tokens are obtained (default: client credentials).
    ///   - scopes: The scopes to ask for.
    ///   - clientAuthentication: How the client ID and secret are sent (default: HTTP Basic).
    ///   - token: A token kept from before (it is used while valid, and its refresh token after).
    ///   - refreshLeeway: How long before expiry a token is replaced (default 60 s).
    ///   - transport: How token requests are sent (default: `URLSession`).
    ///   - middlewares: Around each token request (retries, logging).
    ///   - now: The clock expiries are read against.
    ///   - onTokens: Hears of every token received, to keep it (and its rotated refresh token).
    public init(tokenURL: URL, clientID: String, clientSecret: String?, grant: Grant = .clientCredentials,
                scopes: [String] = [], clientAuthentication: ClientAuthentication = .basic,
                token: OAuth2Token? = nil, refreshLeeway: Duration = .seconds(60),
                transport: any ClientTransport = URLSessionTransport(), middlewares: [any ClientMiddleware] = [],
                now: @escaping @Sendable () -> Date = { Date() },
                onTokens: (@Sendable (OAuth2Token) -> Void)? = nil) {
        self.tokenURL = tokenURL
        self.clientID = clientID
        self.clientSecret = clientSecret
        self.grant = grant
        self.scopes = scopes
        self.clientAuthentication = clientAuthentication
        self.current = token
        if case .refreshToken(let refresh) = grant { refreshToken = token?.refreshToken ?? refresh }
        self.refreshLeeway = refreshLeeway
        self.transport = transport
        self.middlewares = middlewares
        self.now = now
        self.onTokens = onTokens
    }

    /// The current access token, fetched when there is none or it is about to expire; after a 401 with `rejected`,
    /// a new one (see ``/RaspRuntime/AccessTokenProvider/accessToken(replacing:)``).
    public func accessToken(replacing rejected: String?) async throws -> String {
        if let rejected, current?.accessToken == rejected { current = nil }
        if let current, current.isValid(at: now(), leeway: refreshLeeway) { return current.accessToken }
        return try await fetch().accessToken
    }

    /// The token held now (nil before the first fetch), to keep it across launches.
    public var token: OAuth2Token? { current }

    /// Drops the cached token (a sign-out, a revoked grant): the next request fetches a new one.
    public func invalidate() {
        current = nil
    }

    /// The endpoint and the client, secrets masked: `OAuth2Tokens(client_credentials, client app at https://…)`.
    public nonisolated var description: String {
        "OAuth2Tokens(\(grantName), client \(clientID) at \(tokenURL.absoluteString))"
    }

    /// The endpoint, the client ID, the grant and the scopes; the client secret and the tokens never.
    public nonisolated var customMirror: Mirror {
        Mirror(self, children: ["tokenURL": tokenURL, "clientID": clientID, "grant": grantName, "scopes": scopes,
                                "clientSecret": clientSecret == nil ? "none" : Redactor.mask])
    }

    private nonisolated var grantName: String {
        switch grant {
        case .clientCredentials: "client_credentials"
        case .refreshToken: "refresh_token"
        }
    }

    /// The token being fetched, or a new fetch: concurrent callers share one request.
    private func fetch() async throws -> OAuth2Token {
        if let inFlight { return try await inFlight.value }
        let task = Task { try await self.requestToken() }
        inFlight = task
        defer { inFlight = nil }
        return try await task.value
    }

    /// Asks the endpoint for a token and keeps it.
    private func requestToken() async throws -> OAuth2Token {
        fetchCount += 1
        var request = ClientRequest(method: "POST", path: "", operationID: "oauth2Token",
                                    requiresAuthentication: false)
        var fields: [(String, String)] = []
        switch grant {
        case .clientCredentials:
            fields.append(("grant_type", "client_credentials"))
        case .refreshToken(let initial):
            fields.append(("grant_type", "refresh_token"))
            fields.append(("refresh_token", refreshToken ?? initial))
        }
        if !scopes.isEmpty { fields.append(("scope", scopes.joined(separator: " "))) }
        switch (clientSecret, clientAuthentication) {
        case (let secret?, .basic):
            let pair = "\(Self.formEncode(clientID)):\(Self.formEncode(secret))"
            request.setHeader("Authorization", "Basic \(Data(pair.utf8).base64EncodedString())")
        case (let secret?, .requestBody):
            fields += [("client_id", clientID), ("client_secret", secret)]
        case (nil, _):
            fields.append(("client_id", clientID))
        }
        let form = fields.map { "\(Self.formEncode($0.0))=\(Self.formEncode($0.1))" }.joined(separator: "&")
        request.setBody(Data(form.utf8), contentType: "application/x-www-form-urlencoded")
        request.setHeader("Accept", "application/json")
        var core = ClientCore(serverURL: tokenURL, transport: transport, middlewares: middlewares,
                              authentication: nil)
        core.secrets = Set([clientSecret, refreshToken, current?.accessToken].compactMap { $0 })
        if case .refreshToken(let initial) = grant { core.secrets.insert(initial) }
        let response = try await core.perform(request, decoding: OAuth2Token.Response.self, errorBody: { _, data in
            ClientCore.decodeErrorBody(OAuth2Error.self, data)
        })
        let token = response.token(receivedAt: now())
        if let rotated = token.refreshToken { refreshToken = rotated }
        var kept = token
        if kept.refreshToken == nil, case .refreshToken = grant { kept.refreshToken = refreshToken }
        current = kept
        onTokens?(kept)
        return kept
    }

    /// `application/x-www-form-urlencoded` text: unreserved characters as they are, the rest percent-encoded.
    private static func formEncode(_ text: String) -> String {
        ClientRequest.encode(text)
    }
}

/// What an OpenID Connect provider publishes at its discovery URL (`…/.well-known/openid-configuration`, a
/// document's `openIdConnectUrl`): where to send users and where to get tokens.
///
/// ```swift
/// let configuration = try await OpenIDConfiguration.load(from: discoveryURL)
/// let tokens = OAuth2Tokens(tokenURL: configuration.tokenEndpoint, clientID: id, clientSecret: secret)
/// ```
public struct OpenIDConfiguration: Sendable, Hashable, Decodable {
    /// `issuer`.
    public var issuer: String
    /// `authorization_endpoint`, where a user signs in (authorization code flow).
    public var authorizationEndpoint: URL?
    /// `token_endpoint`, where tokens are obtained.
    public var tokenEndpoint: URL
    /// `userinfo_endpoint`.
    public var userinfoEndpoint: URL?
    /// `jwks_uri`, the keys ID tokens are signed with.
    public var jwksURI: URL?
    /// `scopes_supported`.
    public var scopesSupported: [String]?

    enum CodingKeys: String, CodingKey {
        case issuer, authorizationEndpoint = "authorization_endpoint", tokenEndpoint = "token_endpoint"
        case userinfoEndpoint = "userinfo_endpoint", jwksURI = "jwks_uri", scopesSupported = "scopes_supported"
    }

    /// Reads a provider's configuration.
    /// - Parameters:
    ///   - url: The discovery URL.
    ///   - transport: How the request is sent.
    /// - Returns: The configuration.
    /// - Throws: ``/RaspRuntime/ClientError`` (the operation ID is `openIDConfiguration`).
    public static func load(
        from url: URL, transport: any ClientTransport = URLSessionTransport()
    ) async throws -> OpenIDConfiguration {
        let core = ClientCore(serverURL: url, transport: transport, middlewares: [], authentication: nil)
        var request = ClientRequest(method: "GET", path: "", operationID: "openIDConfiguration",
                                    requiresAuthentication: false)
        request.setHeader("Accept", "application/json")
        return try await core.perform(request, decoding: OpenIDConfiguration.self)
    }
}
