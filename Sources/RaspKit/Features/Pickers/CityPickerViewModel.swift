/// The city picker: search as you type over the directory's settlements («Город не найден» when nothing
/// matches). Over a `StationDirectory` the list starts with the city the `rasp` commands would take for the same
/// text (aliases such as «спб», «Moscow», «Ленинград»; transliteration; one typo). See ``PlacePickerViewModel`` for
/// the states.
///
/// ```swift
/// let picker = CityPickerViewModel(directory: loader, strings: .init(language: .ru))
/// picker.onAppear()
/// picker.query = "моск"      // after the debounce: .loaded([Москва, …])
/// picker.query = "питер"     // .loaded([Санкт-Петербург, …])
/// ```
public typealias CityPickerViewModel = PlacePickerViewModel<RouteCity>

/// The station picker for one city: search as you type over its stations, all of them for an empty query
/// («Станция не найдена» when nothing matches). See ``PlacePickerViewModel`` for the states.
public typealias StationPickerViewModel = PlacePickerViewModel<RouteStation>

extension RaspKit {
    /// How long typing must pause before the pickers search: 300 ms.
    public static let pickerDebounce: Duration = .milliseconds(300)
}

extension PlacePickerViewModel where Item == RouteCity {
    /// A city picker.
    /// - Parameters:
    ///   - directory: Provides the station directory.
    ///   - clock: The clock of the debounce (a test clock in tests).
    ///   - debounce: How long typing must pause before a search.
    ///   - limit: The most results to show.
    ///   - strings: The language of the texts.
    ///   - analytics: Where `screen_opened` and errors go.
    public convenience init(directory: PlaceDirectoryLoader, clock: any Clock<Duration> = ContinuousClock(),
                            debounce: Duration = RaspKit.pickerDebounce, limit: Int = 50,
                            strings: RaspKit.Strings = .init(),
                            analytics: any AnalyticsTracker = NoAnalyticsTracker()) {
        let configuration = Configuration(search: { $0.searchCities($1, limit: $2) }, title: .pickerCityTitle,
                                          emptyMessage: .pickerCityEmpty, screen: .cityPicker)
        self.init(configuration: configuration, loader: directory, clock: clock, debounce: debounce, limit: limit,
                  strings: strings, analytics: analytics)
    }
}

extension PlacePickerViewModel where Item == RouteStation {
    /// A station picker for the stations of `city`.
    /// - Parameters:
    ///   - city: The city whose stations to offer.
    ///   - directory: Provides the station directory.
    ///   - clock: The clock of the debounce.
    ///   - debounce: How long typing must pause before a search.
    ///   - limit: The most results to show.
    ///   - strings: The language of the texts.
    ///   - analytics: Where `screen_opened` and errors go.
    public convenience init(city: RouteCity, directory: PlaceDirectoryLoader,
                            clock: any Clock<Duration> = ContinuousClock(),
                            debounce: Duration = RaspKit.pickerDebounce, limit: Int = 200,
                            strings: RaspKit.Strings = .init(),
                            analytics: any AnalyticsTracker = NoAnalyticsTracker()) {
        let code = city.code
        let configuration = Configuration(search: { $0.searchStations($1, inCity: code, limit: $2) },
                                          title: .pickerStationTitle, emptyMessage: .pickerStationEmpty,
                                          screen: .stationPicker)
        self.init(configuration: configuration, loader: directory, clock: clock, debounce: debounce, limit: limit,
                  strings: strings, analytics: analytics)
    }
}
