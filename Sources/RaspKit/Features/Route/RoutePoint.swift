import Foundation

/// One end of a route: a city and one of its stations.
public struct RoutePoint: Sendable, Hashable, Codable {
    /// The city.
    public var city: RouteCity
    /// The station.
    public var station: RouteStation

    /// A point.
    /// - Parameters:
    ///   - city: The city.
    ///   - station: The station in it.
    public init(city: RouteCity, station: RouteStation) {
        self.city = city
        self.station = station
    }

    /// The code sent to the search (the station's).
    public var code: String { station.code }

    /// «Москва (Ленинградский вокзал)»; just the station's name when it already names the city (directory
    /// titles such as «Москва (Ленинградский вокзал)» or «Санкт-Петербург, автовокзал»).
    /// - Parameter strings: The language.
    /// - Returns: The title.
    public func title(_ strings: RaspKit.Strings) -> String {
        if station.title.range(of: city.title, options: [.caseInsensitive, .diacriticInsensitive]) != nil {
            return station.title
        }
        return strings.format(.routePointFormat, city.title, station.title)
    }
}

/// Which end of the route a picker fills.
public enum RouteEnd: String, Sendable, Hashable, CaseIterable {
    /// «Откуда».
    case from
    /// «Куда».
    case to
}
