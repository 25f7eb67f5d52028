import Foundation

/// English for the Russian error texts of the Rasp API (`error.text` of a 400 or 404 answer), so an English
/// interface does not show a Russian sentence. The API words its errors in Russian whatever `lang` asks for.
///
/// ```swift
/// APIErrorText.english("Не нашли объект по yandex коду c1111")
/// // "No place or carrier has the yandex code c1111"
/// ```
public enum APIErrorText {
    /// The English of a known error text, with its details (codes, dates, names) kept; nil for a text it does not
    /// know (show the API's own text then).
    public static func english(_ text: String) -> String? {
        let text = text.trimmingCharacters(in: .whitespacesAndNewlines)
        for (pattern, render) in rules {
            if let groups = groups(of: pattern, in: text) { return render(groups) }
        }
        return nil
    }

    /// Patterns of the API's texts (whole text, anchored) and their English, filled from the captured details.
    private static let rules: [(pattern: String, render: @Sendable ([String]) -> String)] = [
        (#"Не нашли объект по (\S+) коду (\S+)"#, { "No place or carrier has the \($0[0]) code \($0[1])" }),
        (#"Не нашли нитку по uid (\S+)"#, { "No thread has the uid \($0[0])" }),
        (#"Рейс (\S+) не ходит в ближайшие дни"#, { "The trip \($0[0]) does not run in the coming days" }),
        (#"Рейс (\S+) не ходит (\S+)"#, { "The trip \($0[0]) does not run on \($0[1])" }),
        (#"Нитка (\S+) не проходит через (\S+)"#, { "The thread \($0[0]) does not pass through \($0[1])" }),
        (#"Не нашли населённый пункт в радиусе (\d+) км"#, { "No town or city within \($0[0]) km" }),
        (#"Точка отправления не должна совпадать с точкой прибытия\.?"#,
         { _ in "The departure and arrival points must differ." }),
        (#"Указана недопустимая дата - (.+?)\. "#
            + #"Доступен выбор даты на 30 дней назад и 11 месяцев вперед от текущей даты\.?"#,
         { "The date \($0[0]) is not available: dates from 30 days back to 11 months ahead of today are" }),
        (#"Не указан обязательный параметр (\S+)"#, { "The required parameter \($0[0]) is missing" }),
        (#"Нужно указать from и to"#, { _ in "Both from and to must be given" }),
        (#"Параметр (\S+) указан несколько раз"#, { "The parameter \($0[0]) is given more than once" }),
        (#"Некорректное значение параметра ([^:\s]+): (.*)"#,
         { "The value of the parameter \($0[0]) is not valid: \($0[1])" }),
        (#"Неизвестный ключ API"#, { _ in "The API key is not known" }),
        (#"Не передан ключ API.*"#, { _ in "No API key was sent (the apikey parameter or the Authorization header)" }),
        (#"Неизвестный метод API: (\S+)"#, { "The API has no method \($0[0])" }),
    ]

    private static func groups(of pattern: String, in text: String) -> [String]? {
        guard let regex = try? NSRegularExpression(pattern: "^" + pattern + "$"),
              let match = regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) else { return nil }
        return (1..<match.numberOfRanges).map { index in
            Range(match.range(at: index), in: text).map { String(text[$0]) } ?? ""
        }
    }
}
