public import Foundation
public import HTTPTypes

/// What every client `rasp-generate` writes is: a ``ClientCore`` behind typed methods. Through it each client also
/// has, with no code per operation, per-call options (``with(_:)``), the raw response of a call
/// (``withRawResponse(isolation:_:)``), more credentials (``authenticated(with:)``) and requests to paths the
/// document does not describe (``send(_:)``), all through the same credentials, middlewares and transport.
public protocol GeneratedClient: Sendable {
    /// The credentials, middlewares and transport that calls go through.
    var core: ClientCore { get set }
}

extension GeneratedClient {
    /// A copy of the client whose calls use `options` on top of its own (the options of an earlier `with` are kept
    /// unless `options` sets them again).
    ///
    /// ```swift
    /// let list = try await client.with(RequestOptions(timeout: .seconds(300))).stationsList()
    /// ```
    /// - Parameter options: The options.
    /// - Returns: The copy.
    public func with(_ options: RequestOptions) -> Self {
        var copy = self
        copy.core.options = core.options.merging(options)
        return copy
    }

    /// A copy of the client with more credentials; one for a scheme the client already has a credential for
    /// replaces it.
    /// - Parameter credentials: The credentials.
    /// - Returns: The copy.
    public func authenticated(with credentials: Authentication...) -> Self {
        var copy = self
        for credential in credentials {
            copy.core.credentials.removeAll { $0.scheme != nil && $0.scheme == credential.scheme }
            copy.core.credentials.append(credential)
        }
        return copy
    }

    /// Runs `body` with a copy of the client that records the response of its calls, and returns what `body`
    /// returns with the status, headers and undecoded body of the last response received.
    ///
    /// ```swift
    /// let response = try await client.withRawResponse { try await $0.search(from: "c213", to: "c2") }
    /// print(response.value.segments.count, response.status, response.header("X-RateLimit-Remaining") ?? "-")
    /// ```
    ///
    /// A response that throws (a status other than 2xx) is in the error instead (``APIError``,
    /// ``ClientError/http(_:)``); for a streamed response, ``RawResponse/body`` is empty (the stream has it).
    /// - Parameters:
    ///   - isolation: The actor `body` runs on (the caller's, by default).
    ///   - body: The calls to make with the recording copy.
    /// - Returns: The value and the response.
    /// - Throws: What `body` throws, or ``ClientError/invalidRequest(operationID:reason:underlyingError:)`` when it
    ///   made no call.
    public func withRawResponse<Value>(
        isolation: isolated (any Actor)? = #isolation,
        _ body: (Self) async throws -> Value
    ) async throws -> RawResponse<Value> {
        let recorder = ResponseRecorder()
        var copy = self
        copy.core.recorder = recorder
        let value = try await body(copy)
        guard let response = recorder.last else {
            throw ClientError.invalidRequest(operationID: "withRawResponse", reason: "the body made no call")
        }
        return RawResponse(value: value, status: response.status, headers: response.headers,
                           body: response.body.data ?? Data())
    }

    /// Sends a request the document does not describe through the client's credentials (every one, unless its
    /// ``ClientRequest/security`` says which), options, middlewares and transport.
    ///
    /// ```swift
    /// var request = ClientRequest("GET", "/v1/beta/stations/" + ClientRequest.pathComponent(code))
    /// request.addQuery("lang", "ru_RU")
    /// let response = try await client.send(request)
    /// ```
    /// - Parameter request: The request.
    /// - Returns: The 2xx response, its body undecoded.
    /// - Throws: ``ClientError``: ``ClientError/http(_:)`` for another status.
    public func send(_ request: ClientRequest) async throws -> ClientResponse {
        try await core.performRaw(request)
    }

    /// Sends a request the document does not describe (see ``send(_:)``) and decodes its 2xx JSON body.
    /// - Parameters:
    ///   - request: The request.
    ///   - type: The body's type.
    /// - Returns: The decoded body.
    /// - Throws: ``ClientError``: ``ClientError/http(_:)`` for another status,
    ///   ``ClientError/decoding(_:underlyingError:)``.
    public func send<Value: Decodable>(_ request: ClientRequest, decoding type: Value.Type) async throws -> Value {
        try await core.perform(request, decoding: type)
    }
}

/// A call's value with the response it came from (``GeneratedClient/withRawResponse(isolation:_:)``).
public struct RawResponse<Value> {
    /// What the call returned.
    public var value: Value
    /// The status code.
    public var status: Int
    /// The header fields, as received.
    public var headers: HTTPFields
    /// The body as it came, before decoding (empty for a streamed or downloaded body).
    public var body: Data

    /// The value of a header field (case-insensitive), if present.
    /// - Parameter name: The field name.
    public func header(_ name: String) -> String? {
        headers.value(of: name)
    }

    /// The ID the server gave the response (see ``ClientError/HTTPFailure/requestIDHeaders``).
    public var requestID: String? { ClientError.HTTPFailure.requestID(in: headers) }
}

extension RawResponse: Sendable where Value: Sendable {}

extension RawResponse: CustomReflectable {
    /// The value, the status, the headers with secret values masked (``Redactor/standard``, `Set-Cookie` among
    /// them) and the body's size.
    public var customMirror: Mirror {
        let headers = ClientResponseHead.lines(headers, Redactor.current)
        return Mirror(self, children: ["value": value, "status": status, "headers": headers,
                                       "body": "\(body.count) bytes"])
    }
}

/// Keeps the last response of the calls through a core (``GeneratedClient/withRawResponse(isolation:_:)``).
final class ResponseRecorder: Sendable {
    private let response = Locked<ClientResponse?>(nil)

    /// Keeps `response`, replacing the one before.
    func record(_ response: ClientResponse) {
        self.response.withLock { $0 = response }
    }

    /// The last response recorded.
    var last: ClientResponse? { response.withLock { $0 } }
}
