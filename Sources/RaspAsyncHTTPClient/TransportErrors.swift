import AsyncHTTPClient
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL
import RaspRuntime
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How errors of AsyncHTTPClient and SwiftNIO become ``/RaspRuntime/ClientError``s, case for case as
/// `ClientError(transportError:)` maps URLSession's `URLError`s.
///
/// Reasons are fixed words and error codes: never an error's own description, which may hold the URL (and with it a
/// query credential) or a host name.
enum TransportErrors {
    /// The error to throw for `error`: ``/RaspRuntime/ClientError``, ``/RaspRuntime/FileStorageError`` and
    /// ``/RaspRuntime/MessageBody/ReadError`` (as `.invalidRequest`) as they are, the rest mapped to a kind with
    /// `error` as the underlying error.
    static func map(_ error: any Error, operationID: String) -> any Error {
        switch error {
        case let error as ClientError: return error
        case let error as FileStorageError: return error
        case let error as MessageBody.ReadError: return ClientError(uploadError: error, operationID: operationID)
        case is CancellationError: return ClientError.cancelled(operationID: operationID)
        default:
            var mapped = classify(error, operationID: operationID)
            if mapped.kind != .cancelled, mapped.underlyingError == nil { mapped.underlyingError = error }
            return mapped
        }
    }

    /// The ``/RaspRuntime/ClientError`` for an error of AsyncHTTPClient, SwiftNIO or another library.
    private static func classify(_ error: any Error, operationID: String) -> ClientError {
        switch error {
        case let error as HTTPClientError: return map(error, operationID: operationID)
        case let error as NIOConnectionError:
            if error.dnsAError != nil || error.dnsAAAAError != nil, error.connectionErrors.isEmpty {
                return ClientError.noConnection(operationID: operationID, reason: "cannot find the host")
            }
            let codes = error.connectionErrors.compactMap { ($0.error as? IOError)?.errnoCode }
            if codes.contains(ETIMEDOUT) { return ClientError.timeout(operationID: operationID) }
            return ClientError.noConnection(operationID: operationID, reason: codes.first.map(connectFailure)
                                            ?? "cannot connect to the host")
        case let error as IOError:
            if [ECONNRESET, EPIPE, ECONNABORTED].contains(error.errnoCode) {
                return lost("errno \(error.errnoCode)", operationID: operationID)
            }
            if error.errnoCode == ETIMEDOUT { return ClientError.timeout(operationID: operationID) }
            return ClientError.noConnection(operationID: operationID, reason: connectFailure(error.errnoCode))
        case let error as ChannelError:
            if case .connectTimeout = error { return ClientError.timeout(operationID: operationID) }
            return lost("ChannelError", operationID: operationID)
        case is HTTPParserError:
            return lost("a malformed response", operationID: operationID)
        case is NIOSSLError, is BoringSSLError:
            return ClientError.noConnection(operationID: operationID, reason: "TLS failed (\(type(of: error)))")
        default:
            return ClientError(transportError: error, operationID: operationID)
        }
    }

    /// The case of an `HTTPClientError` (a struct of static values, some with associated values that only its
    /// `shortDescription`, which never includes them, tells apart).
    private static func map(_ error: HTTPClientError, operationID: String) -> ClientError {
        let timeouts: [HTTPClientError] = [.deadlineExceeded, .readTimeout, .writeTimeout, .connectTimeout,
                                           .tlsHandshakeTimeout, .socksHandshakeTimeout, .httpProxyHandshakeTimeout,
                                           .getConnectionFromPoolTimeout]
        let invalidURLs: [HTTPClientError] = [.invalidURL, .emptyHost, .emptyScheme, .missingSocketPath]
        let headerProblems = [HTTPClientError.invalidHeaderFieldNames([]), .invalidHeaderFieldValues([])]
            .map(\.shortDescription)
        if [.cancelled, .requestStreamCancelled].contains(error) { return .cancelled(operationID: operationID) }
        if timeouts.contains(error) { return .timeout(operationID: operationID) }
        if [.remoteConnectionClosed, .uncleanShutdown].contains(error) {
            return lost(error.shortDescription, operationID: operationID)
        }
        let unsupportedScheme = HTTPClientError.unsupportedScheme("").shortDescription
        if invalidURLs.contains(error) || error.shortDescription == unsupportedScheme {
            return .noConnection(operationID: operationID, reason: "unsupported URL")
        }
        if [.redirectLimitReached, .redirectCycleDetected].contains(error) {
            return .noConnection(operationID: operationID, reason: "too many redirects")
        }
        if error == .bodyLengthMismatch {
            return .invalidRequest(operationID: operationID, reason: "the body does not match its announced length")
        }
        if headerProblems.contains(error.shortDescription) {
            // ClientCore refuses these first; the names or values themselves may be secret and are not repeated.
            return .invalidRequest(operationID: operationID, reason: "a header field is not valid")
        }
        return .noConnection(operationID: operationID, reason: error.shortDescription)
    }

    /// The error of an exchange that broke off after the server was reached.
    private static func lost(_ cause: String, operationID: String) -> ClientError {
        .connectionLost(operationID: operationID, reason: cause)
    }

    /// Why a connection could not be made, from its `errno`.
    private static func connectFailure(_ code: Int32) -> String {
        switch code {
        case ECONNREFUSED: "connection refused"
        case ENETUNREACH, EHOSTUNREACH: "network unreachable"
        default: "cannot connect (errno \(code))"
        }
    }
}
