import Foundation
import RaspRuntime

/// The start screen: the «Откуда»/«Куда» points, the swap button, «Найти», and the stories strip.
///
/// ```swift
/// let route = RouteViewModel(settings: settings, stories: try StoryLibrary.bundled(strings: strings))
/// route.set(.from, to: RoutePoint(city: moscow, station: leningradsky))
/// route.set(.to, to: RoutePoint(city: petersburg, station: moskovsky))
/// route.canSearch                          // true
/// let request = route.search()             // → open the schedule with request
/// ```
@MainActor
public final class RouteViewModel: ObservableObject {
    /// The departure point.
    @Published public private(set) var from: RoutePoint?
    /// The arrival point.
    @Published public private(set) var to: RoutePoint?
    /// The stories strip, with what has been viewed.
    @Published public private(set) var stories: [StoryPreview] = []

    /// The language of the texts.
    public let strings: RaspKit.Strings

    private let settings: SettingsStore
    private let analytics: any AnalyticsTracker
    private let today: @Sendable () -> LocalDate
    private let storyList: [Story]

    /// A route screen.
    /// - Parameters:
    ///   - settings: Where viewed stories are remembered.
    ///   - stories: The stories of the strip (``StoryLibrary/bundled(strings:)`` in the app).
    ///   - strings: The language of the texts.
    ///   - analytics: Where `screen_opened` and `search_performed` go.
    ///   - today: Today's date for the search (the device's calendar day by default).
    public init(settings: SettingsStore, stories: [Story] = [], strings: RaspKit.Strings = .init(),
                analytics: any AnalyticsTracker = NoAnalyticsTracker(),
                today: @escaping @Sendable () -> LocalDate = { LocalDate(Date(), in: .current) }) {
        self.settings = settings
        self.strings = strings
        self.analytics = analytics
        self.today = today
        self.storyList = stories
        refreshStories()
    }

    /// Tracks the screen (call on appear) and re-reads which stories were viewed.
    public func onAppear() {
        analytics.track(.screenOpened(.route))
        refreshStories()
    }

    /// The text of a point's field: «Москва (Ленинградский вокзал)», or the placeholder «Откуда»/«Куда».
    /// - Parameter end: Which field.
    /// - Returns: The text.
    public func title(for end: RouteEnd) -> String {
        switch end {
        case .from: from?.title(strings) ?? strings[.routeFromPlaceholder]
        case .to: to?.title(strings) ?? strings[.routeToPlaceholder]
        }
    }

    /// Whether a field still shows its placeholder.
    /// - Parameter end: Which field.
    /// - Returns: True when the point is not chosen.
    public func isPlaceholder(_ end: RouteEnd) -> Bool {
        point(end) == nil
    }

    /// The point of one end.
    /// - Parameter end: Which end.
    /// - Returns: The point, if chosen.
    public func point(_ end: RouteEnd) -> RoutePoint? {
        end == .from ? from : to
    }

    /// The title of the search button, «Найти».
    public var searchTitle: String { strings[.routeSearch] }

    /// Whether «Найти» is available: both points chosen, and not the same station.
    public var canSearch: Bool {
        guard let from, let to else { return false }
        return from.station.code != to.station.code
    }

    /// Sets one end of the route (after the city and station pickers).
    /// - Parameters:
    ///   - end: Which end.
    ///   - point: The point, or nil to clear it.
    public func set(_ end: RouteEnd, to point: RoutePoint?) {
        switch end {
        case .from: from = point
        case .to: to = point
        }
    }

    /// Exchanges «Откуда» and «Куда».
    public func swap() {
        (from, to) = (to, from)
    }

    /// The schedule request for the chosen points on today's date, or nil when «Найти» is unavailable.
    /// - Returns: The request to open the schedule with.
    public func search() -> ScheduleRequest? {
        guard canSearch, let from, let to else { return nil }
        return ScheduleRequest(from: from, to: to, date: today())
    }

    /// Re-reads which stories were viewed (after the stories screen closes).
    public func refreshStories() {
        let viewed = settings.viewedStoryIDs
        stories = storyList.map { StoryPreview(story: $0, isViewed: viewed.contains($0.id)) }
    }

    /// The index in ``stories`` to open the stories screen with when the user taps a story.
    /// - Parameter id: The tapped story.
    /// - Returns: Its index, or 0.
    public func storyIndex(of id: String) -> Int {
        stories.firstIndex { $0.id == id } ?? 0
    }
}

/// What the schedule screen searches: two points and a date.
public struct ScheduleRequest: Sendable, Hashable {
    /// The departure point.
    public var from: RoutePoint
    /// The arrival point.
    public var to: RoutePoint
    /// The travel date (the device's today by default).
    public var date: LocalDate

    /// A request.
    /// - Parameters:
    ///   - from: The departure point.
    ///   - to: The arrival point.
    ///   - date: The date.
    public init(from: RoutePoint, to: RoutePoint, date: LocalDate) {
        self.from = from
        self.to = to
        self.date = date
    }
}
