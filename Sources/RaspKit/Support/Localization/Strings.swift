import Foundation

extension RaspKit {
    /// The app's user-visible strings in one language, read from the library's string tables
    /// (`Bundle.module`, `<lang>.lproj/Localizable.strings`).
    ///
    /// The language is explicit rather than taken from the process, so a view model, a test or a preview can ask
    /// for either table:
    /// ```swift
    /// let ru = RaspKit.Strings(language: .ru)
    /// ru[.routeSearch]                                   // "Найти"
    /// ru.format(.settingsVersionFormat, "1.0")           // "Версия 1.0"
    /// RaspKit.Strings(locale: Locale(identifier: "en_US"))[.routeSearch]   // "Find"
    /// ```
    /// A key missing from a table falls back to the English table, then to the key itself.
    public struct Strings: Sendable, Hashable {
        /// The language of the texts.
        public var language: AppLanguage

        /// Strings in `language`.
        /// - Parameter language: The table to read.
        public init(language: AppLanguage) {
            self.language = language
        }

        /// Strings in the language chosen for `locale` (see ``AppLanguage/init(locale:)``).
        /// - Parameter locale: The user's locale; the current one by default.
        public init(locale: Locale = .current) {
            self.init(language: AppLanguage(locale: locale))
        }

        /// The text for `key`.
        public subscript(_ key: StringKey) -> String {
            Self.tables[language]?[key.rawValue] ?? Self.tables[.en]?[key.rawValue] ?? key.rawValue
        }

        /// The text for `key` with its `%@` placeholders (in order, or positional `%1$@`) replaced by `arguments`.
        /// - Parameters:
        ///   - key: A key whose text has placeholders.
        ///   - arguments: The values, already formatted.
        /// - Returns: The filled-in text.
        public func format(_ key: StringKey, _ arguments: String...) -> String {
            Self.fill(self[key], with: arguments)
        }

        /// The whole table of `language`, key → text (for tests and tools).
        /// - Parameter language: The language.
        /// - Returns: The table; empty when the resource is missing.
        public static func table(_ language: AppLanguage) -> [String: String] {
            tables[language] ?? [:]
        }

        /// Both tables, read once.
        private static let tables: [AppLanguage: [String: String]] = {
            var tables: [AppLanguage: [String: String]] = [:]
            for language in AppLanguage.allCases {
                tables[language] = ResourceFiles.stringsTable(language: language)
            }
            return tables
        }()

        static func fill(_ template: String, with arguments: [String]) -> String {
            var result = ""
            var next = 0
            var rest = Substring(template)
            while let percent = rest.firstIndex(of: "%") {
                result += rest[..<percent]
                let tail = rest[rest.index(after: percent)...]
                if tail.hasPrefix("@") {
                    result += next < arguments.count ? arguments[next] : ""
                    next += 1
                    rest = tail.dropFirst()
                } else if let dollar = tail.firstIndex(of: "$"), let position = Int(tail[..<dollar]),
                          tail[tail.index(after: dollar)...].hasPrefix("@") {
                    result += position >= 1 && position <= arguments.count ? arguments[position - 1] : ""
                    rest = tail[tail.index(dollar, offsetBy: 2)...]
                } else if tail.hasPrefix("%") {
                    result += "%"
                    rest = tail.dropFirst()
                } else {
                    result += "%"
                    rest = tail
                }
            }
            return result + rest
        }
    }
}
