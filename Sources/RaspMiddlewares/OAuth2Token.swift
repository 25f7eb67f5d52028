public import Foundation
import RaspRuntime

/// An OAuth 2 access token with what the token endpoint said about it. Codable, so an app can keep it (in the
/// keychain: it is a secret) and hand it back to ``OAuth2Tokens`` on the next launch; its description and `dump`
/// never show the tokens.
public struct OAuth2Token: Sendable, Hashable, Codable {
    /// The access token.
    public var accessToken: String
    /// `token_type`, usually `Bearer`.
    public var tokenType: String?
    /// When it expires (from `expires_in`), nil when the endpoint did not say.
    public var expiresAt: Date?
    /// When it was issued (received), for the share of its life that is left.
    public var issuedAt: Date?
    /// The refresh token, if the endpoint gave one.
    public var refreshToken: String?
    /// The scopes granted, space-separated (`scope`), if the endpoint said.
    public var scope: String?

    /// Creates a token.
    /// - Parameters:
    ///   - accessToken: The access token.
    ///   - tokenType: `token_type`.
    ///   - expiresAt: When it expires; nil for never (or unknown).
    ///   - issuedAt: When it was issued.
    ///   - refreshToken: The refresh token.
    ///   - scope: The scopes granted.
    public init(accessToken: String, tokenType: String? = "Bearer", expiresAt: Date? = nil, issuedAt: Date? = nil,
                refreshToken: String? = nil, scope: String? = nil) {
        self.accessToken = accessToken
        self.tokenType = tokenType
        self.expiresAt = expiresAt
        self.issuedAt = issuedAt
        self.refreshToken = refreshToken
        self.scope = scope
    }

    /// Whether the token can still be sent at `now`: it has not expired, nor will within `leeway` (at most half of
    /// its life, so a short-lived token is still used for a while).
    /// - Parameters:
    ///   - now: The current time.
    ///   - leeway: How long before its expiry it is refreshed.
    public func isValid(at now: Date, leeway: Duration) -> Bool {
        guard let expiresAt else { return true }
        var margin = Double(leeway.components.seconds) + Double(leeway.components.attoseconds) / 1e18
        if let issuedAt { margin = min(margin, expiresAt.timeIntervalSince(issuedAt) / 2) }
        return now.addingTimeInterval(margin) < expiresAt
    }

    /// The texts a log must never show: the access and refresh tokens.
    var secrets: Set<String> { Set([accessToken, refreshToken].compactMap { $0 }.filter { !$0.isEmpty }) }

    /// A token endpoint's JSON answer (RFC 6749 §5.1): `expires_in` as a number or, as some servers send it, text.
    struct Response: Decodable {
        var accessToken: String
        var tokenType: String?
        var expiresIn: Double?
        var refreshToken: String?
        var scope: String?

        enum CodingKeys: String, CodingKey {
            case accessToken = "access_token", tokenType = "token_type", expiresIn = "expires_in"
            case refreshToken = "refresh_token", scope
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            accessToken = try container.decode(String.self, forKey: .accessToken)
            tokenType = try container.decodeIfPresent(String.self, forKey: .tokenType)
            if let seconds = try? container.decodeIfPresent(Double.self, forKey: .expiresIn) {
                expiresIn = seconds
            } else {
                expiresIn = (try? container.decodeIfPresent(String.self, forKey: .expiresIn)).flatMap { Double($0) }
            }
            refreshToken = try container.decodeIfPresent(String.self, forKey: .refreshToken)
            scope = try container.decodeIfPresent(String.self, forKey: .scope)
        }

        /// The token, received at `now`.
        func token(receivedAt now: Date) -> OAuth2Token {
            OAuth2Token(accessToken: accessToken, tokenType: tokenType,
                        expiresAt: expiresIn.map { now.addingTimeInterval($0) }, issuedAt: now,
                        refreshToken: refreshToken, scope: scope)
        }
    }
}

extension OAuth2Token: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The token's kind and life, the tokens masked: `OAuth2Token(Bearer <redacted>, expires 2026-…, refresh
    /// <redacted>)`.
    public var description: String {
        var parts = ["\(tokenType ?? "token") \(Redactor.mask)"]
        if let expiresAt { parts.append("expires \(ISO8601.string(from: expiresAt))") }
        if refreshToken != nil { parts.append("refresh \(Redactor.mask)") }
        if let scope { parts.append("scope \(scope)") }
        return "OAuth2Token(\(parts.joined(separator: ", ")))"
    }

    public var debugDescription: String { description }

    public var customMirror: Mirror {
        Mirror(self, children: [
            "accessToken": Redactor.mask, "tokenType": tokenType as Any, "expiresAt": expiresAt as Any,
            "refreshToken": refreshToken.map { _ in Redactor.mask } as Any, "scope": scope as Any,
        ])
    }
}

/// A token endpoint's error answer (RFC 6749 §5.2), thrown as ``/RaspRuntime/APIError`` when the endpoint refuses:
/// `catch let error as APIError<OAuth2Error>` then `error.body.error == "invalid_client"`.
public struct OAuth2Error: Sendable, Hashable, Codable {
    /// `invalid_request`, `invalid_client`, `invalid_grant`, `unauthorized_client`, `unsupported_grant_type` or
    /// `invalid_scope`.
    public var error: String
    /// The server's explanation, for developers.
    public var errorDescription: String?

    enum CodingKeys: String, CodingKey {
        case error, errorDescription = "error_description"
    }
}
