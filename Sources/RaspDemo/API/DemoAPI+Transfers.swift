import RaspAPI
import RaspRuntime

/// Routes with one transfer (`transfers=true` on a one-day search).
extension DemoCatalog {
    /// Two runs joined at a settlement.
    struct TransferVariant {
        let first: DemoTrip
        let second: DemoTrip
        let hub: DemoCity
    }

    /// At most this many transfer variants are offered, the earliest arrivals first.
    static let transferVariantLimit = 10

    /// One-transfer routes leaving `origin` on `date`: for each first run to another settlement, the second run
    /// from there that arrives first among those leaving after a workable connection (30 minutes at the same
    /// station, 90 across the city, 60 between two flights) and within 12 hours.
    func transferVariants(from origin: DemoPoint, to destination: DemoPoint, on date: LocalDate,
                          modes: Set<DemoMode>?) -> [TransferVariant] {
        var onward: [String: [DemoTrip]] = [:]
        var variants: [TransferVariant] = []
        for service in services(touching: origin) where modes?.contains(service.mode) ?? true {
            guard let from = service.stopIndex(servedBy: origin), service.stops[from].departure != nil,
                  service.stopIndex(from: from + 1, servedBy: destination) == nil,
                  let start = startDate(service, stop: from, leavingOn: date)
            else { continue }
            for to in (from + 1)..<service.stops.count {
                guard let arrivalStation = station(service.stops[to].station), let hub = city(of: arrivalStation),
                      hub.code != origin.cityCode, hub.code != destination.cityCode,
                      Self.isOnTheWay(hub, from: origin, to: destination)
                else { continue }
                let first = DemoTrip(service: service, startDate: start, from: from, to: to)
                let arrivalDate = DemoTime.date(first.arrival, offset: arrivalStation.zone.offsetMinutes)
                let key = "\(hub.code) \(arrivalDate)"
                if onward[key] == nil {
                    let hubPoint = DemoPoint.settlement(hub)
                    onward[key] = (trips(from: hubPoint, to: destination, on: arrivalDate, reference: date)
                        + trips(from: hubPoint, to: destination, on: arrivalDate.adding(days: 1), reference: date))
                        .filter { $0.service.interval == nil && (modes?.contains($0.service.mode) ?? true) }
                }
                let second = onward[key]!.filter { next in
                    let wait = next.departure - first.arrival
                    return wait >= connectionMinutes(first, next) && wait <= 12 * 60
                }.min { ($0.arrival, $0.departure) < ($1.arrival, $1.departure) }
                // The same two runs joined at another shared stop are the same journey: the first hub is kept.
                if let second, !variants.contains(where: {
                    $0.first.service.uid == service.uid && $0.second.service.uid == second.service.uid
                }) {
                    variants.append(TransferVariant(first: first, second: second, hub: hub))
                }
            }
        }
        return Array(variants
            .sorted { ($0.second.arrival, $0.first.departure) < ($1.second.arrival, $1.first.departure) }
            .prefix(Self.transferVariantLimit))
    }

    /// Whether changing at `hub` is a route a timetable could offer: the hub is nearer the destination than the
    /// origin is, and going through it is at most 30% (plus 60 km) longer than the straight line. Moscow → Tver
    /// through Saint Petersburg, Almaty → Astana through Moscow, or Moscow → Yekaterinburg through Tyumen (past
    /// the destination and back), are not; Yekaterinburg → Ryazan through Moscow is.
    static func isOnTheWay(_ hub: DemoCity, from origin: DemoPoint, to destination: DemoPoint) -> Bool {
        let (a, b) = (origin.coordinates, destination.coordinates)
        let direct = DemoGeo.kilometres(a.latitude, a.longitude, b.latitude, b.longitude)
        let first = DemoGeo.kilometres(a.latitude, a.longitude, hub.latitude, hub.longitude)
        let second = DemoGeo.kilometres(hub.latitude, hub.longitude, b.latitude, b.longitude)
        return second < direct && first + second <= direct * 1.3 + 60
    }

