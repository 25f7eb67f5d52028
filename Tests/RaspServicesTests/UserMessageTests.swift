import Foundation
import Testing
@testable import RaspRuntime
import RaspServices
import RaspTestSupport

/// ``ClientError/userMessage(language:)``: one short sentence per situation in Russian and English, the API's own
/// text for a 4xx with an error body, never the key.
struct UserMessageTests {
    @Test func userMessagesNeverContainTheKey() {
        let redactor = Redactor(authentication: .apiKey(testKey, in: .header("Authorization")))
        let errors = ErrorFixtures.keyEchoingErrors(redactor: redactor)
        for error in errors {
            for language in UserMessageLanguage.allCases {
                #expect(!error.userMessage(language: language).contains(testKey))
            }
        }
    }

    @Test func userMessagesInRussianAndEnglish() {
        let decoding = ClientError.decoding(.init(operationID: "x", status: 200, codingPath: "a", reason: "b"))
        let cases: [(ClientError, String, String)] = [
            (.noConnection(operationID: "x", reason: "URLError -1009"), "Нет подключения к интернету",
             "No internet connection"),
            (.timeout(operationID: "x"), "Сервер не отвечает, попробуйте позже",
             "The server is not responding, try again later"),
            (.cancelled(operationID: "x"), "Запрос отменён", "Request cancelled"),
            (.quotaExhausted(operationID: "x", limit: 500), "Дневной лимит запросов исчерпан",
             "Daily request limit reached"),
            (decoding, "Ошибка сервера", "Server error"),
            (ErrorFixtures.failure(503, "<html/>"), "Ошибка сервера", "Server error"),
            (ErrorFixtures.failure(429), "Слишком много запросов, попробуйте позже",
             "Too many requests, try again later"),
            (ErrorFixtures.failure(403, ErrorFixtures.echoingBody), "Неверный ключ API", "Invalid API key"),
            (ErrorFixtures.failure(404), "Ничего не найдено", "Nothing found"),
            (ErrorFixtures.failure(400, "nope"), "Некорректный запрос", "Invalid request"),
        ]
        for (error, ru, en) in cases {
            #expect(error.userMessage(language: .ru) == ru)
            #expect(error.userMessage(language: .en) == en)
        }
    }

    @Test func clientErrorsShowTheAPITextInBothLanguages() {
        let error = ErrorFixtures.failure(404, ErrorFixtures.echoingBody)
        #expect(error.userMessage(language: .ru) == "Не нашли объект по yandex коду c1111")
        #expect(error.userMessage(language: .en) == "Не нашли объект по yandex коду c1111")
        #expect(error.localizedUserMessage == error.userMessage(language: .current))
    }
}
