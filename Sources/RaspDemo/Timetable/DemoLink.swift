/// A route of the demo network: threads of one kind over a path of settlements or stations, in both directions.
/// ``DemoServiceBuilder`` turns each link into threads.
struct DemoLink: Sendable {
    /// What runs on the link.
    enum Kind: String, Sendable {
        case plane, train, sapsan, lastochka, suburban, aeroexpress, bus

        var mode: DemoMode {
            switch self {
            case .plane: .plane
            case .train, .sapsan, .lastochka: .train
            case .suburban, .aeroexpress: .suburban
            case .bus: .bus
            }
        }
    }

    let kind: Kind
    /// Settlement (`c…`) or station (`s…`) codes, first stop first. A settlement stands for its first station
    /// that suits the kind (an airport for planes, a railway station for trains…).
    let path: [String]
    /// Threads a day in each direction (ignored for a direction with fixed ``times``).
    let perDay: Int
    /// Carriers taken in turn (nil: no carrier, common for buses).
    let carriers: [Int?]
    /// Fixed daily departures `HH:MM` from the first stop (replaces generated ones).
    var times: [String] = []
    /// Fixed daily departures `HH:MM` from the last stop, for the way back.
    var backTimes: [String] = []
    /// For an interval thread: the density text and the first and last departures `HH:MM`.
    var interval: (density: String, begin: String, end: String)? = nil

    static func plane(_ from: String, _ to: String, _ perDay: Int, _ carriers: [Int?],
                      times: [String] = [], back: [String] = []) -> DemoLink {
        DemoLink(kind: .plane, path: [from, to], perDay: perDay, carriers: carriers, times: times, backTimes: back)
    }

    static func rail(_ kind: Kind, _ path: [String], _ perDay: Int, _ carriers: [Int?],
                     times: [String] = [], back: [String] = []) -> DemoLink {
        DemoLink(kind: kind, path: path, perDay: perDay, carriers: carriers, times: times, backTimes: back)
    }

    static func bus(_ path: [String], _ perDay: Int, _ carriers: [Int?] = [nil],
                    times: [String] = [], back: [String] = []) -> DemoLink {
        DemoLink(kind: .bus, path: path, perDay: perDay, carriers: carriers, times: times, backTimes: back)
    }

    static func interval(_ kind: Kind, _ path: [String], carrier: Int?, density: String, from begin: String,
                         to end: String) -> DemoLink {
        DemoLink(kind: kind, path: path, perDay: 1, carriers: [carrier], interval: (density, begin, end))
    }
}
