import Foundation
import RaspAPI
import RaspDemo
import RaspRuntime
import Testing

@Suite("Demo schedule, thread, nearby and reference endpoints")
struct DemoEndpointTests {
    @Test("Station timetable: ISO times with a date, HH:MM without, suburban directions")
    func schedule() throws {
        let dated = try Fixture.decode(ScheduleResponse.self,
                                       Fixture.get("/v3.0/schedule/",
                                                   [("station", "s2006004"), ("date", "2026-06-02")]))
        #expect(dated.date == LocalDate("2026-06-02") && dated.event == .departure)
        #expect(dated.station.code == "s2006004" && dated.station.stationType == .trainStation)
        #expect(!dated.schedule.isEmpty)
        for item in dated.schedule {
            let departure = try #require(item.departure)
            #expect(departure.hasPrefix("2026-06-02T") && departure.hasSuffix("+03:00"))
        }
        let departures = dated.schedule.compactMap(\.departure)
        #expect(departures == departures.sorted())
        #expect(dated.directions?.first == Direction(code: "all", title: "все направления"))
        #expect(dated.schedule.contains { $0.direction == "на Химки" })

        let allDays = try Fixture.decode(ScheduleResponse.self,
                                         Fixture.get("/v3.0/schedule/", [("station", "s2006004")]))
        #expect(allDays.date == nil)
        #expect(allDays.schedule.allSatisfy { $0.departure?.count == 5 && !$0.days.isEmpty })
        #expect(allDays.schedule.allSatisfy { $0.exceptDays == nil }, "an all-days schedule has except_days: null")
        #expect(allDays.event == .departure && allDays.intervalSchedule == [], "event echoed, interval_schedule: []")

        let filtered = try Fixture.decode(ScheduleResponse.self, Fixture.get("/v3.0/schedule/", [
            ("station", "s2006004"), ("date", "2026-06-02"), ("direction", "на Химки"),
        ]))
        #expect(filtered.scheduleDirection?.code == "на Химки")
        #expect(filtered.schedule.allSatisfy { $0.direction == nil || $0.direction == "на Химки" })
    }

    @Test("Arrivals at a station")
    func arrivals() throws {
        let result = try Fixture.decode(ScheduleResponse.self, Fixture.get("/v3.0/schedule/", [
            ("station", "s9602494"), ("event", "arrival"), ("date", "2026-06-02"), ("limit", "5"),
        ]))
        #expect(result.event == .arrival && result.schedule.count == 5 && result.pagination.total > 5)
        #expect(result.schedule.allSatisfy { $0.arrival != nil })
    }

    @Test("Thread stops, with from/to and in a thread that does not run on the date")
    func thread() throws {
        let search = try Fixture.decode(SearchResponse.self, Fixture.get("/v3.0/search/", [
            ("from", "c213"), ("to", "c2"), ("date", "2026-06-02"), ("transport_types", "train"),
        ]))
        guard case .segment(let sapsan)? = search.segments.first(where: {
            if case .segment(let segment) = $0 { segment.stops == "Тверь" } else { false }
        }) else { Issue.record("no train stopping at Тверь"); return }
        let response = Fixture.get("/v3.0/thread/", [("uid", sapsan.thread.uid), ("date", "2026-06-02"),
                                                     ("from", "c213"), ("to", "c2")])
        let thread = try Fixture.decode(ThreadResponse.self, response)
        #expect(thread.uid == sapsan.thread.uid && thread.number == sapsan.thread.number)
        #expect(thread.stops.count == 3 && thread.stops[1].station.title == "Тверь")
        #expect(thread.stops.first?.arrival == nil && thread.stops.last?.departure == nil)
        #expect(thread.stops.first?.stopTime == nil && thread.stops[1].stopTime == 120)
        #expect(thread.stops.first?.departure?.count == 19 && thread.stops.first?.departure?.contains(" ") == true)
        #expect(thread.from?.code == "s2006004" && thread.to?.code == "s9602494"
            && thread.departureDate == LocalDate("2026-06-02"))
        #expect(thread.startTime.count == 5 && thread.carrier?.offices != nil)
        // Stations carry codes only when show_systems asks for them, the stops included.
        #expect(thread.stops.allSatisfy { $0.station.codes == nil } && thread.from?.codes == nil)
        let withCodes = try Fixture.decode(ThreadResponse.self, Fixture.get("/v3.0/thread/", [
            ("uid", sapsan.thread.uid), ("date", "2026-06-02"), ("show_systems", "all"),
        ]))
        #expect(withCodes.stops.first?.station.codes?.yandex == "s2006004")
        #expect(withCodes.stops.allSatisfy { $0.station.codes?.yandex == $0.station.code })

