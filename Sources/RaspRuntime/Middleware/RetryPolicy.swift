public import Foundation

/// When and how long `RetryMiddleware` waits before trying a request again.
public struct RetryPolicy: Sendable, Hashable {
    /// Total attempts, the first included (1 disables retries).
    public var maxAttempts: Int
    /// The wait before the first retry, before jitter.
    public var baseDelay: Duration
    /// How much each further wait grows (2 doubles it).
    public var multiplier: Double
    /// No wait is longer than this, `Retry-After` included.
    public var maxDelay: Duration
    /// The share of each wait that is random: a wait `d` becomes a value in `[d × (1 − jitter), d]`.
    public var jitter: Double
    /// Methods that are safe to send twice (upper case).
    public var idempotentMethods: Set<String>

    /// Creates a policy.
    /// - Parameters:
    ///   - maxAttempts: Total attempts, the first included (default 3).
    ///   - baseDelay: The wait before the first retry (default 0.5 s).
    ///   - multiplier: Growth per retry (default 2).
    ///   - maxDelay: The longest wait (default 20 s).
    ///   - jitter: The random share of each wait, 0…1 (default 0.5).
    ///   - idempotentMethods: Methods that may be retried (default GET, HEAD, PUT, DELETE, OPTIONS).
    public init(maxAttempts: Int = 3, baseDelay: Duration = .milliseconds(500), multiplier: Double = 2,
                maxDelay: Duration = .seconds(20), jitter: Double = 0.5,
                idempotentMethods: Set<String> = ["GET", "HEAD", "PUT", "DELETE", "OPTIONS"]) {
        self.maxAttempts = max(1, maxAttempts)
        self.baseDelay = baseDelay
        self.multiplier = multiplier
        self.maxDelay = maxDelay
        self.jitter = min(1, max(0, jitter))
        self.idempotentMethods = Set(idempotentMethods.map { $0.uppercased() })
    }

    /// Three attempts, 0.5 s then about 1 s apart.
    public static let `default` = RetryPolicy()

    /// No retries.
    public static let never = RetryPolicy(maxAttempts: 1)

    /// Whether a status is worth retrying: 429 and 5xx.
    public func isRetryable(status: Int) -> Bool { status == 429 || (500...599).contains(status) }

    /// The wait before retry number `retry` (1 for the first retry).
    /// - Parameters:
    ///   - retry: The retry number, from 1.
    ///   - random: A value in `0..<1` (jitter source).
    public func backoff(beforeRetry retry: Int, random: Double) -> Duration {
        let exponential = baseDelay.seconds * pow(multiplier, Double(max(0, retry - 1)))
        let capped = min(exponential, maxDelay.seconds)
        let jittered = capped * (1 - jitter * min(max(random, 0), 1))
        return .milliseconds(Int64((jittered * 1000).rounded()))
    }

    /// The wait a `Retry-After` value asks for (delay seconds or an HTTP date), capped at ``maxDelay``;
    /// nil when the value is missing or unreadable.
    /// - Parameters:
    ///   - value: The header value.
    ///   - now: The current time, for HTTP dates.
    public func retryAfter(_ value: String?, now: Date) -> Duration? {
        guard let value = value?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
        let seconds: Double
        if let number = Double(value) {
            seconds = number
        } else if let date = Self.httpDate(value) {
            seconds = date.timeIntervalSince(now)
        } else {
            return nil
        }
        let clamped = min(max(0, seconds), maxDelay.seconds)
        return .milliseconds(Int64((clamped * 1000).rounded()))
    }

    /// Parses an HTTP date (`Sun, 06 Nov 1994 08:49:37 GMT`, and the obsolete RFC 850 and asctime forms).
    static func httpDate(_ text: String) -> Date? {
        for format in ["EEE, dd MMM yyyy HH:mm:ss zzz", "EEEE, dd-MMM-yy HH:mm:ss zzz", "EEE MMM d HH:mm:ss yyyy"] {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "GMT")
            formatter.dateFormat = format
            if let date = formatter.date(from: text) { return date }
        }
        return nil
    }
}
