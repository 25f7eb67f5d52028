public import Foundation
public import HTTPTypes
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Everything a generated client call can throw, in cases a UI can act on.
public enum ClientError: Error, Sendable, CustomStringConvertible {
    /// The server could not be reached (no network, DNS failure, connection refused or dropped).
    case noConnection(operationID: String, reason: String)
    /// No complete response arrived in time.
    case timeout(operationID: String)
    /// The server answered with a status the operation does not treat as success.
    case http(HTTPFailure)
    /// The body could not be decoded into the expected type.
    case decoding(DecodingFailure)
    /// The call was cancelled.
    case cancelled(operationID: String)
    /// The request could not be built (bad server URL, unencodable body).
    case invalidRequest(operationID: String, reason: String)
    /// A client-side request quota (such as a daily limit a middleware counts) is used up; the call was refused
    /// before any network I/O.
    case quotaExhausted(operationID: String, limit: Int)

    /// A non-success response.
    ///
    /// APIs echo the request in their error bodies (Yandex's `"request": "…?apikey=…"`), so the body and the
    /// headers are stored with secrets masked by ``redactor``, and ``ClientCore`` decodes ``decodedBody`` from the
    /// masked body: nothing a failure holds, prints or dumps carries the key.
    public struct HTTPFailure: Sendable {
        /// The operation that failed.
        public var operationID: String
        /// The status code.
        public var status: Int
        /// Response headers in the order received, secret values masked.
        public var headers: HTTPFields
        /// The body, secrets masked (``Redactor/redact(_:)-(Data)``; bytes with nothing to mask are kept as they came).
        public var body: Data
        /// The body decoded as the error type the spec declares for this status, if it decoded.
        public var decodedBody: (any Sendable)?
        /// Masks secrets in ``apiError``, ``bodySnippet(limit:)`` and the error's `description`.
        public var redactor: Redactor

        /// Creates a failure, masking secrets in `headers` and `body` with `redactor`.
        public init(operationID: String, status: Int, headers: HTTPFields, body: Data,
                    decodedBody: (any Sendable)?, redactor: Redactor = .standard) {
            self.init(operationID: operationID, status: status, headers: headers, maskedBody: redactor.redact(body),
                      decodedBody: decodedBody, redactor: redactor)
        }

        /// Creates a failure from a body already masked with `redactor`.
        init(operationID: String, status: Int, headers: HTTPFields, maskedBody: Data,
             decodedBody: (any Sendable)?, redactor: Redactor) {
            self.operationID = operationID
            self.status = status
            self.headers = redactor.redact(headers: headers)
            self.body = maskedBody
            self.decodedBody = decodedBody
            self.redactor = redactor
        }

        /// The decoded error body as `T`, if it is one.
        public func decodedBody<T>(as type: T.Type) -> T? { decodedBody as? T }
    }

    /// A body that did not decode.
    public struct DecodingFailure: Sendable {
        /// The operation.
        public var operationID: String
        /// The status of the response whose body failed.
        public var status: Int
        /// The JSON coding path to the failing value, e.g. `segments[3].thread.carrier.code`.
        public var codingPath: String
        /// What went wrong.
        public var reason: String
    }

    /// How ``noConnection(operationID:reason:)`` reasons start when the server was reached and the exchange then
    /// broke off (the connection closed or reset mid-answer), as opposed to never reaching it.
    public static let connectionLostReason = "connection lost"

    /// Whether the server was reached and the connection then dropped before the answer was complete.
    public var isConnectionLost: Bool {
        if case .noConnection(_, let reason) = self { return reason.hasPrefix(Self.connectionLostReason) }
        return false
    }

    /// Maps an error thrown by a transport to a case.
    public init(transportError error: any Error, operationID: String) {
        if error is CancellationError {
            self = .cancelled(operationID: operationID)
            return
        }
        if let urlError = error as? URLError {
            switch urlError.code {
            case .cancelled: self = .cancelled(operationID: operationID)
            case .timedOut: self = .timeout(operationID: operationID)
            case .networkConnectionLost, .unknown, .badServerResponse, .cannotParseResponse:
                // Connected, then the exchange broke off (Linux reports a connection closed mid-body as `unknown`).
                let reason = Self.connectionLostReason + " (URLError \(urlError.code.rawValue))"
                self = .noConnection(operationID: operationID, reason: reason)
            default: self = .noConnection(operationID: operationID, reason: "URLError \(urlError.code.rawValue)")
            }
            return
        }
        self = .noConnection(operationID: operationID, reason: String(describing: type(of: error)))
    }

    /// Wraps a `DecodingError` with its coding path.
    public init(decodingError error: any Error, operationID: String, status: Int) {
        var path = ""
        var reason = "\(error)"
        if let decodingError = error as? DecodingError {
            let context: DecodingError.Context
            switch decodingError {
            case .typeMismatch(_, let c), .valueNotFound(_, let c), .keyNotFound(_, let c), .dataCorrupted(let c):
                context = c
            @unknown default: context = DecodingError.Context(codingPath: [], debugDescription: "\(error)")
            }
            var keys = context.codingPath
            if case .keyNotFound(let key, _) = decodingError { keys.append(key) }
            path = Self.render(keys)
            reason = context.debugDescription
        }
        self = .decoding(DecodingFailure(operationID: operationID, status: status, codingPath: path, reason: reason))
    }

    static func render(_ keys: [any CodingKey]) -> String {
        var text = ""
        for key in keys {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
            }
        }
        return text
    }

    /// The operation the error belongs to.
    public var operationID: String {
        switch self {
        case .noConnection(let id, _), .timeout(let id), .cancelled(let id), .invalidRequest(let id, _),
             .quotaExhausted(let id, _): id
        case .http(let failure): failure.operationID
        case .decoding(let failure): failure.operationID
        }
    }

    /// Whether trying again may succeed (connection problems, timeouts, 429 and 5xx).
    public var isRetryable: Bool {
        switch self {
        case .noConnection, .timeout: true
        case .http(let failure): failure.status == 429 || (500...599).contains(failure.status)
        case .decoding, .cancelled, .invalidRequest, .quotaExhausted: false
        }
    }

    /// A one-line technical description for logs, with secrets masked (the API's echoed request never shows).
    public var description: String {
        switch self {
        case .noConnection(let id, let reason) where isConnectionLost: Redactor.standard.redact("\(id): \(reason)")
        case .noConnection(let id, let reason): Redactor.standard.redact("\(id): no connection (\(reason))")
        case .timeout(let id): "\(id): timed out"
        case .http(let failure):
            if let text = failure.apiError?.text {
                "\(failure.operationID): HTTP \(failure.status): \(text)"
            } else if let snippet = failure.bodySnippet() {
                "\(failure.operationID): HTTP \(failure.status) (\(snippet))"
            } else {
                "\(failure.operationID): HTTP \(failure.status)"
            }
        case .decoding(let failure):
            Redactor.standard.redact(
                "\(failure.operationID): could not decode the \(failure.status) response"
                    + " at '\(failure.codingPath)': \(failure.reason)")
        case .cancelled(let id): "\(id): cancelled"
        case .invalidRequest(let id, let reason): Redactor.standard.redact("\(id): invalid request (\(reason))")
        case .quotaExhausted(let id, let limit): "\(id): daily request quota of \(limit) used up"
        }
    }
}

extension ClientError: LocalizedError {
    /// The technical ``description``, secrets masked: `error.localizedDescription` then names the operation and
    /// the cause rather than Foundation's generic text. Wording for users is the app's to choose.
    public var errorDescription: String? { description }
}
