import Foundation
import RaspAPI
import RaspKit
import RaspRuntime
import RaspTestSupport

/// Builders of API values for the view-model tests.
enum Samples {
    static let date = LocalDate("2026-03-05")!

    static let moscow = RouteCity(code: "c213", title: "Москва", subtitle: "Москва и Московская область, Россия")
    static let petersburg = RouteCity(code: "c2", title: "Санкт-Петербург", subtitle: "Россия")
    static let leningradsky = RouteStation(code: "s2006004", title: "Ленинградский вокзал", transportType: "train")
    static let moskovsky = RouteStation(code: "s9602494", title: "Московский вокзал", transportType: "train")
    static let request = ScheduleRequest(from: RoutePoint(city: moscow, station: leningradsky),
                                         to: RoutePoint(city: petersburg, station: moskovsky), date: date)

    static func point(_ code: String, _ title: String) -> Point {
        Point(type: code.hasPrefix("s") ? .station : .settlement, code: code, title: title)
    }

    static func carrier(code: Int = 112, title: String = "РЖД/ФПК",
                        logo: String? = "//yastatic.net/rasp/media/logo.svg") -> Carrier {
        Carrier(code: code, title: title, codes: CarrierCodes(), url: "pass.rzd.ru", email: "info@rzd.ru",
                phone: "8 (800) 775-00-00", logo: logo)
    }

    static func thread(_ uid: String, number: String = "752А", carrier: Carrier? = Samples.carrier()) -> RaspThread {
        RaspThread(uid: uid, title: "Москва — Санкт-Петербург", shortTitle: "Москва — С.-Петербург", number: number,
                   carrier: carrier, transportType: .train, transportSubtype: TransportSubtype())
    }

    /// A direct segment departing at `departure` (`HH:mm`, Moscow time) and taking `hours`.
    static func direct(_ uid: String, departure: String, hours: Double = 4,
                       carrier: Carrier? = Samples.carrier()) -> SearchResponse.SegmentsItem {
        let parts = departure.split(separator: ":").compactMap { Int($0) }
        let arrivalMinutes = (parts[0] * 60 + parts[1] + Int(hours * 60))
        let arrivalDay = date.adding(days: arrivalMinutes / 1440)
        let arrival = String(format: "%@T%02d:%02d:00+03:00", arrivalDay.description,
                             (arrivalMinutes % 1440) / 60, arrivalMinutes % 60)
        return .segment(Segment(thread: thread(uid, carrier: carrier), from: point("s2006004", "Ленинградский вокзал"),
                                to: point("s9602494", "Московский вокзал"), departure: "\(date)T\(departure):00+03:00",
                                arrival: arrival, duration: hours * 3600, hasTransfers: false))
    }

    /// A route with one transfer in Tver departing at `departure`.
    static func transfer(_ id: String, departure: String) -> SearchResponse.SegmentsItem {
        let first = TransferLeg(thread: thread("\(id)-1", number: "7001"), departure: "\(date)T\(departure):00+03:00",
                                arrival: "\(date)T23:30:00+03:00", duration: 3600)
        let second = TransferLeg(thread: thread("\(id)-2", number: "7002",
                                                carrier: carrier(code: 8565, title: "Ласточка")),
                                 departure: "\(date.adding(days: 1))T00:10:00+03:00",
                                 arrival: "\(date.adding(days: 1))T04:10:00+03:00", duration: 14_400)
        let wait = Transfer(isTransfer: true, duration: 2400, transferPoint: point("c14", "Тверь"))
        return .transferSegment(TransferSegment(hasTransfers: true,
                                                departureFrom: point("s2006004", "Ленинградский вокзал"),
                                                arrivalTo: point("s9602494", "Московский вокзал"),
                                                departure: "\(date)T\(departure):00+03:00",
                                                arrival: "\(date.adding(days: 1))T04:10:00+03:00",
                                                transfers: [point("c14", "Тверь")],
                                                details: [.transferLeg(first), .transfer(wait), .transferLeg(second)]))
    }

    static func search(_ segments: [SearchResponse.SegmentsItem], total: Int? = nil, offset: Int = 0,
                       limit: Int = 20) -> SearchResponse {
        SearchResponse(search: SearchInfo(from: point("s2006004", "Ленинградский вокзал"),
                                          to: point("s9602494", "Московский вокзал"), date: date),
                       segments: segments,
                       pagination: Pagination(total: total ?? segments.count, limit: limit, offset: offset))
    }

    static func httpError(_ status: Int, text: String? = nil) -> ClientError {
        let body = text.map {
            #"{"error": {"text": "\#($0)", "http_code": \#(status), "#
                + #""request": "https://api.rasp.yandex.net/v3.0/search/?apikey=\#(testKey)"}}"#
        } ?? ""
        return .http(.init(operationID: "search", status: status, headers: [:], body: Data(body.utf8),
                           decodedBody: nil))
    }

    /// A directory of three cities for the pickers.
    static let directory = InMemoryPlaceDirectory([
        .init(city: moscow, stations: [
            leningradsky,
            RouteStation(code: "s2000001", title: "Курский вокзал", transportType: "train"),
            RouteStation(code: "s9600213", title: "Шереметьево", transportType: "plane"),
        ]),
        .init(city: RouteCity(code: "c10740", title: "Мосальск"), stations: []),
        .init(city: petersburg, stations: [
            moskovsky,
            RouteStation(code: "s9602498", title: "Ладожский вокзал", transportType: "train"),
        ]),
        .init(city: RouteCity(code: "c54", title: "Екатеринбург"), stations: [
            RouteStation(code: "s9607404", title: "Екатеринбург-Пассажирский", transportType: "train"),
        ]),
    ])
}
