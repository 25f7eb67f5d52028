import RaspAPI
import RaspRuntime

extension RaspClientProtocol {
    /// The pages of a search, fetched as you iterate (offset/limit; the input's own offset is the start).
    /// - Parameters:
    ///   - input: The search; its `offset` is where the walk starts and its `limit` is replaced by `pageSize`.
    ///   - pageSize: Segments per request (default 100, the API's default).
    ///   - maxPages: The most requests to make (default: until `pagination.total`).
    /// - Returns: A sequence of ``/RaspAPI/SearchResponse`` pages.
    public func searchPages(_ input: Operations.Search, pageSize: Int = 100,
                            maxPages: Int? = nil) -> PageSequence<SearchResponse> {
        PageSequence(pageSize: pageSize, startOffset: input.offset ?? 0, maxPages: maxPages, fetch: { offset, limit in
            var page = input
            page.offset = offset
            page.limit = limit
            return try await self.search(page)
        }, info: { PageInfo(itemCount: $0.segments.count, total: $0.pagination.total) })
    }

    /// The pages of a search between two points (see ``searchPages(_:pageSize:maxPages:)``).
    /// - Parameters:
    ///   - from: The departure station or settlement code.
    ///   - to: The arrival station or settlement code.
    ///   - date: One day, or nil for the all-days timetable.
    ///   - transfers: Include routes with transfers.
    ///   - lang: The response language (`ru_RU`, `uk_UA`).
    ///   - pageSize: Segments per request.
    /// - Returns: A sequence of ``/RaspAPI/SearchResponse`` pages.
    public func searchPages(from: String, to: String, date: LocalDate? = nil, transfers: Bool? = nil,
                            lang: String? = nil, pageSize: Int = 100) -> PageSequence<SearchResponse> {
        searchPages(Operations.Search(from: from, to: to, date: date, transfers: transfers, lang: lang),
                    pageSize: pageSize)
    }

    /// The pages of a station's timetable, fetched as you iterate.
    /// - Parameters:
    ///   - input: The request; its `offset` is where the walk starts and its `limit` is replaced by `pageSize`.
    ///   - pageSize: Items per request (default 100).
    ///   - maxPages: The most requests to make.
    /// - Returns: A sequence of ``/RaspAPI/ScheduleResponse`` pages.
    public func schedulePages(_ input: Operations.Schedule, pageSize: Int = 100,
                              maxPages: Int? = nil) -> PageSequence<ScheduleResponse> {
        PageSequence(pageSize: pageSize, startOffset: input.offset ?? 0, maxPages: maxPages, fetch: { offset, limit in
            var page = input
            page.offset = offset
            page.limit = limit
            return try await self.schedule(page)
        }, info: { PageInfo(itemCount: $0.schedule.count, total: $0.pagination.total) })
    }

    /// The pages of a station's timetable (see ``schedulePages(_:pageSize:maxPages:)``).
    /// - Parameters:
    ///   - station: The station code.
    ///   - date: One day, or nil for all days.
    ///   - lang: The response language.
    ///   - pageSize: Items per request.
    /// - Returns: A sequence of ``/RaspAPI/ScheduleResponse`` pages.
    public func schedulePages(station: String, date: LocalDate? = nil, lang: String? = nil,
                              pageSize: Int = 100) -> PageSequence<ScheduleResponse> {
        schedulePages(Operations.Schedule(station: station, date: date, lang: lang), pageSize: pageSize)
    }

    /// The pages of the stations near a point, fetched as you iterate.
    /// - Parameters:
    ///   - input: The request; its `offset` is where the walk starts and its `limit` is replaced by `pageSize`.
    ///   - pageSize: Stations per request (default 100, the API's own page; the docs' "at most 50" is the largest
    ///     `distance` in km, and a `pagination.total` of thousands occurs).
    ///   - maxPages: The most requests to make.
    /// - Returns: A sequence of ``/RaspAPI/NearestStationsResponse`` pages.
    public func nearestStationsPages(_ input: Operations.NearestStations, pageSize: Int = 100,
                                     maxPages: Int? = nil) -> PageSequence<NearestStationsResponse> {
        PageSequence(pageSize: pageSize, startOffset: input.offset ?? 0, maxPages: maxPages, fetch: { offset, limit in
            var page = input
            page.offset = offset
            page.limit = limit
            return try await self.nearestStations(page)
        }, info: { PageInfo(itemCount: $0.stations.count, total: $0.pagination.total) })
    }

    /// The pages of the stations within `distance` km of a point (see
    /// ``nearestStationsPages(_:pageSize:maxPages:)``).
    /// - Parameters:
    ///   - lat: Latitude.
    ///   - lng: Longitude.
    ///   - distance: Radius in km (at most 50).
    ///   - lang: The response language.
    ///   - pageSize: Stations per request (default 100).
    /// - Returns: A sequence of ``/RaspAPI/NearestStationsResponse`` pages.
    public func nearestStationsPages(lat: Double, lng: Double, distance: Int, lang: String? = nil,
                                     pageSize: Int = 100) -> PageSequence<NearestStationsResponse> {
        nearestStationsPages(Operations.NearestStations(lat: lat, lng: lng, distance: distance, lang: lang),
                             pageSize: pageSize)
    }
}
