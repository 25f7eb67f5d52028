public import Foundation
public import HTTPTypes

/// Everything a generated client call can throw: a ``kind`` a UI can act on, the operation, and the details of
/// that kind (``httpFailure``, ``decodingFailure``, the ``underlyingError`` a transport or middleware threw).
///
/// Kinds can be added in later versions without breaking a `switch`: ``Kind`` is a struct, so a switch over
/// `error.kind` always has a `default`.
///
/// ```swift
/// do {
///     _ = try await client.search(from: "c213", to: "c2")
/// } catch let error as ClientError {
///     switch error.kind {
///     case .noConnection, .connectionLost, .timeout: showOffline()
///     case .http: showServerError(error.httpFailure?.status)
///     default: showGenericError()
///     }
/// }
/// ```
public struct ClientError: Error, Sendable, CustomStringConvertible {
    /// What went wrong, in terms a caller can act on. Compare with `==` or switch over it (with a `default`).
    public struct Kind: Hashable, Sendable, CustomStringConvertible {
        private enum Base: String, Hashable, Sendable {
            case noConnection, connectionLost, timeout, http, decoding, cancelled, invalidRequest, invalidResponse
            case refused
        }

        private let base: Base

        private init(_ base: Base) { self.base = base }

        /// The server could not be reached (no network, a name that does not resolve, a refused connection, TLS).
        public static let noConnection = Kind(.noConnection)
        /// The server was reached and the exchange then broke off (the connection closed or reset mid-answer).
        public static let connectionLost = Kind(.connectionLost)
        /// No complete response arrived in time.
        public static let timeout = Kind(.timeout)
        /// The server answered with a status the operation does not treat as success (``ClientError/httpFailure``).
        public static let http = Kind(.http)
        /// The body could not be decoded into the expected type (``ClientError/decodingFailure``).
        public static let decoding = Kind(.decoding)
        /// The call was cancelled.
        public static let cancelled = Kind(.cancelled)
        /// The request could not be built or sent as given (a bad server URL, an unencodable body or header, a
        /// request body that could not be read).
        public static let invalidRequest = Kind(.invalidRequest)
        /// The response's body could not be read as given (its chunk source failed, or it was read a second time);
        /// the ``/RaspRuntime/MessageBody/ReadError`` is the ``ClientError/underlyingError``.
        public static let invalidResponse = Kind(.invalidResponse)
        /// A middleware refused the call before it was sent, by a client-side policy such as a request quota; the
        /// policy's own error is the ``ClientError/underlyingError``.
        public static let refused = Kind(.refused)

        /// The kind's name: `noConnection`, `http`, ….
        public var description: String { base.rawValue }
    }

    /// What went wrong.
    public var kind: Kind
    /// The operation the error belongs to (empty when unknown).
    public var operationID: String
    /// Technical words on the cause, for logs (`connection refused`, `URLError -1004`); shown masked.
    public var reason: String?
    /// The error a transport, a middleware or a decoder threw, when there was one (a `URLError`, a
    /// `DecodingError`, a policy's own error for ``Kind/refused``).
    public var underlyingError: (any Error)?
    /// The response, for ``Kind/http``.
    public var httpFailure: HTTPFailure?
    /// Where and why decoding failed, for ``Kind/decoding``.
    public var decodingFailure: DecodingFailure?

    /// Creates an error of any kind; for ``Kind/http`` and ``Kind/decoding`` use ``http(_:)`` and
    /// ``decoding(_:underlyingError:)``.
    /// - Parameters:
    ///   - kind: What went wrong.
    ///   - operationID: The operation.
    ///   - reason: Technical words on the cause.
    ///   - underlyingError: The error behind it.
    public init(kind: Kind, operationID: String, reason: String? = nil, underlyingError: (any Error)? = nil) {
        self.kind = kind
        self.operationID = operationID
        self.reason = reason
        self.underlyingError = underlyingError
    }

    /// The server could not be reached.
    public static func noConnection(operationID: String, reason: String? = nil,
                                    underlyingError: (any Error)? = nil) -> ClientError {
        ClientError(kind: .noConnection, operationID: operationID, reason: reason, underlyingError: underlyingError)
    }

    /// The exchange broke off after the server was reached.
    public static func connectionLost(operationID: String, reason: String? = nil,
                                      underlyingError: (any Error)? = nil) -> ClientError {
        ClientError(kind: .connectionLost, operationID: operationID, reason: reason, underlyingError: underlyingError)
    }

    /// No complete response arrived in time.
    public static func timeout(operationID: String, underlyingError: (any Error)? = nil) -> ClientError {
        ClientError(kind: .timeout, operationID: operationID, underlyingError: underlyingError)
    }

    /// The call was cancelled.
    public static func cancelled(operationID: String) -> ClientError {
        ClientError(kind: .cancelled, operationID: operationID)
    }

