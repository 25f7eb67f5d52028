/// Settings of one call (or of every call of one copy of a client), on top of the client's own: a timeout, a retry
/// policy, extra header fields and query items, and an observer of the bodies' progress.
///
/// ```swift
/// let directory = try await client.with(RequestOptions(timeout: .seconds(300))).stationsList()
/// let run = try await client.with(RequestOptions(retryPolicy: .never, headers: ["OpenAI-Beta": "assistants=v2"]))
///     .createRun(threadId: id, body: body)
/// ```
///
/// A generated client's ``GeneratedClient/with(_:)`` returns a copy whose calls use them; the client-wide defaults
/// (the middlewares' policies, the transport's timeout) apply to whatever an option leaves unset.
public struct RequestOptions: Sendable {
    /// The deadline of each attempt, in place of `TimeoutMiddleware`'s policy (and the transport's default).
    public var timeout: Duration?
    /// The retry policy, in place of `RetryMiddleware`'s (``RetryPolicy/never`` turns retries off).
    public var retryPolicy: RetryPolicy?
    /// Header fields to set, replacing fields of the same name (credentials included). An `Idempotency-Key` here is
    /// the key `IdempotencyKeyMiddleware` keeps, for a key the app keeps across launches.
    public var headers: [(name: String, value: String)]
    /// Query items to add, replacing items of the same name.
    public var query: [(name: String, value: String)]
    /// Told how much of the request body has gone out and how much of the response body has come in, after each
    /// chunk. The request body is counted as the transport reads it (``MessageBody/observingProgress(_:)``: a
    /// transport that does not stream request bodies reads it whole first); the response body as it arrives, read
    /// through ``ClientTransport/stream(_:baseURL:)`` for in-memory bodies and downloads to a file, and as the caller
    /// reads a streamed body. Called on the transport's threads: keep it short, and hop to the main actor to update a
    /// UI.
    public var onProgress: (@Sendable (TransferProgress) -> Void)?

    /// Creates options; what is left nil or empty keeps the client's own setting.
    /// - Parameters:
    ///   - timeout: The deadline of each attempt.
    ///   - retryPolicy: The retry policy.
    ///   - headers: Header fields to set.
    ///   - query: Query items to add.
    ///   - onProgress: Told of the bodies' progress.
    public init(timeout: Duration? = nil, retryPolicy: RetryPolicy? = nil, headers: [String: String] = [:],
                query: [(name: String, value: String)] = [],
                onProgress: (@Sendable (TransferProgress) -> Void)? = nil) {
        self.timeout = timeout
        self.retryPolicy = retryPolicy
        self.headers = headers.sorted { $0.key < $1.key }.map { (name: $0.key, value: $0.value) }
        self.query = query
        self.onProgress = onProgress
    }

    /// These options with `other`'s on top: its settings win, its fields and items are added after these.
    /// - Parameter other: The options that win.
    /// - Returns: The combination.
    public func merging(_ other: RequestOptions) -> RequestOptions {
        var merged = self
        merged.timeout = other.timeout ?? timeout
        merged.retryPolicy = other.retryPolicy ?? retryPolicy
        merged.headers = headers.filter { field in
            !other.headers.contains { $0.name.lowercased() == field.name.lowercased() }
        } + other.headers
        merged.query = query.filter { item in !other.query.contains { $0.name == item.name } } + other.query
        merged.onProgress = other.onProgress ?? onProgress
        return merged
    }

    /// Whether nothing is set.
    public var isEmpty: Bool {
        timeout == nil && retryPolicy == nil && headers.isEmpty && query.isEmpty && onProgress == nil
    }

    /// Writes the options into a request.
    /// - Parameter request: The request.
    public func apply(to request: inout ClientRequest) {
        if let timeout { request.timeout = timeout }
        if let retryPolicy { request.retryPolicy = retryPolicy }
        for field in headers { request.setHeader(field.name, field.value) }
        for item in query {
            request.query.removeAll { $0.name == item.name }
        }
        request.query += query
    }
}

extension RequestOptions: CustomReflectable {
    /// The settings, header values and query values masked as ``Redactor/current`` masks them (an `Authorization`
    /// field set per call never shows in a dump).
    public var customMirror: Mirror {
        let redactor = Redactor.current
        return Mirror(self, children: [
            "timeout": timeout as Any, "retryPolicy": retryPolicy as Any,
            "headers": redactor.redact(headers: headers).map { "\($0.name): \($0.value)" },
            "query": redactor.redact(query: query).map { "\($0.name)=\($0.value)" },
            "onProgress": onProgress == nil ? "none" : "set",
        ])
    }
}

/// How far a body has moved: what ``RequestOptions/onProgress`` is told after each chunk.
public struct TransferProgress: Sendable, Hashable {
    /// Which body.
    public enum Direction: Sendable, Hashable {
        /// The request body, as the transport reads it to send it.
        case upload
        /// The response body, as it arrives.
        case download
    }

    /// Which body.
    public var direction: Direction
    /// The bytes moved so far (from 0 again when a request is retried).
    public var completed: Int64
    /// The body's length when it is known (a file's size, `Content-Length`).
    public var total: Int64?
    /// For a response body, the response's status (an error's body arrives too); nil for a request body.
    public var status: Int?

    /// Creates a progress value.
    /// - Parameters:
    ///   - direction: Which body.
    ///   - completed: The bytes moved so far.
    ///   - total: The body's length, if known.
    ///   - status: For a response body, the response's status.
    public init(direction: Direction, completed: Int64, total: Int64?, status: Int? = nil) {
        self.direction = direction
        self.completed = completed
        self.total = total
        self.status = status
    }

    /// `completed / total`, when the total is known and not zero.
    public var fractionCompleted: Double? {
        guard let total, total > 0 else { return nil }
        return Double(completed) / Double(total)
    }
}
