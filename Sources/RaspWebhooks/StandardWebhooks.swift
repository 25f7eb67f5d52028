#if Server
import Crypto
public import Foundation
public import RaspRuntime

/// The Standard Webhooks signature scheme (Svix, OpenAI and others): the headers `webhook-id`, `webhook-timestamp`
/// (Unix seconds) and `webhook-signature`, a space-separated list of `v1,<base64>` signatures, each an
/// HMAC-SHA256 of `id.timestamp.body` with a secret given as `whsec_<base64>`.
///
/// A request verifies when one of its `v1` signatures matches with one of the secrets (several during a secret's
/// rotation) and its timestamp is within the tolerance of now, either way. Signatures are compared in constant time.
public struct StandardWebhooks: WebhookSignatureScheme {
    private let keys: [SymmetricKey]
    /// How far a request's timestamp may be from now.
    public var tolerance: Duration

    /// Creates the scheme for `secrets`, each `whsec_` followed by base64 (the prefix may be left out).
    /// - Throws: ``WebhookVerificationError`` (``WebhookVerificationError/Kind/malformedHeader(_:)`` naming the
    ///   secret) when a secret is no base64 or there is none.
    public init(secrets: [String], tolerance: Duration = .seconds(300)) throws(WebhookVerificationError) {
        var keys: [SymmetricKey] = []
        for secret in secrets {
            let text = secret.hasPrefix("whsec_") ? String(secret.dropFirst(6)) : secret
            guard let bytes = Data(base64Encoded: text), !bytes.isEmpty else {
                throw WebhookVerificationError(.malformedHeader("secret"))
            }
            keys.append(SymmetricKey(data: bytes))
        }
        guard !keys.isEmpty else { throw WebhookVerificationError(.malformedHeader("secret")) }
        self.keys = keys
        self.tolerance = tolerance
    }

    /// Creates the scheme for one secret (`whsec_<base64>`).
    public init(secret: String, tolerance: Duration = .seconds(300)) throws(WebhookVerificationError) {
        try self.init(secrets: [secret], tolerance: tolerance)
    }

    public func verify(_ request: ServerRequest, now: Date) throws(WebhookVerificationError) -> String? {
        let id = try Self.header(request, "webhook-id")
        let timestampText = try Self.header(request, "webhook-timestamp")
        let signatures = try Self.header(request, "webhook-signature")
        guard let timestamp = Int64(timestampText) else {
            throw WebhookVerificationError(.malformedHeader("webhook-timestamp"))
        }
        guard abs(now.timeIntervalSince1970 - Double(timestamp)) <= Double(tolerance.components.seconds) else {
            throw WebhookVerificationError(.timestampOutOfTolerance)
        }
        let message = Self.signedContent(id: id, timestamp: timestampText, body: request.bodyData)
        // Other versions (`v1a`, asymmetric) are skipped; a `v1` signature that is no base64 matches nothing.
        let candidates = signatures.split(separator: " ").compactMap { entry -> Data? in
            guard entry.hasPrefix("v1,") else { return nil }
            return Data(base64Encoded: String(entry.dropFirst(3)))
        }
        for signature in candidates {
            for key in keys
            where HMAC<SHA256>.isValidAuthenticationCode(signature, authenticating: message, using: key) {
                return id
            }
        }
        throw WebhookVerificationError(.signatureMismatch)
    }

    /// The `webhook-signature` value for a message, signed with the first secret: what a sender puts in the header
    /// (for an app that sends webhooks too, and for tests).
    public func signature(id: String, timestamp: Int64, body: Data) -> String {
        let message = Self.signedContent(id: id, timestamp: String(timestamp), body: body)
        let code = HMAC<SHA256>.authenticationCode(for: message, using: keys[0])
        return "v1," + Data(code).base64EncodedString()
    }

    private static func signedContent(id: String, timestamp: String, body: Data) -> Data {
        var message = Data("\(id).\(timestamp).".utf8)
        message.append(body)
        return message
    }

    private static func header(_ request: ServerRequest, _ name: String) throws(WebhookVerificationError) -> String {
        guard let value = request.header(name), !value.isEmpty else {
            throw WebhookVerificationError(.missingHeader(name))
        }
        return value
    }
}
#endif
