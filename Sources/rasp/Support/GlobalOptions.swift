import ArgumentParser
import Foundation
import RaspRuntime
import RaspMiddlewares

/// The options every subcommand takes: where the data comes from and how the output looks.
struct GlobalOptions: ParsableArguments {
    @Flag(name: .long, help: "Print JSON for scripts instead of a table.")
    var json = false

    @Option(name: .long, help: ArgumentHelp(
        "The language of everything rasp prints around the data: ru or en (default: from LC_ALL, LC_MESSAGES or LANG).",
        valueName: "language"))
    var lang: OutputLanguage?

    @Option(name: .long, help: ArgumentHelp(
        "The Yandex Rasp API key (default: $RASP_API_KEY, then api_key in the config file).",
        discussion: "Prefer the environment variable: command lines are visible to other users of the machine.",
        valueName: "key"))
    var apiKey: String?

    @Option(name: .long, help: ArgumentHelp(
        "Call this server instead of the real API, e.g. a rasp-mock at http://127.0.0.1:8080"
            + " (default: $RASP_BASE_URL).",
        valueName: "url"))
    var baseURL: String?

    @Option(name: .long, help: ArgumentHelp(
        "Where the station directory is cached (default: $RASP_CACHE_DIR, $XDG_CACHE_HOME/rasp or ~/.cache/rasp).",
        valueName: "path"))
    var cacheDir: String?

    @Option(name: .long, help: ArgumentHelp(
        "A config file with 'api_key = …', 'base_url = …', 'cache_dir = …' lines"
            + " (default: $RASP_CONFIG, then ~/.config/rasp/config).",
        valueName: "path"))
    var config: String?

    @Option(name: .long, help: ArgumentHelp(
        "Use this stations_list JSON file as the station directory instead of downloading one.", valueName: "file"))
    var stationsList: String?

    @Option(name: .long,
            help: "How many times to retry a request that failed for a reason that may pass (connection, 429, 5xx).")
    var retries: Int = 2

    @Option(name: .long, help: ArgumentHelp(
        "Give up on a request after this many seconds (each attempt; the station directory download keeps its own, "
            + "longer limit). Default: 30.", valueName: "seconds"))
    var timeout: Double?

    @Option(name: .long, help: ArgumentHelp(
        "An extra request header 'Name: Value', e.g. 'X-Mock-Fault: 503' for rasp-mock (repeatable).",
        valueName: "header"))
    var header: [String] = []

    @Flag(name: .long, help: "Log every request to standard error (the API key is masked).")
    var verbose = false

    @Flag(name: .long, help: ArgumentHelp(
        "Answer from saved answers only, whatever their age; no network (exit code 5 when none is saved)."))
    var offline = false

    @Flag(name: .long, help: "Ask the server even when a saved answer is fresh, and never show a saved one instead.")
    var refresh = false

    @Option(name: .long, help: ArgumentHelp(
        "The HTTP library that sends requests: urlsession or nio (AsyncHTTPClient, in a build with the "
            + "CLIAsyncHTTPClient trait). Default: $RASP_HTTP_CLIENT, else nio on Linux where built in, "
            + "else urlsession.",
        valueName: "client"))
    var httpClient: HTTPClientChoice?

    mutating func validate() throws {
        if offline && refresh {
            throw usageError("--offline and --refresh cannot be used together",
                             "--offline и --refresh нельзя указывать вместе")
        }
        guard (0...10).contains(retries) else {
            throw usageError("--retries must be between 0 and 10", "--retries: от 0 до 10")
        }
        if let timeout, !(timeout > 0 && timeout <= 3600) {
            throw usageError("--timeout must be a number of seconds between 0 and 3600",
                             "--timeout: число секунд больше 0 и не больше 3600")
        }
        for header in header { try Self.check(header: header) }
        if let baseURL {
            guard DataSource.serverURL(baseURL) != nil else { throw usageError(
                "--base-url must be an http(s) URL such as http://127.0.0.1:8080, got '\(baseURL)'",
                "--base-url: нужен адрес http(s), например http://127.0.0.1:8080, а не «\(baseURL)»") }
        }
    }

    /// Checks one `--header` argument. Messages name the field but never show its value (it may be a secret).
    private static func check(header: String) throws {
        guard let colon = header.firstIndex(of: ":"), !header[..<colon].trimmingCharacters(in: .whitespaces).isEmpty
        else { throw usageError(
            "--header must look like 'Name: Value' (a name, a colon, then the value)",
            "--header: нужен вид «Имя: значение» (имя, двоеточие, значение)") }
        let name = header[..<colon].trimmingCharacters(in: .whitespaces)
        let value = header[header.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        if let scalar = HeaderText.firstControlCharacter(in: name) {
            throw usageError("--header: the name contains a control character (\(HeaderText.name(of: scalar)))",
                             "--header: в имени управляющий символ (\(HeaderText.name(of: scalar)))")
        }
        guard HeaderText.isValidName(name) else {
            throw usageError(
                "--header: '\(name)' is not a valid header name (letters, digits and !#$%&'*+-.^_`|~)",
                "--header: «\(name)» не годится в имя заголовка (латинские буквы, цифры и !#$%&'*+-.^_`|~)")
        }
        if let scalar = HeaderText.firstControlCharacter(in: value) {
            throw usageError("--header \(name): the value contains a control character "
                                 + "(\(HeaderText.name(of: scalar))); a header value must be one line of plain text",
                             "--header \(name): в значении управляющий символ (\(HeaderText.name(of: scalar))); "
                                 + "значение заголовка — одна строка простого текста")
        }
    }

    /// The deadlines requests get: `--timeout` for API calls, the usual (longer) one for the directory download.
    var timeouts: TimeoutPolicy {
        guard let timeout else { return .rasp }
        var policy = TimeoutPolicy.rasp
        policy.defaultTimeout = .milliseconds(Int(timeout * 1000))
        return policy
    }

    /// The extra headers as name/value pairs.
    var extraHeaders: [(name: String, value: String)] {
        header.compactMap { text in
            guard let colon = text.firstIndex(of: ":") else { return nil }
            return (text[..<colon].trimmingCharacters(in: .whitespaces),
                    text[text.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
    }
}

/// `--lang`.
enum OutputLanguage: String, ExpressibleByArgument, CaseIterable {
    case ru, en
}
