import Foundation
import Logging
import RaspAPI
import RaspRuntime
import RaspURLSession
import RaspMiddlewares
import RaspServices

/// Where the API key travels.
public enum RaspKeyPlacement: String, Sendable, Hashable, CaseIterable {
    /// `Authorization: <key>` (the default: the key stays out of URLs, which servers and proxies log).
    case header
    /// `?apikey=<key>`.
    case query
}

/// Why a live client could not be built.
public enum RaspServiceError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The key is empty (after trimming spaces and line breaks).
    case missingAPIKey
    /// The key has a control character inside (a line break, tab, NUL…), named here (`LF`); such a key cannot be
    /// sent, a transport would drop the whole header.
    case invalidAPIKey(controlCharacter: String)

    public var description: String {
        switch self {
        case .missingAPIKey:
            "No Rasp API key: get one in the Yandex developer cabinet and pass it to RaspClient.live(apiKey:)"
        case .invalidAPIKey(let character):
            "The Rasp API key contains a control character (\(character)): copy it again as one line of plain text"
        }
    }
}

extension TimeoutPolicy {
    /// 30 s per request; 300 s for `stationsList` (a body of about 40 MB).
    public static let rasp = TimeoutPolicy(defaultTimeout: .seconds(30), overrides: ["stationsList": .seconds(300)])
}

extension RaspClient {
    /// A client for the real API with the standard middleware stack, outermost first:
    ///
    /// 1. ``/RaspMiddlewares/HTTPCacheMiddleware`` (when a store is given): answers kept as
    ///    ``/RaspServices/RaspCachePolicy`` says, shown when the server cannot be reached;
    /// 2. ``/RaspMiddlewares/LoggingMiddleware`` (when a logger is given): one line per call, key masked;
    /// 3. ``/RaspMiddlewares/RetryMiddleware``: `retry`, logging each retry at `notice`;
    /// 4. ``/RaspServices/QuotaMiddleware`` (when a counter is given): counts every attempt that reaches the network
    ///    and, in safe mode, refuses calls past the daily limit before any I/O;
    /// 5. ``/RaspMiddlewares/HostFallbackMiddleware`` (for the two documented hosts): a call that cannot connect to
    ///    one is made on the other;
    /// 6. ``/RaspMiddlewares/TimeoutMiddleware``: a total deadline per attempt (`timeouts`, 300 s for `stationsList`).
    ///
    /// The quota sits inside the retries, not outside, so that retried attempts count against the daily limit as
    /// they do on the server.
    /// - Parameters:
    ///   - apiKey: The key from the Yandex developer cabinet (spaces and line breaks around it are dropped).
    ///   - placement: Header (default) or query.
    ///   - logger: Where request lines go; nil logs nothing.
    ///   - quota: The daily request counter; nil counts nothing.
    ///   - retry: Attempts and backoff.
    ///   - timeouts: Deadlines per operation.
    ///   - serverURL: The host (default: `api.rasp.yandex-net.ru`).
    ///   - transport: How requests are sent (default: `URLSession`).
    ///   - cache: Where answers are kept for offline use (e.g. a ``/RaspMiddlewares/DiskHTTPCacheStore`` in the
    ///     app's caches folder); nil keeps none.
    ///   - sleeper: How retries wait (inject one in tests).
    /// - Throws: ``RaspServiceError/missingAPIKey``, ``RaspServiceError/invalidAPIKey(controlCharacter:)``.
    public static func live(
        apiKey: String,
        placement: RaspKeyPlacement = .header,
        logger: Logger? = nil,
        quota: QuotaCounter? = nil,
        retry: RetryPolicy = .default,
        timeouts: TimeoutPolicy = .rasp,
        serverURL: URL = Servers.server1,
        transport: any ClientTransport = URLSessionTransport(),
        cache: (any HTTPCacheStore)? = nil,
        sleeper: Sleeper = .live
    ) throws -> RaspClient {
        let key = apiKey.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !key.isEmpty else { throw RaspServiceError.missingAPIKey }
        if let scalar = HeaderText.firstControlCharacter(in: key) {
            throw RaspServiceError.invalidAPIKey(controlCharacter: HeaderText.name(of: scalar))
        }
        let authentication: Authentication = placement == .header ? .apiKeyHeader(key) : .apiKeyQuery(key)
        // The two documented hosts stand in for each other; a key never goes to a host beyond them.
        let servers = Servers.all.contains { HostFallbackMiddleware.sameServer($0, serverURL) } ? Servers.all : []
        var middlewares = standardMiddlewares(logger: logger, redactor: Redactor(authentication: authentication),
                                              quota: quota, retry: retry, timeouts: timeouts, servers: servers,
                                              sleeper: sleeper)
        if let cache {
            middlewares.insert(HTTPCacheMiddleware(store: cache, policy: RaspCachePolicy.policy()), at: 0)
        }
        return RaspClient(serverURL: serverURL, authentication: authentication, transport: transport,
                          middlewares: middlewares)
    }

