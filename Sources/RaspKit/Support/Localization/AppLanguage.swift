import Foundation

/// The languages the app's string tables cover.
public enum AppLanguage: String, Sendable, Hashable, CaseIterable, Codable {
    /// Russian, the app's primary language.
    case ru
    /// English, used for every other locale.
    case en

    /// The language for a locale: Russian for Russian (and the CIS languages whose speakers read Russian),
    /// English otherwise.
    /// - Parameter locale: The user's locale.
    public init(locale: Locale) {
        let code = locale.identifier.split(whereSeparator: { $0 == "_" || $0 == "-" }).first.map(String.init) ?? ""
        self = ["ru", "be", "kk", "ky"].contains(code.lowercased()) ? .ru : .en
    }
}
