/// View models and services of the travel-schedule app built on the Rasp SDK.
///
/// Every screen of the app has an `ObservableObject` view model (`@MainActor`, Combine on Apple platforms,
/// OpenCombine on Linux) whose state is an explicit ``LoadState``:
///
/// | Screen | View model |
/// |---|---|
/// | Route (start screen, with the stories strip) | ``RouteViewModel`` |
/// | City picker, station picker | ``CityPickerViewModel``, ``StationPickerViewModel`` |
/// | Trips between two stations | ``ScheduleViewModel`` |
/// | Filters (departure time, transfers) | ``FiltersViewModel`` |
/// | Carrier | ``CarrierViewModel`` |
/// | Stories | ``StoriesViewModel`` |
/// | Settings (theme, agreement, attribution, version) | ``SettingsViewModel`` |
///
/// User-visible text comes from the ru/en string tables through ``RaspKit/Strings``; analytics go through an
/// ``AnalyticsTracker``; persisted preferences through a ``SettingsStore``.
public enum RaspKit {
    /// The version of this library, shown on the settings screen when the app does not pass its own.
    public static let version = "1.0.0"
}
