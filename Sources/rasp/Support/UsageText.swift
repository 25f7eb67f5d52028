import ArgumentParser
import Foundation

/// Usage errors in the run's language: the ones `rasp` raises (``usageError(_:_:)``) and argument-parser's own,
/// which it writes in English only (``localize(_:russian:)``).
enum UsageText {
    /// Whether the run is in Russian, set by `Rasp.run` for the whole run (``language(of:environment:)``).
    @TaskLocal static var russian = false

    /// The language of a command line, decided before it is parsed (a usage error may stop parsing): `--lang ru`,
    /// `--lang=ru` or `en`, else the locale environment. The same rule as the parsed `--lang` option.
    static func language(of arguments: [String], environment: Environment) -> Bool {
        for (index, argument) in arguments.enumerated() {
            if argument == "--" { break }
            let value: String?
            if argument == "--lang" {
                value = index + 1 < arguments.count ? arguments[index + 1] : nil
            } else if argument.hasPrefix("--lang=") {
                value = String(argument.dropFirst("--lang=".count))
            } else {
                continue
            }
            if let value, let language = OutputLanguage(rawValue: value.lowercased()) { return language == .ru }
        }
        return environment.prefersRussian
    }

    /// argument-parser's message (`Error: …`, `Help: …`, `Usage: …`, `See '… --help' …`) in Russian, for a Russian
    /// run; unchanged otherwise. Errors it does not know keep their text after a Russian `Ошибка:`. The `Help:`
    /// line quotes the option's English help and is left out.
    static func localize(_ message: String, russian: Bool) -> String {
        guard russian else { return message }
        var lines: [String] = []
        for line in message.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix("Help:  ") { continue }
            lines.append(localizeLine(line))
        }
        return lines.joined(separator: "\n")
    }

    private static func localizeLine(_ line: String) -> String {
        if line.hasPrefix("Error: ") { return "Ошибка: " + localizeError(String(line.dropFirst("Error: ".count))) }
        if line.hasPrefix("Usage: ") { return "Использование: " + line.dropFirst("Usage: ".count) }
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        if let command = match(trimmed, #"^See '(.+) --help' for more information\.$"#)?.first {
            return "  Подробнее: \(command) --help"
        }
        return line
    }

    /// The Russian of an argument-parser error sentence.
    private static func localizeError(_ text: String) -> String {
        let rules: [(String, ([String]) -> String)] = [
            (#"^Missing expected argument '(.+)'$"#, { "не хватает аргумента \($0[0])" }),
            (#"^Unknown option '([^']+)'\. Did you mean '([^']+)'\?$"#,
             { "неизвестный параметр \($0[0]). Может быть, \($0[1])?" }),
            (#"^Unknown option '([^']+)'$"#, { "неизвестный параметр \($0[0])" }),
            (#"^Unexpected argument '(.+)'$"#, { "лишний аргумент «\($0[0])»" }),
            (#"^(\d+) unexpected arguments: (.+)$"#, { "лишние аргументы: \($0[1])" }),
            (#"^Missing value for '([^']+)'$"#, { "не указано значение для \($0[0])" }),
            (#"^The value '(.*)' is invalid for '([^']+)'\. Please provide one of (.+)\.$"#,
             { "недопустимое значение «\($0[0])» для \($0[1]); возможные: "
                 + $0[2].replacingOccurrences(of: " and ", with: ", ") }),
            (#"^The value '(.*)' is invalid for '([^']+)'(.*)$"#, { "недопустимое значение «\($0[0])» для \($0[1])" }),
        ]
        for (pattern, render) in rules {
            if let groups = match(text, pattern) { return render(groups) }
        }
        return text
    }

    /// The capture groups of `pattern` matched against the whole of `text`, or nil.
    private static func match(_ text: String, _ pattern: String) -> [String]? {
        guard let regex = try? NSRegularExpression(pattern: pattern),
              let found = regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) else { return nil }
        return (1..<found.numberOfRanges).map { index in
            Range(found.range(at: index), in: text).map { String(text[$0]) } ?? ""
        }
    }
}

/// A usage error (exit code 2) worded in the run's language.
func usageError(_ english: String, _ russian: String) -> ValidationError {
    ValidationError(UsageText.russian ? russian : english)
}