    private func connectionMinutes(_ first: DemoTrip, _ second: DemoTrip) -> Int {
        if first.service.mode == .plane && second.service.mode == .plane { return 60 }
        let sameStation = first.service.stops[first.to].station == second.service.stops[second.from].station
        return sameStation ? 30 : 90
    }

    func transferSegment(_ variant: TransferVariant, _ options: SegmentOptions) -> TransferSegment {
        let (first, second) = (variant.first, variant.second)
        let departureStation = station(first.service.stops[first.from].station)!
        let transferFrom = station(first.service.stops[first.to].station)!
        let transferTo = station(second.service.stops[second.from].station)!
        let arrivalStation = station(second.service.stops[second.to].station)!
        // A leg's ends are the settlements of its stations.
        let leg = { (trip: DemoTrip) -> TransferSegment.DetailsItem in
            let leg = Leg(trip, options, in: self)
            return .transferLeg(TransferLeg(
                thread: self.threadValue(trip.service, carrier: .short),
                from: self.settlementPoint(self.city(of: leg.from)!), to: self.settlementPoint(self.city(of: leg.to)!),
                departure: leg.departure, arrival: leg.arrival, departurePlatform: leg.departurePlatform,
                arrivalPlatform: leg.arrivalPlatform, departureTerminal: leg.departureTerminal,
                arrivalTerminal: leg.arrivalTerminal, stops: leg.stops, duration: leg.duration,
                startDate: leg.startDate))
        }
        let transfer = Transfer(isTransfer: true, duration: Double((second.departure - first.arrival) * 60),
                                transferPoint: settlementPoint(variant.hub), transferFrom: stationPoint(transferFrom),
                                transferTo: stationPoint(transferTo))
        return TransferSegment(
            hasTransfers: true, departureFrom: stationPoint(departureStation, codes: options.codes),
            arrivalTo: stationPoint(arrivalStation, codes: options.codes),
            departure: time(first.departure, at: departureStation, options),
            arrival: time(second.arrival, at: arrivalStation, options),
            transportTypes: [first, second].map { $0.service.mode.apiType },
            transfers: [settlementPoint(variant.hub)], details: [leg(first), .transfer(transfer), leg(second)])
    }

    /// `tickets_info` of a one-day run: demo prices in roubles, derived from the distance. As in real answers,
    /// some train and suburban threads have no `tickets_info` (a quarter of them here), while buses carry prices.
    func tickets(_ trip: DemoTrip) -> TicketsInfo? {
        guard let from = station(trip.service.stops[trip.from].station),
              let to = station(trip.service.stops[trip.to].station)
        else { return nil }
        let railway = trip.service.mode == .train || trip.service.mode == .suburban
        if railway, DemoHash.pick(trip.service.uid + "tickets", 4) == 0 { return nil }
        let km = DemoGeo.kilometres(from.latitude, from.longitude, to.latitude, to.longitude)
        let fares: [(String?, Double)]
        switch (trip.service.mode, trip.service.subtype?.code) {
        case (.plane, _): fares = [(nil, 2400 + km * 3.2)]
        case (.train, "sapsan"): fares = [("Эконом", 900 + km * 4.1), ("Бизнес", 2500 + km * 9)]
        case (.train, "last"): fares = [("Сидячий", 400 + km * 3)]
        case (.train, _): fares = [("Плацкарт", 900 + km * 1.9), ("Купе", 1600 + km * 3.6)]
        case (.suburban, _): fares = [(nil, 50 + km * 2.6)]
        case (.bus, _): fares = DemoHash.pick(trip.service.uid, 3) == 0 ? [] : [(nil, 300 + km * 2.2)]
        case (.water, _): fares = []
        }
        return TicketsInfo(etMarker: false, places: fares.map { name, price in
            Place(currency: "RUB", price: Price(whole: Int((price / 10).rounded()) * 10, cents: 0), name: name)
        })
    }
}
