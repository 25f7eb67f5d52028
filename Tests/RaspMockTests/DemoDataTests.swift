import Foundation
@testable import RaspDemo
import RaspRuntime
import Testing

@Suite("Demo data set")
struct DemoDataTests {
    let catalog = DemoCatalog.shared

    @Test("At least 30 Russian settlements and a few neighbours, every code unique and well-formed")
    func geography() {
        let russian = catalog.cities.filter { city in
            DemoGeography.regions.first { $0.code == city.regionCode }?.countryCode == "l225"
        }
        #expect(russian.count >= 30)
        #expect(catalog.cities.count - russian.count >= 3)
        let stations = catalog.cities.flatMap(\.stations)
        #expect(Set(stations.map(\.code)).count == stations.count)
        #expect(catalog.cities.allSatisfy { $0.code.hasPrefix("c") && !$0.stations.isEmpty })
        #expect(stations.allSatisfy { $0.code.hasPrefix("s") && abs($0.latitude) <= 90 && abs($0.longitude) <= 180 })
        #expect(catalog.cities.allSatisfy { city in DemoGeography.regions.contains { $0.code == city.regionCode } })
        #expect(catalog.cities.allSatisfy { TimeZone(identifier: $0.zone.identifier) != nil })
    }

    @Test("Every thread stops at stations that suit it, with increasing times and a unique uid")
    func threads() {
        #expect(catalog.services.count > 300)
        #expect(Set(catalog.services.map(\.uid)).count == catalog.services.count)
        for service in catalog.services {
            let stations = service.stops.compactMap { catalog.station($0.station) }
            #expect(stations.count == service.stops.count && stations.count >= 2, "\(service.uid)")
            let suits = stations.allSatisfy { station in
                switch service.mode {
                case .plane: station.kind == .airport
                case .train: station.kind == .trainStation
                case .suburban: station.kind == .trainStation || station.kind == .platform
                case .bus: station.kind == .busStation || station.kind == .busStop
                case .water: false
                }
            }
            #expect(suits, "\(service.uid) stops at a station of the wrong kind")
            let times = service.stops.flatMap { [$0.arrival, $0.departure].compactMap { $0 } }
            #expect(times == times.sorted() && times.first == 0, "\(service.uid)")
            #expect(service.carrierCode.map { catalog.carrier($0) != nil } ?? true)
        }
    }

    @Test("Uids, numbers and carriers take the forms of 2020–2025 answers")
    func realForms() throws {
        // Plane uids embed a YYMMDD date (`SU-45_251222_c26_12`).
        let planeUID = try Regex(#"[A-Z0-9]{2}-[0-9]+_[0-9]{6}_c[0-9]+_12"#)
        let planes = catalog.services.filter { $0.mode == .plane }
        #expect(!planes.isEmpty)
        #expect(planes.allSatisfy { $0.uid.wholeMatch(of: planeUID) != nil }, "\(planes.first?.uid ?? "")")
        // Some buses have no number.
        let buses = catalog.services.filter { $0.mode == .bus && $0.interval == nil }
        #expect(buses.contains { $0.number.isEmpty } && buses.contains { !$0.number.isEmpty })
        // Logos are https URLs or null; a missing website is "".
        #expect(catalog.carriers.allSatisfy { $0.logo?.hasPrefix("https://") ?? true })
        #expect(catalog.carriers.allSatisfy { $0.logoSVG?.hasPrefix("https://") ?? true })
        #expect(catalog.carriers.contains { $0.url == "" })
    }

    @Test("Every settlement is served by some thread")
    func connected() {
        for city in catalog.cities {
            #expect(!catalog.services(touching: .settlement(city)).isEmpty, "\(city.title) has no threads")
        }
    }
}
