public import RaspAPI
public import RaspKit
public import RaspRuntime

/// A schedule search between two stations, done twice over the same client: once with the generated API
/// (``directTrips(on:)``) and once with RaspKit's schedule screen model (``rows(on:timeout:)``).
///
/// ```swift
/// let client = try RaspClient.live(apiKey: key, serverURL: url)
/// let search = TripSearch(client: client, from: TripSearch.moscowLeningradsky, to: TripSearch.petersburgMoskovsky)
/// for row in try await search.rows(on: date) { print(row.departureText, row.number, row.carrierTitle) }
/// ```
public struct TripSearch: Sendable {
    /// The client, real or mock.
    public var client: any RaspClientProtocol
    /// Where the trips start.
    public var from: RoutePoint
    /// Where they end.
    public var to: RoutePoint

    /// Moscow, Leningradsky station (`s2006004`).
    public static let moscowLeningradsky = RoutePoint(
        city: RouteCity(code: "c213", title: "Москва"),
        station: RouteStation(code: "s2006004", title: "Ленинградский вокзал", transportType: "train")
    )
    /// Saint Petersburg, Moskovsky station (`s9602494`).
    public static let petersburgMoskovsky = RoutePoint(
        city: RouteCity(code: "c2", title: "Санкт-Петербург"),
        station: RouteStation(code: "s9602494", title: "Московский вокзал", transportType: "train")
    )

    /// Creates a search.
    /// - Parameters:
    ///   - client: The client, real or mock.
    ///   - from: Where the trips start.
    ///   - to: Where they end.
    public init(client: any RaspClientProtocol, from: RoutePoint = moscowLeningradsky,
                to: RoutePoint = petersburgMoskovsky) {
        self.client = client
        self.from = from
        self.to = to
    }

    /// The direct trips of one day, straight from the generated API (first page only). As with the real API, they
    /// include departures in the first hours of the next day.
    /// - Parameter date: The day, in the stations' calendar.
    /// - Returns: The direct segments in the server's order.
    /// - Throws: ``ClientError`` from the client.
    public func directTrips(on date: LocalDate) async throws -> [Segment] {
        let response = try await client.search(from: from.code, to: to.code, date: date)
        return response.segments.compactMap { item in
            if case .segment(let segment) = item { segment } else { nil }
        }
    }

    /// The rows the schedule screen shows for a day: RaspKit formats times in each station's zone, durations,
    /// carriers and transfer notes (Russian texts by default).
    /// - Parameters:
    ///   - date: The day.
    ///   - strings: The language of the texts.
    ///   - timeout: How long to wait for the first page.
    /// - Returns: The rows of the first page; empty when the route has no trips that day.
    /// - Throws: ``TripSearchError`` when the screen shows a failure or nothing arrives in time.
    @MainActor
    public func rows(on date: LocalDate, strings: RaspKit.Strings = .init(),
                     timeout: Duration = .seconds(10)) async throws -> [TripRow] {
        let model = ScheduleViewModel(request: ScheduleRequest(from: from, to: to, date: date), client: client,
                                      strings: strings)
        model.load()
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            switch model.state {
            case .loaded(let rows): return rows
            case .empty: return []
            case .failed(let failure): throw TripSearchError.failed(String(describing: failure))
            case .idle, .loading: try await Task.sleep(for: .milliseconds(10))
            }
        }
        throw TripSearchError.timedOut(timeout)
    }
}

/// Why ``TripSearch/rows(on:strings:timeout:)`` has no rows.
public enum TripSearchError: Error, Sendable, Equatable {
    /// The screen shows a failure (described).
    case failed(String)
    /// The first page did not arrive in time.
    case timedOut(Duration)
}
