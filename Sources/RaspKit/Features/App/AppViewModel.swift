import Foundation

/// The whole app: the tab bar, each tab's stack of screens, and the view model of every screen on a stack.
///
/// A front end draws ``tab`` and the top of ``path`` and calls the actions below; the models of the screens on
/// the stack are created here when a screen opens and released when it closes, so the flow between screens
/// (pickers filling the route, the schedule opening its filters and carriers, stories closing themselves) is
/// the same in every front end and is tested once.
/// ```swift
/// let app = AppViewModel(dependencies: dependencies)
/// app.pickPoint(.from)                 // the city picker opens
/// app.chooseCity(moscow)               // then the station picker of Moscow
/// app.chooseStation(leningradsky)      // back on the route screen, «Откуда» set
/// ```
@MainActor
public final class AppViewModel: ObservableObject {
    /// The tabs of the tab bar.
    public enum Tab: String, Sendable, Hashable, CaseIterable {
        /// The route screen and everything opened from it.
        case schedule
        /// The settings.
        case settings
    }

    /// A screen pushed over a tab's first screen.
    public enum Screen: Sendable, Hashable {
        /// The city picker for one end of the route.
        case cityPicker(RouteEnd)
        /// The station picker of the city chosen for one end.
        case stationPicker(RouteEnd)
        /// The trips of the route.
        case schedule
        /// The schedule's filters.
        case filters
        /// A carrier's details.
        case carrier
        /// The stories, full screen.
        case stories
        /// The user agreement.
        case agreement
    }

    /// The tab on screen.
    @Published public private(set) var tab: Tab = .schedule
    /// The screens pushed on each tab, bottom first.
    @Published public private(set) var paths: [Tab: [Screen]] = [:]

    /// The route screen (the schedule tab's first screen).
    public let route: RouteViewModel
    /// The settings screen (the settings tab's first screen).
    public let settings: SettingsViewModel
    /// The city picker, while open.
    @Published public private(set) var cityPicker: CityPickerViewModel?
    /// The station picker, while open.
    @Published public private(set) var stationPicker: StationPickerViewModel?
    /// The schedule, while open.
    @Published public private(set) var schedule: ScheduleViewModel?
    /// The filters, while open.
    @Published public private(set) var filters: FiltersViewModel?
    /// The carrier, while open.
    @Published public private(set) var carrier: CarrierViewModel?
    /// The stories, while open.
    @Published public private(set) var stories: StoriesViewModel?

    /// The language of the texts.
    public var strings: RaspKit.Strings { dependencies.strings }

    private let dependencies: AppDependencies
    private var storiesClosing: AnyCancellable?

    /// The app.
    /// - Parameter dependencies: What the screens are built from.
    public init(dependencies: AppDependencies) {
        self.dependencies = dependencies
        route = RouteViewModel(settings: dependencies.settings, stories: dependencies.stories,
                               strings: dependencies.strings, analytics: dependencies.analytics,
                               today: dependencies.today)
        settings = SettingsViewModel(client: dependencies.client, settings: dependencies.settings,
                                     appVersion: dependencies.appVersion, strings: dependencies.strings,
                                     analytics: dependencies.analytics)
    }

    /// The screens pushed on the current tab, bottom first.
    public var path: [Screen] { paths[tab] ?? [] }

    /// The screen on top of the current tab, nil for the tab's first screen.
    public var screen: Screen? { path.last }

    /// Whether the tab bar shows: on the tabs' first screens only.
    public var showsTabBar: Bool { path.isEmpty }

    /// A tab's title, «Расписание» or «Настройки».
    /// - Parameter tab: The tab.
    /// - Returns: The title.
    public func title(of tab: Tab) -> String {
        strings[tab == .schedule ? .tabSchedule : .tabSettings]
    }

    /// Shows a tab (its stack stays as it was left).
    /// - Parameter newTab: The tab.
    public func select(_ newTab: Tab) {
        tab = newTab
        if newTab == .settings, path.isEmpty { settings.onAppear() }
        if newTab == .schedule, path.isEmpty { route.onAppear() }
    }

    /// Opens the city picker for one end of the route («Откуда» or «Куда» tapped).
    /// - Parameter end: Which end.
    public func pickPoint(_ end: RouteEnd) {
        let picker = CityPickerViewModel(directory: dependencies.directory, clock: dependencies.pickerClock,
                                         strings: strings, analytics: dependencies.analytics)
        cityPicker = picker
        push(.cityPicker(end), on: .schedule)
        picker.onAppear()
    }

