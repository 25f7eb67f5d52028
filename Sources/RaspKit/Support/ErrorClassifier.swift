import Foundation
import RaspRuntime
import RaspServices
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sorts the errors a Rasp call can throw into the two error screens.
///
/// Connection problems and timeouts become «Нет интернета»; HTTP errors (typed `APIError`s included), an exhausted
/// daily quota, bodies that do not decode and requests that cannot be built become «Ошибка сервера». The failure's
/// ``ScreenFailure/detail`` carries RaspRuntime's user message for the case (the API's own error text for a 4xx,
/// «Дневной лимит запросов исчерпан», …), with secrets masked. Cancellation is not a failure:
/// ``classify(_:strings:)`` returns nil so a superseded request leaves the screen alone.
public enum ErrorClassifier {
    /// The failure to show for `error`, or nil when the work was cancelled.
    /// - Parameters:
    ///   - error: What the call threw.
    ///   - strings: The language of the texts.
    /// - Returns: The failure, or nil for cancellation.
    public static func classify(_ error: any Error, strings: RaspKit.Strings) -> ScreenFailure? {
        if error is CancellationError { return nil }
        if let clientError = error as? ClientError { return classify(clientError, strings: strings) }
        // A documented error status (`APIError<ErrorResponse>` for a 400 or 404) reads as its `ClientError.http`.
        if let typed = error as? any HTTPErrorResponse { return classify(typed.clientError, strings: strings) }
        if let urlError = error as? URLError {
            if urlError.code == .cancelled { return nil }
            return ScreenFailure(.noInternet, strings: strings, detail: "URLError \(urlError.code.rawValue)")
        }
        return ScreenFailure(.serverError, strings: strings, detail: String(describing: type(of: error)))
    }

    /// The failure to show for an error that ended work which was not cancelled: like ``classify(_:strings:)``,
    /// but a cancellation the screen did not ask for reads as a server error rather than leaving a spinner.
    /// - Parameters:
    ///   - error: What the call threw.
    ///   - strings: The language of the texts.
    /// - Returns: The failure.
    public static func failure(for error: any Error, strings: RaspKit.Strings) -> ScreenFailure {
        classify(error, strings: strings) ?? ScreenFailure(.serverError, strings: strings)
    }

    private static func classify(_ error: ClientError, strings: RaspKit.Strings) -> ScreenFailure? {
        let detail = error.userMessage(language: strings.language == .ru ? .ru : .en)
        // Kinds RaspRuntime adds later land on the server screen.
        switch error.kind {
        case .cancelled: return nil
        case .noConnection, .connectionLost, .timeout:
            return ScreenFailure(.noInternet, strings: strings, detail: detail)
        default: return ScreenFailure(.serverError, strings: strings, detail: detail)
        }
    }
}
