import Foundation
import RaspAPI
import RaspKit
import RaspMock
import RaspRuntime
import ScheduleSearch
import Testing

/// The SDK products against the mock server over a real loopback socket.
@MainActor
@Suite("Schedule search against the mock server")
struct TripSearchTests {
    static let key = "test-key-0c1f5e9a"
    /// A day inside the demo data's window (30 days back to 11 months ahead of today).
    static let tomorrow = LocalDate(Date(), in: TimeZone(identifier: "Europe/Moscow")!).adding(days: 1)

    /// Runs `body` with a client of a started mock server, and stops the server afterwards.
    func withMock<T>(_ body: (RaspClient, MockServer) async throws -> T) async throws -> T {
        let server = MockServer()
        let url = try await server.start()
        do {
            let result = try await body(try RaspClient.live(apiKey: Self.key, serverURL: url), server)
            await server.stop()
            return result
        } catch {
            await server.stop()
            throw error
        }
    }

    @Test("RaspAPI: the generated client finds direct trips that leave on the requested day or early the next")
    func directTrips() async throws {
        try await withMock { client, server in
            let trips = try await TripSearch(client: client).directTrips(on: Self.tomorrow)
            #expect(!trips.isEmpty)
            #expect(trips.contains { $0.departure.hasPrefix(Self.tomorrow.description) })
            for trip in trips {
                // Like the real API, a search for a day also lists the departures of the next day's first hours.
                let day = trip.departure.prefix(10), hour = Int(trip.departure.dropFirst(11).prefix(2)) ?? 24
                #expect(day == Self.tomorrow.description
                    || (day == Self.tomorrow.adding(days: 1).description && hour < 3), "\(trip.departure)")
                #expect(trip.from.code == "s2006004")
                #expect(trip.to.code == "s9602494")
                #expect(trip.duration > 0)
            }
            #expect(await server.counters(for: "/v3.0/search/") == MockServer.Counters(requests: 1, faults: 0))
        }
    }

    @Test("RaspKit: the schedule screen model turns the same search into formatted rows")
    func screenRows() async throws {
        try await withMock { client, _ in
            let search = TripSearch(client: client)
            let direct = try await search.directTrips(on: Self.tomorrow)
            let rows = try await search.rows(on: Self.tomorrow, strings: RaspKit.Strings(language: .en))
            #expect(!rows.isEmpty && rows.count <= 20, "one page of at most 20 rows, got \(rows.count)")
            let time = /^\d\d:\d\d$/
            for row in rows {
                #expect(row.departureText.wholeMatch(of: time) != nil, "\(row.departureText)")
                #expect(row.arrivalText.wholeMatch(of: time) != nil, "\(row.arrivalText)")
                #expect(!row.carrierTitle.isEmpty && !row.durationText.isEmpty)
            }
            #expect(!Set(rows.map(\.number)).isDisjoint(with: direct.map(\.thread.number)))
        }
    }

    @Test("An unknown station code makes the screen show a failure (the server answers 404) instead of hanging")
    func unknownStationFails() async throws {
        try await withMock { client, _ in
            let nowhere = RoutePoint(city: RouteCity(code: "c0", title: "Nowhere"),
                                     station: RouteStation(code: "s0", title: "Nowhere"))
            await #expect(throws: TripSearchError.self) {
                _ = try await TripSearch(client: client, to: nowhere).rows(on: Self.tomorrow, timeout: .seconds(5))
            }
        }
    }
}
