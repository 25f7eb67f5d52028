import HTTPTypes
import Foundation
import RaspAPI
import RaspRuntime

/// One request as the endpoints see it: path, query and the clock.
struct DemoRequest: Sendable {
    let path: String
    let query: DemoQuery
    let host: String
    let now: Date

    /// Today by the Moscow calendar (the API's own).
    var today: LocalDate { DemoTime.date(DemoTime.minutes(now), offset: DemoZone.moscow.offsetMinutes) }

    /// The URL echoed as an error's `request`, with any `apikey` left out.
    var echoedURL: String {
        var components = URLComponents()
        components.scheme = "https"
        components.host = host
        components.path = path
        let items = query.items.filter { $0.0 != "apikey" }.map { URLQueryItem(name: $0.0, value: $0.1) }
        components.queryItems = items.isEmpty ? nil : items
        return components.string ?? "https://\(host)\(path)"
    }
}

/// A 4xx/5xx answer in the real error shape `{"error": {"text", "http_code", "error_code", "request"}}`.
struct DemoFailure: Error, Sendable {
    let status: Int
    let text: String

    init(_ status: Int, _ text: String) {
        self.status = status
        self.text = text
    }

    /// The opaque build tag real errors carry, marked as demo.
    static let errorCode = "v3.0_demo-1.0"

    /// The error body.
    func body(for request: DemoRequest) -> ErrorResponse {
        ErrorResponse(error: ErrorDetails(text: text, httpCode: status, errorCode: Self.errorCode,
                                          request: request.echoedURL))
    }

    func response(for request: DemoRequest) -> DemoResponse {
        let body = body(for: request)
        var headers: HTTPFields = [.contentType: "application/json; charset=utf-8"]
        // RFC 9110: a 405 names the methods the resource does support.
        if status == 405 { headers[.allow] = "GET" }
        return DemoResponse(status: status, headers: headers, body: DemoResponse.encoded(body))
    }
}

/// Typed, validated access to query parameters; every problem is a 400 ``DemoFailure``.
struct DemoQuery: Sendable {
    let items: [(String, String)]

    init(_ items: [(String, String)]) { self.items = items }

    /// The first value of a parameter.
    func value(_ name: String) -> String? { items.first { $0.0 == name }?.1 }

    func required(_ name: String) throws -> String {
        guard let value = value(name), !value.isEmpty else {
            throw DemoFailure(400, "Не указан обязательный параметр \(name)")
        }
        return value
    }

    func int(_ name: String, default fallback: Int, range: ClosedRange<Int>) throws -> Int {
        guard let text = value(name) else { return fallback }
        guard let number = Int(text), range.contains(number) else {
            throw DemoFailure(400, "Некорректное значение параметра \(name): \(text)")
        }
        return number
    }

    func bool(_ name: String) throws -> Bool {
        switch value(name)?.lowercased() {
        case nil, "false", "0": return false
        case "true", "1": return true
        case let other?: throw DemoFailure(400, "Некорректное значение параметра \(name): \(other)")
        }
    }

    /// A coordinate in `-limit...limit`, with the real API's error text.
    func coordinate(_ name: String, limit: Double, what: String) throws -> Double {
        let text = try required(name)
        guard let number = Double(text), number.isFinite else {
            throw DemoFailure(400, "Некорректное значение параметра \(name): \(text)")
        }
        guard abs(number) <= limit else {
            let bound = Int(limit)
            throw DemoFailure(400, "Некорректное значение параметра \(name): \(text). "
                + "\(what) должна быть в диапазоне от -\(bound) до \(bound)")
        }
        return number
    }

    /// `date` (`YYYY-MM-DD`, or a datetime whose date part is used), checked against the allowed window.
    func date(today: LocalDate) throws -> LocalDate? {
        guard let text = value("date") else { return nil }
        guard let date = LocalDate(String(text.prefix(10))), text.count == 10 || ISO8601.date(from: text) != nil else {
            throw DemoFailure(400, "Некорректное значение параметра date: \(text)")
        }
        guard date >= today.adding(days: -30), date <= Self.elevenMonths(after: today) else {
            throw DemoFailure(400, "Указана недопустимая дата - \(date). "
                + "Доступен выбор даты на 30 дней назад и 11 месяцев вперед от текущей даты")
        }
        return date
    }

    static func elevenMonths(after date: LocalDate) -> LocalDate {
        let months = date.year * 12 + (date.month - 1) + 11
        let year = months / 12, month = months % 12 + 1
        var day = date.day
        while LocalDate(year: year, month: month, day: day) == nil { day -= 1 }
        return LocalDate(year: year, month: month, day: day)!
    }

