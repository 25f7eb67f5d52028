import RaspRuntime

/// `GET /v3.0/thread/`: the stops of one thread.
extension DemoCatalog {
    func thread(_ request: DemoRequest) throws -> JSONNode {
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
        let localDate = { (index: Int?) -> JSONNode in
            guard let index, let utc = trip.departureUTC(index) ?? trip.arrivalUTC(index),
                  let station = self.station(service.stops[index].station) else { return .null }
            return .string(DemoTime.date(utc, offset: clock.offset(at: station, utc: utc)).description)
        }
        let startOffset = clock.offset(at: first, utc: trip.startUTC)
        var members: [(String, JSONNode)] = [
            ("uid", .string(service.uid)), ("title", .string(service.title)),
            ("short_title", .string(service.shortTitle)),
            ("number", .string(service.number)), ("transport_type", .string(service.mode.rawValue)),
            ("vehicle", .string(service.vehicle)), ("express_type", .string(service.expressType)),
            ("transport_subtype", subtypeJSON(service.subtype)),
            ("carrier", service.carrierCode.flatMap(carrier).map { carrierJSON($0, style: .withOffices) } ?? .null),
            ("days", .string(service.days.text)), ("except_days", .string("")),
            ("start_date", .string(DemoTime.date(trip.startUTC, offset: startOffset).description)),
            ("start_time", .string(DemoTime.clock(trip.startUTC, offset: startOffset, seconds: false))),
            ("from", from.map { stationJSON(station(service.stops[$0].station)!, codes: codes) } ?? .null),
            ("to", to.map { stationJSON(station(service.stops[$0].station)!, codes: codes) } ?? .null),
            ("departure_date", localDate(from)), ("arrival_date", localDate(to)),
        ]
        if let interval = intervalJSON(trip, date: date) { members.append(("interval", interval)) }
        members.append(("stops", .array(service.stops.indices.map { stopJSON(trip, $0, clock: clock, codes: codes) })))
        return .object(members)
    }

    /// The index of a `from`/`to` point on the thread, or 400 when the thread does not pass through it.
    private func stopIndex(of code: String?, on service: DemoService, uid: String,
                           after earlier: Int? = nil) throws -> Int? {
        guard let code, !code.isEmpty else { return nil }
        let point = try requirePoint(code)
        guard let index = service.stopIndex(from: (earlier ?? -1) + 1, where: point.contains, in: self) else {
            throw DemoFailure(400, "Нитка \(uid) не проходит через \(code)")
        }
        return index
    }

    private func stopJSON(_ trip: DemoTrip, _ index: Int, clock: DemoClock, codes: Bool) -> JSONNode {
        let stop = trip.service.stops[index]
        let station = station(stop.station)!
        let text = { (utc: Int?) -> JSONNode in
            utc.map { .string(DemoTime.naive($0, offset: clock.offset(at: station, utc: $0), separator: " ")) } ?? .null
        }
        let arrival = stop.arrival, departure = stop.departure
        let stopTime: JSONNode = arrival.flatMap { a in departure.map { .int(($0 - a) * 60) } } ?? .null
        let duration = (arrival ?? departure ?? 0) * 60
        return .object([
            ("station", stationJSON(station, codes: codes)),
            ("arrival", text(trip.arrivalUTC(index))), ("departure", text(trip.departureUTC(index))),
            ("duration", trip.service.mode == .plane ? .double(Double(duration)) : .int(duration)),
            ("stop_time", stopTime), ("platform", .string(stop.platform)), ("terminal", .string(stop.terminal)),
        ])
    }
}
