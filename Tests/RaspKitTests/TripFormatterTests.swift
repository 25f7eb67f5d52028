import RaspAPI
import RaspKit
import RaspRuntime
import Testing

@Suite("Trip rows")
struct TripFormatterTests {
    /// Real answers have buses with `number: ""`: a route with such a leg names only the numbered legs.
    @Test("A leg without a number leaves no empty slot in the route's number")
    func numberlessLeg() {
        let date = Samples.date
        let bus = TransferLeg(thread: Samples.thread("bus", number: "", carrier: nil),
                              departure: "\(date)T18:00:00+03:00", arrival: "\(date)T21:00:00+03:00", duration: 10_800)
        let train = TransferLeg(thread: Samples.thread("train", number: "7002"),
                                departure: "\(date)T22:00:00+03:00", arrival: "\(date)T23:50:00+03:00",
                                duration: 6600)
        let wait = Transfer(isTransfer: true, duration: 3600, transferPoint: Samples.point("c14", "Тверь"))
        let route = SearchResponse.SegmentsItem.transferSegment(TransferSegment(
            hasTransfers: true, departureFrom: Samples.point("s9900101", "Москва, автовокзал"),
            arrivalTo: Samples.point("s9602494", "Московский вокзал"), departure: "\(date)T18:00:00+03:00",
            arrival: "\(date)T23:50:00+03:00", transfers: [Samples.point("c14", "Тверь")],
            details: [.transferLeg(bus), .transfer(wait), .transferLeg(train)]))
        let formatter = TripFormatter(strings: .init(language: .ru))
        #expect(formatter.row(for: route).number == "7002")
        #expect(formatter.row(for: .segment(Segment(
            thread: bus.thread, from: Samples.point("s9900101", "Москва, автовокзал"),
            to: Samples.point("s9743011", "Тверь, автовокзал"), departure: "\(date)T18:00:00+03:00",
            arrival: "\(date)T21:00:00+03:00", duration: 10_800))).number == "")
    }
}
