import Foundation
import RaspAPI
import RaspMiddlewares
import RaspRuntime

/// The trips between the chosen stations on a date: carrier, departure and arrival in each station's local
/// time, duration and transfer note, loaded page by page as the user scrolls.
///
/// States: `.loading` (first page), `.loaded(rows)`, `.empty(«Вариантов нет»)` once every page is read and
/// nothing passes the filters, `.failed` (no internet / server error) with ``retry()``. A failure while
/// loading a further page keeps the rows and sets ``loadMoreFailure`` instead. With a client that keeps answers
/// (``RaspAPI/RaspClient/live(apiKey:placement:logger:quota:retry:timeouts:serverURL:transport:cache:sleeper:)``), a saved
/// answer shown because the server could not be reached sets ``saved`` (its age and «Нет соединения…») instead of
/// the no-internet error.
///
/// Filters (``TripFilters``) survive reloads and launches (they live in the ``SettingsStore``). The transfer
/// choice maps to the search's `transfers` parameter, so changing it reloads; departure slots filter the rows
/// already fetched and fetch further pages while nothing matches.
@MainActor
public final class ScheduleViewModel: ObservableObject {
    /// What the list shows.
    @Published public private(set) var state: LoadState<[TripRow]> = .idle
    /// Whether a further page is loading (the spinner at the bottom of the list).
    @Published public private(set) var isLoadingMore = false
    /// Whether more pages exist.
    @Published public private(set) var canLoadMore = false
    /// Why the last further page failed; ``retry()`` loads it again.
    @Published public private(set) var loadMoreFailure: ScreenFailure?
    /// The filters in effect.
    @Published public private(set) var filters: TripFilters
    /// Set while the rows are a saved answer shown because the server could not be reached (its age and the line
    /// to show); nil for live data. ``retry()`` goes back to the server.
    @Published public private(set) var saved: SavedResults?

    /// The route and date searched.
    public let request: ScheduleRequest
    /// The language of the texts.
    public let strings: RaspKit.Strings

    private let client: any RaspClientProtocol
    private let settings: SettingsStore?
    private let analytics: any AnalyticsTracker
    private let pageSize: Int
    private let formatter: TripFormatter
    private var pager = SchedulePager()
    private var task: Task<Void, Never>?

    /// A schedule screen.
    /// - Parameters:
    ///   - request: The points and the date (from ``RouteViewModel/search()``).
    ///   - client: The Rasp client.
    ///   - settings: Where filters persist; nil keeps them only in this model.
    ///   - pageSize: Trips per request (`limit`).
    ///   - strings: The language of the texts.
    ///   - analytics: Where `search_performed`, `filters_changed` and errors go.
    public init(request: ScheduleRequest, client: any RaspClientProtocol, settings: SettingsStore? = nil,
                pageSize: Int = 20,
                strings: RaspKit.Strings = .init(), analytics: any AnalyticsTracker = NoAnalyticsTracker()) {
        self.request = request
        self.client = client
        self.settings = settings
        self.pageSize = max(1, pageSize)
        self.strings = strings
        self.analytics = analytics
        self.formatter = TripFormatter(strings: strings)
        self.filters = settings?.scheduleFilters ?? TripFilters()
    }

    deinit { task?.cancel() }

    /// «Москва (Ленинградский вокзал) → Санкт-Петербург (Московский вокзал)».
    public var title: String {
        strings.format(.scheduleTitleFormat, request.from.title(strings), request.to.title(strings))
    }

    /// «Уточнить время».
    public var filtersButtonTitle: String { strings[.scheduleFiltersButton] }

    /// Whether filters narrow the list (the dot on «Уточнить время»).
    public var filtersAreActive: Bool { filters.isActive }

    /// Loads the first page when nothing is loaded yet (call on appear).
    public func load() {
        guard case .idle = state else { return }
        analytics.track(.screenOpened(.schedule))
        reload()
    }

    /// Loads from the first page again, keeping the filters (pull to refresh).
    public func reload() {
        pager = SchedulePager()
        isLoadingMore = false
        loadMoreFailure = nil
        canLoadMore = false
        state = .loading
        analytics.track(.searchPerformed(fromCode: request.from.code, toCode: request.to.code,
                                         date: request.date.description, transfers: filters.transfers))
        fetchNextPage()
    }

    /// The error screens' retry: the failed further page, or everything.
    public func retry() {
        if loadMoreFailure != nil { loadMore() } else { reload() }
    }

