import Foundation
import RaspDemo
import RaspKit
import RaspRuntime
import RaspServices
import Testing

/// The API's Russian error texts in English, for English interfaces.
@Suite("API error texts in English")
struct APIErrorTextTests {
    @Test(arguments: [
        ("Не нашли объект по yandex коду c1111", "No place or carrier has the yandex code c1111"),
        ("Не нашли объект по esr коду 060004", "No place or carrier has the esr code 060004"),
        ("Не нашли нитку по uid 752A_0_2000001", "No thread has the uid 752A_0_2000001"),
        ("Рейс 016A_1 не ходит 2026-12-01", "The trip 016A_1 does not run on 2026-12-01"),
        ("Рейс 016A_1 не ходит в ближайшие дни", "The trip 016A_1 does not run in the coming days"),
        ("Точка отправления не должна совпадать с точкой прибытия.", "The departure and arrival points must differ."),
        ("Указана недопустимая дата - 2020-01-01. Доступен выбор даты на 30 дней назад и 11 месяцев вперед от "
            + "текущей даты", "The date 2020-01-01 is not available: dates from 30 days back to 11 months ahead "
            + "of today are"),
        ("  Не указан обязательный параметр to\n", "The required parameter to is missing"),
        ("Нужно указать from и to", "Both from and to must be given"),
        ("Некорректное значение параметра lat: north", "The value of the parameter lat is not valid: north"),
    ])
    func knownTexts(russian: String, english: String) {
        #expect(APIErrorText.english(russian) == english)
    }

    @Test func unknownTextsAreLeftToTheCaller() {
        #expect(APIErrorText.english("Что-то пошло не так") == nil)
        #expect(APIErrorText.english("") == nil)
        // Anchored: a known sentence inside another one is not taken for it.
        #expect(APIErrorText.english("Ошибка: Не нашли нитку по uid x, попробуйте позже") == nil)
    }

    /// Every 400 and 404 the demo API gives for the mistakes a user makes has an English text.
    @Test func theDemoAPIsErrorsAreAllKnown() async throws {
        let api = DemoAPI()
        let requests: [(String, [(String, String)])] = [
            ("/v3.0/search/", [("from", "c213"), ("to", "c213")]),
            ("/v3.0/search/", [("from", "c213"), ("to", "c99999999")]),
            ("/v3.0/search/", [("from", "c213")]),
            ("/v3.0/search/", [("from", "c213"), ("to", "c2"), ("date", "2001-01-01")]),
            ("/v3.0/thread/", [("uid", "nope")]),
            ("/v3.0/carrier/", [("code", "999999")]),
            ("/v3.0/nearest_settlement/", [("lat", "0"), ("lng", "0"), ("distance", "1")]),
            ("/v3.0/nearest_stations/", [("lat", "north"), ("lng", "0"), ("distance", "1")]),
        ]
        for (path, query) in requests {
            let answer = api.respond(method: "GET", path: path, query: query, headers: [:])
            #expect([400, 404].contains(answer.status), "\(path) \(query)")
            let text = try #require(APIErrorBody.parse(answer.body)?.text, "\(path) \(query)")
            #expect(APIErrorText.english(text) != nil, "no English for «\(text)»")
        }
    }
}
