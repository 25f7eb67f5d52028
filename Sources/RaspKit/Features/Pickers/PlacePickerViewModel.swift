import Foundation

/// Search as you type over the station directory: the engine of ``CityPickerViewModel`` and
/// ``StationPickerViewModel``.
///
/// States: `.loading` while the directory loads (first picker only), then `.loaded(results)`, `.empty(«Город
/// не найден»)` when a query matches nothing, `.idle` for an empty query with nothing to suggest, and
/// `.failed` (no internet / server error, with ``retry()``) when the directory could not be loaded.
/// Typing is debounced on the injected clock; each new query cancels the search it supersedes.
@MainActor
public final class PlacePickerViewModel<Item: Sendable & Hashable & Identifiable>: ObservableObject {
    /// What the user typed. Changing it schedules a debounced search.
    @Published public var query: String = "" {
        didSet { if query != oldValue { queryChanged() } }
    }
    /// The results, or why there are none.
    @Published public private(set) var state: LoadState<[Item]> = .idle
    /// The item the user picked.
    @Published public private(set) var selection: Item?

    /// The screen's title, e.g. «Выбор города».
    public let title: String
    /// The search field's placeholder, «Введите запрос».
    public let searchPlaceholder: String

    /// How the picker searches and speaks: set by the city and station pickers' initializers.
    struct Configuration: Sendable {
        var search: @Sendable (any PlaceSearching, String, Int) -> [Item]
        var title: StringKey
        var emptyMessage: StringKey
        var screen: AnalyticsScreen
    }

    private let configuration: Configuration
    private let loader: PlaceDirectoryLoader
    private let clock: any Clock<Duration>
    private let debounce: Duration
    private let limit: Int
    private let strings: RaspKit.Strings
    private let analytics: any AnalyticsTracker
    private var directory: (any PlaceSearching)?
    private var loadTask: Task<Void, Never>?
    private var searchTask: Task<Void, Never>?

    init(configuration: Configuration, loader: PlaceDirectoryLoader, clock: any Clock<Duration>, debounce: Duration,
         limit: Int, strings: RaspKit.Strings, analytics: any AnalyticsTracker) {
        self.configuration = configuration
        self.loader = loader
        self.clock = clock
        self.debounce = debounce
        self.limit = limit
        self.strings = strings
        self.analytics = analytics
        title = strings[configuration.title]
        searchPlaceholder = strings[.pickerSearchPlaceholder]
    }

    deinit {
        loadTask?.cancel()
        searchTask?.cancel()
    }

    /// Loads the directory and shows the results for the current query (call on appear).
    public func onAppear() {
        analytics.track(.screenOpened(configuration.screen))
        guard directory == nil, loadTask == nil else { return }
        loadDirectory()
    }

    /// Loads the directory again after a failure (the error screens' retry action).
    public func retry() {
        if directory == nil { loadDirectory() } else { search(debounced: false) }
    }

    /// Records the user's pick.
    /// - Parameter item: The chosen city or station.
    public func select(_ item: Item) {
        selection = item
    }

    private func loadDirectory() {
        loadTask?.cancel()
        state = .loading
        loadTask = Task { [weak self, loader] in
            do {
                let directory = try await loader.directory()
                guard !Task.isCancelled else { return }
                self?.directoryLoaded(directory)
            } catch {
                guard !Task.isCancelled else { return }
                self?.directoryFailed(error)
            }
        }
    }

    private func directoryLoaded(_ directory: any PlaceSearching) {
        self.directory = directory
        loadTask = nil
        search(debounced: false)
    }

    private func directoryFailed(_ error: any Error) {
        loadTask = nil
        let failure = ErrorClassifier.failure(for: error, strings: strings)
        state = .failed(failure)
        analytics.track(.errorShown(screen: configuration.screen, kind: failure.kind))
    }

    private func queryChanged() {
        // While the directory loads, the load's completion searches with the latest query.
        guard directory != nil else { return }
        search(debounced: true)
    }

    private func search(debounced: Bool) {
        guard let directory else { return }
        searchTask?.cancel()
        let query = self.query, limit = self.limit, search = configuration.search
        let wait = debounced ? sleepUntilDeadline(on: clock, after: debounce) : nil
        searchTask = Task { [weak self] in
            if let wait {
                do { try await wait() } catch { return }
            }
            let results = await Task.detached { search(directory, query, limit) }.value
            guard !Task.isCancelled else { return }
            self?.show(results, for: query)
        }
    }

    private func show(_ results: [Item], for query: String) {
        if !results.isEmpty {
            state = .loaded(results)
        } else if query.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            state = .idle
        } else {
            state = .empty(message: strings[configuration.emptyMessage])
        }
    }
}
