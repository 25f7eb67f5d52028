import Foundation
import RaspRuntime
@testable import RaspServices
import Testing

/// ``RaspCachePolicy``: a timetable of a past day stays fresh longest, today's shortest; only Rasp's timetable,
/// carrier and nearby answers are kept.
struct RaspCachePolicyTests {
    @Test func freshnessFollowsTheDayOfTheTimetable() {
        let today = "2026-11-28"
        #expect(RaspCachePolicy.freshness(operationID: "search", date: "2026-11-01", today: today)
                    == .seconds(30 * 24 * 3600))
        #expect(RaspCachePolicy.freshness(operationID: "schedule", date: today, today: today) == .seconds(300))
        #expect(RaspCachePolicy.freshness(operationID: "thread", date: "2026-12-01", today: today) == .seconds(3600))
        #expect(RaspCachePolicy.freshness(operationID: "search", date: nil, today: today) == .seconds(3600))
        #expect(RaspCachePolicy.freshness(operationID: "carrier", date: nil, today: today) == .seconds(7 * 24 * 3600))
        #expect(RaspCachePolicy.freshness(operationID: "stationsList", date: nil, today: today) == nil)
    }

    @Test func todayIsTheDayInTheGivenTimeZone() throws {
        // 22:30 UTC on 28 November is already 29 November in Moscow.
        let instant = Date(timeIntervalSince1970: 1_795_905_000)
        #expect(RaspCachePolicy.day(of: instant, in: try #require(TimeZone(identifier: "UTC"))) == "2026-11-28")
        #expect(RaspCachePolicy.day(of: instant, in: try #require(TimeZone(identifier: "Europe/Moscow")))
                    == "2026-11-29")
    }

    @Test func onlyRaspAnswersAreKept() {
        let policy = RaspCachePolicy.policy()
        #expect(policy.keeps(ClientRequest(method: "GET", path: "/v3.0/search/", operationID: "search")))
        #expect(!policy.keeps(ClientRequest(method: "GET", path: "/v3.0/stations_list/", operationID: "stationsList")))
    }
}
