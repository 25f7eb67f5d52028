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
        return "\(count) " + (arrivals ? (count == 1 ? "arrival" : "arrivals") : (count == 1 ? "departure" : "departures"))
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

    /// `from 1 234 RUB` / `от 1 234 RUB`.
    func fromPrice(_ text: String) -> String { pick("from ", "от ") + text }

    /// A transport type code as a word (`train` → `поезд`); unknown codes as they are.
    func transportName(_ code: String) -> String {
        guard russian else { return code }
        return ["plane": "самолёт", "train": "поезд", "suburban": "электричка", "bus": "автобус", "water": "теплоход",
                "helicopter": "вертолёт"][code] ?? code
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
