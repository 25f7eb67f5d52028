import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import RaspAPI
import RaspDemo
import RaspMock
import RaspRuntime
import Testing

@Suite("Mock server: every endpoint over a real socket")
struct MockRoundTripTests {
    @Test("All eight endpoints decode through the generated client and URLSession")
    func allEndpoints() async throws {
        try await Fixture.withMock { client, server, _ in
            let search = try await client.search(from: "c213", to: "c2", date: LocalDate("2026-06-02"), transfers: true)
            #expect(search.search.from.title == "Москва" && search.search.to.title == "Санкт-Петербург")
            guard case .segment(let first)? = search.segments.first else {
                Issue.record("no direct segment first")
                return
            }
            #expect(first.departure.hasPrefix("2026-06-02T"))

            let schedule = try await client.schedule(station: "s9600213", date: LocalDate("2026-06-02"))
            #expect(schedule.station.title == "Шереметьево" && !schedule.schedule.isEmpty)

            let thread = try await client.thread(uid: first.thread.uid, date: LocalDate("2026-06-02"))
            #expect(thread.uid == first.thread.uid && thread.stops.count >= 2)

            let stations = try await client.nearestStations(lat: 59.8, lng: 30.26, distance: 3)
            #expect(stations.stations.first?.code == "s9600366")

            let settlement = try await client.nearestSettlement(lat: 56.84, lng: 60.6)
            #expect(settlement.code == "c54")

            let carrier = try await client.carrier(code: "TK", system: .iata)
            #expect(carrier.carriers?.count == 2)

            let directory = try await client.stationsList()
            #expect(directory.countries.flatMap(\.regions).flatMap(\.settlements).count >= 33)

            let copyright = try await client.copyright()
            #expect(copyright.copyright.url == "http://rasp.yandex.ru/")

            let counters = await server.allCounters()
            #expect(Set(counters.keys) == Set(DemoAPI.paths))
            #expect(counters.values.allSatisfy { $0 == MockServer.Counters(requests: 1, faults: 0) })
        }
    }

    @Test("stations_list goes out as text/html; the server needs the key when told to")
    func headersAndKey() async throws {
        let api = DemoAPI(now: Fixture.now, requiredKey: Fixture.key)
        try await Fixture.withMock(api: api) { client, _, url in
            var request = URLRequest(url: url.appendingPathComponent("v3.0/stations_list/"))
            request.setValue(Fixture.key, forHTTPHeaderField: "Authorization")
            let (_, response) = try await URLSession.shared.data(for: request)
            let type = (response as? HTTPURLResponse)?.value(forHTTPHeaderField: "Content-Type")
            #expect(type?.split(separator: ";").first == "text/html")
            _ = try await client.copyright()
        }
        try await Fixture.withMock(api: api, authentication: .apiKeyQuery(Fixture.key)) { client, _, _ in
            _ = try await client.copyright()
        }
        let error = try await Fixture.withMock(api: api, authentication: nil) { client, _, _ in
            await Fixture.clientError { try await client.copyright() }
        }
        guard let failure = error?.httpFailure else {
            Issue.record("expected an HTTP error, got \(String(describing: error))")
            return
        }
        #expect(failure.status == 401)
    }
}