    /// Loads the next page when `row` is among the last few shown (call as rows appear).
    /// - Parameter row: A row that appeared.
    public func loadMoreIfNeeded(currentRow row: TripRow) {
        guard let rows = state.value, let index = rows.firstIndex(of: row), index >= rows.count - 3 else { return }
        guard loadMoreFailure == nil else { return }
        loadMore()
    }

    /// Loads the next page, if there is one and none is loading.
    public func loadMore() {
        guard canLoadMore, !isLoadingMore, state.value != nil else { return }
        loadMoreFailure = nil
        isLoadingMore = true
        fetchNextPage()
    }

    /// Applies filters: reloads when the transfer choice changes the request, else refilters.
    /// - Parameter newFilters: The filters to show.
    public func apply(_ newFilters: TripFilters) {
        let reloadNeeded = newFilters.transfers.apiTransfers != filters.transfers.apiTransfers
        filters = newFilters
        settings?.scheduleFilters = newFilters
        analytics.track(.filtersChanged(slots: newFilters.slots, transfers: newFilters.transfers))
        switch state {
        case .idle: return  // the first load will use them
        case .loading, .failed: reload()
        case .loaded, .empty: if reloadNeeded { reload() } else { showFetched() }
        }
    }

    /// The filters screen, editing this schedule's filters.
    /// - Returns: The model.
    public func makeFiltersViewModel() -> FiltersViewModel {
        FiltersViewModel(applied: filters, strings: strings, analytics: analytics) { [weak self] filters in
            self?.apply(filters)
        }
    }

    /// The carrier screen of a row, or nil when the row has no carrier.
    /// - Parameter row: A row.
    /// - Returns: The model.
    public func makeCarrierViewModel(for row: TripRow) -> CarrierViewModel? {
        guard let code = row.carrierCode else { return nil }
        return CarrierViewModel(code: String(code), client: client, strings: strings, analytics: analytics)
    }

    private func fetchNextPage() {
        task?.cancel()
        let offset = pager.nextOffset, limit = pageSize, transfers = filters.transfers.apiTransfers
        let from = request.from.code, to = request.to.code, date = request.date
        task = Task { [weak self, client] in
            do {
                let (response, reports) = try await HTTPCacheMiddleware.observing {
                    try await client.search(from: from, to: to, date: date, offset: offset, limit: limit,
                                            transfers: transfers)
                }
                guard !Task.isCancelled, let self else { return }
                let saved = SavedResults.from(reports, strings: self.strings)
                if offset == 0 || saved != nil { self.saved = saved }
                self.pageLoaded(response, offset: offset)
            } catch {
                guard !Task.isCancelled else { return }
                self?.pageFailed(error)
            }
        }
    }

    private func pageLoaded(_ response: SearchResponse, offset: Int) {
        pager.append(response, requestedOffset: offset)
        showFetched()
    }

    private func showFetched() {
        let rows = pager.segments.filter(admits).map(formatter.row)
        canLoadMore = !pager.isExhausted
        if rows.isEmpty && !pager.isExhausted {
            // Nothing on screen yet: keep reading pages until something matches or the list ends.
            if !state.isLoading { state = .loading }
            isLoadingMore = false
            fetchNextPage()
            return
        }
        isLoadingMore = false
        state = rows.isEmpty ? .empty(message: strings[.scheduleEmpty]) : .loaded(rows)
    }

    private func pageFailed(_ error: any Error) {
        let failure = ErrorClassifier.failure(for: error, strings: strings)
        analytics.track(.errorShown(screen: .schedule, kind: failure.kind))
        if isLoadingMore {
            isLoadingMore = false
            loadMoreFailure = failure
        } else {
            state = .failed(failure)
        }
    }

    private func admits(_ item: SearchResponse.SegmentsItem) -> Bool {
        switch item {
        case .segment(let segment):
            filters.admits(departure: TripTime(segment.departure), hasTransfers: segment.hasTransfers ?? false)
        case .transferSegment(let route):
            filters.admits(departure: (route.departure ?? Self.firstLegDeparture(route)).flatMap(TripTime.init),
                           hasTransfers: true)
        }
    }

    private static func firstLegDeparture(_ route: TransferSegment) -> String? {
        for case .transferLeg(let leg) in route.details { return leg.departure }
        return nil
    }
}
