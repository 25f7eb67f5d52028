import Foundation
import Logging
import RaspAPI
import RaspDemo
import RaspKit
import RaspMiddlewares
import RaspRuntime
import RaspServices

/// Everything a subcommand needs to run: the data source, the client, the console and the language.
struct RaspContext: Sendable {
    /// The options the command was given.
    let options: GlobalOptions
    /// The process environment.
    let environment: Environment
    /// Where the data comes from.
    let source: DataSource
    /// Standard output and error.
    let console: Console
    /// The client (demo transport, or HTTP with retries, timeouts and the key).
    let client: RaspClient
    /// Masks the key in everything printed.
    let redactor: Redactor
    /// The language of durations, notes and error messages.
    let strings: RaspKit.Strings
    /// The words around the data, in the same language.
    let text: CLIText

    /// Builds the context of a run.
    /// - Throws: ``CLIError`` for an unusable config or key.
    init(options: GlobalOptions, environment: Environment = .current) throws {
        self.options = options
        self.environment = environment
        source = try DataSource(options: options, environment: environment)
        console = Console(environment)
        let russian = options.lang.map { $0 == .ru } ?? environment.prefersRussian
        strings = RaspKit.Strings(language: russian ? .ru : .en)
        text = CLIText(russian: russian)
        // Every request with --verbose; otherwise, on a terminal, notices such as a retry (never in JSON output).
        let width = console.errWidth
        let logger = options.verbose ? Self.makeLogger(level: .debug, width: width)
            : environment.stderrIsTerminal ? Self.makeLogger(level: .notice, width: width) : nil
        client = try Self.makeClient(source: source, options: options, environment: environment, logger: logger,
                                     console: console)
        redactor = client.core.redactor.merging(Redactor(secrets: Set([source.apiKey].compactMap { $0 })))
    }

    /// The most bytes of saved answers: `$RASP_ANSWERS_MAX_BYTES`, else 32 MB.
    var answersMaxBytes: Int { Self.answersMaxBytes(environment) }

    private static func answersMaxBytes(_ environment: Environment) -> Int {
        environment["RASP_ANSWERS_MAX_BYTES"].flatMap { Int($0) }.map { max(0, $0) } ?? 32 << 20
    }

    /// Whether messages from the runtime should be Russian.
    var russian: Bool { strings.language == .ru }

    /// Prints the one-line demo notice on standard error (never on standard output, so JSON stays clean).
    func announceSource() {
        guard source.isDemo else { return }
        console.note(console.err.yellow(text.russian
            ? "rasp: демо-данные (придуманное расписание, без сети)."
                + " Для настоящего API задайте RASP_API_KEY или --api-key."
            : "rasp: demo data (made-up timetables, no network). Set RASP_API_KEY or pass --api-key for the real API."))
    }

    /// Prints a one-line notice of the age of each saved answer shown instead of the server's (after a failure,
    /// or with `--offline`).
    func announceSaved(_ reports: [HTTPCacheMiddleware.Report]) {
        let saved = reports.filter { $0.outcome == .stale || (options.offline && $0.outcome == .fresh) }
        guard let oldest = saved.map(\.age).max() else { return }
        let age = text.age(oldest)
        console.note(console.err.yellow(options.offline
            ? (russian ? "rasp: сохранённый ответ, получен \(age) назад." : "rasp: saved answer, received \(age) ago.")
            : (russian ? "rasp: нет связи с сервером — показан ответ, сохранённый \(age) назад."
                : "rasp: the server could not be reached; showing the answer saved \(age) ago.")))
    }

    /// Prints a notice on standard error.
    func notice(_ text: String) {
        console.note(console.err.dim(redactor.redact(text)))
    }

    /// Prints a warning on standard error: something was wrong and rasp worked around it.
    func warn(_ text: String) {
        console.note(console.err.yellow(redactor.redact(text)))
    }

    // MARK: Client

    private static func makeClient(source: DataSource, options: GlobalOptions, environment: Environment,
                                   logger: Logger?, console: Console) throws -> RaspClient {
        let headers: [any ClientMiddleware] = options.extraHeaders.isEmpty
            ? [] : [HeaderMiddleware(headers: options.extraHeaders)]
        let choice = try HTTPClientChoice.resolve(option: options.httpClient, environment: environment)
        guard let serverURL = source.serverURL else {
            return RaspClient(serverURL: Servers.server1, transport: DemoTransport(), middlewares: headers)
        }
        let transport = choice.transport(for: serverURL, environment: environment)
        let retry = RetryPolicy(maxAttempts: options.retries + 1, baseDelay: .milliseconds(300), maxDelay: .seconds(5))
        var client: RaspClient
        if let key = source.apiKey {
            client = try RaspClient.live(apiKey: key, logger: logger, retry: retry, timeouts: options.timeouts,
                                         serverURL: serverURL, transport: transport)
        } else {
            client = RaspClient(serverURL: serverURL, transport: transport, middlewares: RaspClient.standardMiddlewares(
                logger: logger, retry: retry, timeouts: options.timeouts))
        }
        client.core.middlewares += headers
        // Outermost: a saved answer makes no request, so it is neither logged nor counted against the quota.
        if let folder = source.answersDirectory {
            let store = DiskHTTPCacheStore(folder: folder, maxBytes: Self.answersMaxBytes(environment))
            var cache: [any ClientMiddleware] = [HTTPCacheMiddleware(store: store, policy: RaspCachePolicy.policy())]
            if options.offline { cache.insert(HeaderMiddleware(headers: [("Cache-Control", "only-if-cached")]), at: 0) }
            if options.refresh { cache.insert(HeaderMiddleware(headers: [("Cache-Control", "no-cache")]), at: 0) }
            client.core.middlewares.insert(contentsOf: cache, at: 0)
        }
        if logger?.logLevel == .notice {
            // On a terminal without --verbose: a note when a request takes long (with --verbose every request shows).
            client.core.middlewares.append(SlowRequestNotice { line in console.note(line) })
        }
        return client
    }

    private static func makeLogger(level: Logger.Level, width: Int?) -> Logger {
        Logger(label: "rasp") { _ in CompactLogHandler(logLevel: level, width: width) }
    }
}
