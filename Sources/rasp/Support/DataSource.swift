import Foundation
import RaspAPI

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
    /// - Throws: ``CLIError`` when the config file is unreadable or a URL is not usable.
    init(options: GlobalOptions, environment: Environment) throws {
        let configURL = options.config.map { URL(fileURLWithPath: $0) } ?? environment.defaultConfigFile
        let config = try ConfigFile.load(configURL, required: options.config != nil)
        apiKey = [options.apiKey, environment["RASP_API_KEY"], config.apiKey]
            .compactMap { $0?.trimmingCharacters(in: .whitespacesAndNewlines) }
            .first { !$0.isEmpty }
        let server = options.baseURL ?? environment["RASP_BASE_URL"] ?? config.baseURL
        if let server {
            guard let url = URL(string: server), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
                  url.host != nil
            else { throw CLIError.usage("the server URL must be http(s), got '\(server)'") }
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

    /// The cache folder of this server (directories of different servers never mix): e.g.
    /// `~/.cache/rasp/api.rasp.yandex-net.ru` or `…/127.0.0.1_8080`.
    var serverCacheDirectory: URL? {
        guard let serverURL, let host = serverURL.host else { return nil }
        let name = serverURL.port.map { "\(host)_\($0)" } ?? host
        let safe = String(name.map { $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" ? $0 : "_" })
        return cacheDirectory.appendingPathComponent(safe, isDirectory: true)
    }

    /// A short name of the source for output: `demo` or the server's host.
    var label: String {
        guard let serverURL else { return "demo" }
        return serverURL.host.map { host in serverURL.port.map { "\(host):\($0)" } ?? host } ?? serverURL.absoluteString
    }
}
