#if SwiftOpenAPIRuntime
import Foundation
import RaspRuntime

/// How the errors of swift-openapi-runtime code (a wrapped transport or middleware) become
/// ``/RaspRuntime/ClientError``s, kind for kind as this runtime's own transports report theirs, the error thrown
/// kept as the ``/RaspRuntime/ClientError/underlyingError``.
///
/// Reasons are fixed words and type names, never an error's own description, which may hold the URL (and with it a
/// query credential).
enum AdapterErrors {
    /// An error of a wrapped transport's call, before the response head arrived: a ``/RaspRuntime/ClientError`` as it
    /// is; a request body that could not be read as
    /// ``/RaspRuntime/ClientError/invalidRequest(operationID:reason:underlyingError:)``, whatever the transport made
    /// of it; a cancellation as ``/RaspRuntime/ClientError/cancelled(operationID:)``; the rest as
    /// ``/RaspRuntime/ClientError/init(transportError:operationID:)`` maps it (a `URLError` by its code, anything else
    /// `.noConnection`).
    /// - Parameters:
    ///   - error: What the transport threw.
    ///   - operationID: The operation.
    ///   - bodyFailure: What reading the request body threw, if it threw.
    /// - Returns: The error to throw.
    static func request(_ error: any Error, operationID: String, bodyFailure: (any Error)?) -> any Error {
        switch error {
        case let error as ClientError: return error
        case let error as FileStorageError: return error
        default: break
        }
        if let failure = bodyFailure, !(failure is CancellationError) {
            let readError = failure as? MessageBody.ReadError
                ?? MessageBody.ReadError("the body's sequence failed: \(type(of: failure))", underlying: failure)
            return ClientError(uploadError: readError, operationID: operationID)
        }
        if let error = error as? MessageBody.ReadError {
            return ClientError(uploadError: error, operationID: operationID)
        }
        if error is CancellationError || Task.isCancelled { return ClientError.cancelled(operationID: operationID) }
        return ClientError(transportError: error, operationID: operationID)
    }

    /// An error reading the body of a wrapped transport's response: the server was reached, so what is not a
    /// cancellation or a `URLError` (mapped by its code) is ``/RaspRuntime/ClientError/Kind/connectionLost``.
    /// - Parameters:
    ///   - error: What reading the body threw.
    ///   - operationID: The operation.
    /// - Returns: The error to throw.
    static func responseBody(_ error: any Error, operationID: String) -> any Error {
        if let known = common(error, operationID: operationID) { return known }
        return ClientError.connectionLost(operationID: operationID, reason: "the body failed: \(type(of: error))",
                                          underlyingError: error)
    }

    /// An error reading a response body that a wrapped middleware set in place of the one it was given:
    /// ``/RaspRuntime/ClientError/Kind/invalidResponse`` unless it is a cancellation, a `URLError` or already a
    /// ``/RaspRuntime/ClientError`` (the transport's, passed on by the middleware's body).
    /// - Parameters:
    ///   - error: What reading the body threw.
    ///   - operationID: The operation.
    ///   - middleware: The middleware's type name.
    /// - Returns: The error to throw.
    static func replacedResponseBody(_ error: any Error, operationID: String, middleware: String) -> any Error {
        if let known = common(error, operationID: operationID) { return known }
        return ClientError(kind: .invalidResponse, operationID: operationID,
                           reason: "the body the middleware \(middleware) set failed: \(type(of: error))",
                           underlyingError: error)
    }

    /// An error a wrapped middleware threw.
    ///
    /// - A ``/RaspRuntime/ClientError`` (one from `next`, passed on), a ``/RaspRuntime/FileStorageError`` or a
    ///   ``/RaspRuntime/MessageBody/ReadError`` passes through as it is.
    /// - A cancellation is ``/RaspRuntime/ClientError/cancelled(operationID:)``.
    /// - Another error while the last call of `next` had failed (the middleware wrapped that failure in an error of
    ///   its own) keeps that failure's kind and details, with the middleware's error as the underlying error.
    /// - A `URLError` (a middleware that fetched a token, say) is mapped by its code.
    /// - Any other error is ``/RaspRuntime/ClientError/Kind/refused`` when the middleware threw before it called
    ///   `next` (it refused the call, and a refusal is not retried), and
    ///   ``/RaspRuntime/ClientError/Kind/invalidResponse`` when it threw after a response came back (it rejected
    ///   the response).
    /// - Parameters:
    ///   - error: What the middleware threw.
    ///   - operationID: The operation.
    ///   - middleware: The middleware's type name.
    ///   - calls: How many times it called `next`.
    ///   - lastFailure: The error the last call of `next` threw, if it threw.
    /// - Returns: The error to throw.
    static func middleware(_ error: any Error, operationID: String, middleware: String, calls: Int,
                           lastFailure: ClientError?) -> any Error {
        switch error {
        case let error as ClientError: return error
        case let error as FileStorageError: return error
        case let error as MessageBody.ReadError: return error
        default: break
        }
        if error is CancellationError || Task.isCancelled { return ClientError.cancelled(operationID: operationID) }
        if var failure = lastFailure {
            failure.underlyingError = error
            return failure
        }
        if error is URLError { return ClientError(transportError: error, operationID: operationID) }
        if calls == 0 {
            return ClientError.refused(
                operationID: operationID,
                reason: "the middleware \(middleware) threw \(type(of: error)) before sending the request",
                policyError: error)
        }
        return ClientError(kind: .invalidResponse, operationID: operationID,
                           reason: "the middleware \(middleware) threw \(type(of: error)) on the response",
                           underlyingError: error)
    }

    /// The error for what any body read can throw: a ``/RaspRuntime/ClientError`` as it is, a cancellation, a
    /// `URLError` by its code, a ``/RaspRuntime/MessageBody/ReadError`` (a body read twice) as
    /// ``/RaspRuntime/ClientError/Kind/invalidResponse``; nil for anything else.
    private static func common(_ error: any Error, operationID: String) -> ClientError? {
        switch error {
        case let error as ClientError: return error
        case let error as MessageBody.ReadError:
            return ClientError(kind: .invalidResponse, operationID: operationID,
                               reason: "the body could not be read: \(error.reason)", underlyingError: error)
        case is CancellationError: return ClientError.cancelled(operationID: operationID)
        case is URLError: return ClientError(transportError: error, operationID: operationID)
        default: return Task.isCancelled ? ClientError.cancelled(operationID: operationID) : nil
        }
    }
}
#endif
