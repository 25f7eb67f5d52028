import RaspRuntime

/// Numbers, uids, titles, departure times and running days of generated threads.
extension DemoServiceBuilder {
    /// Departures spread over the kind's operating window, one per slot, hashed inside the slot.
    func generatedTimes(_ link: DemoLink, seed: String) -> [Int] {
        let (begin, end): (Int, Int) = switch link.kind {
        case .plane: (6 * 60, 23 * 60)
        case .train: (0, 24 * 60 - 5)
        case .bus, .lastochka, .sapsan: (6 * 60, 21 * 60)
        case .suburban, .aeroexpress: (5 * 60, 23 * 60 + 30)
        }
        let count = max(1, link.perDay)
        let slot = (end - begin) / count
        return (0..<count).map { index in
            let inside = DemoHash.pick(seed + "t\(index)", max(1, slot / 5)) * 5
            return begin + index * slot + inside
        }
    }

    /// Running days of a generated thread other than the first (the first of each direction runs daily).
    static func days(_ seed: String) -> DemoDays {
        switch DemoHash.pick(seed, 10) {
        case 6: .weekdays
        case 7: .weekends
        case 8: .weekdaysList([1, 3, 5])
        case 9: DemoHash.pick(seed + "o", 2) == 0 ? .odd : .even
        default: .daily
        }
    }

    /// `HH:MM` → minutes after midnight.
    static func minutes(_ text: String) -> Int {
        let parts = text.split(separator: ":").compactMap { Int($0) }
        precondition(parts.count == 2, "bad demo time \(text)")
        return parts[0] * 60 + parts[1]
    }

    /// A trip number unique in the data set, or `""` for interval threads and for a quarter of the bus threads
    /// (real answers have buses with `number: ""`).
    mutating func uniqueNumber(_ link: DemoLink, carrier: Int?, seed: String, forward: Bool) -> String {
        if link.interval != nil { return "" }
        if link.kind == .bus, DemoHash.pick(seed + "no number", 4) == 0 { return "" }
        var attempt = 0
        while true {
            let candidate = number(link, carrier: carrier, seed: seed + (attempt == 0 ? "" : "#\(attempt)"),
                                   forward: forward)
            if numbers.insert(candidate).inserted { return candidate }
            attempt += 1
        }
    }

    private func number(_ link: DemoLink, carrier: Int?, seed: String, forward: Bool) -> String {
        let parity = forward ? 1 : 2
        let letters = Array("АВГЕЖИМНСУЧЯ")
        switch link.kind {
        case .plane:
            let code = carrier.flatMap { carriers[$0]?.iata } ?? "XX"
            return "\(code) \(100 + DemoHash.pick(seed, 6900))"
        case .sapsan:
            return "\(750 + DemoHash.pick(seed, 24) * 2 + parity)А"
        case .lastochka:
            return "\(700 + DemoHash.pick(seed, 24) * 2 + parity)\(letters[DemoHash.pick(seed + "l", letters.count)])"
        case .train:
            let value = DemoHash.pick(seed, 149) * 2 + parity
            return Self.pad(value, 3) + String(letters[DemoHash.pick(seed + "l", letters.count)])
        case .suburban, .aeroexpress:
            return "\(6000 + DemoHash.pick(seed, 1900) * 2 + parity)"
        case .bus:
            return "\(100 + DemoHash.pick(seed, 900))"
        }
    }

    mutating func uniqueUID(_ link: DemoLink, number: String, carrier: Int?, first: DemoStation, last: DemoStation,
                            interval: Bool) -> String {
        let digits = { (station: DemoStation) in String(station.code.dropFirst()) }
        var variant = 0
        while true {
            let uid: String
            if interval {
                uid = "\(link.kind == .aeroexpress ? "AE" : "BUS")-interval_\(variant)_c\(carrier ?? 0)_10"
            } else {
                switch link.kind {
                case .plane:
                    let flight = number.replacingOccurrences(of: " ", with: "-")
                    uid = "\(flight)_\(Self.uidDate(number, variant: variant))_c\(carrier ?? 0)_12"
                case .bus: uid = "empty_\(variant)_f\(digits(first))t\(digits(last))_175"
                default: uid = "\(number)_\(variant)_\(digits(first))_g26_4"
                }
            }
            if uids.insert(uid).inserted { return uid }
            variant += 1
        }
    }

    /// The `YYMMDD` date a plane thread's uid embeds, as real ones do (`SU-45_251222_c26_12`): a made-up date in
    /// December 2025 here, since what the real date stands for is not documented. Uids are no lasting ids.
    static func uidDate(_ number: String, variant: Int) -> String {
        let date = LocalDate(year: 2025, month: 12, day: 1)!.adding(days: DemoHash.pick(number, 31) + variant)
        return pad(date.year % 100, 2) + pad(date.month, 2) + pad(date.day, 2)
    }

    /// Planes and trains are titled by settlements, buses and suburban trains by stations, as the real API does.
    static func titles(_ kind: DemoLink.Kind, first: DemoStation, last: DemoStation,
                       cities: [String: DemoCity]) -> (title: String, short: String) {
        switch kind {
        case .plane, .train, .sapsan, .lastochka:
            let from = cities[first.cityCode]?.title ?? first.title, to = cities[last.cityCode]?.title ?? last.title
            let title = "\(from) — \(to)"
            let short = [first, last].map { station in
                station.shortTitle.flatMap { $0.isEmpty ? nil : $0 }
                    ?? (cities[station.cityCode]?.title ?? station.title)
            }
            return (title, kind == .plane ? title : short.joined(separator: " — "))
        case .bus, .suburban, .aeroexpress:
            let title = "\(first.title) — \(last.title)"
            let short = [first, last].map { station in
                station.shortTitle.flatMap { $0.isEmpty ? nil : $0 } ?? station.title
            }
            return (title, short.joined(separator: " — "))
        }
    }

    static func subtype(_ kind: DemoLink.Kind) -> DemoSubtype? {
        switch kind {
        case .sapsan: .sapsan
        case .lastochka: .lastochka
        case .suburban: .suburban
        case .aeroexpress: .aeroexpress
        case .plane, .train, .bus: nil
        }
    }

    static func expressType(_ kind: DemoLink.Kind) -> String? {
        switch kind {
        case .aeroexpress: "aeroexpress"
        case .lastochka: "express"
        default: nil
        }
    }

    static func vehicle(_ seed: String, distance: Double) -> String {
        let fleet = distance > 3000
            ? ["Boeing 777-300ER", "Airbus A350-900", "Airbus A321"]
            : ["Airbus A320", "Airbus A321", "Boeing 737-800", "Sukhoi Superjet 100", "Airbus A319"]
        return fleet[DemoHash.pick(seed + "v", fleet.count)]
    }

    static func pad(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }
}
