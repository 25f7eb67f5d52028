public import Foundation
public import HTTPTypes

/// An error response the document describes: its status, or its range (`4XX`), has a schema (`404: NotFound`,
/// `422: ValidationError`), and the body decoded into it. A generated client throws one for every such response
/// whose body decodes. A status the document does not name (`default` is the document's word for those), or a body
/// that does not decode, throws ``ClientError/http(_:)`` as before, a `default` body decoded in its
/// ``ClientError/HTTPFailure/decodedBody``.
///
/// ```swift
/// do {
///     let pet = try await client.getPet(petId: 7)
/// } catch let error as APIError<NotFound> {
///     print(error.status, error.requestID ?? "-", error.body.message)
/// } catch let error as APIError<ValidationError> {
///     for problem in error.body.errors { print(problem.field, problem.message) }
/// }
/// ```
///
/// Code that treats every failure of a client alike reads ``clientError`` (or ``ClientError/init(_:)``), the
/// ``ClientError/http(_:)`` this error stands for. The headers and raw body are masked like a ``ClientError``'s,
/// and the body was decoded from the masked bytes.
public struct APIError<Body: Sendable>: HTTPErrorResponse, CustomStringConvertible, CustomDebugStringConvertible {
    /// The body, decoded into the schema the document gives for the status.
    public var body: Body
    /// The status, headers and raw body (secrets masked), and the operation.
    public var failure: ClientError.HTTPFailure

    /// Creates an error.
    /// - Parameters:
    ///   - body: The decoded body.
    ///   - failure: The response.
    public init(body: Body, failure: ClientError.HTTPFailure) {
        self.body = body
        self.failure = failure
    }

    /// The status code.
    public var status: Int { failure.status }
    /// The response headers, secret values masked.
    public var headers: HTTPFields { failure.headers }
    /// The request ID the server gave the response (see ``ClientError/HTTPFailure/requestID``).
    public var requestID: String? { failure.requestID }
    /// The body's bytes as they came, secrets masked.
    public var rawBody: Data { failure.body }
    /// The operation that failed.
    public var operationID: String { failure.operationID }
    /// The decoded body, as any value (``HTTPErrorResponse``).
    public var decodedBody: any Sendable { body }

    /// `getPet: HTTP 404 (…)`: the same line as the ``ClientError`` it stands for, secrets masked.
    public var description: String { failure.description }

    public var debugDescription: String { description }
}

extension APIError: CustomReflectable {
    /// The status, the request ID and the masked response (the decoded body is shown by the failure's mirror).
    public var customMirror: Mirror {
        Mirror(self, children: ["status": status, "requestID": requestID as Any, "failure": failure])
    }
}

/// An ``APIError`` of the decoded body's own type (what ``ClientCore`` throws).
func makeAPIError(_ decoded: any Sendable, _ failure: ClientError.HTTPFailure) -> any Error {
    func open<Decoded: Sendable>(_ body: Decoded) -> any Error { APIError<Decoded>(body: body, failure: failure) }
    return open(decoded)
}

/// What every ``APIError`` is, whatever its body: an error response the document describes. Catch it to handle
/// them all at once (`catch let error as any HTTPErrorResponse`).
public protocol HTTPErrorResponse: Error, Sendable {
    /// The status, headers and raw body (secrets masked), and the operation.
    var failure: ClientError.HTTPFailure { get }
    /// The decoded body.
    var decodedBody: any Sendable { get }
}

extension HTTPErrorResponse {
    /// The ``ClientError/http(_:)`` this error stands for, for code that handles every failure of a client alike
    /// (retryability, a message for users).
    public var clientError: ClientError { .http(failure) }
}

extension ClientError {
    /// The ``ClientError`` an error of a generated client stands for: the error itself, the
    /// ``ClientError/http(_:)`` of an ``APIError``, ``ClientError/cancelled(operationID:)`` for a
    /// `CancellationError` (with an empty operation ID); nil for any other error.
    /// - Parameter error: What a call threw.
    public init?(_ error: any Error) {
        switch error {
        case let error as ClientError: self = error
        case let error as any HTTPErrorResponse: self = error.clientError
        case is CancellationError: self = .cancelled(operationID: "")
        default: return nil
        }
    }
}

extension ClientError.HTTPFailure {
    /// Header fields that carry a request ID, in the order they are looked for (case-insensitive): the ones of
    /// OpenAI, Anthropic, Stripe, Twilio, GitHub, AWS, Azure and Cloudflare among others.
    public static let requestIDHeaders = [
        "x-request-id", "request-id", "x-requestid", "x-amzn-requestid", "x-amz-request-id", "twilio-request-id",
        "x-github-request-id", "x-ms-request-id", "x-correlation-id", "x-trace-id", "cf-ray",
    ]

    /// The ID the server gave the response (the first of ``requestIDHeaders`` it sent), to quote to its support.
    public var requestID: String? { Self.requestID(in: headers) }

    /// The value of the first of ``requestIDHeaders`` among `headers`.
    static func requestID(in headers: HTTPFields) -> String? {
        requestIDHeaders.lazy.compactMap { headers.firstValue(of: $0) }.first
    }
}
