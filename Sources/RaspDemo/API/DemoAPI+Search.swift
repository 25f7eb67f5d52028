import RaspRuntime

/// `GET /v3.0/search/`: threads between two points.
extension DemoCatalog {
    func search(_ request: DemoRequest) throws -> JSONNode {
        let query = request.query
        let system = try query.pointSystem()
        // The docs' example of a 400 names both points whichever is missing.
        guard let fromCode = query.value("from"), let toCode = query.value("to"), !fromCode.isEmpty, !toCode.isEmpty
        else { throw DemoFailure(400, "Нужно указать from и to") }
        let origin = try requirePoint(fromCode, system: system)
        let destination = try requirePoint(toCode, system: system)
        guard fromCode != toCode else {
            throw DemoFailure(400, "Точка отправления не должна совпадать с точкой прибытия.")
        }
        let date = try query.date(today: request.today)
        let modes = try query.modes()
        let clock = try query.clock()
        let (offset, limit) = try query.page()
        let options = SegmentOptions(date: date, clock: clock, codes: try query.showsCodes(),
                                     daysMask: try query.bool("add_days_mask"), today: request.today,
                                     host: request.host)

        let trips = searchTrips(from: origin, to: destination, on: date, today: request.today)
            .filter { modes?.contains($0.service.mode) ?? true }
        var items: [(departure: Int, json: JSONNode)] = trips.filter { $0.service.interval == nil }
            .map { ($0.departure, segmentJSON($0, options)) }
        if let date, try query.bool("transfers") {
            items += transferVariants(from: origin, to: destination, on: date, modes: modes)
                .map { ($0.first.departure, transferJSON($0, options)) }
            items.sort { $0.departure < $1.departure }
        }
        let intervals = trips.filter { $0.service.interval != nil }.map { intervalSegmentJSON($0, options) }
        return .object([
            ("search", .object([("from", pointJSON(origin, codes: options.codes)),
                                ("to", pointJSON(destination, codes: options.codes)),
                                ("date", .string(date?.description))])),
            ("segments", .array(items.page(offset: offset, limit: limit).map(\.json))),
            ("interval_segments", .array(intervals)),
            ("pagination", Self.paginationJSON(total: items.count, limit: limit, offset: offset)),
        ])
    }

    /// How far into the next day a one-day search reaches. Real answers for day D list departures in the first
    /// hours of D+1 (seen up to 02:13); where the real cut lies is not known, the demo cuts at 03:00.
    static let nextDayMinutes = 3 * 60

    /// The runs a search lists: without a date, one per thread (all days); for day D, those leaving `origin` on D
    /// (local date) and those leaving it on D+1 before ``nextDayMinutes``, in departure order.
    private func searchTrips(from origin: DemoPoint, to destination: DemoPoint, on date: LocalDate?,
                             today: LocalDate) -> [DemoTrip] {
        let onDay = trips(from: origin, to: destination, on: date, reference: today)
        guard let next = date?.adding(days: 1) else { return onDay }
        let early = trips(from: origin, to: destination, on: next, reference: today).filter { trip in
            guard trip.service.interval == nil, let from = station(trip.service.stops[trip.from].station)
            else { return false }
            return trip.departure - DemoTime.midnight(next, offset: from.zone.offsetMinutes) < Self.nextDayMinutes
        }
        return (onDay + early).sorted { ($0.departure, $0.service.uid) < ($1.departure, $1.service.uid) }
    }

    /// What shapes a segment: one-day (`date`) or all-days, the display zone, station codes, running-day masks.
    struct SegmentOptions {
        let date: LocalDate?
        let clock: DemoClock
        let codes: Bool
        let daysMask: Bool
        let today: LocalDate
        /// The host the request was sent to, which `thread_method_link` names.
        let host: String
    }

    private func segmentJSON(_ trip: DemoTrip, _ options: SegmentOptions) -> JSONNode {
        let service = trip.service
        var members: [(String, JSONNode)] = [
            ("thread", threadJSON(service, carrier: .full,
                                  methodLink: (options.host, options.date.map { _ in trip.startDate }))),
        ]
        members += legMembers(trip, options, settlementsAsPoints: false)
        if options.date != nil {
            members += [("has_transfers", .bool(false)), ("tickets_info", ticketsJSON(trip))]
        } else {
            members += [("days", .string(service.days.text)), ("except_days", .string(""))]
        }
        if options.daysMask { members.append(("schedule", daysMaskJSON(service, from: options.date ?? options.today))) }
        return .object(members)
    }

