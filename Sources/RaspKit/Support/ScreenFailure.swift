/// An error as a screen presents it: which of the two error screens to show, with localized text and the
/// title of the retry button.
public struct ScreenFailure: Sendable, Hashable {
    /// The two error screens of the app.
    public enum Kind: String, Sendable, Hashable {
        /// The device could not reach the server («Нет интернета»).
        case noInternet
        /// The server answered with an error or an unreadable body («Ошибка сервера»).
        case serverError
    }

    /// Which error screen to show.
    public var kind: Kind
    /// The headline, e.g. «Нет интернета».
    public var title: String
    /// A longer explanation.
    public var message: String
    /// The retry button's title.
    public var retryTitle: String
    /// A more specific explanation that is safe to show (the API's own error text, «Дневной лимит запросов
    /// исчерпан», …); secrets are masked.
    public var detail: String?

    /// Creates a failure.
    public init(kind: Kind, title: String, message: String, retryTitle: String, detail: String? = nil) {
        self.kind = kind
        self.title = title
        self.message = message
        self.retryTitle = retryTitle
        self.detail = detail
    }

    /// A failure of `kind` with the texts of `strings`.
    /// - Parameters:
    ///   - kind: Which error screen.
    ///   - strings: The language to write it in.
    ///   - detail: An optional technical detail.
    public init(_ kind: Kind, strings: RaspKit.Strings, detail: String? = nil) {
        switch kind {
        case .noInternet:
            self.init(kind: kind, title: strings[.errorNoInternetTitle], message: strings[.errorNoInternetMessage],
                      retryTitle: strings[.errorRetry], detail: detail)
        case .serverError:
            self.init(kind: kind, title: strings[.errorServerTitle], message: strings[.errorServerMessage],
                      retryTitle: strings[.errorRetry], detail: detail)
        }
    }
}