    /// The middleware stack of
    /// ``live(apiKey:placement:logger:quota:retry:timeouts:serverURL:transport:cache:sleeper:)`` without the cache,
    /// for a client that needs it without a key (a mock server, a proxy that adds the key).
    /// - Parameters:
    ///   - logger: Where request lines and retry notices go; nil logs nothing.
    ///   - redactor: What the request lines mask.
    ///   - quota: The daily request counter; nil counts nothing.
    ///   - retry: Attempts and backoff.
    ///   - timeouts: Deadlines per operation.
    ///   - servers: The hosts the API is served from, when the client calls one of them: a call that cannot connect
    ///     to one is made on the next (``/RaspMiddlewares/HostFallbackMiddleware``), counted once by the quota.
    ///   - sleeper: How retries wait.
    /// - Returns: Logging, retries, the quota, the host fallback and timeouts, outermost first.
    public static func standardMiddlewares(logger: Logger?, redactor: Redactor = .standard, quota: QuotaCounter? = nil,
                                           retry: RetryPolicy = .default, timeouts: TimeoutPolicy = .rasp,
                                           servers: [URL] = [], sleeper: Sleeper = .live) -> [any ClientMiddleware] {
        var middlewares: [any ClientMiddleware] = []
        if let logger { middlewares.append(LoggingMiddleware(logger: logger, redactor: redactor)) }
        var onRetry: (@Sendable (RetryMiddleware.RetryEvent) -> Void)?
        if let logger {
            onRetry = { event in
                logger.notice("""
                    \(event.operationID): attempt \(event.attempt) failed (\(event.reason)), retrying in \(event.delay)
                    """)
            }
        }
        middlewares.append(RetryMiddleware(policy: retry, sleeper: sleeper, onRetry: onRetry))
        if let quota { middlewares.append(QuotaMiddleware(counter: quota)) }
        if servers.count > 1 { middlewares.append(HostFallbackMiddleware(servers: servers)) }
        middlewares.append(TimeoutMiddleware(policy: timeouts))
        return middlewares
    }
}

extension QuotaCounter {
    /// A counter for the Rasp daily limit, persisted in `stateFile` (memory only when nil), that logs its
    /// warnings: `warning` at 90 % and when the limit is reached, `error` for refusals and storage problems.
    /// - Parameters:
    ///   - limit: Requests per day (default 500; the exact limit of a key is not published, set your own).
    ///   - stateFile: The JSON file that keeps the count across launches.
    ///   - safeMode: Refuse calls past the limit (default true).
    ///   - logger: Where warnings go.
    /// - Returns: The counter.
    public static func rasp(limit: Int = 500, stateFile: URL?, safeMode: Bool = true,
                            logger: Logger? = nil) -> QuotaCounter {
        let store: any QuotaStore = stateFile.map { FileQuotaStore(url: $0) } ?? InMemoryQuotaStore()
        var onEvent: (@Sendable (QuotaCounter.Event) -> Void)?
        if let logger {
            onEvent = { event in
                switch event {
                case .approaching(let used, let limit):
                    logger.warning("Rasp quota: \(used) of \(limit) requests used today")
                case .exhausted(let used, let limit):
                    logger.warning("Rasp quota: the daily limit of \(limit) is reached (\(used) used)")
                case .refused(let operationID, let limit):
                    logger.error("Rasp quota: \(operationID) refused, \(limit) requests used today")
                case .storageFailed(let reason): logger.error("Rasp quota: cannot keep the count: \(reason)")
                }
            }
        }
        return QuotaCounter(limit: limit, safeMode: safeMode, store: store, onEvent: onEvent)
    }
}