    /// `from`, `to`, times, platforms, terminals, `stops`, `duration` and `start_date` of a run.
    func legMembers(_ trip: DemoTrip, _ options: SegmentOptions, settlementsAsPoints: Bool) -> [(String, JSONNode)] {
        let from = station(trip.service.stops[trip.from].station)!, to = station(trip.service.stops[trip.to].station)!
        let point = { (station: DemoStation) -> JSONNode in
            settlementsAsPoints
                ? self.settlementJSON(self.city(of: station)!) : self.stationJSON(station, codes: options.codes)
        }
        let duration = trip.durationSeconds
        var members: [(String, JSONNode)] = [
            ("from", point(from)), ("to", point(to)),
            ("departure", .string(time(trip.departure, at: from, options))),
            ("arrival", .string(time(trip.arrival, at: to, options))),
            ("departure_platform", .string(trip.service.stops[trip.from].platform)),
            ("arrival_platform", .string(trip.service.stops[trip.to].platform)),
            ("departure_terminal", .string(trip.service.stops[trip.from].terminal)),
            ("arrival_terminal", .string(trip.service.stops[trip.to].terminal)),
            ("stops", .string(stopsText(trip))),
            ("duration", trip.service.mode == .suburban ? .double(Double(duration)) : .int(duration)),
        ]
        if options.date != nil { members.append(("start_date", .string(trip.startDate.description))) }
        return members
    }

    /// An ISO datetime with offset (one-day) or `HH:MM:SS` (all-days).
    func time(_ utc: Int, at station: DemoStation, _ options: SegmentOptions) -> String {
        let offset = options.clock.offset(at: station, utc: utc)
        return options.date == nil
            ? DemoTime.clock(utc, offset: offset, seconds: true) : DemoTime.iso(utc, offset: offset)
    }

    /// `""` for no stops, `везде` for suburban trains, otherwise the stations in between.
    func stopsText(_ trip: DemoTrip) -> String {
        if trip.service.mode == .suburban { return "везде" }
        guard trip.to - trip.from > 1 else { return "" }
        return trip.service.stops[(trip.from + 1)..<trip.to].compactMap { station($0.station)?.title }
            .joined(separator: ", ")
    }

    private func intervalSegmentJSON(_ trip: DemoTrip, _ options: SegmentOptions) -> JSONNode {
        var members: [(String, JSONNode)] = [
            ("thread", threadJSON(trip.service, carrier: .full,
                                  methodLink: (options.host, options.date.map { _ in trip.startDate }),
                                  interval: intervalJSON(trip, date: options.date))),
        ]
        members += legMembers(trip, options, settlementsAsPoints: false)
            .filter { $0.0 != "departure" && $0.0 != "arrival" }
        if options.date != nil {
            members += [("has_transfers", .bool(false)), ("tickets_info", ticketsJSON(trip))]
        } else {
            members += [("days", .string(trip.service.days.text)), ("except_days", .string(""))]
        }
        return .object(members)
    }

    /// `{density, begin_time, end_time}`: `YYYY-MM-DDTHH:MM:SS` (no offset) with a date, `HH:MM` without.
    func intervalJSON(_ trip: DemoTrip, date: LocalDate?) -> JSONNode? {
        guard let interval = trip.service.interval, let first = station(trip.service.stops[0].station)
        else { return nil }
        let offset = first.zone.offsetMinutes
        let begin = trip.startUTC, end = begin + interval.endMinute - trip.service.startMinute
        let text = { (utc: Int) in
            date == nil
                ? DemoTime.clock(utc, offset: offset, seconds: false)
                : DemoTime.naive(utc, offset: offset, separator: "T")
        }
        return .object([("density", .string(interval.density)), ("begin_time", .string(text(begin))),
                        ("end_time", .string(text(end)))])
    }

    /// Per-month running-day masks (`add_days_mask=true`) for the month of `date` and the next one.
    private func daysMaskJSON(_ service: DemoService, from date: LocalDate) -> JSONNode {
        let first = LocalDate(year: date.year, month: date.month, day: 1)!
        let next = first.adding(days: 32)
        return .array([first, LocalDate(year: next.year, month: next.month, day: 1)!].map { month in
            var days: [JSONNode] = []
            var day = month
            while day.month == month.month {
                days.append(.int(service.days.runs(on: day) ? 1 : 0))
                day = day.adding(days: 1)
            }
            return .object([("year", .string(String(month.year))), ("month", .string(String(month.month))),
                            ("days", .array(days))])
        })
    }
}
