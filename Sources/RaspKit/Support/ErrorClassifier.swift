import Foundation
import RaspAPI
import RaspRuntime
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sorts the errors a Rasp call can throw into the two error screens.
///
/// Connection problems and timeouts become «Нет интернета»; HTTP errors (including an exhausted quota), bodies
/// that do not decode and requests that cannot be built become «Ошибка сервера». Cancellation is not a failure:
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
        if let urlError = error as? URLError {
            if urlError.code == .cancelled { return nil }
            return ScreenFailure(.noInternet, strings: strings, detail: "URLError \(urlError.code.rawValue)")
        }
        return ScreenFailure(.serverError, strings: strings, detail: String(describing: type(of: error)))
    }

    private static func classify(_ error: ClientError, strings: RaspKit.Strings) -> ScreenFailure? {
        // `if case` rather than a switch, so new cases in RaspRuntime land on the server screen instead of
        // breaking this file.
        if case .cancelled = error { return nil }
        if case .noConnection = error { return ScreenFailure(.noInternet, strings: strings, detail: error.description) }
        if case .timeout = error { return ScreenFailure(.noInternet, strings: strings, detail: error.description) }
        if case .http(let failure) = error {
            let apiText = failure.decodedBody(as: ErrorResponse.self)?.error.text
            let detail = ["HTTP \(failure.status)", apiText].compactMap { $0 }.joined(separator: ": ")
            return ScreenFailure(.serverError, strings: strings, detail: detail)
        }
        return ScreenFailure(.serverError, strings: strings, detail: error.description)
    }
}
