import RaspKit
import Testing

@Suite("Departure slots and transfer choice")
struct TimeSlotTests {
    static let boundaryCases: [(String, DepartureSlot)] = [
        ("05:59", .night), ("06:00", .morning), ("11:59", .morning), ("12:00", .day),
        ("17:59", .day), ("18:00", .evening), ("23:59", .evening), ("00:00", .night),
    ]

    @Test("every slot boundary (start inclusive, end exclusive)", arguments: boundaryCases)
    func boundaries(time: String, slot: DepartureSlot) throws {
        let parsed = try #require(TripTime("2024-03-05T\(time):00+03:00"))
        #expect(DepartureSlot(parsed) == slot)
        #expect(slot.minutes.contains(parsed.minuteOfDay))
    }

    @Test("the slot is the departure station's wall clock, whatever its offset", arguments: [
        "2024-03-05T23:55:00+03:00", "2024-03-05T23:55:00+05:00", "2024-03-05T23:55:00-08:00", "2024-03-05T23:55:00Z",
    ])
    func wallClock(text: String) throws {
        let time = try #require(TripTime(text))
        #expect(time.clockText == "23:55")
        #expect(DepartureSlot(time) == .evening)
    }

    @Test("the API's other time forms parse")
    func timeForms() throws {
        let moscow = try #require(TripTime("2024-03-05T10:55:00+03:00"))
        #expect(moscow.utcOffset == 10_800)
        #expect(moscow.instant?.timeIntervalSince1970 == 1_709_625_300)
        #expect(TripTime("05:00:00")?.clockText == "05:00")
        #expect(TripTime("22:00")?.minuteOfDay == 1320)
        #expect(TripTime("2017-05-18 01:10:00")?.date?.description == "2017-05-18")
        #expect(TripTime("2024-03-05T10:55:00+0530")?.utcOffset == 19_800)
        #expect(TripTime("") == nil)
        #expect(TripTime("25:00") == nil)
        #expect(TripTime("soon") == nil)
    }

    @Test("transfer choice → API parameter and kept segments")
    func transferChoice() {
        #expect(TransferChoice.any.apiTransfers)
        #expect(!TransferChoice.directOnly.apiTransfers)
        #expect(TransferChoice.withTransfers.apiTransfers)
        #expect(TransferChoice.any.admits(hasTransfers: true) && TransferChoice.any.admits(hasTransfers: false))
        #expect(TransferChoice.directOnly.admits(hasTransfers: false)
            && !TransferChoice.directOnly.admits(hasTransfers: true))
        #expect(TransferChoice.withTransfers.admits(hasTransfers: true)
            && !TransferChoice.withTransfers.admits(hasTransfers: false))
    }

    @Test("filters combine slots (any of them) with the transfer choice")
    func filters() throws {
        let evening = TripTime(hour: 19, minute: 0), night = TripTime(hour: 0, minute: 0)
        #expect(!TripFilters().isActive)
        #expect(TripFilters().admits(departure: nil, hasTransfers: true))
        let filters = TripFilters(slots: [.evening, .night], transfers: .directOnly)
        #expect(filters.isActive)
        #expect(filters.admits(departure: evening, hasTransfers: false))
        #expect(filters.admits(departure: night, hasTransfers: false))
        #expect(!filters.admits(departure: TripTime(hour: 12, minute: 0), hasTransfers: false))
        #expect(!filters.admits(departure: evening, hasTransfers: true))
        #expect(!filters.admits(departure: nil, hasTransfers: false))
    }
}
