/// A place a trip can start or end at: the API accepts a settlement (`c…`) or a station (`s…`) code alike.
public enum Place: Sendable, Hashable, Identifiable {
    /// A settlement: trips from or to any of its stations.
    case settlement(Settlement)
    /// One station.
    case station(Station)

    /// The code to send to the API (`c213`, `s9600213`).
    public var code: String {
        switch self {
        case .settlement(let settlement): settlement.code
        case .station(let station): station.code
        }
    }

    /// The name to show.
    public var title: String {
        switch self {
        case .settlement(let settlement): settlement.title
        case .station(let station): station.title
        }
    }

    /// Where it is, to tell equal names apart: the region (and country) of a settlement, the settlement of a
    /// station. Nil when the data has nothing to say.
    public var subtitle: String? {
        let parts: [String?]
        switch self {
        case .settlement(let settlement): parts = [settlement.regionTitle, settlement.countryTitle]
        case .station(let station): parts = [station.settlementTitle, station.regionTitle]
        }
        let text = parts.compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ", ")
        return text.isEmpty ? nil : text
    }

    /// The code, which identifies a place.
    public var id: String { code }

    /// The settlement, if this is one.
    public var settlement: Settlement? {
        if case .settlement(let settlement) = self { return settlement }
        return nil
    }

    /// The station, if this is one.
    public var station: Station? {
        if case .station(let station) = self { return station }
        return nil
    }
}
