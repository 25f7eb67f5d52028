import Foundation
import RaspAPI
import RaspDemo
import RaspRuntime
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
    }

    @Test("Dates are allowed from 30 days back to 11 months ahead",
          arguments: [("2026-05-02", 200), ("2026-05-01", 400), ("2027-05-01", 200), ("2027-05-02", 400), ("2026-13-01", 400)])
    func dateWindow(date: String, status: Int) throws {
        let response = Fixture.get("/v3.0/schedule/", [("station", "s9600213"), ("date", date)])
        #expect(response.status == status)
        if status == 400, LocalDate(date) != nil {
            #expect(try Fixture.errorText(response) == "Указана недопустимая дата - \(date). Доступен выбор даты на 30 дней назад и 11 месяцев вперед от текущей даты")
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
          ] as [(String, [(String, String)])])
    func badParameters(path: String, query: [(String, String)]) throws {
        let response = Fixture.get(path, query)
        #expect(response.status == 400)
        #expect(try Fixture.errorText(response).isEmpty == false)
    }

    @Test("With a required key: 401 without it, 200 with the header or the query parameter")
    func authentication() throws {
        let api = DemoAPI(now: Fixture.now, requiredKey: Fixture.key)
        let missing = Fixture.get("/v3.0/copyright/", api: api)
        #expect(missing.status == 401)
        #expect(!String(decoding: missing.body, as: UTF8.self).contains(Fixture.key))
        #expect(Fixture.get("/v3.0/copyright/", [("apikey", "wrong")], api: api).status == 401)
        #expect(Fixture.get("/v3.0/copyright/", headers: [("Authorization", Fixture.key)], api: api).status == 200)
        let query = Fixture.get("/v3.0/copyright/", [("apikey", Fixture.key)], api: api)
        #expect(query.status == 200)
    }

    @Test("Unknown paths and methods")
    func routing() {
        #expect(Fixture.get("/v3.0/nothing/").status == 404)
        #expect(Fixture.get("/v3.0/copyright").status == 200)
        #expect(Fixture.api.respond(method: "POST", path: "/v3.0/copyright/", query: [], headers: []).status == 405)
    }
}
