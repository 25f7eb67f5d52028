import Foundation
import RaspDirectory
import RaspKit
import RaspMiddlewares
import RaspRuntime
import RaspServices

/// A failure the user sees: a message for standard error and the process's exit code.
///
/// Exit codes: 0 success, 1 runtime or server error, 2 ambiguous name or bad usage, 3 not found, 4 no connection,
/// 5 no saved answer (`--offline`).
struct CLIError: Error, CustomStringConvertible {
    /// The exit codes of `rasp`.
    enum Code: Int32 {
        case failure = 1
        case usage = 2
        case notFound = 3
        case noConnection = 4
        case notSaved = 5
    }

    /// What went wrong, in one or more lines, with no secrets.
    var message: String
    /// The exit code.
    var code: Code

    var description: String { message }

    /// A bad argument or an ambiguous name (exit code 2).
    static func usage(_ message: String) -> CLIError { CLIError(message: message, code: .usage) }
    /// Nothing matched (exit code 3).
    static func notFound(_ message: String) -> CLIError { CLIError(message: message, code: .notFound) }
    /// Anything else that failed at run time (exit code 1).
    static func failure(_ message: String) -> CLIError { CLIError(message: message, code: .failure) }

    /// The user-facing form of any error a command can throw, with secrets masked by `redactor`.
    /// - Parameters:
    ///   - error: What was thrown.
    ///   - redactor: Masks the API key (and the usual secret parameters).
    ///   - russian: Whether to use the runtime's Russian messages.
    /// - Returns: The error to print.
    static func from(_ error: any Error, redactor: Redactor, russian: Bool) -> CLIError {
        if let error = error as? CLIError { return CLIError(message: redactor.redact(error.message), code: error.code) }
        if let error = error as? ClientError { return from(error, redactor: redactor, russian: russian) }
        // A documented error status (`APIError`): the same message as its `ClientError.http`.
        if let error = error as? any HTTPErrorResponse {
            return from(error.clientError, redactor: redactor, russian: russian)
        }
        if let error = error as? RaspServiceError { return .failure(error.description) }
        if let error = error as? StationDirectoryError {
            return .failure("the station directory is unusable: \(error)")
        }
        if let error = error as? FileStorageError { return .failure(redactor.redact(error.description)) }
        if error is CancellationError { return .failure("cancelled") }
        return .failure(redactor.redact(String(describing: error)))
    }

    private static func from(_ error: ClientError, redactor: Redactor, russian: Bool) -> CLIError {
        if error.underlyingError is HTTPCacheMiddleware.NotCached {
            return CLIError(message: russian ? "нет сохранённого ответа на этот запрос (--offline)"
                                : "no saved answer for this request (--offline)", code: .notSaved)
        }
        var message = redactor.redact(error.userMessage(language: russian ? .ru : .en))
        // The API words its errors in Russian: an English run gets them in English when they are known, else the
        // API's own text after an English lead.
        if !russian, let failure = error.httpFailure, let text = failure.apiError?.text,
           message == text.trimmingCharacters(in: .whitespacesAndNewlines) {
            message = redactor.redact(APIErrorText.english(text)
                ?? (failure.status == 404 ? "Not found" : "The request was refused") + " (the API says: \(text))")
        }
        switch error.kind {
        case .noConnection, .connectionLost, .timeout:
            return CLIError(message: message + " (\(redactor.redact(error.description)))", code: .noConnection)
        case .http:
            guard let failure = error.httpFailure else { return .failure(message) }
            let detail = "HTTP \(failure.status)"
            let code: Code = failure.status == 404 ? .notFound : .failure
            return CLIError(message: "\(message) (\(detail))", code: code)
        case .decoding:
            return .failure(message + " (" + redactor.redact(error.description) + ")")
        default:
            return .failure(message)
        }
    }
}
