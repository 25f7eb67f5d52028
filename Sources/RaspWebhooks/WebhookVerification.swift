#if Server
public import Foundation
public import RaspRuntime

/// A way a sender signs its webhook requests (``StandardWebhooks``, ``StripeSignature``, or an app's own), which
/// ``WebhookVerificationMiddleware`` checks before a request reaches its receiver.
public protocol WebhookSignatureScheme: Sendable {
    /// Checks a request's signature.
    /// - Parameters:
    ///   - request: The request, its body in memory (a ``/RaspRuntime/ServerRouter`` collects it before its
    ///     middlewares).
    ///   - now: The time to judge the signature's timestamp by.
    /// - Returns: The message's id, by which a replay is recognized, or nil when the scheme sends none.
    /// - Throws: ``WebhookVerificationError`` when the request is not signed as the scheme requires.
    func verify(_ request: ServerRequest, now: Date) throws(WebhookVerificationError) -> String?
}

/// Why a webhook request was refused.
public struct WebhookVerificationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What was wrong.
    public enum Kind: Sendable, Equatable {
        /// A header the scheme requires is missing (400).
        case missingHeader(String)
        /// A header is there but cannot be read (400).
        case malformedHeader(String)
        /// The signed timestamp is further from now than the tolerance (401): an old request sent again, or a
        /// sender whose clock is wrong.
        case timestampOutOfTolerance
        /// No signature matches the body with any of the secrets (401): a changed body or another secret.
        case signatureMismatch
        /// The message's id was seen before, within the tolerance (409): a request sent again.
        case replayed
    }

    public var kind: Kind

    /// Creates an error of `kind`.
    public init(_ kind: Kind) { self.kind = kind }

    /// The status the middleware answers with.
    public var status: Int {
        switch kind {
        case .missingHeader, .malformedHeader: 400
        case .timestampOutOfTolerance, .signatureMismatch: 401
        case .replayed: 409
        }
    }

    public var description: String {
        switch kind {
        case .missingHeader(let name): "the request has no \(name) header"
        case .malformedHeader(let name): "the \(name) header cannot be read"
        case .timestampOutOfTolerance: "the signature's timestamp is outside the tolerance"
        case .signatureMismatch: "no signature matches the request"
        case .replayed: "this message was received before"
        }
    }
}

/// Remembers the ids of the webhook messages received, so that a request sent again is refused.
public protocol WebhookReplayStore: Sendable {
    /// Records `id`, kept at least until `expiry`; returns false when it was recorded before (and has not expired).
    func insert(_ id: String, expiry: Date) async -> Bool
}

/// A ``WebhookReplayStore`` in memory, for one process; expired ids are dropped as new ones arrive.
public actor InMemoryWebhookReplayStore: WebhookReplayStore {
    private var expiries: [String: Date] = [:]
    private var now: @Sendable () -> Date

    /// Creates an empty store that reads the time from `now`.
    public init(now: @escaping @Sendable () -> Date = Date.init) {
        self.now = now
    }

    public func insert(_ id: String, expiry: Date) -> Bool {
        let current = now()
        if let known = expiries[id], known > current { return false }
        // Dropping the expired ids costs a pass over the store: done when it has doubled since the last pass.
        if expiries.count >= pruneThreshold {
            expiries = expiries.filter { $0.value > current }
            pruneThreshold = max(64, expiries.count * 2)
        }
        expiries[id] = expiry
        return true
    }

    private var pruneThreshold = 64
}

/// Refuses the webhook requests whose signature does not verify, before they reach their receivers: with a problem
/// response of the error's status (400 for a missing or unreadable header, 401 for a signature or timestamp that does
/// not verify, 409 for a message received before), so nothing unsigned, changed or replayed reaches a handler.
///
/// Add it to the ``/RaspRuntime/ServerRouter`` the receivers are registered on; `appliesTo` limits it to their requests
/// when the router serves other routes too.
public struct WebhookVerificationMiddleware: ServerMiddleware {
    private let scheme: any WebhookSignatureScheme
    private let replayStore: (any WebhookReplayStore)?
    private let replayWindow: Duration
    private let appliesTo: @Sendable (ServerRequest) -> Bool
    private let now: @Sendable () -> Date

    /// Creates the middleware.
    /// - Parameters:
    ///   - scheme: How requests are signed.
    ///   - replayStore: Where the ids of received messages are kept, to refuse one sent again; nil accepts a
    ///     correctly signed request again (within the scheme's tolerance).
    ///   - replayWindow: How long an id is kept: at least the scheme's tolerance (default: 10 minutes).
    ///   - appliesTo: Which requests are checked (default: all).
    ///   - now: The clock timestamps are judged by.
    public init(scheme: any WebhookSignatureScheme, replayStore: (any WebhookReplayStore)? = nil,
                replayWindow: Duration = .seconds(600),
                appliesTo: @escaping @Sendable (ServerRequest) -> Bool = { _ in true },
                now: @escaping @Sendable () -> Date = Date.init) {
        self.scheme = scheme
        self.replayStore = replayStore
        self.replayWindow = replayWindow
        self.appliesTo = appliesTo
        self.now = now
    }

    public func intercept(_ request: ServerRequest, next: @Sendable (ServerRequest) async throws -> ServerResponse)
        async throws -> ServerResponse {
        guard appliesTo(request) else { return try await next(request) }
        do throws(WebhookVerificationError) {
            let time = now()
            let id = try scheme.verify(request, now: time)
            if let id, let replayStore {
                let expiry = time.addingTimeInterval(Double(replayWindow.components.seconds))
                guard await replayStore.insert(id, expiry: expiry) else {
                    throw WebhookVerificationError(.replayed)
                }
            }
        } catch {
            let title = error.status == 400 ? "Bad Request" : error.status == 409 ? "Conflict" : "Unauthorized"
            return ServerProblem(status: error.status, title: title, detail: error.description).response
        }
        return try await next(request)
    }
}
#endif
