import RaspAPI
import RaspKit
import RaspRuntime
import Testing

@Suite("Paging helpers")
struct PagingTests {
    /// A client whose `nearest_stations` holds `total` stations and answers any `offset`/`limit` page of them.
    static func client(total: Int) -> MockRaspClient {
        var client = MockRaspClient()
        client.nearestStationsHandler = { input in
            let offset = input.offset ?? 0, limit = input.limit ?? 100
            let count = max(0, min(limit, total - offset))
            let stations = (0..<count).map { index in
                NearestStation(type: .station, code: "s\(offset + index)", title: "Station \(offset + index)",
                               stationType: .unknown(""), transportType: .bus, lat: 55, lng: 37,
                               distance: Double(offset + index) / 100, typeChoices: [:])
            }
            return NearestStationsResponse(pagination: Pagination(total: total, limit: limit, offset: offset),
                                           stations: stations)
        }
        return client
    }

    @Test("Nearby stations come in pages of 100 by default, the API's own page (not the docs' 50, a radius)")
    func nearestStationsPageSize() async throws {
        let pages = try await Self.client(total: 250).nearestStationsPages(lat: 55.75, lng: 37.62, distance: 50)
            .collect()
        #expect(pages.map(\.pagination.limit) == [100, 100, 100])
        #expect(pages.map(\.pagination.offset) == [0, 100, 200])
        #expect(pages.map(\.stations.count) == [100, 100, 50])
        #expect(pages.flatMap(\.stations).map(\.code) == (0..<250).map { "s\($0)" })
    }
}