    /// The request could not be built or sent as given.
    public static func invalidRequest(operationID: String, reason: String,
                                      underlyingError: (any Error)? = nil) -> ClientError {
        ClientError(kind: .invalidRequest, operationID: operationID, reason: reason, underlyingError: underlyingError)
    }

    /// A middleware refused the call before it was sent; `policyError` says why.
    public static func refused(operationID: String, reason: String, policyError: any Error) -> ClientError {
        ClientError(kind: .refused, operationID: operationID, reason: reason, underlyingError: policyError)
    }

    /// A non-success response.
    public static func http(_ failure: HTTPFailure) -> ClientError {
        var error = ClientError(kind: .http, operationID: failure.operationID)
        error.httpFailure = failure
        return error
    }

    /// A body that did not decode.
    public static func decoding(_ failure: DecodingFailure, underlyingError: (any Error)? = nil) -> ClientError {
        var error = ClientError(kind: .decoding, operationID: failure.operationID, underlyingError: underlyingError)
        error.decodingFailure = failure
        return error
    }

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
        /// Masks secrets in ``serverMessage``, ``bodySnippet(limit:)`` and the error's `description`.
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

        /// Creates a failure.
        public init(operationID: String, status: Int, codingPath: String, reason: String) {
            self.operationID = operationID
            self.status = status
            self.codingPath = codingPath
            self.reason = reason
        }
    }

    /// Whether the server was reached and the connection then dropped before the answer was complete
    /// (``Kind/connectionLost``).
    public var isConnectionLost: Bool { kind == .connectionLost }

    /// Maps an error thrown by a transport (or a middleware) to a kind, keeping it as ``underlyingError``: a
    /// cancellation is ``Kind/cancelled``, a Foundation `URLError` the kind of its code, any other error
    /// ``Kind/noConnection`` (transports map their own errors more precisely before they throw them).
    public init(transportError error: any Error, operationID: String) {
        if error is CancellationError {
            self = .cancelled(operationID: operationID)
            return
        }
        if let urlError = error as? URLError {
            let reason = "URLError \(urlError.code.rawValue)"
            switch urlError.code {
            case .cancelled: self = .cancelled(operationID: operationID)
            case .timedOut: self = .timeout(operationID: operationID, underlyingError: urlError)
            case .networkConnectionLost, .unknown, .badServerResponse, .cannotParseResponse:
                // Connected, then the exchange broke off (Linux reports a connection closed mid-body as `unknown`).
                self = .connectionLost(operationID: operationID, reason: reason, underlyingError: urlError)
            default: self = .noConnection(operationID: operationID, reason: reason, underlyingError: urlError)
            }
            return
        }
        self = .noConnection(operationID: operationID, reason: String(describing: type(of: error)),
                             underlyingError: error)
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
        let failure = DecodingFailure(operationID: operationID, status: status, codingPath: path, reason: reason)
        self = .decoding(failure, underlyingError: error)
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

    /// Whether trying again may succeed (connection problems, timeouts, 429 and 5xx).
    public var isRetryable: Bool {
        switch kind {
        case .noConnection, .connectionLost, .timeout: true
        case .http: httpFailure.map { $0.status == 429 || (500...599).contains($0.status) } ?? false
        default: false
        }
    }

    /// A one-line technical description for logs, with secrets masked (the API's echoed request never shows).
    public var description: String {
        let id = operationID
        let because = reason.map { " (\($0))" } ?? ""
        switch kind {
        case .noConnection: return Redactor.standard.redact("\(id): no connection\(because)")
        case .connectionLost: return Redactor.standard.redact("\(id): connection lost\(because)")
        case .timeout: return "\(id): timed out"
        case .cancelled: return "\(id): cancelled"
        case .invalidRequest: return Redactor.standard.redact("\(id): invalid request\(because)")
        case .refused: return Redactor.standard.redact("\(id): refused\(because)")
        case .invalidResponse: return Redactor.standard.redact("\(id): invalid response\(because)")
        case .http:
            guard let failure = httpFailure else { return "\(id): HTTP error" }
            if let text = failure.serverMessage { return "\(failure.operationID): HTTP \(failure.status): \(text)" }
            if let snippet = failure.bodySnippet() {
                return "\(failure.operationID): HTTP \(failure.status) (\(snippet))"
            }
            return "\(failure.operationID): HTTP \(failure.status)"
        case .decoding:
            guard let failure = decodingFailure else { return "\(id): could not decode the response" }
            return Redactor.standard.redact(
                "\(failure.operationID): could not decode the \(failure.status) response"
                    + " at '\(failure.codingPath)': \(failure.reason)")
        default: return Redactor.standard.redact("\(id): \(kind)\(because)")
        }
    }
}

extension ClientError: LocalizedError {
    /// The technical ``description``, secrets masked: `error.localizedDescription` then names the operation and
    /// the cause rather than Foundation's generic text. Wording for users is the app's to choose.
    public var errorDescription: String? { description }
}
