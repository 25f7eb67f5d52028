/// The screens analytics knows about.
public enum AnalyticsScreen: String, Sendable, Hashable, CaseIterable {
    /// The start screen with the route and the stories strip.
    case route
    /// The city picker.
    case cityPicker
    /// The station picker.
    case stationPicker
    /// The trips between two stations.
    case schedule
    /// The filters of the schedule.
    case filters
    /// A carrier's card.
    case carrier
    /// The full-screen stories.
    case stories
    /// The settings.
    case settings
    /// The user agreement.
    case agreement
}

/// Something the user did that product analytics counts.
public enum AnalyticsEvent: Sendable, Hashable {
    /// A screen appeared.
    case screenOpened(AnalyticsScreen)
    /// A trip search between two points (station or settlement codes) on a date.
    case searchPerformed(fromCode: String, toCode: String, date: String, transfers: TransferChoice)
    /// The user applied filters on the schedule.
    case filtersChanged(slots: Set<DepartureSlot>, transfers: TransferChoice)
    /// The carrier screen loaded a carrier.
    case carrierViewed(code: String)
    /// A story was shown.
    case storyViewed(id: String)
    /// A screen showed an error.
    case errorShown(screen: AnalyticsScreen, kind: ScreenFailure.Kind)
    /// The user picked a theme.
    case themeChanged(AppTheme)

    /// A stable snake_case name, e.g. `screen_opened`.
    public var name: String {
        switch self {
        case .screenOpened: "screen_opened"
        case .searchPerformed: "search_performed"
        case .filtersChanged: "filters_changed"
        case .carrierViewed: "carrier_viewed"
        case .storyViewed: "story_viewed"
        case .errorShown: "error_shown"
        case .themeChanged: "theme_changed"
        }
    }

    /// The event's parameters as strings (sorted lists joined by commas).
    public var parameters: [String: String] {
        switch self {
        case .screenOpened(let screen):
            ["screen": screen.rawValue]
        case .searchPerformed(let from, let to, let date, let transfers):
            ["from": from, "to": to, "date": date, "transfers": transfers.rawValue]
        case .filtersChanged(let slots, let transfers):
            ["slots": slots.map(\.rawValue).sorted().joined(separator: ","), "transfers": transfers.rawValue]
        case .carrierViewed(let code):
            ["code": code]
        case .storyViewed(let id):
            ["id": id]
        case .errorShown(let screen, let kind):
            ["screen": screen.rawValue, "kind": kind.rawValue]
        case .themeChanged(let theme):
            ["theme": theme.rawValue]
        }
    }
}
