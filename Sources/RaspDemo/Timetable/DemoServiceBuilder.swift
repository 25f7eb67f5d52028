/// Turns ``DemoLinks`` into threads: picks stations, departure times, numbers, uids, running days and travel
/// times, all derived deterministically from the link data.
struct DemoServiceBuilder {
    let cities: [String: DemoCity]
    let stations: [String: DemoStation]
    let carriers: [Int: DemoCarrier]
    var uids: Set<String> = []
    var numbers: Set<String> = []

    init(cities: [String: DemoCity], stations: [String: DemoStation], carriers: [Int: DemoCarrier]) {
        self.cities = cities
        self.stations = stations
        self.carriers = carriers
    }

    /// Every thread of every link, both directions.
    mutating func build(_ links: [DemoLink]) -> [DemoService] {
        var services: [DemoService] = []
        for (index, link) in links.enumerated() {
            services += build(link, path: link.path, times: link.times, seed: "\(index)>")
            services += build(link, path: link.path.reversed(), times: link.backTimes, seed: "\(index)<")
        }
        return services
    }

    private mutating func build(_ link: DemoLink, path: [String], times: [String], seed: String) -> [DemoService] {
        if let interval = link.interval {
            let begin = Self.minutes(interval.begin), end = Self.minutes(interval.end)
            let carrier = link.carriers.first ?? nil
            let stops = self.stops(for: link, path: path, carrier: carrier, seed: seed)
            return [make(link, stops: stops, start: begin, days: .daily, carrier: carrier, seed: seed,
                         interval: DemoInterval(density: interval.density, endMinute: end))]
        }
        let departures = times.isEmpty ? generatedTimes(link, seed: seed) : times.map(Self.minutes)
        return departures.enumerated().map { index, start in
            let carrier = link.carriers[index % link.carriers.count]
            let stops = self.stops(for: link, path: path, carrier: carrier, seed: seed + "\(index)")
            let days = times.isEmpty && index > 0 ? Self.days(seed + "days\(index)") : .daily
            return make(link, stops: stops, start: start, days: days, carrier: carrier, seed: seed + "\(index)",
                        interval: nil)
        }
    }

    private mutating func make(_ link: DemoLink, stops: [DemoStop], start: Int, days: DemoDays, carrier: Int?,
                               seed: String, interval: DemoInterval?) -> DemoService {
        let first = stations[stops[0].station]!, last = stations[stops[stops.count - 1].station]!
        let number = uniqueNumber(link, carrier: carrier, seed: seed, forward: seed.contains(">"))
        let titles = Self.titles(link.kind, first: first, last: last, cities: cities)
        return DemoService(
            uid: uniqueUID(link, number: number, carrier: carrier, first: first, last: last, interval: interval != nil),
            number: number, title: titles.title, shortTitle: titles.short, mode: link.kind.mode, carrierCode: carrier,
            subtype: Self.subtype(link.kind), expressType: Self.expressType(link.kind),
            vehicle: link.kind == .plane ? Self.vehicle(seed, distance: distance(first, last)) : nil,
            originZone: first.zone, startMinute: start, days: days, stops: stops, interval: interval)
    }

    // MARK: Stops and travel times

    private func stops(for link: DemoLink, path: [String], carrier: Int?, seed: String) -> [DemoStop] {
        let chosen = path.enumerated().map { index, code in
            resolve(code, kind: link.kind, carrier: carrier, seed: seed + "\(index)")
        }
        var result: [DemoStop] = []
        var clock = 0
        for (index, station) in chosen.enumerated() {
            let isFirst = index == 0, isLast = index == chosen.count - 1
            if !isFirst { clock += legMinutes(link.kind, from: chosen[index - 1], to: station) }
            let arrival = isFirst ? nil : clock
            if !isFirst && !isLast { clock += dwell(link.kind, seed: seed + station.code) }
            result.append(DemoStop(station: station.code, city: station.cityCode, arrival: arrival,
                                   departure: isLast ? nil : clock,
                                   platform: platform(link.kind, station: station, seed: seed),
                                   terminal: terminal(link.kind, station: station)))
        }
        return result
    }

    /// The station a path entry stands for: itself, or the settlement's first station that suits the kind.
    private func resolve(_ code: String, kind: DemoLink.Kind, carrier: Int?, seed: String) -> DemoStation {
        if let station = stations[code] { return station }
        guard let city = cities[code] else { preconditionFailure("demo link names an unknown point \(code)") }
        let suitable = city.stations.filter { Self.suits($0.kind, kind) }
        guard !suitable.isEmpty else { return city.stations[0] }
        if kind == .plane, let hubs = carrier.flatMap({ carriers[$0]?.hubs }),
           let hub = suitable.first(where: { hubs.contains($0.code) }) {
            return hub
        }
        return kind == .plane ? suitable[DemoHash.pick(seed, suitable.count)] : suitable[0]
    }

    static func suits(_ station: DemoStationKind, _ kind: DemoLink.Kind) -> Bool {
        switch kind.mode {
        case .plane: station == .airport
        case .train: station == .trainStation
        case .suburban: station == .trainStation || station == .platform
        case .bus: station == .busStation || station == .busStop
        case .water: false
        }
    }

    func distance(_ a: DemoStation, _ b: DemoStation) -> Double {
        DemoGeo.kilometres(a.latitude, a.longitude, b.latitude, b.longitude)
    }

    private func legMinutes(_ kind: DemoLink.Kind, from: DemoStation, to: DemoStation) -> Int {
        let km = distance(from, to)
        let minutes: Double = switch kind {
        case .plane: 35 + km / 13.3
        case .sapsan: km * 1.15 / 170 * 60
        case .lastochka: km * 1.2 / 105 * 60
        case .train: km * 1.2 / 72 * 60
        case .suburban, .aeroexpress: max(15, km * 1.3 / 45 * 60)
        case .bus: km * 1.25 / 60 * 60
        }
        return max(5, Int((minutes / 5).rounded()) * 5)
    }

    private func dwell(_ kind: DemoLink.Kind, seed: String) -> Int {
        switch kind {
        case .train: [2, 5, 10, 15][DemoHash.pick(seed, 4)]
        case .bus: 10
        case .plane, .sapsan, .lastochka: 2
        case .suburban, .aeroexpress: 1
        }
    }

    private func platform(_ kind: DemoLink.Kind, station: DemoStation, seed: String) -> String {
        guard kind.mode == .train, DemoHash.pick(seed + station.code + "p", 2) == 0 else { return "" }
        return "\(DemoHash.pick(seed + station.code, 12) + 1) путь"
    }

    /// An airport terminal, in the forms real answers use: a name, `""`, `"0"`, the literal string `"NULL"`, or
    /// null.
    private func terminal(_ kind: DemoLink.Kind, station: DemoStation) -> String? {
        guard kind == .plane else { return nil }
        switch station.code {
        case "s9600213": return "B"
        case "s9600215": return "A"
        case "s9600216": return ""
        case "s9600366": return "1"
        case "s9600370": return "NULL"
        case "s9900202": return "0"
        default: return nil
        }
    }
}
