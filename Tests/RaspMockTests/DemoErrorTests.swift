import Foundation
import RaspAPI
import RaspDemo
import RaspRuntime
import RaspTestSupport
import Testing

@Suite("Demo errors and authentication")
struct DemoErrorTests {
    @Test("from == to is a 400 with the real text, echoing the request without the key")
    func sameEndpoints() throws {
        let response = Fixture.get("/v3.0/search/", [("apikey", Fixture.key), ("from", "c213"), ("to", "c213")])
        #expect(response.status == 400)
        let error = try Fixture.decode(ErrorResponse.self, response).error
        #expect(error.text == "Точка отправления не должна совпадать с точкой прибытия.")
        #expect(error.httpCode == 400 && error.errorCode?.isEmpty == false)
        #expect(error.request == "https://api.rasp.yandex-net.ru/v3.0/search/?from=c213&to=c213")
        #expect(!String(decoding: response.body, as: UTF8.self).contains(Fixture.key))
    }

    @Test("Unknown codes are 404s")
    func unknownCode() throws {
        let response = Fixture.get("/v3.0/search/", [("from", "c1111"), ("to", "c213")])
        #expect(response.status == 404)
        #expect(try Fixture.errorText(response) == "Не нашли объект по yandex коду c1111")
        #expect(Fixture.get("/v3.0/schedule/", [("station", "s1")]).status == 404)
        #expect(Fixture.get("/v3.0/thread/", [("uid", "nope")]).status == 404)
        // A code without its letter prefix is not a code: 404 with the same text, as the real API answers.
        let bare = Fixture.get("/v3.0/search/", [("from", "213"), ("to", "c2")])
        #expect(bare.status == 404)
        #expect(try Fixture.errorText(bare) == "Не нашли объект по yandex коду 213")
    }

    @Test("A search without from or to is a 400 with the docs' text", arguments: [
        [("from", "c213")], [("to", "c2")], [("from", ""), ("to", "c2")], [],
    ] as [[(String, String)]])
    func missingPoints(query: [(String, String)]) throws {
        let response = Fixture.get("/v3.0/search/", query)
        #expect(response.status == 400)
        #expect(try Fixture.errorText(response) == "Нужно указать from и to")
    }

    @Test("Dates are allowed from 30 days back to 11 months ahead",
          arguments: [("2026-05-02", 200), ("2026-05-01", 400), ("2027-05-01", 200), ("2027-05-02", 400),
                      ("2026-13-01", 400)])
    func dateWindow(date: String, status: Int) throws {
        let response = Fixture.get("/v3.0/schedule/", [("station", "s9600213"), ("date", date)])
        #expect(response.status == status)
        if status == 400, LocalDate(date) != nil {
            #expect(try Fixture.errorText(response) == "Указана недопустимая дата - \(date). "
                + "Доступен выбор даты на 30 дней назад и 11 месяцев вперед от текущей даты")
        }
    }

    @Test("Missing and malformed parameters are 400s",
          arguments: [
              ("/v3.0/search/", [("from", "c213")]), ("/v3.0/schedule/", []), ("/v3.0/thread/", []),
              ("/v3.0/nearest_stations/", [("lat", "55")]), ("/v3.0/carrier/", []),
              ("/v3.0/search/", [("from", "c213"), ("to", "c2"), ("limit", "-1")]),
              ("/v3.0/search/", [("from", "c213"), ("to", "c2"), ("transport_types", "rocket")]),
              ("/v3.0/search/", [("from", "c213"), ("to", "c2"), ("result_timezone", "Mars/Base")]),
              ("/v3.0/copyright/", [("format", "xml")]),
              ("/v3.0/stations_list/", [("lang", "\u{85}")]), ("/v3.0/copyright/", [("lang", "ru")]),
              ("/v3.0/search/", [("from", "c213"), ("to", "c2"), ("to", "c2")]),
              ("/v3.0/search/", [("from", "c213"), ("to", "c2"), ("system", "morse")]),
              ("/v3.0/search/", [("from", "c213"), ("to", "c2"), ("limit", "0")]),
              ("/v3.0/search/", [("from", "c213"), ("to", "c2"), ("offset", "99999999999999999999")]),
              ("/v3.0/search/", [("from", "c213"), ("to", "c2"), ("transport_types", "")]),
              ("/v3.0/search/", [("from", "c213"), ("to", "c2"), ("date", "")]),
              ("/v3.0/schedule/", [("station", "s9600213"), ("show_systems", "some")]),
              ("/v3.0/nearest_stations/", [("lat", "55.75"), ("lng", "37.62"), ("distance", "51")]),
              ("/v3.0/nearest_stations/", [("lat", "55.75"), ("lng", "37.62"), ("distance", "5"),
                                           ("station_types", "")]),
              ("/v3.0/nearest_stations/", [("lat", "55.75"), ("lng", "37.62"), ("distance", "5"),
                                           ("station_types", "airport,spaceport")]),
          ] as [(String, [(String, String)])])
    func badParameters(path: String, query: [(String, String)]) throws {
        let response = Fixture.get(path, query)
        #expect(response.status == 400)
        #expect(try Fixture.errorText(response).isEmpty == false)
    }

    @Test("Codes of other coding systems are looked up, and not found in the demo data (404)")
    func otherCodingSystems() throws {
        let search = Fixture.get("/v3.0/search/", [("from", "2000006"), ("to", "c2"), ("system", "esr")])
        #expect(search.status == 404)
        #expect(try Fixture.errorText(search) == "Не нашли объект по esr коду 2000006")
        #expect(Fixture.get("/v3.0/schedule/", [("station", "9600213"), ("system", "express")]).status == 404)
        #expect(Fixture.get("/v3.0/carrier/", [("code", "2000000"), ("system", "express")]).status == 404)
    }

    @Test("Any non-negative 64-bit offset is a page, empty past the end; Ukrainian is a valid lang")
    func largeOffsetAndLanguage() throws {
        let response = Fixture.get("/v3.0/search/", [("from", "c213"), ("to", "c2"), ("offset", "\(Int.max)")])
        #expect(response.status == 200)
        #expect(try Fixture.decode(SearchResponse.self, response).segments.isEmpty)
        #expect(Fixture.get("/v3.0/copyright/", [("lang", "uk_UA")]).status == 200)
        // The largest 64-bit limit with an offset is a page too (found by schemathesis: it crashed the server).
        let largest = Fixture.get("/v3.0/schedule/",
                                  [("station", "s9600213"), ("offset", "3"), ("limit", "\(Int.max)")])
        #expect(largest.status == 200)
    }

    @Test("With a required key: 401 without it, 200 with the header or the query parameter")
    func authentication() throws {
        let api = DemoAPI(now: Fixture.now, requiredKey: Fixture.key)
        let missing = Fixture.get("/v3.0/copyright/", api: api)
        #expect(missing.status == 401)
        #expect(!String(decoding: missing.body, as: UTF8.self).contains(Fixture.key))
        #expect(Fixture.get("/v3.0/copyright/", [("apikey", "wrong")], api: api).status == 401)
        #expect(Fixture.get("/v3.0/copyright/", headers: [.authorization: Fixture.key], api: api).status == 200)
        let query = Fixture.get("/v3.0/copyright/", [("apikey", Fixture.key)], api: api)
        #expect(query.status == 200)
        // When both are sent, the apikey query parameter wins over the header, as with the real API.
        let header = fields(["Authorization": Fixture.key])
        #expect(Fixture.get("/v3.0/copyright/", [("apikey", "wrong")], headers: header, api: api).status == 401)
        #expect(Fixture.get("/v3.0/copyright/", [("apikey", Fixture.key)], headers: fields(["Authorization": "wrong"]),
                            api: api).status == 200)
    }

    @Test("Unknown paths and methods")
    func routing() {
        #expect(Fixture.get("/v3.0/nothing/").status == 404)
        #expect(Fixture.get("/v3.0/copyright").status == 200)
        let post = Fixture.api.respond(method: "POST", path: "/v3.0/copyright/", query: [], headers: [:])
        #expect(post.status == 405)
        #expect(post.headers["Allow"] == "GET")
        #expect(Fixture.get("/v3.0/copyright").headers["Allow"] == nil)
    }
}