        let off = Fixture.get("/v3.0/thread/", [("uid", sapsan.thread.uid), ("from", "c54")])
        #expect(off.status == 400)
    }

    @Test("A thread on a day it does not run is a 404")
    func threadNotRunning() throws {
        let catalogue = try Fixture.decode(SearchResponse.self,
                                           Fixture.get("/v3.0/search/", [("from", "c213"), ("to", "c239")]))
        let segment = try #require(catalogue.segments.compactMap { item -> Segment? in
            if case .segment(let segment) = item, segment.days != "ежедневно" { segment } else { nil }
        }.first, "expected a thread Москва — Сочи that does not run daily")
        let week = (0..<7).map { Fixture.today.adding(days: $0) }
        let answers = week.map { Fixture.get("/v3.0/thread/", [("uid", segment.thread.uid), ("date", $0.description)]) }
        #expect(answers.contains { $0.status == 200 })
        let notRunning = try #require(zip(week, answers).first { $0.1.status == 404 },
                                      "\(segment.days ?? "") runs every day")
        #expect(try Fixture.errorText(notRunning.1) == "Рейс \(segment.thread.uid) не ходит \(notRunning.0)")
    }

    @Test("Nearest stations: distance filter, nearest first, type_choices map")
    func nearestStations() throws {
        let result = try Fixture.decode(NearestStationsResponse.self, Fixture.get("/v3.0/nearest_stations/", [
            ("lat", "55.97"), ("lng", "37.41"), ("distance", "5"),
        ]))
        #expect(result.stations.map(\.code).contains("s9600213"))
        #expect(result.stations.map(\.distance) == result.stations.map(\.distance).sorted())
        #expect(result.stations.allSatisfy { $0.distance <= 5 })
        let airport = try #require(result.stations.first { $0.code == "s9600213" })
        #expect(airport.typeChoices["tablo"]?.desktopUrl == "https://rasp.yandex.ru/station/9600213/")
        #expect(airport.typeChoices["aeroex"] != nil && airport.majority == 1)

        let airportsOnly = try Fixture.decode(NearestStationsResponse.self, Fixture.get("/v3.0/nearest_stations/", [
            ("lat", "55.75"), ("lng", "37.62"), ("distance", "50"), ("station_types", "airport"),
        ]))
        #expect(Set(airportsOnly.stations.map(\.code)) == ["s9600213", "s9600215", "s9600216"])
    }

    @Test("Nearest settlement, and coordinates out of range")
    func nearestSettlement() throws {
        let moscow = try Fixture.decode(NearestSettlementResponse.self, Fixture.get("/v3.0/nearest_settlement/", [
            ("lat", "55.76"), ("lng", "37.6"),
        ]))
        #expect(moscow.code == "c213" && moscow.type == .settlement && moscow.distance < 2)
        let bad = Fixture.get("/v3.0/nearest_settlement/", [("lat", "91"), ("lng", "30")])
        #expect(bad.status == 400)
        #expect(try Fixture.errorText(bad)
            == "Некорректное значение параметра lat: 91. Широта должна быть в диапазоне от -90 до 90")
        #expect(Fixture.get("/v3.0/nearest_stations/", [("lat", "10"), ("lng", "-181")]).status == 400)
    }

    @Test("Carrier: one object for a unique code (SU in iata too), an array for a shared IATA code (TK)")
    func carrier() throws {
        let aeroflot = try Fixture.decode(CarrierResponse.self, Fixture.get("/v3.0/carrier/", [("code", "26")]))
        #expect(aeroflot.carrier?.codes.iata == "SU" && aeroflot.carriers == nil)
        #expect(aeroflot.carrier?.logo?.hasPrefix("https://yastatic.net/") == true)
        let su = try Fixture.decode(CarrierResponse.self,
                                    Fixture.get("/v3.0/carrier/", [("code", "SU"), ("system", "iata")]))
        #expect(su.carrier?.code == 26 && su.carriers == nil)
        let turkish = try Fixture.decode(CarrierResponse.self,
                                         Fixture.get("/v3.0/carrier/", [("code", "TK"), ("system", "iata")]))
        #expect(turkish.carrier == nil && turkish.carriers?.map(\.code) == [680, 5483])
        #expect(Fixture.get("/v3.0/carrier/", [("code", "999999")]).status == 404)
    }

    @Test("stations_list is JSON served as text/html, with the demo directory")
    func stationsList() throws {
        let response = Fixture.get("/v3.0/stations_list/")
        #expect(response.headers["Content-Type"] == "text/html; charset=utf-8")
        #expect(response.body == DemoAPI.stationsListJSON)
        let list = try Fixture.decode(StationsListResponse.self, response)
        let russia = try #require(list.countries.first { $0.codes.yandexCode == "l225" })
        let settlements = russia.regions.flatMap(\.settlements)
        #expect(settlements.count >= 30)
        #expect(list.countries.count >= 3)
        let moscow = try #require(settlements.first { $0.codes.yandexCode == "c213" })
        #expect(moscow.stations.contains {
            $0.title == "Москва (Ленинградский вокзал)" && $0.stationType == .trainStation
        })
        let stations = list.countries.flatMap(\.regions).flatMap(\.settlements).flatMap(\.stations)
        #expect(stations.contains { $0.latitude == .string("") })
    }

    @Test("copyright is labelled as demo data")
    func copyright() throws {
        let result = try Fixture.decode(CopyrightResponse.self, Fixture.get("/v3.0/copyright/"))
        #expect(result.copyright.text.contains("demo: true"))
        #expect(result.copyright.logoHy?.hasPrefix("<iframe") == true)
    }
}
