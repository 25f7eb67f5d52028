import Foundation

/// The optional config file (`~/.config/rasp/config`): `name = value` lines, `#` comments.
///
/// ```
/// # rasp config
/// api_key = 0123abcd-…
/// base_url = https://api.rasp.yandex-net.ru
/// cache_dir = /var/tmp/rasp
/// ```
struct ConfigFile: Equatable {
    /// The API key.
    var apiKey: String?
    /// The server to call.
    var baseURL: String?
    /// The cache folder.
    var cacheDirectory: String?

    /// The names the file may set.
    static let names: Set<String> = ["api_key", "base_url", "cache_dir"]

    /// Parses the text of a config file.
    /// - Throws: ``CLIError`` (usage) naming the line of an unknown setting or a line without `=`.
    init(text: String, path: String) throws {
        for (number, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.trimmingCharacters(in: .whitespacesAndNewlines)
            if line.isEmpty || line.hasPrefix("#") { continue }
            guard let equals = line.firstIndex(of: "=") else {
                throw CLIError.usage("\(path):\(number + 1): expected 'name = value'")
            }
            let name = line[..<equals].trimmingCharacters(in: .whitespaces).lowercased()
            var value = line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            if value.count >= 2, let first = value.first, first == "\"" || first == "'", value.last == first {
                value = String(value.dropFirst().dropLast())
            }
            switch name {
            case "api_key": apiKey = value.isEmpty ? nil : value
            case "base_url": baseURL = value.isEmpty ? nil : value
            case "cache_dir": cacheDirectory = value.isEmpty ? nil : value
            default:
                throw CLIError.usage("\(path):\(number + 1): unknown setting '\(name)'"
                    + " (known: \(Self.names.sorted().joined(separator: ", ")))")
            }
        }
    }

    /// An empty config.
    init() {}

    /// Reads the file at `url`; an absent file is an empty config unless `required`.
    /// - Throws: ``CLIError`` when a required file is missing, or the file cannot be read or parsed.
    static func load(_ url: URL, required: Bool) throws -> ConfigFile {
        guard FileManager.default.fileExists(atPath: url.path) else {
            if required { throw CLIError.usage("config file \(url.path) does not exist") }
            return ConfigFile()
        }
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw CLIError.failure("cannot read the config file \(url.path)")
        }
        return try ConfigFile(text: String(decoding: data, as: UTF8.self), path: url.path)
    }
}