@Suite("Demo transfers look like real routes")
struct DemoTransferTests {
    /// Each settlement's place: the mean of its stations' coordinates in the demo `stations_list`.
    static let places: [String: (Double, Double)] = {
        var places: [String: (Double, Double)] = [:]
        let object = try? JSONSerialization.jsonObject(with: DemoAPI.stationsListJSON) as? [String: Any]
        for country in object?["countries"] as? [[String: Any]] ?? [] {
            for region in country["regions"] as? [[String: Any]] ?? [] {
                for settlement in region["settlements"] as? [[String: Any]] ?? [] {
                    guard let code = (settlement["codes"] as? [String: Any])?["yandex_code"] as? String
                    else { continue }
                    let points = (settlement["stations"] as? [[String: Any]] ?? []).compactMap { station in
                        (station["latitude"] as? Double).flatMap { lat in
                            (station["longitude"] as? Double).map { (lat, $0) }
                        }
                    }
                    guard !points.isEmpty else { continue }
                    let count = Double(points.count)
                    places[code] = (points.map(\.0).reduce(0, +) / count, points.map(\.1).reduce(0, +) / count)
                }
            }
        }
        return places
    }()

    static func kilometres(_ a: (Double, Double), _ b: (Double, Double)) -> Double {
        let radians = Double.pi / 180
        let dLat = (b.0 - a.0) * radians, dLng = (b.1 - a.1) * radians
        let h = sin(dLat / 2) * sin(dLat / 2) + cos(a.0 * radians) * cos(b.0 * radians) * sin(dLng / 2) * sin(dLng / 2)
        return 6371 * 2 * atan2(sqrt(h), sqrt(1 - h))
    }

    @Test("A transfer is never further from the destination than the origin, nor a long detour",
          arguments: [("c213", "c14"), ("c162", "c163"), ("c213", "c43"), ("c213", "c2"), ("c2", "c213")])
    func transfersAreOnTheWay(from: String, to: String) throws {
        let response = Fixture.get("/v3.0/search/", [("from", from), ("to", to), ("date", "2026-06-02"),
                                                     ("transfers", "true")])
        #expect(response.status == 200)
        let object = try #require(try JSONSerialization.jsonObject(with: response.body) as? [String: Any])
        let segments = try #require(object["segments"] as? [[String: Any]])
        let origin = try #require(Self.places[from]), destination = try #require(Self.places[to])
        let direct = Self.kilometres(origin, destination)
        for segment in segments where segment["has_transfers"] as? Bool == true {
            for hub in (segment["transfers"] as? [[String: Any]] ?? []).compactMap({ $0["code"] as? String }) {
                let place = try #require(Self.places[hub])
                let detour = Self.kilometres(origin, place) + Self.kilometres(place, destination)
                // A little slack over the catalog's own rule (it measures from the exact stations).
                #expect(Self.kilometres(place, destination) < direct + 30 && detour <= direct * 1.5 + 80,
                        "\(from) → \(hub) → \(to): \(Int(detour)) km against \(Int(direct)) km")
            }
        }
    }
}
