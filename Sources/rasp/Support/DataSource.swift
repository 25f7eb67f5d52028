import Foundation
import RaspAPI
import RaspRuntime

/// Where the data comes from, decided once per run from the options, the environment and the config file.
///
/// An API key (`--api-key`, `$RASP_API_KEY`, `api_key` in the config file, in that order) or a server
/// (`--base-url`, `$RASP_BASE_URL`, `base_url`) means HTTP; neither means the embedded demo data set, answered
/// in-process with no network at all.
struct DataSource: Sendable {
    /// The key, trimmed; nil when there is none.
    var apiKey: String?
    /// The server, nil for the demo data.
    var serverURL: URL?
    /// The cache folder.
    var cacheDirectory: URL

    /// Whether answers come from the embedded demo data.
    var isDemo: Bool { serverURL == nil }

    /// Decides the source.
    /// - Throws: ``CLIError`` when the config file is unreadable, a URL is not usable, or the key has a control
    ///   character inside (usage, exit code 2).
    init(options: GlobalOptions, environment: Environment) throws {
        let configURL = options.config.map { URL(fileURLWithPath: $0) } ?? environment.defaultConfigFile
        let config = try ConfigFile.load(configURL, required: options.config != nil)
        apiKey = try Self.key(from: [
            (options.apiKey, "--api-key"), (environment["RASP_API_KEY"], "$RASP_API_KEY"),
            (config.apiKey, "api_key in \(configURL.path)"),
        ])
        let server = options.baseURL ?? environment["RASP_BASE_URL"] ?? config.baseURL
        if let server {
            guard let url = Self.serverURL(server) else {
                throw CLIError.usage("the server URL must be http(s), got '\(server)'")
            }
            serverURL = url
        } else if apiKey != nil {
            serverURL = Servers.server1
        }
        if let explicit = options.cacheDir {
            cacheDirectory = URL(fileURLWithPath: explicit, isDirectory: true)
        } else if environment["RASP_CACHE_DIR"] == nil, let configured = config.cacheDirectory {
            cacheDirectory = URL(fileURLWithPath: (configured as NSString).expandingTildeInPath, isDirectory: true)
        } else {
            cacheDirectory = environment.defaultCacheDirectory
        }
    }

    /// `text` as a server URL: http or https, with a host; nil for anything else.
    static func serverURL(_ text: String) -> URL? {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
              url.host != nil else { return nil }
        return url
    }

    /// The first key that is not blank, trimmed.
    /// - Parameter candidates: The keys in order of precedence, each with where it comes from.
    /// - Throws: ``CLIError`` (usage) naming where the key comes from, never the key, when it has a line break or
    ///   another control character inside: the HTTP header would be dropped and the server would see no key.
    private static func key(from candidates: [(value: String?, source: String)]) throws -> String? {
        for candidate in candidates {
            guard let key = candidate.value?.trimmingCharacters(in: .whitespacesAndNewlines), !key.isEmpty else {
                continue
            }
            if let scalar = HeaderText.firstControlCharacter(in: key) {
                throw CLIError.usage("the API key from \(candidate.source) contains a control character "
                                     + "(\(HeaderText.name(of: scalar))); pass the key as one line of plain text")
            }
            return key
        }
        return nil
    }

    /// The cache folder of this server (directories of different servers never mix): e.g.
    /// `~/.cache/rasp/api.rasp.yandex-net.ru` or `…/127.0.0.1_8080`.
    var serverCacheDirectory: URL? {
        guard let serverURL, let host = serverURL.host else { return nil }
        let name = serverURL.port.map { "\(host)_\($0)" } ?? host
        let safe = String(name.map { $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" ? $0 : "_" })
        return cacheDirectory.appendingPathComponent(safe, isDirectory: true)
    }

    /// Where the server's answers are saved for offline use (nil for the demo data).
    var answersDirectory: URL? {
        serverCacheDirectory?.appendingPathComponent("answers", isDirectory: true)
    }

    /// A short name of the source for output: `demo` or the server's host.
    var label: String {
        guard let serverURL else { return "demo" }
        return serverURL.host.map { host in serverURL.port.map { "\(host):\($0)" } ?? host } ?? serverURL.absoluteString
    }
}