    /// Takes the city picked in the open city picker and opens the station picker of that city.
    /// - Parameter city: The city.
    public func chooseCity(_ city: RouteCity) {
        guard case .cityPicker(let end)? = paths[.schedule]?.last, let cityPicker else { return }
        cityPicker.select(city)
        let picker = StationPickerViewModel(city: city, directory: dependencies.directory,
                                            clock: dependencies.pickerClock, strings: strings,
                                            analytics: dependencies.analytics)
        stationPicker = picker
        push(.stationPicker(end), on: .schedule)
        picker.onAppear()
    }

    /// Takes the station picked in the open station picker: sets that end of the route and closes both pickers.
    /// - Parameter station: The station.
    public func chooseStation(_ station: RouteStation) {
        guard case .stationPicker(let end)? = paths[.schedule]?.last, let stationPicker,
              let city = cityPicker?.selection else { return }
        stationPicker.select(station)
        route.set(end, to: RoutePoint(city: city, station: station))
        paths[.schedule]?.removeAll(where: \.isPicker)
        self.stationPicker = nil
        cityPicker = nil
    }

    /// Opens the schedule of the route («Найти»); does nothing while the route cannot be searched.
    public func search() {
        guard let request = route.search() else { return }
        let model = ScheduleViewModel(request: request, client: dependencies.client, settings: dependencies.settings,
                                      strings: strings, analytics: dependencies.analytics)
        schedule = model
        push(.schedule, on: .schedule)
        model.load()
    }

    /// Opens the filters of the open schedule («Уточнить время»).
    public func openFilters() {
        guard let schedule else { return }
        let model = schedule.makeFiltersViewModel()
        filters = model
        push(.filters, on: .schedule)
        model.onAppear()
    }

    /// Applies the filters being edited to the schedule and closes the filters («Применить»).
    public func applyFilters() {
        guard screen == .filters, let filters else { return }
        filters.apply()
        back()
    }

    /// Opens the carrier of a trip; does nothing for a trip without a carrier code.
    /// - Parameter row: The trip.
    public func openCarrier(of row: TripRow) {
        guard let model = schedule?.makeCarrierViewModel(for: row) else { return }
        carrier = model
        push(.carrier, on: .schedule)
        model.load()
    }

    /// Opens the stories at one story of the strip; they close themselves after the last one.
    /// - Parameter index: The index in the route screen's strip.
    public func openStories(at index: Int) {
        guard !dependencies.stories.isEmpty else { return }
        let model = StoriesViewModel(stories: dependencies.stories, startAt: index, clock: dependencies.storyClock,
                                     settings: dependencies.settings, strings: strings,
                                     analytics: dependencies.analytics)
        stories = model
        push(.stories, on: .schedule)
        storiesClosing = model.$isClosed.sink { [weak self] closed in
            // The publisher fires before the property changes; finish the close after this change lands.
            guard closed else { return }
            Task { @MainActor in self?.storiesDidClose() }
        }
        model.start()
    }

    /// Applies a gesture to the open stories; a gesture that closes them (a swipe down, a tap past the last
    /// story) also closes the screen at once, so the next action already lands on the screen below.
    /// - Parameter gesture: What the user did.
    public func handleStories(_ gesture: StoryGesture) {
        guard screen == .stories, let stories else { return }
        stories.handle(gesture)
        if stories.isClosed { back() }
    }

    /// Opens the user agreement from the settings.
    public func openAgreement() {
        settings.agreementOpened()
        push(.agreement, on: .settings)
    }

    /// Closes the screen on top of the current tab (the back button, Esc).
    public func back() {
        guard let top = path.last else { return }
        paths[tab]?.removeLast()
        release(top)
    }

    private func push(_ screen: Screen, on tab: Tab) {
        self.tab = tab
        paths[tab, default: []].append(screen)
    }

    private func storiesDidClose() {
        guard screen == .stories else { return }
        back()
    }

    private func release(_ screen: Screen) {
        switch screen {
        case .cityPicker: cityPicker = nil
        case .stationPicker: stationPicker = nil
        case .schedule: schedule = nil
        case .filters: filters = nil
        case .carrier: carrier = nil
        case .agreement: break
        case .stories:
            stories?.close()
            stories = nil
            storiesClosing = nil
            route.refreshStories()
        }
    }
}

extension AppViewModel.Screen {
    /// Whether the screen is one of the pickers.
    var isPicker: Bool {
        switch self {
        case .cityPicker, .stationPicker: true
        default: false
        }
    }
}
