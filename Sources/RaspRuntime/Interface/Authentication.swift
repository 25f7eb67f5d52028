import Foundation

/// How a client authenticates: one credential, what to add to each request that requires it.
///
/// A generated client declares one static function per security scheme of its document (`.apiKeyHeader(key)`,
/// `.accountSidAuthToken(username:password:)`, `.oauth2(clientID:clientSecret:)`…), each naming its ``scheme``, so
/// ``ClientCore`` can pick, per operation, the credentials its `security` requirement asks for. A credential is either
/// a fixed value (an API key, a bearer token, HTTP Basic) or a token fetched per request from a ``TokenSource``
/// (OAuth 2, OpenID Connect, any ``AccessTokenProvider``), refreshed by the provider before it expires and once more
/// when the server answers 401.
///
/// ```swift
/// let client = Client(authentication: .basic(username: accountSID, password: authToken))
/// let oauth = Client(authentication: .oauth2(OAuth2Tokens(tokenURL: tokenURL, clientID: id, clientSecret: secret)))
/// ```
public struct Authentication: Sendable, Hashable {
    /// Where a key goes.
    public enum Placement: Sendable, Hashable {
        /// A query parameter with this name.
        case query(String)
        /// A header field with this name (the value is sent as is, with no prefix).
        case header(String)
        /// A cookie with this name, added to the `Cookie` header field.
        case cookie(String)
    }

    /// Where the credential goes.
    public var placement: Placement
    /// The full value to send (a key, `Bearer <token>`, `Basic <base64>`…); for a credential with ``tokens``, the
    /// text sent before each token (`Bearer `). Never logged.
    public var value: String
    /// The security scheme this credential answers, by its name in the document's `components.securitySchemes`; nil
    /// for a credential sent with every request that needs one, whatever its requirement.
    public var scheme: String?
    /// Where the tokens come from, for a credential fetched per request; nil for a fixed ``value``.
    public var tokens: TokenSource?

    /// Creates a credential.
    /// - Parameters:
    ///   - placement: Where it goes.
    ///   - value: The value, or the text before each token when `tokens` is given.
    ///   - scheme: The security scheme it answers; nil for every request that needs a credential.
    ///   - tokens: Where tokens come from, for a credential fetched per request.
    public init(placement: Placement, value: String, scheme: String? = nil, tokens: TokenSource? = nil) {
        self.placement = placement
        self.value = value
        self.scheme = scheme
        self.tokens = tokens
    }

    /// An API key sent in the given place.
    /// - Parameters:
    ///   - key: The key, sent as is.
    ///   - placement: Where it goes.
    ///   - scheme: The security scheme it answers.
    public static func apiKey(_ key: String, in placement: Placement, scheme: String? = nil) -> Authentication {
        Authentication(placement: placement, value: key, scheme: scheme)
    }

    /// `Authorization: Bearer <token>`.
    /// - Parameters:
    ///   - token: The token.
    ///   - scheme: The security scheme it answers.
    public static func bearer(_ token: String, scheme: String? = nil) -> Authentication {
        Authentication(placement: .header("Authorization"), value: "Bearer \(token)", scheme: scheme)
    }

    /// `Authorization: Bearer <token>`, the token asked of `provider` for each request (see ``AccessTokenProvider``).
    /// - Parameters:
    ///   - provider: Hands out tokens, refreshing them as it sees fit.
    ///   - scheme: The security scheme it answers.
    public static func bearer(tokens provider: any AccessTokenProvider, scheme: String? = nil) -> Authentication {
        Authentication(placement: .header("Authorization"), value: "Bearer ", scheme: scheme,
                       tokens: TokenSource(provider))
    }

    /// `Authorization: Bearer <token>`, the token returned by `token` for each request: the hook for flows the app
    /// runs itself (authorization code with PKCE, a token from a keychain or an identity SDK).
    /// - Parameters:
    ///   - scheme: The security scheme it answers.
    ///   - token: Returns the token to send; its argument is the token the server has just refused with 401 (nil
    ///     before a request): return a new one then, or throw.
    public static func bearer(
        scheme: String? = nil, token: @escaping @Sendable (_ rejected: String?) async throws -> String
    ) -> Authentication {
        bearer(tokens: ClosureTokenProvider(token), scheme: scheme)
    }

