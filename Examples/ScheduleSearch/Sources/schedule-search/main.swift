import Foundation
import RaspAPI
import RaspKit
import RaspMock
import RaspRuntime
import ScheduleSearch

// Starts the mock Rasp server on a free loopback port, searches tomorrow's trips from Moscow to Saint Petersburg
// through it and prints them. The timetables are made-up demo data, not real schedules.

let server = MockServer()
let url = try await server.start()
print("Mock Rasp server at \(url) (demo data, not real timetables)")

let client = try RaspClient.live(apiKey: "test-key-0c1f5e9a", serverURL: url)
let search = TripSearch(client: client)
let tomorrow = LocalDate(Date(), in: TimeZone(identifier: "Europe/Moscow")!).adding(days: 1)

let direct = try await search.directTrips(on: tomorrow)
print("RaspAPI: \(direct.count) direct trips on \(tomorrow)")

let rows = try await search.rows(on: tomorrow)
print("RaspKit: \(search.from.city.title) → \(search.to.city.title), \(rows.count) rows")
for row in rows.prefix(10) {
    let transfer = row.transferNote.map { "  (\($0))" } ?? ""
    print("  \(row.departureText) → \(row.arrivalText)  \(row.durationText)  \(row.number)  "
        + "\(row.carrierTitle)\(transfer)")
}
await server.stop()
