/// One thread of the demo timetable: a numbered run of a carrier over fixed stops, repeating on its running
/// days.
struct DemoService: Sendable {
    let uid: String
    let number: String
    let title: String
    let shortTitle: String
    let mode: DemoMode
    let carrierCode: Int?
    let subtype: DemoSubtype?
    let expressType: String?
    let vehicle: String?
    /// The zone of the first stop, where ``startMinute`` is counted.
    let originZone: DemoZone
    /// Local minutes after midnight when it leaves its first stop.
    let startMinute: Int
    let days: DemoDays
    let stops: [DemoStop]
    /// For interval threads ("every 15–20 minutes"): the density and the last departure.
    let interval: DemoInterval?

    /// The last stop's arrival offset in minutes (the whole run's length).
    var length: Int { stops.last?.arrival ?? 0 }

    /// The first stop index at `index` or later whose station satisfies `matches`.
    func stopIndex(from index: Int = 0, where matches: (DemoStation) -> Bool, in catalog: DemoCatalog) -> Int? {
        guard index < stops.count else { return nil }
        return stops[index...].firstIndex { stop in catalog.station(stop.station).map(matches) ?? false }
    }
}

/// A stop of a thread, with minute offsets from the thread's start.
struct DemoStop: Sendable {
    let station: String
    /// Minutes after the start when it arrives (nil at the first stop).
    let arrival: Int?
    /// Minutes after the start when it leaves (nil at the last stop).
    let departure: Int?
    let platform: String
    let terminal: String?
}

/// `transport_subtype` of a thread.
struct DemoSubtype: Sendable {
    let title: String
    let code: String
    let color: String

    static let sapsan = DemoSubtype(title: "Сапсан", code: "sapsan", color: "#1C4F9C")
    static let lastochka = DemoSubtype(title: "«Ласточка»", code: "last", color: "#CC6600")
    static let suburban = DemoSubtype(title: "Пригородный поезд", code: "suburban", color: "#CC6600")
    static let aeroexpress = DemoSubtype(title: "Аэроэкспресс", code: "suburban", color: "#FF7F44")
}

/// The interval part of an interval thread.
struct DemoInterval: Sendable {
    let density: String
    /// Local minutes after midnight of the last departure from the first stop.
    let endMinute: Int
}
