import RaspRuntime

/// One run of a thread between two of its stops (for a station timetable, `from == to`).
struct DemoTrip: Sendable {
    let service: DemoService
    /// The run's start date at its first stop.
    let startDate: LocalDate
    let from: Int
    let to: Int

    /// UTC minutes of the first stop's departure.
    var startUTC: Int { DemoTime.midnight(startDate, offset: service.originZone.offsetMinutes) + service.startMinute }

    /// UTC minutes when it leaves stop `index` (nil at the last stop).
    func departureUTC(_ index: Int) -> Int? { service.stops[index].departure.map { startUTC + $0 } }

    /// UTC minutes when it reaches stop `index` (nil at the first stop).
    func arrivalUTC(_ index: Int) -> Int? { service.stops[index].arrival.map { startUTC + $0 } }

    /// Departure from ``from`` (for an arrival-only timetable row, the arrival).
    var departure: Int { departureUTC(from) ?? arrivalUTC(from) ?? startUTC }

    /// Arrival at ``to``.
    var arrival: Int { arrivalUTC(to) ?? departureUTC(to) ?? startUTC }

    /// Seconds from ``from`` to ``to``.
    var durationSeconds: Int { (arrival - departure) * 60 }
}

extension DemoCatalog {
    /// Runs from `origin` to `destination`. With a `date`, the runs leaving `origin` on that local date; without,
    /// one run per thread (started on `reference`), for the all-days timetable. Interval threads are included;
    /// callers split them off.
    func trips(from origin: DemoPoint, to destination: DemoPoint, on date: LocalDate?,
               reference: LocalDate) -> [DemoTrip] {
        var result: [DemoTrip] = []
        for service in services(touching: origin) {
            guard let from = service.stopIndex(servedBy: origin),
                  service.stops[from].departure != nil,
                  let to = service.stopIndex(from: from + 1, servedBy: destination)
            else { continue }
            if let date {
                guard let start = startDate(service, stop: from, leavingOn: date) else { continue }
                result.append(DemoTrip(service: service, startDate: start, from: from, to: to))
            } else {
                result.append(DemoTrip(service: service, startDate: reference, from: from, to: to))
            }
        }
        return result.sorted { ($0.departure, $0.service.uid) < ($1.departure, $1.service.uid) }
    }

    /// The start date on which `service` runs and leaves (with `arriving`, reaches) stop `index` on local `date`
    /// there, if any.
    func startDate(_ service: DemoService, stop index: Int, leavingOn date: LocalDate,
                   arriving: Bool = false) -> LocalDate? {
        guard let station = station(service.stops[index].station) else { return nil }
        let stop = service.stops[index]
        let offset = (arriving ? stop.arrival ?? stop.departure : stop.departure ?? stop.arrival) ?? 0
        for back in 0...longestRunDays {
            let start = date.adding(days: -back)
            let trip = DemoTrip(service: service, startDate: start, from: 0, to: 0)
            let event = trip.startUTC + offset
            if DemoTime.date(event, offset: station.zone.offsetMinutes) == date {
                return service.days.runs(on: start) ? start : nil
            }
        }
        return nil
    }

    /// The next start date from `date` (within two weeks) on which `service` runs.
    func nextRun(of service: DemoService, from date: LocalDate) -> LocalDate? {
        (0..<14).lazy.map { date.adding(days: $0) }.first(where: service.days.runs)
    }
}
