import Foundation
import RaspKit
import Testing

@Suite("Localization")
struct LocalizationTests {
    @Test("both tables have exactly the keys StringKey declares")
    func tablesMatchKeys() {
        let declared = Set(StringKey.allCases.map(\.rawValue))
        for language in AppLanguage.allCases {
            let table = RaspKit.Strings.table(language)
            #expect(Set(table.keys) == declared, "table \(language.rawValue)")
            #expect(table.values.allSatisfy { !$0.isEmpty })
        }
    }

    @Test("texts are read from the chosen table")
    func explicitLanguage() {
        let ru = RaspKit.Strings(language: .ru), en = RaspKit.Strings(language: .en)
        #expect(ru[.routeSearch] == "Найти")
        #expect(en[.routeSearch] == "Find")
        #expect(ru[.filtersApply] == "Применить")
        #expect(ru[.pickerCityEmpty] == "Город не найден")
        #expect(ru[.pickerStationEmpty] == "Станция не найдена")
        #expect(en[.errorNoInternetTitle] == "No internet connection")
        #expect(ru[.errorServerTitle] == "Ошибка сервера")
    }

    static let locales: [(String, AppLanguage)] = [
        ("ru_RU", .ru), ("ru", .ru), ("be_BY", .ru), ("en_US", .en), ("de_DE", .en), ("uk-UA", .en), ("kk_KZ", .ru),
        ("ru_RU.UTF-8", .ru), ("rum", .en), ("ky-KG", .ru),
    ]

    @Test("the language follows the locale", arguments: locales)
    func languageFromLocale(identifier: String, expected: AppLanguage) {
        #expect(AppLanguage(locale: Locale(identifier: identifier)) == expected)
        #expect(RaspKit.Strings(locale: Locale(identifier: identifier)).language == expected)
    }

    @Test("placeholders fill in order and by position")
    func format() {
        let ru = RaspKit.Strings(language: .ru)
        #expect(ru.format(.settingsVersionFormat, "1.2") == "Версия 1.2")
        #expect(ru.format(.routePointFormat, "Москва", "Курский вокзал") == "Москва (Курский вокзал)")
    }

    static let durationCases: [(seconds: Double, ru: String, en: String)] = [
        (3600, "1 час", "1 hour"), (7200, "2 часа", "2 hours"), (18_000, "5 часов", "5 hours"),
        (75_600, "21 час", "21 hours"), (43_200, "12 часов", "12 hours"), (60, "1 минута", "1 minute"),
        (1320, "22 минуты", "22 minutes"), (2700, "45 минут", "45 minutes"), (9000, "2 ч 30 мин", "2 h 30 min"),
    ]

    @Test("Russian and English plural forms of durations", arguments: durationCases)
    func durations(seconds: Double, ru: String, en: String) {
        #expect(TripFormatter(strings: .init(language: .ru)).durationText(seconds: seconds) == ru)
        #expect(TripFormatter(strings: .init(language: .en)).durationText(seconds: seconds) == en)
    }

    @Test("dates read as day and month")
    func dates() {
        let date = Samples.date
        #expect(TripFormatter(strings: .init(language: .ru)).dateText(date) == "5 марта")
        #expect(TripFormatter(strings: .init(language: .en)).dateText(date) == "5 March")
    }

    @Test("the user agreement ships in both languages")
    func agreement() {
        #expect(UserAgreement.text(.ru).hasPrefix("Пользовательское соглашение"))
        #expect(UserAgreement.text(.en).hasPrefix("User agreement"))
        #expect(UserAgreement.text(.ru).contains("Яндекс.Расписаний"))
    }

    @Test("station types in words: Russian names, English with spaces, unknown codes kept readable")
    func stationTypes() {
        let ru = RaspKit.Strings(language: .ru), en = RaspKit.Strings(language: .en)
        #expect(ru.stationTypeName("train_station") == "вокзал")
        #expect(ru.stationTypeName("bus_stop") == "автобусная остановка")
        #expect(en.stationTypeName("train_station") == "train station")
        #expect(ru.stationTypeName("space_port") == "space port")
    }
}
