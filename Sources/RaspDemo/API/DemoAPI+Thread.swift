import RaspAPI
import RaspRuntime

/// `GET /v3.0/thread/`: the stops of one thread.
extension DemoCatalog {
    func thread(_ request: DemoRequest) throws -> ThreadResponse {
        let query = request.query
        let uid = try query.required("uid")
        guard let service = service(uid: uid) else { throw DemoFailure(404, "Не нашли нитку по uid \(uid)") }
        let from = try stopIndex(of: query.value("from"), on: service, uid: uid)
        let to = try stopIndex(of: query.value("to"), on: service, uid: uid, after: from)
        let clock = try query.clock()
        let date = try query.date(today: request.today)
        // Stations carry `codes` only when `show_systems` asks for them, the stops included.
        let codes = try query.showsCodes()

        let start: LocalDate
        if let date {
            guard let found = startDate(service, stop: from ?? 0, leavingOn: date) else {
                throw DemoFailure(404, "Рейс \(uid) не ходит \(date)")
            }
            start = found
        } else {
            guard let next = nextRun(of: service, from: request.today) else {
                throw DemoFailure(404, "Рейс \(uid) не ходит в ближайшие дни")
            }
            start = next
        }
        let trip = DemoTrip(service: service, startDate: start, from: 0, to: service.stops.count - 1)
        let first = station(service.stops[0].station)!
        let localDate = { (index: Int?) -> LocalDate? in
            guard let index, let utc = trip.departureUTC(index) ?? trip.arrivalUTC(index),
                  let station = self.station(service.stops[index].station) else { return nil }
            return DemoTime.date(utc, offset: clock.offset(at: station, utc: utc))
        }
        let startOffset = clock.offset(at: first, utc: trip.startUTC)
        let point = { (index: Int?) in
            index.map { self.stationPoint(self.station(service.stops[$0].station)!, codes: codes) }
        }
        return ThreadResponse(
            uid: service.uid, title: service.title, shortTitle: service.shortTitle, number: service.number,
            transportType: service.mode.apiType, vehicle: service.vehicle,
            expressType: service.expressType.map(ThreadResponse.ExpressType.init(rawValue:)),
            transportSubtype: subtypeValue(service.subtype),
            carrier: service.carrierCode.flatMap(carrier).map { carrierValue($0, style: .withOffices) },
            days: service.days.text, exceptDays: "", startDate: DemoTime.date(trip.startUTC, offset: startOffset),
            startTime: DemoTime.clock(trip.startUTC, offset: startOffset, seconds: false),
            from: point(from), to: point(to), departureDate: localDate(from), arrivalDate: localDate(to),
            interval: interval(trip, date: date),
            stops: service.stops.indices.map { stop(trip, $0, clock: clock, codes: codes) })
    }

    /// The index of a `from`/`to` point on the thread, or 400 when the thread does not pass through it.
    private func stopIndex(of code: String?, on service: DemoService, uid: String,
                           after earlier: Int? = nil) throws -> Int? {
        guard let code, !code.isEmpty else { return nil }
        let point = try requirePoint(code)
        guard let index = service.stopIndex(from: (earlier ?? -1) + 1, servedBy: point) else {
            throw DemoFailure(400, "Нитка \(uid) не проходит через \(code)")
        }
        return index
    }

    private func stop(_ trip: DemoTrip, _ index: Int, clock: DemoClock, codes: Bool) -> ThreadStop {
        let stop = trip.service.stops[index]
        let station = station(stop.station)!
        let text = { (utc: Int?) in
            utc.map { DemoTime.naive($0, offset: clock.offset(at: station, utc: $0), separator: " ") }
        }
        let arrival = stop.arrival, departure = stop.departure
        return ThreadStop(
            station: stationPoint(station, codes: codes), arrival: text(trip.arrivalUTC(index)),
            departure: text(trip.departureUTC(index)), duration: Double((arrival ?? departure ?? 0) * 60),
            stopTime: arrival.flatMap { a in departure.map { ($0 - a) * 60 } }, platform: stop.platform,
            terminal: stop.terminal)
    }
}