    /// `transport_types` (one type, or a comma-separated list); nil means all.
    func modes() throws -> Set<DemoMode>? {
        guard let text = value("transport_types") else { return nil }
        var modes = Set<DemoMode>()
        for part in text.split(separator: ",", omittingEmptySubsequences: false)
            .map({ $0.trimmingCharacters(in: .whitespaces) }) {
            if let mode = DemoMode(rawValue: part) {
                modes.insert(mode)
            } else if part != "helicopter" {  // a real type the demo data has no threads of
                throw DemoFailure(400, "Некорректное значение параметра transport_types: \(text)")
            }
        }
        return modes
    }

    /// `station_types` (a comma-separated list of the API's station type codes); nil means all.
    func stationTypes() throws -> Set<String>? {
        guard let text = value("station_types") else { return nil }
        let types = Set(text.split(separator: ",", omittingEmptySubsequences: false).map(String.init))
        guard types.isSubset(of: Self.stationTypeCodes) else {
            throw DemoFailure(400, "Некорректное значение параметра station_types: \(text)")
        }
        return types
    }

    /// The station type codes the API documents.
    static let stationTypeCodes: Set<String> = [
        "station", "platform", "stop", "checkpoint", "post", "crossing", "overtaking_point", "train_station",
        "airport", "bus_station", "bus_stop", "unknown", "port", "port_point", "wharf", "river_port", "marine_station",
    ]

    /// `result_timezone` as a clock; an unknown zone is a 400.
    func clock() throws -> DemoClock {
        guard let identifier = value("result_timezone"), !identifier.isEmpty else { return DemoClock(resultZone: nil) }
        guard let zone = TimeZone(identifier: identifier) else {
            throw DemoFailure(400, "Некорректное значение параметра result_timezone: \(identifier)")
        }
        return DemoClock(resultZone: zone)
    }

    /// The coding system of point codes (`system`, default `yandex`); an unknown system is a 400.
    func pointSystem() throws -> String {
        let system = value("system") ?? "yandex"
        guard Self.pointSystems.contains(system) else {
            throw DemoFailure(400, "Некорректное значение параметра system: \(system)")
        }
        return system
    }

    /// The coding systems the API accepts for stations and settlements.
    static let pointSystems: Set<String> = ["yandex", "iata", "sirena", "express", "esr"]

    /// The checks every endpoint makes: JSON only, `lang` of the right form, no repeated parameter.
    func checkCommon() throws {
        if value("format").map({ $0 != "json" }) ?? false {
            throw DemoFailure(400, "Демо-данные доступны только в формате json")
        }
        try checkLanguage()
        try checkSingleValues()
    }

    /// Every parameter of the API takes one value (lists are comma-separated), so a repeated one is a 400.
    func checkSingleValues() throws {
        var seen = Set<String>()
        for (name, _) in items where !seen.insert(name).inserted {
            throw DemoFailure(400, "Параметр \(name) указан несколько раз")
        }
    }

    /// `lang` as `<language>_<COUNTRY>` (`ru_RU`, `uk_UA`); a value of another form is a 400.
    func checkLanguage() throws {
        guard let lang = value("lang") else { return }
        let parts = lang.split(separator: "_", omittingEmptySubsequences: false)
        let valid = parts.count == 2 && parts[0].count == 2 && parts[1].count == 2
            && parts[0].allSatisfy { ("a"..."z").contains($0) } && parts[1].allSatisfy { ("A"..."Z").contains($0) }
        guard valid else { throw DemoFailure(400, "Некорректное значение параметра lang: \(lang)") }
    }

    /// Whether `show_systems` asks for station `codes` objects.
    func showsCodes() throws -> Bool {
        let value = value("show_systems") ?? "yandex"
        guard ["yandex", "esr", "all"].contains(value) else {
            throw DemoFailure(400, "Некорректное значение параметра show_systems: \(value)")
        }
        return value != "yandex"
    }

    /// `offset` (from 0) and `limit` (from 1, default 100); an offset past the end gives an empty page.
    func page() throws -> (offset: Int, limit: Int) {
        (try int("offset", default: 0, range: 0...Int.max), try int("limit", default: 100, range: 1...Int.max))
    }
}

extension DemoCatalog {
    /// Resolves a point code in a coding system, or 404 with the real text. The demo data holds Yandex codes
    /// only (and ESR codes of some stations, which are not looked up), so a code of another system is not found.
    func requirePoint(_ code: String, system: String = "yandex") throws -> DemoPoint {
        guard system == "yandex", let point = point(code) else {
            throw DemoFailure(404, "Не нашли объект по \(system) коду \(code)")
        }
        return point
    }
}

extension Array {
    /// The `offset`/`limit` page of the array.
    func page(offset: Int, limit: Int) -> ArraySlice<Element> {
        let start = Swift.min(offset, count)
        // `limit` may be as large as Int.max: compare with what is left instead of adding (no overflow).
        return self[start..<(limit >= count - start ? count : start + limit)]
    }
}