    /// OAuth 2: `Authorization: Bearer <access token>`, from `provider` (an `OAuth2Tokens` for the client
    /// credentials and refresh token grants, or the app's own ``AccessTokenProvider``).
    /// - Parameters:
    ///   - provider: Hands out access tokens.
    ///   - scheme: The security scheme it answers.
    public static func oauth2(_ provider: any AccessTokenProvider, scheme: String? = nil) -> Authentication {
        bearer(tokens: provider, scheme: scheme)
    }

    /// HTTP Basic: `Authorization: Basic <base64(username:password)>`, UTF-8 (RFC 7617).
    /// - Parameters:
    ///   - username: The user name (RFC 7617 forbids a colon in it: the server would split the pair there).
    ///   - password: The password.
    ///   - scheme: The security scheme it answers.
    public static func basic(username: String, password: String, scheme: String? = nil) -> Authentication {
        let encoded = Data("\(username):\(password)".utf8).base64EncodedString()
        return Authentication(placement: .header("Authorization"), value: "Basic \(encoded)", scheme: scheme)
    }

    /// Why this credential cannot be sent, or nil when it can. A value with a control character (a key pasted
    /// with its line break) would be dropped or mangled on the way, so ``ClientCore`` refuses to send it with
    /// ``ClientError/invalidRequest(operationID:reason:underlyingError:)``. The reason never contains the value.
    public var problem: String? {
        if let scalar = HeaderText.firstControlCharacter(in: value) {
            return "the credential contains a control character (\(HeaderText.name(of: scalar)))"
        }
        switch placement {
        case .header(let name) where !HeaderText.isValidName(name):
            return "the credential's header name is not valid"
        case .cookie(let name) where !HeaderText.isValidName(name):
            return "the credential's cookie name is not valid"
        default:
            break
        }
        return nil
    }

    /// Adds the credential to a request (``ClientCore`` checks ``problem`` first). A credential with ``tokens`` adds
    /// only its prefix here: ``ClientCore`` asks for the token and calls ``apply(to:token:)``.
    public func apply(to request: inout ClientRequest) {
        apply(value, to: &request)
    }

    /// Adds the credential with `token` after its ``value`` (for a credential with ``tokens``).
    /// - Parameters:
    ///   - request: The request.
    ///   - token: The token.
    public func apply(to request: inout ClientRequest, token: String) {
        apply(value + token, to: &request)
    }

    private func apply(_ text: String, to request: inout ClientRequest) {
        switch placement {
        case .query(let name):
            request.query.removeAll { $0.name == name }
            request.query.append((name, text))
        case .header(let name):
            request.setHeader(name, text)
        case .cookie(let name):
            request.appendCookie("\(ClientRequest.encode(name))=\(ClientRequest.encode(text))")
        }
    }

    /// The texts a log must never show: the value, and for HTTP Basic its Base64 part and the password.
    public var secrets: Set<String> {
        var secrets: Set<String> = []
        if tokens == nil, !value.isEmpty { secrets.insert(value) }
        if let (encoded, decoded) = basicParts {
            secrets.insert(encoded)
            if let colon = decoded.firstIndex(of: ":") {
                let password = String(decoded[decoded.index(after: colon)...])
                if !password.isEmpty { secrets.insert(password) }
            }
        }
        return secrets.union(tokens?.issued ?? [])
    }

    /// The Base64 text and what it decodes to, for an HTTP Basic credential.
    private var basicParts: (encoded: String, decoded: String)? {
        guard case .header(let name) = placement, name.lowercased() == "authorization",
              value.hasPrefix("Basic "), tokens == nil else { return nil }
        let encoded = String(value.dropFirst("Basic ".count))
        guard let data = Data(base64Encoded: encoded), let decoded = String(data: data, encoding: .utf8) else {
            return nil
        }
        return (encoded, decoded)
    }
}

extension Authentication: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// Where the credential goes, its value masked: `Authentication(header Authorization: <redacted>)`, with its
    /// scheme when it has one (`, scheme oauth2`), so printing a client, a test argument or a `dump` never shows
    /// the key.
    public var description: String {
        let place = switch placement {
        case .query(let name): "query \(name)=\(Redactor.mask)"
        case .header(let name): "header \(name): \(Redactor.mask)"
        case .cookie(let name): "cookie \(name)=\(Redactor.mask)"
        }
        let source = tokens == nil ? "" : ", tokens"
        return "Authentication(\(place)\(scheme.map { ", scheme \($0)" } ?? "")\(source))"
    }

    public var debugDescription: String { description }

    public var customMirror: Mirror {
        Mirror(self, children: ["placement": placement, "value": Redactor.mask, "scheme": scheme as Any,
                                "tokens": tokens.map { _ in "token source" } as Any])
    }
}
