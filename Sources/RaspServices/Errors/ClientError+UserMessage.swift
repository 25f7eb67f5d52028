import Foundation
public import RaspRuntime

/// The languages ``RaspRuntime/ClientError/userMessage(language:)`` speaks.
public enum UserMessageLanguage: String, Sendable, Hashable, CaseIterable {
    /// Russian.
    case ru
    /// English.
    case en

    /// The language of the user's first preferred language (see ``init(localeIdentifier:)``).
    public static var current: UserMessageLanguage {
        UserMessageLanguage(localeIdentifier: Locale.preferredLanguages.first ?? Locale.current.identifier)
    }

    /// The one rule of the package for "does this user read Russian?": Russian for a locale whose language is
    /// Russian or one of the CIS languages whose speakers read Russian (Belarusian, Kazakh, Kyrgyz), English
    /// otherwise. The app's strings (`AppLanguage`) and the command line's `LANG` handling use it too.
    /// - Parameter identifier: A locale or language identifier: `ru_RU`, `be-BY`, `en_US.UTF-8`, `kk`.
    public init(localeIdentifier identifier: String) {
        let language = identifier.split(whereSeparator: { "_-.@".contains($0) }).first.map { $0.lowercased() } ?? ""
        self = ["ru", "be", "kk", "ky"].contains(language) ? .ru : .en
    }
}

extension ClientError {
    /// A short message for the user, in the given language, with no technical detail and no secrets.
    ///
    /// A 4xx response with an API error body (`{"error": {"text": …}}`) shows the API's own `text`; decoding
    /// failures read as a server error (the app cannot do anything about a malformed response either).
    public func userMessage(language: UserMessageLanguage) -> String {
        switch kind {
        case .noConnection: return Self.phrase(.noConnection, language)
        case .connectionLost: return Self.phrase(.connectionLost, language)
        case .timeout: return Self.phrase(.timeout, language)
        case .cancelled: return Self.phrase(.cancelled, language)
        case .invalidRequest: return Self.phrase(.badRequest, language)
        case .refused: return Self.phrase(quotaExhausted == nil ? .refused : .quota, language)
        case .http:
            guard let failure = httpFailure else { return Self.phrase(.server, language) }
            return Self.message(for: failure, language: language)
        default: return Self.phrase(.server, language)
        }
    }

    /// ``userMessage(language:)`` in ``UserMessageLanguage/current``: the text for an alert (the error's
    /// `localizedDescription` is RaspRuntime's technical description, for logs).
    public var localizedUserMessage: String { userMessage(language: .current) }

    private static func message(for failure: HTTPFailure, language: UserMessageLanguage) -> String {
        switch failure.status {
        case 429: return phrase(.tooManyRequests, language)
        case 500...: return phrase(.server, language)
        case 401, 403: return phrase(.unauthorized, language)
        default: break
        }
        if let text = failure.apiError?.text.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty {
            return text
        }
        return phrase(failure.status == 404 ? .notFound : .badRequest, language)
    }

    /// The message table: one entry per situation, Russian first.
    enum Phrase {
        case noConnection, connectionLost, timeout, cancelled, badRequest, notFound, unauthorized, tooManyRequests
        case quota, refused, server

        var texts: (ru: String, en: String) {
            switch self {
            case .noConnection: ("Нет подключения к интернету", "No internet connection")
            case .connectionLost: ("Соединение прервалось, ответ не дошёл целиком",
                                   "The connection dropped before the whole answer arrived")
            case .timeout: ("Сервер не отвечает, попробуйте позже", "The server is not responding, try again later")
            case .cancelled: ("Запрос отменён", "Request cancelled")
            case .badRequest: ("Некорректный запрос", "Invalid request")
            case .notFound: ("Ничего не найдено", "Nothing found")
            case .unauthorized: ("Неверный ключ API", "Invalid API key")
            case .tooManyRequests: ("Слишком много запросов, попробуйте позже", "Too many requests, try again later")
            case .quota: ("Дневной лимит запросов исчерпан", "Daily request limit reached")
            case .refused: ("Запрос не отправлен", "The request was not sent")
            case .server: ("Ошибка сервера", "Server error")
            }
        }
    }

    static func phrase(_ phrase: Phrase, _ language: UserMessageLanguage) -> String {
        language == .ru ? phrase.texts.ru : phrase.texts.en
    }
}
