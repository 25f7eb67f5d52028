import Foundation
import RaspAPI
import RaspDemo
import RaspRuntime
import Testing

@Suite("Demo search")
struct DemoSearchTests {
    private func search(_ query: [(String, String)]) throws -> SearchResponse {
        let response = Fixture.get("/v3.0/search/", query)
        #expect(response.status == 200, "\(String(decoding: response.body, as: UTF8.self).prefix(300))")
        return try Fixture.decode(SearchResponse.self, response)
    }

    private func direct(_ result: SearchResponse) -> [Segment] {
        result.segments.compactMap { if case .segment(let segment) = $0 { segment } else { nil } }
    }

    @Test("Москва → Санкт-Петербург has departures in every part of the day, on any date of the window",
          arguments: ["2026-06-01", "2026-06-06", "2026-06-07", "2026-05-02", "2027-04-30"])
    func everyTimeSlot(date: String) throws {
        let result = try search([("from", "c213"), ("to", "c2"), ("date", date)])
        #expect(result.search.date == LocalDate(date))
        let hours = direct(result).compactMap { Fixture.hour($0.departure) }
        for slot in [0..<6, 6..<12, 12..<18, 18..<24] {
            #expect(hours.contains { slot.contains($0) }, "no departure in \(slot) on \(date)")
        }
        let modes = Set(direct(result).map(\.thread.transportType))
        #expect(modes.isSuperset(of: [.plane, .train, .bus]))
        #expect(direct(result).contains { $0.thread.transportType == .train && $0.ticketsInfo == nil })
        #expect(direct(result).contains { $0.thread.transportType == .bus && $0.ticketsInfo?.places.isEmpty == false })
        for segment in direct(result) {
            #expect(segment.hasTransfers == false)
            // tickets_info is null on some train and suburban segments only; planes and buses carry it.
            #expect(segment.ticketsInfo != nil || [.train, .suburban].contains(segment.thread.transportType))
            #expect(segment.departure.hasSuffix("+03:00"))
            #expect(segment.startDate != nil)
            #expect(segment.thread.threadMethodLink?.hasPrefix("api.rasp.yandex-net.ru/v3/thread/?date=") == true)
        }
        #expect(result.pagination == Pagination(total: result.segments.count, limit: 100, offset: 0))
    }

