/// A part of the day the schedule can be filtered by, in the departure station's local time.
///
/// Each slot includes its start and excludes its end: 06:00 is morning, 05:59 is night, 00:00 is night,
/// 23:59 is evening.
public enum DepartureSlot: String, Sendable, Hashable, CaseIterable, Codable, Comparable {
    /// 06:00–12:00.
    case morning
    /// 12:00–18:00.
    case day
    /// 18:00–24:00.
    case evening
    /// 00:00–06:00.
    case night

    /// The slot a local wall-clock time falls into.
    /// - Parameter time: A time in the departure station's zone.
    public init(_ time: TripTime) {
        self.init(minuteOfDay: time.minuteOfDay)
    }

    /// The slot of a minute of the day (0–1439; other values wrap around).
    /// - Parameter minuteOfDay: Minutes since local midnight.
    public init(minuteOfDay: Int) {
        let minute = ((minuteOfDay % 1440) + 1440) % 1440
        switch minute {
        case 360..<720: self = .morning
        case 720..<1080: self = .day
        case 1080..<1440: self = .evening
        default: self = .night
        }
    }

    /// Start and end of the slot in minutes since midnight (start inclusive, end exclusive).
    public var minutes: Range<Int> {
        switch self {
        case .morning: 360..<720
        case .day: 720..<1080
        case .evening: 1080..<1440
        case .night: 0..<360
        }
    }

    /// The localized label, e.g. «Утро 06:00 – 12:00».
    /// - Parameter strings: The language.
    /// - Returns: The label.
    public func title(_ strings: RaspKit.Strings) -> String {
        switch self {
        case .morning: strings[.filtersSlotMorning]
        case .day: strings[.filtersSlotDay]
        case .evening: strings[.filtersSlotEvening]
        case .night: strings[.filtersSlotNight]
        }
    }

    private var order: Int { Self.allCases.firstIndex(of: self) ?? 0 }

    public static func < (lhs: DepartureSlot, rhs: DepartureSlot) -> Bool { lhs.order < rhs.order }
}
