import Foundation
import RaspAPI

/// The settings screen: the theme (light, dark or system, persisted), the user agreement, the notice
/// «Приложение использует API «Яндекс.Расписания»» with the attribution text from `/copyright/`, and the
/// app's version.
///
/// The attribution has its own ``LoadState`` (`.loaded(Attribution)`, or `.failed` with ``retry()``); the rest
/// of the screen is available at once.
@MainActor
public final class SettingsViewModel: ObservableObject {
    /// The attribution that must accompany Rasp data.
    public struct Attribution: Sendable, Hashable {
        /// The text, e.g. «Данные предоставлены сервисом Яндекс Расписания».
        public var text: String
        /// The link to attach to it.
        public var url: URL?
    }

    /// The theme in effect.
    @Published public private(set) var theme: AppTheme
    /// The attribution from `/copyright/`.
    @Published public private(set) var attribution: LoadState<Attribution> = .idle

    /// The language of the texts.
    public let strings: RaspKit.Strings
    /// The app's version, e.g. `1.0 (42)`.
    public let appVersion: String

    private let client: any RaspClientProtocol
    private let settings: SettingsStore
    private let analytics: any AnalyticsTracker
    private var task: Task<Void, Never>?

    /// A settings screen.
    /// - Parameters:
    ///   - client: The Rasp client (for `/copyright/`).
    ///   - settings: Where the theme persists.
    ///   - appVersion: The version to show (the host app's; the library's by default).
    ///   - strings: The language of the texts.
    ///   - analytics: Where `screen_opened` and `theme_changed` go.
    public init(client: any RaspClientProtocol, settings: SettingsStore, appVersion: String = RaspKit.version,
                strings: RaspKit.Strings = .init(), analytics: any AnalyticsTracker = NoAnalyticsTracker()) {
        self.client = client
        self.settings = settings
        self.appVersion = appVersion
        self.strings = strings
        self.analytics = analytics
        self.theme = settings.theme
    }

    deinit { task?.cancel() }

    /// «Настройки».
    public var title: String { strings[.settingsTitle] }
    /// «Тема».
    public var themeTitle: String { strings[.settingsTheme] }
    /// The themes with their labels, in display order.
    public var themeOptions: [(theme: AppTheme, title: String, isSelected: Bool)] {
        AppTheme.allCases.map { ($0, $0.title(strings), $0 == theme) }
    }
    /// «Пользовательское соглашение».
    public var agreementTitle: String { strings[.settingsAgreement] }
    /// The agreement's full text in the screen's language.
    public var agreementText: String { UserAgreement.text(strings.language) }
    /// «Приложение использует API «Яндекс.Расписания»».
    public var apiNotice: String { strings[.settingsApiNotice] }
    /// «Версия 1.0 (42)».
    public var versionText: String { strings.format(.settingsVersionFormat, appVersion) }

    /// Tracks the screen and loads the attribution when not loaded yet (call on appear).
    public func onAppear() {
        analytics.track(.screenOpened(.settings))
        if case .idle = attribution { loadAttribution() }
    }

    /// Loads the attribution again (its retry action).
    public func retry() {
        loadAttribution()
    }

    /// Records that the user opened the agreement.
    public func agreementOpened() {
        analytics.track(.screenOpened(.agreement))
    }

    /// Picks and persists a theme.
    /// - Parameter newTheme: The theme.
    public func setTheme(_ newTheme: AppTheme) {
        guard newTheme != theme else { return }
        theme = newTheme
        settings.theme = newTheme
        analytics.track(.themeChanged(newTheme))
    }

    private func loadAttribution() {
        task?.cancel()
        attribution = .loading
        task = Task { [weak self, client] in
            do {
                let response = try await client.copyright()
                guard !Task.isCancelled else { return }
                self?.attributionLoaded(response.copyright)
            } catch {
                guard !Task.isCancelled else { return }
                self?.attributionFailed(error)
            }
        }
    }

    private func attributionLoaded(_ copyright: Copyright) {
        let text = copyright.text.trimmingCharacters(in: .whitespacesAndNewlines)
        attribution = text.isEmpty
            ? .empty(message: apiNotice)
            : .loaded(Attribution(text: text, url: ContactLinks.webURL(copyright.url)))
    }

    private func attributionFailed(_ error: any Error) {
        let failure = ErrorClassifier.failure(for: error, strings: strings)
        attribution = .failed(failure)
        analytics.track(.errorShown(screen: .settings, kind: failure.kind))
    }
}
