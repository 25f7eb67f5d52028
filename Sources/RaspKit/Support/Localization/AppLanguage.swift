import Foundation
import RaspRuntime
import RaspServices

/// The languages the app's string tables cover.
public enum AppLanguage: String, Sendable, Hashable, CaseIterable, Codable {
    /// Russian, the app's primary language.
    case ru
    /// English, used for every other locale.
    case en

    /// The language for a locale: Russian for Russian (and the CIS languages whose speakers read Russian),
    /// English otherwise; the rule is `UserMessageLanguage(localeIdentifier:)`, shared with the runtime's messages.
    /// - Parameter locale: The user's locale.
    public init(locale: Locale) {
        self = UserMessageLanguage(localeIdentifier: locale.identifier) == .ru ? .ru : .en
    }
}
