import RaspAPI
import RaspRuntime

/// `GET /v3.0/search/`: threads between two points.
extension DemoCatalog {
    func search(_ request: DemoRequest) throws -> SearchResponse {
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
        var items: [(departure: Int, value: SearchResponse.SegmentsItem)] = trips.filter { $0.service.interval == nil }
            .map { ($0.departure, .segment(segment($0, options))) }
        if let date, try query.bool("transfers") {
            items += transferVariants(from: origin, to: destination, on: date, modes: modes)
                .map { ($0.first.departure, .transferSegment(transferSegment($0, options))) }
            items.sort { $0.departure < $1.departure }
        }
        let intervals = trips.filter { $0.service.interval != nil }.map { intervalSegment($0, options) }
        return SearchResponse(
            search: SearchInfo(from: point(origin, codes: options.codes), to: point(destination, codes: options.codes),
                               date: date),
            segments: items.page(offset: offset, limit: limit).map(\.value), intervalSegments: intervals,
            pagination: Pagination(total: items.count, limit: limit, offset: offset))
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

    private func segment(_ trip: DemoTrip, _ options: SegmentOptions) -> Segment {
        let leg = Leg(trip, options, in: self)
        let oneDay = options.date != nil
        return Segment(
            thread: threadValue(trip.service, carrier: .full,
                                methodLink: (options.host, options.date.map { _ in trip.startDate })),
            from: stationPoint(leg.from, codes: options.codes), to: stationPoint(leg.to, codes: options.codes),
            departure: leg.departure, arrival: leg.arrival, departurePlatform: leg.departurePlatform,
            arrivalPlatform: leg.arrivalPlatform, departureTerminal: leg.departureTerminal,
            arrivalTerminal: leg.arrivalTerminal, stops: leg.stops, duration: leg.duration, startDate: leg.startDate,
            hasTransfers: oneDay ? false : nil, ticketsInfo: oneDay ? tickets(trip) : nil,
            schedule: options.daysMask ? daysMask(trip.service, from: options.date ?? options.today) : nil,
            days: oneDay ? nil : trip.service.days.text, exceptDays: oneDay ? nil : "")
    }

    /// The ends, times, platforms, terminals, `stops`, `duration` and `start_date` of a run, which segments,
    /// interval segments and transfer legs share.
    struct Leg {
        let from: DemoStation
        let to: DemoStation
        let departure: String
        let arrival: String
        let departurePlatform: String?
        let arrivalPlatform: String?
        let departureTerminal: String?
        let arrivalTerminal: String?
        let stops: String
        let duration: Double
        /// Set for one-day answers only.
        let startDate: LocalDate?

        init(_ trip: DemoTrip, _ options: SegmentOptions, in catalog: DemoCatalog) {
            let stops = trip.service.stops
            from = catalog.station(stops[trip.from].station)!
            to = catalog.station(stops[trip.to].station)!
            departure = catalog.time(trip.departure, at: from, options)
            arrival = catalog.time(trip.arrival, at: to, options)
            departurePlatform = stops[trip.from].platform
            arrivalPlatform = stops[trip.to].platform
            departureTerminal = stops[trip.from].terminal
            arrivalTerminal = stops[trip.to].terminal
            self.stops = catalog.stopsText(trip)
            duration = Double(trip.durationSeconds)
            startDate = options.date.map { _ in trip.startDate }
        }
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

    private func intervalSegment(_ trip: DemoTrip, _ options: SegmentOptions) -> IntervalSegment {
        let leg = Leg(trip, options, in: self)
        let oneDay = options.date != nil
        return IntervalSegment(
            thread: threadValue(trip.service, carrier: .full,
                                methodLink: (options.host, options.date.map { _ in trip.startDate }),
                                interval: interval(trip, date: options.date)),
            from: stationPoint(leg.from, codes: options.codes), to: stationPoint(leg.to, codes: options.codes),
            departurePlatform: leg.departurePlatform, arrivalPlatform: leg.arrivalPlatform,
            departureTerminal: leg.departureTerminal, arrivalTerminal: leg.arrivalTerminal, stops: leg.stops,
            duration: leg.duration, startDate: leg.startDate, hasTransfers: oneDay ? false : nil,
            ticketsInfo: oneDay ? tickets(trip) : nil, days: oneDay ? nil : trip.service.days.text,
            exceptDays: oneDay ? nil : "")
    }

    /// `{density, begin_time, end_time}`: `YYYY-MM-DDTHH:MM:SS` (no offset) with a date, `HH:MM` without.
    func interval(_ trip: DemoTrip, date: LocalDate?) -> Interval? {
        guard let interval = trip.service.interval, let first = station(trip.service.stops[0].station)
        else { return nil }
        let offset = first.zone.offsetMinutes
        let begin = trip.startUTC, end = begin + interval.endMinute - trip.service.startMinute
        let text = { (utc: Int) in
            date == nil
                ? DemoTime.clock(utc, offset: offset, seconds: false)
                : DemoTime.naive(utc, offset: offset, separator: "T")
        }
        return Interval(density: interval.density, beginTime: text(begin), endTime: text(end))
    }

    /// Per-month running-day masks (`add_days_mask=true`) for the month of `date` and the next one.
    private func daysMask(_ service: DemoService, from date: LocalDate) -> [MonthDaysMask] {
        let first = LocalDate(year: date.year, month: date.month, day: 1)!
        let next = first.adding(days: 32)
        return [first, LocalDate(year: next.year, month: next.month, day: 1)!].map { month in
            var days: [Int] = []
            var day = month
            while day.month == month.month {
                days.append(service.days.runs(on: day) ? 1 : 0)
                day = day.adding(days: 1)
            }
            return MonthDaysMask(year: String(month.year), month: String(month.month), days: days)
        }
    }
}
