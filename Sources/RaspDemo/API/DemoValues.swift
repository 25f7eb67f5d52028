import RaspAPI
import RaspRuntime

/// Shapes shared by several endpoints, as the API's own types: points, carriers, threads.
extension DemoCatalog {
    /// A settlement point (`type: settlement`).
    func settlementPoint(_ city: DemoCity) -> Point {
        Point(type: .settlement, code: city.code, title: city.title, shortTitle: city.title,
              popularTitle: city.title)
    }

    /// A station point; with `codes`, its `codes` object (`yandex`, and `esr` when known).
    func stationPoint(_ station: DemoStation, codes: Bool = false) -> Point {
        Point(type: .station, code: station.code, title: station.title, shortTitle: station.shortTitle,
              popularTitle: station.popularTitle, stationType: station.kind.apiType,
              stationTypeName: station.kind.displayName, transportType: station.mode.apiType,
              codes: codes ? StationCodes(yandex: station.code, esr: station.esr) : nil)
    }

    /// A `from`/`to` parameter echoed back.
    func point(_ point: DemoPoint, codes: Bool = false) -> Point {
        switch point {
        case .settlement(let city): settlementPoint(city)
        case .station(let station): stationPoint(station, codes: codes)
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

    func carrierValue(_ carrier: DemoCarrier, style: CarrierStyle) -> Carrier {
        let codes = CarrierCodes(sirena: carrier.sirena, iata: carrier.iata, icao: carrier.icao)
        guard style != .short else { return Carrier(code: carrier.code, title: carrier.title, codes: codes) }
        // Offices are built only for the style that shows them (not for every search segment's carrier).
        let offices = style != .withOffices ? nil : carrier.offices.map { office -> Office in
            ["title": .string(office.title), "address": .string(office.address), "phone": .string(office.phone),
             "lat": .number(office.latitude), "lng": .number(office.longitude)]
        }
        return Carrier(code: carrier.code, title: carrier.title, codes: codes, address: carrier.address,
                       url: carrier.url, email: carrier.email, contacts: carrier.contacts, phone: carrier.phone,
                       logo: carrier.logo, logoSvg: style == .full ? carrier.logoSVG : nil, offices: offices)
    }

    /// A thread object. `methodLink` adds `thread_method_link` (search segments): no scheme, `v3`, on the host the
    /// request was sent to, as the real API writes it; `interval` adds the `interval` object of interval threads.
    func threadValue(_ service: DemoService, carrier style: CarrierStyle,
                     methodLink: (host: String, date: LocalDate?)? = nil, interval: Interval? = nil) -> RaspThread {
        let link = methodLink.map { link in
            "\(link.host)/v3/thread/?\(link.date.map { "date=\($0)&" } ?? "")uid=\(service.uid)"
        }
        return RaspThread(uid: service.uid, title: service.title, shortTitle: service.shortTitle,
                          number: service.number, threadMethodLink: link,
                          carrier: service.carrierCode.flatMap(carrier).map { carrierValue($0, style: style) },
                          transportType: service.mode.apiType, vehicle: service.vehicle,
                          transportSubtype: subtypeValue(service.subtype),
                          expressType: service.expressType.map(RaspThread.ExpressType.init(rawValue:)),
                          interval: interval)
    }

    func subtypeValue(_ subtype: DemoSubtype?) -> TransportSubtype {
        TransportSubtype(title: subtype?.title, code: subtype.map { TransportSubtype.Code(rawValue: $0.code) },
                         color: subtype?.color)
    }
}
