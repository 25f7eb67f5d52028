#if Server
import Crypto
public import Foundation
public import RaspRuntime

/// The `Stripe-Signature` scheme (also used, under other header names, by several other APIs): one header
/// `t=<Unix seconds>,v1=<hex>,v1=<hex>…`, each `v1` an HMAC-SHA256 of `t.body` keyed with the secret's UTF-8 bytes
/// (`whsec_…` as a whole). It sends no message id, so a replay is refused only by the tolerance.
public struct StripeSignature: WebhookSignatureScheme {
    private let keys: [SymmetricKey]
    /// The header the signature is in (default `Stripe-Signature`).
    public var headerName: String
    /// How far a request's timestamp may be from now.
    public var tolerance: Duration

    /// Creates the scheme for `secrets` (several during a rotation).
    public init(secrets: [String], headerName: String = "Stripe-Signature", tolerance: Duration = .seconds(300)) {
        keys = secrets.map { SymmetricKey(data: Data($0.utf8)) }
        self.headerName = headerName
        self.tolerance = tolerance
    }

    public func verify(_ request: ServerRequest, now: Date) throws(WebhookVerificationError) -> String? {
        guard let header = request.header(headerName), !header.isEmpty else {
            throw WebhookVerificationError(.missingHeader(headerName))
        }
        var timestampText: Substring?
        var signatures: [Data] = []
        for item in header.split(separator: ",") {
            let parts = item.split(separator: "=", maxSplits: 1)
            guard parts.count == 2 else { continue }
            let key = parts[0].trimmingCharacters(in: .whitespaces)
            if key == "t" { timestampText = parts[1] }
            if key == "v1", let bytes = Self.bytes(hex: parts[1]) { signatures.append(bytes) }
        }
        guard let timestampText, let timestamp = Int64(timestampText) else {
            throw WebhookVerificationError(.malformedHeader(headerName))
        }
        guard abs(now.timeIntervalSince1970 - Double(timestamp)) <= Double(tolerance.components.seconds) else {
            throw WebhookVerificationError(.timestampOutOfTolerance)
        }
        var message = Data("\(timestampText).".utf8)
        message.append(request.bodyData)
        for signature in signatures {
            for key in keys
            where HMAC<SHA256>.isValidAuthenticationCode(signature, authenticating: message, using: key) {
                return nil
            }
        }
        throw WebhookVerificationError(.signatureMismatch)
    }

    /// The header value for a body signed at `timestamp` with the first secret.
    public func signature(timestamp: Int64, body: Data) -> String {
        var message = Data("\(timestamp).".utf8)
        message.append(body)
        let code = HMAC<SHA256>.authenticationCode(for: message, using: keys[0])
        return "t=\(timestamp),v1=" + code.map { String(format: "%02x", $0) }.joined()
    }

    /// The bytes of lowercase or uppercase hex text, or nil when it is not hex.
    private static func bytes(hex: Substring) -> Data? {
        let digits = Array(hex.utf8)
        guard digits.count % 2 == 0, !digits.isEmpty else { return nil }
        var bytes = Data(capacity: digits.count / 2)
        var index = 0
        while index < digits.count {
            guard let high = nibble(digits[index]), let low = nibble(digits[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
            index += 2
        }
        return bytes
    }

    private static func nibble(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
#endif
