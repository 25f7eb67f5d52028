import RaspAPI
import RaspRuntime

/// `GET /v3.0/schedule/`: departures from (or arrivals at) one station.
extension DemoCatalog {
    func schedule(_ request: DemoRequest) throws -> ScheduleResponse {
        let query = request.query
        let system = try query.pointSystem()
        let code = try query.required("station")
        guard case .station(let station) = try requirePoint(code, system: system) else {
            throw DemoFailure(404, "Не нашли объект по \(system) коду \(code)")
        }
        let date = try query.date(today: request.today)
        let event = query.value("event") ?? "departure"
        guard event == "departure" || event == "arrival" else {
            throw DemoFailure(400, "Некорректное значение параметра event: \(event)")
        }
        let arriving = event == "arrival"
        let modes = try query.modes()
        let clock = try query.clock()
        let (offset, limit) = try query.page()
        let direction = query.value("direction").flatMap { $0 == "all" || $0.isEmpty ? nil : $0 }

        var rows: [DemoTrip] = []
        for service in services(touching: .station(station)) where modes?.contains(service.mode) ?? true {
            for (index, stop) in service.stops.enumerated() where stop.station == station.code {
                guard (arriving ? stop.arrival : stop.departure) != nil else { continue }
                let start = date.map { startDate(service, stop: index, leavingOn: $0, arriving: arriving) }
                    ?? request.today
                guard let start else { continue }
                rows.append(DemoTrip(service: service, startDate: start, from: index, to: index))
            }
        }
        let directions = Set(rows.compactMap { directionName($0) }).sorted()
        if let direction { rows = rows.filter { directionName($0).map { $0 == direction } ?? true } }
        let key = { (trip: DemoTrip) in
            let utc = (arriving ? trip.arrivalUTC(trip.from) : trip.departureUTC(trip.from)) ?? trip.startUTC
            return date == nil ? ((utc + clock.offset(at: station, utc: utc)) % 1440 + 1440) % 1440 : utc
        }
        rows.sort { (key($0), $0.service.uid) < (key($1), $1.service.uid) }
        let regular = rows.filter { $0.service.interval == nil }, intervals = rows.filter { $0.service.interval != nil }

        let all = Direction(code: "all", title: "все направления")
        let named = directions.map { Direction(code: $0, title: $0) }
        return ScheduleResponse(
            date: date, station: stationPoint(station, codes: try query.showsCodes()),
            event: ScheduleResponse.Event(rawValue: event),
            pagination: Pagination(total: regular.count, limit: limit, offset: offset),
            schedule: regular.page(offset: offset, limit: limit).map { row($0, date: date, clock: clock) },
            intervalSchedule: intervals.map { intervalRow($0, date: date) },
            directions: directions.isEmpty ? nil : [all] + named,
            scheduleDirection: directions.isEmpty ? nil : direction.map { Direction(code: $0, title: $0) } ?? all)
    }

    /// `на <last stop>` for suburban threads (the real API declines the name; the demo does not).
    private func directionName(_ trip: DemoTrip) -> String? {
        guard trip.service.mode == .suburban,
              let last = station(trip.service.stops[trip.service.stops.count - 1].station)
        else { return nil }
        return "на \(last.shortTitle.flatMap { $0.isEmpty ? nil : $0 } ?? last.title)"
    }

    /// One timetable row. `except_days` is left out: the real schedule says "no exceptions" with null, in one-day
    /// and all-days timetables alike (an all-days search says it with `""`).
    private func row(_ trip: DemoTrip, date: LocalDate?, clock: DemoClock) -> ScheduleItem {
        let stop = trip.service.stops[trip.from]
        let station = station(stop.station)!
        let text = { (utc: Int?) -> String? in
            guard let utc else { return nil }
            let offset = clock.offset(at: station, utc: utc)
            return date == nil ? DemoTime.clock(utc, offset: offset, seconds: false) : DemoTime.iso(utc, offset: offset)
        }
        return ScheduleItem(
            thread: threadValue(trip.service, carrier: .short), departure: text(trip.departureUTC(trip.from)),
            arrival: text(trip.arrivalUTC(trip.from)), days: trip.service.days.text, isFuzzy: false,
            stops: trip.service.mode == .suburban ? "везде" : "", platform: stop.platform, terminal: stop.terminal,
            direction: directionName(trip))
    }

    private func intervalRow(_ trip: DemoTrip, date: LocalDate?) -> IntervalScheduleItem {
        let stop = trip.service.stops[trip.from]
        return IntervalScheduleItem(
            thread: threadValue(trip.service, carrier: .short, interval: interval(trip, date: date)),
            days: trip.service.days.text, isFuzzy: false, stops: trip.service.mode == .suburban ? "везде" : "",
            platform: stop.platform, terminal: stop.terminal, direction: directionName(trip))
    }
}
