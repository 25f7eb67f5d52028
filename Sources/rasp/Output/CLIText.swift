import RaspKit
import RaspServices

/// The words `rasp` prints around the data, in the run's one language (`--lang`, else `LC_ALL`/`LC_MESSAGES`/`LANG`):
/// table headers, summaries, units and transport names. Data from the API (place names, carriers, days) is printed
/// as it comes; runtime errors have their own ru/en messages (`ClientError.userMessage(language:)`).
struct CLIText: Sendable {
    /// Russian, or English.
    let russian: Bool

    private func pick(_ english: String, _ russian: String) -> String { self.russian ? russian : english }

    // MARK: Table headers

    var departs: String { pick("DEPARTS", "ОТПР.") }
    var until: String { pick("IN", "ЧЕРЕЗ") }
    var arrives: String { pick("ARRIVES", "ПРИБ.") }
    var duration: String { pick("DURATION", "В ПУТИ") }
    var from: String { pick("FROM", "ОТКУДА") }
    var to: String { pick("TO", "КУДА") }
    var transport: String { pick("TRANSPORT", "ТРАНСПОРТ") }
    var number: String { pick("NUMBER", "РЕЙС") }
    var price: String { pick("PRICE", "ЦЕНА") }
    var carrier: String { pick("CARRIER", "ПЕРЕВОЗЧИК") }
    var transfers: String { pick("TRANSFERS", "ПЕРЕСАДКИ") }
    var time: String { pick("TIME", "ВРЕМЯ") }
    var route: String { pick("ROUTE", "МАРШРУТ") }
    var platform: String { pick("PLATFORM", "ПЛАТФОРМА") }
    var days: String { pick("DAYS", "ДНИ") }
    var station: String { pick("STATION", "СТАНЦИЯ") }
    var stop: String { pick("STOP", "СТОЯНКА") }
    var code: String { pick("CODE", "КОД") }
    var name: String { pick("NAME", "НАЗВАНИЕ") }
    var kind: String { pick("KIND", "ЧТО ЭТО") }
    var place: String { pick("WHERE", "ГДЕ") }
    var kilometres: String { pick("KM", "КМ") }
    var type: String { pick("TYPE", "ТИП") }

    // MARK: Summaries and cells

    var everyDay: String { pick("every day", "все дни") }
    var noTrips: String { pick("No trips match.", "Рейсов нет.") }
    var gone: String { pick("gone", "ушёл") }
    var yes: String { pick("yes", "да") }

    /// `5 trips`, `3 of 11 trips` / `5 рейсов`, `3 из 11 рейсов`.
    func trips(shown: Int, of total: String?) -> String {
        let count = total.map { "\(shown) \(pick("of", "из")) \($0)" } ?? "\(shown)"
        let last = total == nil ? shown : Int(total!.filter(\.isNumber)) ?? shown
        return count + " " + (russian ? Self.russianPlural(last, "рейс", "рейса", "рейсов") : (last == 1 && total == nil
            ? "trip" : "trips"))
    }

    /// `12 departures` / `12 отправлений`.
    func events(_ count: Int, arrivals: Bool) -> String {
        if russian {
            return "\(count) " + (arrivals ? Self.russianPlural(count, "прибытие", "прибытия", "прибытий")
                : Self.russianPlural(count, "отправление", "отправления", "отправлений"))
        }
        return "\(count) "
            + (arrivals ? (count == 1 ? "arrival" : "arrivals") : (count == 1 ? "departure" : "departures"))
    }

    /// `No departures.` / `Отправлений нет.`
    func noEvents(arrivals: Bool) -> String {
        arrivals ? pick("No arrivals.", "Прибытий нет.") : pick("No departures.", "Отправлений нет.")
    }

    /// `25 min`, `3 h 10 min` / `25 мин`, `3 ч 10 мин`.
    func span(minutes: Int) -> String {
        let (h, m) = (minutes / 60, minutes % 60)
        if h == 0 { return "\(m) \(pick("min", "мин"))" }
        return m == 0 ? "\(h) \(pick("h", "ч"))" : "\(h) \(pick("h", "ч")) \(m) \(pick("min", "мин"))"
    }

    /// How old a saved answer is: `40 s`, `25 min`, `3 h 10 min`, `2 days` / `2 дня`.
    func age(_ duration: Duration) -> String {
        let seconds = Int(duration.components.seconds)
        if seconds < 60 { return "\(seconds) \(pick("s", "с"))" }
        if seconds < 2 * 24 * 3600 { return span(minutes: seconds / 60) }
        let days = seconds / (24 * 3600)
        return "\(days) " + (russian ? Self.russianPlural(days, "день", "дня", "дней") : "days")
    }

    /// `from 1 234 RUB` / `от 1 234 RUB`.
    func fromPrice(_ text: String) -> String { pick("from ", "от ") + text }

    /// A transport type code as a word (`train` → `поезд`); unknown codes as they are.
    func transportName(_ code: String) -> String {
        guard russian else { return code }
        return ["plane": "самолёт", "train": "поезд", "suburban": "электричка", "bus": "автобус", "water": "теплоход",
                "helicopter": "вертолёт"][code] ?? code
    }

    /// A station type code as words (`train_station` → `train station` / `вокзал`); unknown codes as they are.
    func stationTypeName(_ code: String) -> String {
        RaspKit.Strings(language: russian ? .ru : .en).stationTypeName(code)
    }

    /// `settlement` / `населённый пункт`.
    var settlement: String { pick("settlement", "населённый пункт") }

    /// The labels of a carrier's details.
    var carrierCodes: String { pick("Codes", "Коды") }
    var site: String { pick("Site", "Сайт") }
    var phone: String { pick("Phone", "Телефон") }
    var email: String { pick("E-mail", "Почта") }
    var address: String { pick("Address", "Адрес") }
    var contacts: String { pick("Contacts", "Контакты") }
    var logo: String { pick("Logo", "Логотип") }

    // MARK: Errors

    /// `rasp: error: ` / `rasp: ошибка: `.
    var errorLead: String { pick("rasp: error: ", "rasp: ошибка: ") }

    func noPlace(_ query: String) -> String {
        pick("no place matches «\(query)».", "ничего не найдено по «\(query)».")
    }

    func noStations(within distance: Int, of lat: Double, _ lng: Double) -> String {
        pick("no stations within \(distance) km of \(lat), \(lng).", "в \(distance) км от \(lat), \(lng) станций нет.")
    }

    func noCarrier(system: String, code: String) -> String {
        pick("no carrier has the \(system) code \(code).", "нет перевозчика с кодом \(code) (\(system)).")
    }

    func samePlace(_ title: String, _ code: String) -> String {
        pick("FROM and TO are the same place (\(title), \(code))",
             "откуда и куда — одно и то же место (\(title), \(code))")
    }

    func noStations(in title: String, code: String) -> String {
        pick("\(title) (\(code)) has no stations in the directory.",
             "у «\(title)» (\(code)) в справочнике нет станций.")
    }

    /// `Interval:` / `Интервальный:` before an every-N-minutes service.
    var interval: String { pick("Interval", "По интервалу") }

    static func russianPlural(_ count: Int, _ one: String, _ few: String, _ many: String) -> String {
        let (mod10, mod100) = (count % 10, count % 100)
        if mod10 == 1 && mod100 != 11 { return one }
        if (2...4).contains(mod10) && !(12...14).contains(mod100) { return few }
        return many
    }
}
