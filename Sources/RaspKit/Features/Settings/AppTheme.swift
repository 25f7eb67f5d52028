/// The app's colour scheme.
public enum AppTheme: String, Sendable, Hashable, CaseIterable, Codable {
    /// Follow the system setting (the default).
    case system
    /// Always light.
    case light
    /// Always dark.
    case dark

    /// The localized name, e.g. «Тёмная».
    /// - Parameter strings: The language.
    /// - Returns: The name.
    public func title(_ strings: RaspKit.Strings) -> String {
        switch self {
        case .system: strings[.themeSystem]
        case .light: strings[.themeLight]
        case .dark: strings[.themeDark]
        }
    }
}