    @Test("thread_method_link names the host the request was sent to")
    func methodLinkHost() throws {
        let query = [("from", "c213"), ("to", "c2"), ("date", "2026-06-02")]
        for host in ["api.rasp.yandex-net.ru", "api.rasp.yandex.net"] {
            let response = Fixture.get("/v3.0/search/", query, api: DemoAPI(now: Fixture.now, host: host))
            let segments = direct(try Fixture.decode(SearchResponse.self, response))
            #expect(!segments.isEmpty)
            for segment in segments {
                #expect(segment.thread.threadMethodLink
                    == "\(host)/v3/thread/?date=\(segment.startDate?.description ?? "")&uid=\(segment.thread.uid)")
            }
        }
    }

    @Test("A search for day D also lists the departures of the first hours of D+1, as the real API does")
    func nextDayDepartures() throws {
        let result = try search([("from", "c213"), ("to", "c2"), ("date", "2026-06-02")])
        let departures = direct(result).map(\.departure)
        #expect(departures.allSatisfy { $0.hasPrefix("2026-06-02T") || $0.hasPrefix("2026-06-03T") })
        let nextDay = departures.filter { $0.hasPrefix("2026-06-03T") }
        #expect(!nextDay.isEmpty)
        #expect(nextDay.allSatisfy { (Fixture.hour($0) ?? 24) < 3 }, "\(nextDay)")
        #expect(departures == departures.sorted())
        #expect(direct(result).contains { $0.startDate == LocalDate("2026-06-03") })
    }

    @Test("A departure and an arrival in different zones carry their own offsets")
    func ownOffsets() throws {
        let result = try search([("from", "c213"), ("to", "c54"), ("date", "2026-06-02"), ("transport_types", "plane")])
        let flights = direct(result)
        #expect(!flights.isEmpty)
        for flight in flights {
            #expect(flight.departure.hasSuffix("+03:00"))
            #expect(flight.arrival.hasSuffix("+05:00"))
            #expect(flight.thread.transportType == .plane)
            #expect(flight.thread.transportSubtype == TransportSubtype())
            // Real answers send the literal string "NULL" (and "0", "", null) where a terminal is unknown.
            #expect(flight.arrivalTerminal == "NULL")
        }
        let converted = try search([("from", "c213"), ("to", "c54"), ("date", "2026-06-02"),
                                    ("transport_types", "plane"), ("result_timezone", "Europe/Moscow")])
        #expect(direct(converted).allSatisfy { $0.arrival.hasSuffix("+03:00") })
    }

    @Test("Without a date: times only, days text, null date")
    func allDays() throws {
        let result = try search([("from", "c213"), ("to", "c2")])
        #expect(result.search.date == nil)
        let segments = direct(result)
        #expect(!segments.isEmpty)
        for segment in segments {
            #expect(segment.departure.count == 8 && segment.departure.filter { $0 == ":" }.count == 2)
            #expect(segment.days?.isEmpty == false)
            #expect(segment.hasTransfers == nil && segment.ticketsInfo == nil)
        }
    }

    @Test("Pagination: offset/limit, and an offset past the end keeps the total")
    func pagination() throws {
        let all = try search([("from", "c213"), ("to", "c2"), ("date", "2026-06-03")])
        let page = try search([("from", "c213"), ("to", "c2"), ("date", "2026-06-03"), ("offset", "2"), ("limit", "3")])
        #expect(page.segments.count == 3)
        #expect(page.segments == Array(all.segments[2..<5]))
        #expect(page.pagination == Pagination(total: all.pagination.total, limit: 3, offset: 2))
        let past = try search([("from", "c213"), ("to", "c2"), ("date", "2026-06-03"), ("offset", "1000")])
        #expect(past.segments.isEmpty && past.pagination.total == all.pagination.total)
    }

    @Test("transfers=true: routes only reachable with a transfer come back as transfer segments",
          arguments: [("c22", "c239"), ("c10883", "c213"), ("c54", "c11")])
    func transfers(from: String, to: String) throws {
        let plain = try search([("from", from), ("to", to), ("date", "2026-06-04")])
        #expect(plain.segments.isEmpty)
        let result = try search([("from", from), ("to", to), ("date", "2026-06-04"), ("transfers", "true")])
        let variants = result.segments.compactMap {
            if case .transferSegment(let variant) = $0 { variant } else { nil }
        }
        #expect(!variants.isEmpty)
        for variant in variants {
            #expect(variant.hasTransfers)
            #expect(variant.details.count == 3)
            guard variant.details.count == 3, case .transferLeg(let first) = variant.details[0],
                  case .transfer(let transfer) = variant.details[1], case .transferLeg(let second) = variant.details[2]
            else { Issue.record("details do not alternate leg, transfer, leg"); continue }
            #expect(transfer.isTransfer)
            #expect(transfer.transferPoint.type == .settlement)
            #expect(variant.transfers?.first?.code == transfer.transferPoint.code)
            #expect(first.from?.type == .settlement && second.to?.type == .settlement)
            #expect(variant.transportTypes?.count == 2)
            let arrival = ISO8601.date(from: first.arrival ?? ""), onward = ISO8601.date(from: second.departure ?? "")
            #expect(arrival != nil && onward != nil && arrival! < onward!)
        }
    }

    @Test("Station codes and settlement codes mix; show_systems=all adds codes")
    func stationPoints() throws {
        let result = try search([("from", "s2006004"), ("to", "s9602494"), ("date", "2026-06-05"),
                                 ("show_systems", "all")])
        #expect(result.search.from.type == .station && result.search.from.codes?.esr == "060073")
        let segments = direct(result)
        #expect(!segments.isEmpty)
        #expect(segments.allSatisfy { $0.from.code == "s2006004" && $0.to.code == "s9602494" })
        #expect(segments.contains { $0.thread.transportSubtype.code?.rawValue == "sapsan" && $0.stops == "Тверь" })
    }

    @Test("Interval threads come in interval_segments")
    func intervals() throws {
        let result = try search([("from", "s2000006"), ("to", "s9881704"), ("date", "2026-06-05")])
        let interval = try #require(result.intervalSegments?.first)
        #expect(interval.thread.interval?.density == "поезд раз в 30 минут")
        #expect(interval.thread.interval?.beginTime == "2026-06-05T05:30:00")
        #expect(interval.thread.expressType == .aeroexpress)
        let allDays = try search([("from", "s2000006"), ("to", "s9881704")])
        #expect(allDays.intervalSegments?.first?.thread.interval?.beginTime == "05:30")
    }

    @Test("add_days_mask gives a running-day mask per month")
    func daysMask() throws {
        let result = try search([("from", "c213"), ("to", "c2"), ("date", "2026-06-05"), ("add_days_mask", "true")])
        let mask = try #require(direct(result).first?.schedule)
        #expect(mask.map(\.month) == ["6", "7"] && mask[0].year == "2026")
        #expect(mask[0].days.count == 30 && mask[1].days.count == 31)
    }

    @Test("The same request gives the same bytes")
    func deterministic() {
        let query = [("from", "c213"), ("to", "c2"), ("date", "2026-06-05"), ("transfers", "true")]
        #expect(Fixture.get("/v3.0/search/", query).body == Fixture.get("/v3.0/search/", query).body)
    }
}
