import Foundation
import HTTPTypes
import RaspRuntime
import RaspWebhooks
import Testing

/// The signature schemes on known answers (signatures made by the schemes' reference implementations, not by this
/// code) and on every way a request can fail to verify.
@Suite struct SignatureSchemeTests {
    /// The secret, message and signature the Standard Webhooks specification and Svix's libraries use as their
    /// example.
    static let secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"
    static let id = "msg_p5jXN8AQM9LWM0D4loKWxJek"
    static let timestamp: Int64 = 1_614_265_330
    static let body = Data(#"{"test": 2432232314}"#.utf8)
    static let signature = "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE="

    static func request(id: String = id, timestamp: String = String(timestamp), signature: String? = signature,
                        body: Data = body) -> ServerRequest {
        var headers: HTTPFields = [HTTPField.Name("webhook-id")!: id,
                                   HTTPField.Name("webhook-timestamp")!: timestamp]
        if let signature { headers[HTTPField.Name("webhook-signature")!] = signature }
        return ServerRequest(method: "POST", target: "/hooks", headers: headers, body: body)
    }

    static let now = Date(timeIntervalSince1970: Double(timestamp) + 10)

    static func failure(_ scheme: some WebhookSignatureScheme, _ request: ServerRequest,
                        now: Date = now) -> WebhookVerificationError.Kind? {
        do {
            _ = try scheme.verify(request, now: now)
            return nil
        } catch {
            return error.kind
        }
    }

    @Test func theReferenceSignatureVerifiesAndIsWhatTheSchemeSigns() throws {
        let scheme = try StandardWebhooks(secret: Self.secret)
        #expect(try scheme.verify(Self.request(), now: Self.now) == Self.id)
        #expect(scheme.signature(id: Self.id, timestamp: Self.timestamp, body: Self.body) == Self.signature)
        // Without the prefix the secret is the same key.
        let bare = try StandardWebhooks(secret: String(Self.secret.dropFirst(6)))
        #expect(try bare.verify(Self.request(), now: Self.now) == Self.id)
    }

    @Test func anyMatchingSignatureAmongSeveralAndAnySecretAmongSeveralVerify() throws {
        let other = "whsec_" + Data((0..<32).map { UInt8($0) }).base64EncodedString()
        // A rotation: the new secret first, the old one still accepted.
        let scheme = try StandardWebhooks(secrets: [other, Self.secret])
        let several = "v1a,ignored v1,AAAA v1,notbase64!! " + Self.signature
        #expect(try scheme.verify(Self.request(signature: several), now: Self.now) == Self.id)
        let newSignature = scheme.signature(id: Self.id, timestamp: Self.timestamp, body: Self.body)
        #expect(newSignature != Self.signature)
        #expect(try StandardWebhooks(secret: other).verify(Self.request(signature: newSignature), now: Self.now)
                == Self.id)
    }

    @Test func everyChangeOrMissingPartIsRefused() throws {
        let scheme = try StandardWebhooks(secret: Self.secret)
        #expect(Self.failure(scheme, Self.request(body: Data(#"{"test": 2432232315}"#.utf8))) == .signatureMismatch)
        #expect(Self.failure(scheme, Self.request(id: "msg_other")) == .signatureMismatch)
        #expect(Self.failure(scheme, Self.request(timestamp: String(Self.timestamp + 1))) == .signatureMismatch)
        let wrongSecret = try StandardWebhooks(secret: "whsec_" + Data(repeating: 7, count: 24).base64EncodedString())
        #expect(Self.failure(wrongSecret, Self.request()) == .signatureMismatch)
        #expect(Self.failure(scheme, Self.request(signature: nil)) == .missingHeader("webhook-signature"))
        #expect(Self.failure(scheme, Self.request(timestamp: "soon")) == .malformedHeader("webhook-timestamp"))
        // Five minutes either way by default.
        let late = Date(timeIntervalSince1970: Double(Self.timestamp) + 301)
        let early = Date(timeIntervalSince1970: Double(Self.timestamp) - 301)
        #expect(Self.failure(scheme, Self.request(), now: late) == .timestampOutOfTolerance)
        #expect(Self.failure(scheme, Self.request(), now: early) == .timestampOutOfTolerance)
        #expect(throws: WebhookVerificationError(.malformedHeader("secret"))) {
            try StandardWebhooks(secret: "whsec_*")
        }
    }

    @Test func stripeStyleSignaturesVerifyOnAKnownAnswer() throws {
        // HMAC-SHA256 of "1492774577.<body>" keyed with the secret's bytes, computed with Python's hmac module.
        let body = Data(#"{"id":"evt_test","object":"event"}"#.utf8)
        let known = "691252e266ce41cb94d709c84e9580d4172b117a510bbc81723f657d2cd5d215"
        let scheme = StripeSignature(secrets: ["whsec_test_secret"])
        #expect(scheme.signature(timestamp: 1_492_774_577, body: body) == "t=1492774577,v1=" + known)
        let now = Date(timeIntervalSince1970: 1_492_774_600)
        func request(_ header: String, body: Data = body) -> ServerRequest {
            ServerRequest(method: "POST", target: "/", headers: [HTTPField.Name("Stripe-Signature")!: header],
                          body: body)
        }
        #expect(try scheme.verify(request("t=1492774577,v0=abc,v1=\(known.uppercased())"), now: now) == nil)
        #expect(Self.failure(scheme, request("t=1492774577,v1=" + known, body: Data("{}".utf8)), now: now)
                == .signatureMismatch)
        #expect(Self.failure(scheme, request("t=1492774000,v1=" + known), now: now) == .timestampOutOfTolerance)
        #expect(Self.failure(scheme, request("v1=" + known), now: now) == .malformedHeader("Stripe-Signature"))
    }
}
