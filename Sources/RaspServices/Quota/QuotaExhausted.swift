public import RaspRuntime

/// Why ``QuotaCounter`` refused a call: the day's request limit is used up. A refused call throws a
/// ``/RaspRuntime/ClientError`` of kind `refused` with this as its underlying error (read it with
/// `ClientError.quotaExhausted`).
public struct QuotaExhausted: Error, Sendable, Hashable, CustomStringConvertible {
    /// The daily limit that is used up.
    public var limit: Int

    /// Creates the error.
    public init(limit: Int) { self.limit = limit }

    /// `daily request quota of 500 used up`.
    public var description: String { "daily request quota of \(limit) used up" }
}

extension ClientError {
    /// The refusal of a call past the daily limit.
    /// - Parameters:
    ///   - operationID: The refused operation.
    ///   - limit: The daily limit.
    public static func quotaExhausted(operationID: String, limit: Int) -> ClientError {
        let reason = QuotaExhausted(limit: limit)
        return .refused(operationID: operationID, reason: reason.description, policyError: reason)
    }

    /// The quota refusal this error is, if it is one.
    public var quotaExhausted: QuotaExhausted? {
        kind == .refused ? underlyingError as? QuotaExhausted : nil
    }
}
