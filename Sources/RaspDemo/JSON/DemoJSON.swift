import RaspRuntime

/// JSON shapes shared by several endpoints: points, carriers, threads.
extension DemoCatalog {
    /// A settlement point (`type: settlement`).
    func settlementJSON(_ city: DemoCity) -> JSONNode {
        .object([
            ("code", .string(city.code)), ("type", .string("settlement")), ("title", .string(city.title)),
            ("short_title", .string(city.title)), ("popular_title", .string(city.title)),
        ])
    }

    /// A station point; with `codes`, its `codes` object (`yandex`, and `esr` when known).
    func stationJSON(_ station: DemoStation, codes: Bool = false) -> JSONNode {
        var members: [(String, JSONNode)] = [
            ("code", .string(station.code)), ("type", .string("station")), ("title", .string(station.title)),
            ("short_title", .string(station.shortTitle)), ("popular_title", .string(station.popularTitle)),
            ("station_type", .string(station.kind.rawValue)), ("station_type_name", .string(station.kind.displayName)),
            ("transport_type", .string(station.mode.rawValue)),
        ]
        if codes { members.append(("codes", stationCodesJSON(station))) }
        return .object(members)
    }

    func stationCodesJSON(_ station: DemoStation) -> JSONNode {
        var codes: [(String, JSONNode)] = [("yandex", .string(station.code))]
        if let esr = station.esr { codes.append(("esr", .string(esr))) }
        return .object(codes)
    }

    /// A `from`/`to` parameter echoed back.
    func pointJSON(_ point: DemoPoint, codes: Bool = false) -> JSONNode {
        switch point {
        case .settlement(let city): settlementJSON(city)
        case .station(let station): stationJSON(station, codes: codes)
        }
    }

    /// How much of a carrier to write.
    enum CarrierStyle {
        /// `code`, `title`, `codes` (schedule rows, transfer legs).
        case short
        /// Everything but offices, with `logo_svg` (search segments).
        case full
        /// Everything with `offices` (`/carrier/`, `/thread/`).
        case withOffices
    }

    func carrierJSON(_ carrier: DemoCarrier, style: CarrierStyle) -> JSONNode {
        var members: [(String, JSONNode)] = [
            ("code", .int(carrier.code)), ("title", .string(carrier.title)),
            ("codes", .object([("sirena", .string(carrier.sirena)), ("iata", .string(carrier.iata)),
                               ("icao", .string(carrier.icao))])),
        ]
        guard style != .short else { return .object(members) }
        members += [
            ("address", .string(carrier.address)), ("url", .string(carrier.url)), ("email", .string(carrier.email)),
            ("contacts", .string(carrier.contacts)), ("phone", .string(carrier.phone)), ("logo", .string(carrier.logo)),
        ]
        if style == .full { members.append(("logo_svg", .string(carrier.logoSVG))) }
        if style == .withOffices {
            members.append(("offices", .array(carrier.offices.map { office in
                .object([("title", .string(office.title)), ("address", .string(office.address)),
                         ("phone", .string(office.phone)), ("lat", .double(office.latitude)),
                         ("lng", .double(office.longitude))])
            })))
        }
        return .object(members)
    }

    /// A thread object. `methodLink` adds `thread_method_link` (search segments): no scheme, `v3`, on the host the
    /// request was sent to, as the real API writes it; `interval` adds the `interval` object of interval threads.
    func threadJSON(_ service: DemoService, carrier style: CarrierStyle,
                    methodLink: (host: String, date: LocalDate?)? = nil, interval: JSONNode? = nil) -> JSONNode {
        var members: [(String, JSONNode)] = [
            ("uid", .string(service.uid)), ("title", .string(service.title)),
            ("short_title", .string(service.shortTitle)),
            ("number", .string(service.number)),
        ]
        if let methodLink {
            let date = methodLink.date.map { "date=\($0)&" } ?? ""
            members.append(("thread_method_link", .string("\(methodLink.host)/v3/thread/?\(date)uid=\(service.uid)")))
        }
        members += [
            ("carrier", service.carrierCode.flatMap(carrier).map { carrierJSON($0, style: style) } ?? .null),
            ("transport_type", .string(service.mode.rawValue)), ("vehicle", .string(service.vehicle)),
            ("transport_subtype", subtypeJSON(service.subtype)), ("express_type", .string(service.expressType)),
        ]
        if let interval { members.append(("interval", interval)) }
        return .object(members)
    }

    func subtypeJSON(_ subtype: DemoSubtype?) -> JSONNode {
        .object([("title", .string(subtype?.title)), ("code", .string(subtype?.code)),
                 ("color", .string(subtype?.color))])
    }

    /// `{total, limit, offset}`.
    static func paginationJSON(total: Int, limit: Int, offset: Int) -> JSONNode {
        .object([("total", .int(total)), ("limit", .int(limit)), ("offset", .int(offset))])
    }
}
