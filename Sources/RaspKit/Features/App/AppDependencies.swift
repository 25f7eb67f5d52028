import Foundation
import RaspAPI
import RaspRuntime

/// What the app's screens are built from, gathered once at launch.
///
/// ```swift
/// let dependencies = AppDependencies(client: RaspClient.live(apiKey: key), directory: loader,
///                                    settings: SettingsStore(storage: UserDefaultsStorage()),
///                                    stories: try StoryLibrary.bundled(strings: strings), strings: strings)
/// let app = AppViewModel(dependencies: dependencies)
/// ```
public struct AppDependencies: Sendable {
    /// The Rasp client.
    public var client: any RaspClientProtocol
    /// Provides the station directory of the pickers.
    public var directory: PlaceDirectoryLoader
    /// Where the theme, viewed stories and filters persist.
    public var settings: SettingsStore
    /// The stories of the strip.
    public var stories: [Story]
    /// The language of the texts.
    public var strings: RaspKit.Strings
    /// Where analytics events go.
    public var analytics: any AnalyticsTracker
    /// The version shown in the settings.
    public var appVersion: String
    /// Today's date for searches.
    public var today: @Sendable () -> LocalDate
    /// The clock of the pickers' debounce.
    public var pickerClock: any Clock<Duration>
    /// The clock of the stories' 10-second timer.
    public var storyClock: any Clock<Duration>

    /// Dependencies.
    /// - Parameters:
    ///   - client: The Rasp client.
    ///   - directory: Provides the station directory.
    ///   - settings: Where preferences persist.
    ///   - stories: The stories of the strip.
    ///   - strings: The language of the texts.
    ///   - analytics: Where analytics events go.
    ///   - appVersion: The version shown in the settings.
    ///   - today: Today's date for searches (the device's calendar day by default).
    ///   - pickerClock: The clock of the pickers' debounce.
    ///   - storyClock: The clock of the stories' 10-second timer.
    public init(client: any RaspClientProtocol, directory: PlaceDirectoryLoader, settings: SettingsStore,
                stories: [Story] = [], strings: RaspKit.Strings = .init(),
                analytics: any AnalyticsTracker = NoAnalyticsTracker(), appVersion: String = RaspKit.version,
                today: @escaping @Sendable () -> LocalDate = { LocalDate(Date(), in: .current) },
                pickerClock: any Clock<Duration> = ContinuousClock(),
                storyClock: any Clock<Duration> = ContinuousClock()) {
        self.client = client
        self.directory = directory
        self.settings = settings
        self.stories = stories
        self.strings = strings
        self.analytics = analytics
        self.appVersion = appVersion
        self.today = today
        self.pickerClock = pickerClock
        self.storyClock = storyClock
    }
}
