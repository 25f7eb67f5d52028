/// One thread of the demo timetable: a numbered run of a carrier over fixed stops, repeating on its running
/// days. A class: every run of a search holds its thread, which is shared rather than copied field by field.
final class DemoService: Sendable {
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

    init(uid: String, number: String, title: String, shortTitle: String, mode: DemoMode, carrierCode: Int?,
         subtype: DemoSubtype?, expressType: String?, vehicle: String?, originZone: DemoZone, startMinute: Int,
         days: DemoDays, stops: [DemoStop], interval: DemoInterval?) {
        self.uid = uid
        self.number = number
        self.title = title
        self.shortTitle = shortTitle
        self.mode = mode
        self.carrierCode = carrierCode
        self.subtype = subtype
        self.expressType = expressType
        self.vehicle = vehicle
        self.originZone = originZone
        self.startMinute = startMinute
        self.days = days
        self.stops = stops
        self.interval = interval
    }

    /// The last stop's arrival offset in minutes (the whole run's length).
    var length: Int { stops.last?.arrival ?? 0 }

    /// The first stop index at `index` or later that serves `point`.
    func stopIndex(from index: Int = 0, servedBy point: DemoPoint) -> Int? {
        guard index < stops.count else { return nil }
        return stops[index...].firstIndex(where: point.contains)
    }
}

/// A stop of a thread, with minute offsets from the thread's start.
struct DemoStop: Sendable {
    let station: String
    /// The code of the station's settlement.
    let city: String
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
