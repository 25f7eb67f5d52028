/// A carrier (the API's full carrier object; `/schedule/` shows only code, title and codes).
struct DemoCarrier: Sendable {
    let code: Int
    let title: String
    let sirena: String?
    let iata: String?
    let icao: String?
    var address: String? = nil
    var url: String? = nil
    var email: String? = nil
    var contacts: String? = nil
    var phone: String? = nil
    var logo: String? = nil
    var logoSVG: String? = nil
    /// Offices (`/carrier/` and `/thread/` only); `[]` for most carriers, as in the real data.
    var offices: [DemoOffice] = []
    /// Airports it flies from, in order of preference (planes only; empty means any airport of the city).
    var hubs: [String] = []
}

/// A carrier office (its fields are undocumented; these are the ones a hand-written fixture shows).
struct DemoOffice: Sendable {
    let title: String
    let address: String
    let phone: String
    let latitude: Double
    let longitude: Double
}
