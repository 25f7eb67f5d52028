public import Foundation
public import RaspRuntime
import HTTPTypes

/// A private HTTP cache (RFC 9111) in front of any generated client: answers kept in an ``HTTPCacheStore`` are
/// reused while fresh, revalidated with `If-None-Match`/`If-Modified-Since` when not (a 304 costs no body), and stand
/// in for a call that fails (no connection, a timeout, a 5xx) for as long as the server's `stale-if-error` or the
/// ``HTTPCachePolicy`` allows.
///
/// Only `GET` answers are kept, and only bodies in memory (downloads and event streams pass through). `Vary` keeps
/// answers to different request headers apart; an answer that varies on a credential is not kept. Cache keys and
/// stored files never hold a credential: query items and header fields that ``/RaspRuntime/Redactor/current`` masks
/// (the client's own credential names, `apikey`, `Authorization` …) are left out of keys, and the stored headers
/// leave out `Set-Cookie` and every masked field.
///
/// A request's own `Cache-Control` is honoured: `only-if-cached` answers from the store alone (whatever the
/// answer's age) and throws ``NotCached`` when nothing is kept, `no-cache` (or `max-age=0`) goes to the server and
/// never falls back on a stored answer, `no-store` bypasses the cache, `max-stale` and `min-fresh` shift freshness.
///
/// Place it before the middlewares that count or retry calls (quota, ``RetryMiddleware``), so an answer from the
/// store is no call: an app learns where each answer came from with ``observing(isolation:_:)``.
public struct HTTPCacheMiddleware: ClientMiddleware {
    /// Where an answer came from.
    public enum Outcome: Sendable, Hashable {
        /// From the server (kept or not).
        case fetched
        /// From the store, fresh.
        case fresh
        /// From the store, confirmed unchanged by the server (304).
        case revalidated
        /// From the store after its freshness, because the call failed (or the request asked for stored answers only).
        case stale
    }

    /// One answer the middleware gave.
    public struct Report: Sendable, Hashable {
        /// The operation.
        public var operationID: String
        /// Where the answer came from.
        public var outcome: Outcome
        /// The answer's age when given (zero for one just fetched).
        public var age: Duration
    }

    /// Thrown for a request with `Cache-Control: only-if-cached` when no answer is kept for it.
    public struct NotCached: Error, Sendable, CustomStringConvertible {
        /// The operation.
        public var operationID: String

        public var description: String { "\(operationID): no saved answer" }
    }

    private let store: any HTTPCacheStore
    private let policy: HTTPCachePolicy
    private let now: @Sendable () -> Date

    /// Creates the middleware.
    /// - Parameters:
    ///   - store: Where answers are kept.
    ///   - policy: Freshness and stand-in time where the server says nothing.
    ///   - now: The clock.
    public init(store: any HTTPCacheStore, policy: HTTPCachePolicy = HTTPCachePolicy(),
                now: @escaping @Sendable () -> Date = { Date() }) {
        self.store = store
        self.policy = policy
        self.now = now
    }

    /// Runs `body` (in the caller's isolation), returning its result with a report of every answer this
    /// middleware gave during it.
    public static func observing<T>(isolation: isolated (any Actor)? = #isolation,
                                    _ body: () async throws -> T) async throws -> (T, [Report]) {
        let observer = Observer()
        let value = try await $observer.withValue(observer) { try await body() }
        return (value, observer.reports.withLock { $0 })
    }

    public func intercept(
        _ request: ClientRequest,
        baseURL: URL,
        next: @Sendable (ClientRequest, URL) async throws -> ClientResponse
    ) async throws -> ClientResponse {
        let directives = CacheDirectives(request.headers)
        let redactor = Redactor.current
        guard let key = Self.key(for: request, baseURL: baseURL, redactor: redactor) else {
            return try await next(request, baseURL)
        }
        guard request.method == "GET" else {
            let response = try await next(request, baseURL)
            // A change made through the same URL makes its stored answer out of date (RFC 9111, section 4.4).
            if request.method != "HEAD", (200..<400).contains(response.status) {
                await store.remove("GET " + key.dropFirst(request.method.count + 1))
            }
            return response
        }
        guard !directives.noStore, policy.keeps(request) else { return try await next(request, baseURL) }

        let record = await store.record(for: key)
        let stored = record?.responses.first { Self.matches($0, request) }
        if let stored {
            let age = currentAge(stored)
            let lifetime = freshnessLifetime(stored, request: request)
            let storedDirectives = CacheDirectives(stored)
            if directives.onlyIfCached {
                return answer(stored, age: age, outcome: age <= lifetime ? .fresh : .stale, request: request)
            }
            let acceptsStored = !directives.noCache && directives.maxAge.map { age <= Double($0) } ?? true
                && !storedDirectives.noCache
            let wantedFreshness = lifetime - Double(directives.minFresh ?? 0)
            let allowedStaleness = storedDirectives.mustRevalidate ? 0 : Double(directives.maxStale ?? 0)
            if acceptsStored, age <= wantedFreshness + allowedStaleness {
                return answer(stored, age: age, outcome: age <= lifetime ? .fresh : .stale, request: request)
            }
        } else if directives.onlyIfCached {
            throw NotCached(operationID: request.operationID)
        }

        var forwarded = request
        if let stored, request.header("If-None-Match") == nil, request.header("If-Modified-Since") == nil {
            if let etag = stored.header("ETag") { forwarded.setHeader("If-None-Match", etag) }
            if let date = stored.header("Last-Modified") { forwarded.setHeader("If-Modified-Since", date) }
        }
        let requestTime = now()
        let response: ClientResponse
        do {
            response = try await next(forwarded, baseURL)
        } catch {
            if let stored, Self.mayStandIn(after: error), let stale = standIn(stored, request, directives) {
                return stale
            }
            throw error
        }
        let responseTime = now()
        if response.status == 304, let stored, var record {
            let updated = Self.updated(stored, by: response, requestTime: requestTime, responseTime: responseTime)
            record.responses = [updated] + record.responses.filter { $0 != stored }
            await store.save(record)
            return answer(updated, age: currentAge(updated), outcome: .revalidated, request: request)
        }
        if (500..<600).contains(response.status), let stored, let stale = standIn(stored, request, directives) {
            return stale
        }
        await keep(response, for: request, key: key, in: record, redactor: redactor, requestTime: requestTime,
                   responseTime: responseTime)
        report(request, .fetched, age: .zero)
        return response
    }

    // MARK: Keys and matching

    /// The method and URL, without the query items a credential travels in; nil for a URL that cannot be formed.
    static func key(for request: ClientRequest, baseURL: URL, redactor: Redactor) -> String? {
        var keyed = request
        keyed.query = request.query.filter { item in
            !redactor.queryNames.contains(item.name.lowercased()) && !redactor.secrets.contains(item.value)
        }
        guard let url = keyed.url(relativeTo: baseURL) else { return nil }
        return "\(request.method) \(url.absoluteString)"
    }

    /// Whether a stored answer was given for the values this request has in the header fields its `Vary` names.
    static func matches(_ stored: HTTPCachedResponse, _ request: ClientRequest) -> Bool {
        stored.varyValues.allSatisfy { name, value in request.header(name) == value }
    }

    // MARK: Freshness (RFC 9111, section 4.2)

    /// The answer's age now, in seconds: its age when received plus the time it has been kept.
    private func currentAge(_ stored: HTTPCachedResponse) -> Double {
        let responseTime = stored.responseTime.timeIntervalSince1970
        let dateValue = stored.header("Date").flatMap(Self.httpDate)?.timeIntervalSince1970 ?? responseTime
        let apparentAge = max(0, responseTime - dateValue)
        let responseDelay = max(0, responseTime - stored.requestTime.timeIntervalSince1970)
        let ageValue = stored.header("Age").flatMap { Double($0.trimmingCharacters(in: .whitespaces)) } ?? 0
        let initialAge = max(apparentAge, ageValue + responseDelay)
        return initialAge + max(0, now().timeIntervalSince1970 - responseTime)
    }

    /// How long, in seconds, the answer is fresh for.
    private func freshnessLifetime(_ stored: HTTPCachedResponse, request: ClientRequest) -> Double {
        let directives = CacheDirectives(stored)
        if let maxAge = directives.maxAge { return Double(maxAge) }
        let date = stored.header("Date").flatMap(Self.httpDate) ?? stored.responseTime
        if let expires = stored.header("Expires") {
            return Self.httpDate(expires).map { max(0, $0.timeIntervalSince(date)) } ?? 0
        }
        if let given = policy.freshness(request) { return given.seconds }
        if let modified = stored.header("Last-Modified").flatMap(Self.httpDate) {
            return max(0, date.timeIntervalSince(modified)) / 10
        }
        return 0
    }

    /// The stored answer standing in for a failed call, when its staleness is within what the server's
    /// `stale-if-error` or the policy allows (never after `must-revalidate`, or for a request that asked for a
    /// fresh answer).
    private func standIn(_ stored: HTTPCachedResponse, _ request: ClientRequest,
                         _ directives: CacheDirectives) -> ClientResponse? {
        let storedDirectives = CacheDirectives(stored)
        guard !directives.noCache, directives.maxAge != 0, !storedDirectives.mustRevalidate else { return nil }
        let allowed = max(Double(storedDirectives.staleIfError ?? 0), policy.staleIfError(request)?.seconds ?? 0)
        let age = currentAge(stored)
        guard age - freshnessLifetime(stored, request: request) <= allowed else { return nil }
        return answer(stored, age: age, outcome: .stale, request: request)
    }

    /// Whether a failure is one a stored answer may stand in for: the server could not be reached or did not
    /// answer in time, or a middleware refused the call (a quota); not a cancelled or malformed call.
    private static func mayStandIn(after error: any Error) -> Bool {
        if error is CancellationError { return false }
        guard let error = error as? ClientError else { return true }
        return error.isRetryable || error.kind == .refused
    }

    // MARK: Keeping answers

    private static let storableStatuses: Set<Int> = [200, 203, 204, 300, 301, 308, 404, 405, 410, 414, 501]
    /// The statuses kept without an explicit freshness (by the policy or the heuristic).
    private static let heuristicStatuses: Set<Int> = [200, 203, 204]
    private static let unstoredFields: Set<String> = ["set-cookie", "connection", "keep-alive", "transfer-encoding",
                                                      "proxy-authenticate", "upgrade"]

    private func keep(_ response: ClientResponse, for request: ClientRequest, key: String, in record: HTTPCacheRecord?,
                      redactor: Redactor, requestTime: Date, responseTime: Date) async {
        let directives = CacheDirectives(response.headers)
        guard Self.storableStatuses.contains(response.status), !directives.noStore,
              let body = response.body.data, body.count <= policy.maxBodyBytes else { return }
        let explicit = directives.maxAge != nil || response.headers[.expires] != nil
        guard explicit || Self.heuristicStatuses.contains(response.status) else { return }
        let varied = response.headers[values: .vary].flatMap { $0.split(separator: ",") }
            .map { $0.trimmingCharacters(in: .whitespaces).lowercased() }.filter { !$0.isEmpty }
        let credentialFields: Set<String> = redactor.headerNames.union(["authorization", "cookie"])
        guard !varied.contains("*"), varied.allSatisfy({ !credentialFields.contains($0) }) else { return }
        var varyValues: [String: String?] = [:]
        for name in varied { varyValues[name] = request.header(name) }
        let fields = response.headers.filter { field in
            let name = field.name.canonicalName
            return !Self.unstoredFields.contains(name) && !redactor.headerNames.contains(name)
        }.map { HTTPCachedResponse.Field(name: $0.name.rawName, value: $0.value) }
        let stored = HTTPCachedResponse(status: response.status, headers: fields, body: body,
                                        requestTime: requestTime, responseTime: responseTime, varyValues: varyValues)
        // The other variants stay (most recent first, a handful at most).
        let others = (record?.responses ?? []).filter { $0.varyValues != varyValues }.prefix(7)
        await store.save(HTTPCacheRecord(key: key, responses: [stored] + others))
    }

    /// A stored answer with the header fields of the 304 that confirmed it (RFC 9111, section 4.3.4).
    private static func updated(_ stored: HTTPCachedResponse, by response: ClientResponse, requestTime: Date,
                                responseTime: Date) -> HTTPCachedResponse {
        var updated = stored
        let replaced = Set(response.headers.map(\.name.canonicalName)).subtracting(["content-length"])
            .subtracting(unstoredFields)
        updated.headers.removeAll { replaced.contains($0.name.lowercased()) }
        updated.headers += response.headers.filter { replaced.contains($0.name.canonicalName) }
            .map { HTTPCachedResponse.Field(name: $0.name.rawName, value: $0.value) }
        updated.requestTime = requestTime
        updated.responseTime = responseTime
        return updated
    }

    // MARK: Answers

    /// A stored answer as a response, with its `Age`, reported.
    private func answer(_ stored: HTTPCachedResponse, age: Double, outcome: Outcome,
                        request: ClientRequest) -> ClientResponse {
        var headers = Self.fields(stored.headers.filter { $0.name.lowercased() != "age" })
        headers[.age] = String(Int(age.rounded(.down)))
        report(request, outcome, age: .seconds(age))
        return ClientResponse(status: stored.status, headers: headers, body: stored.body)
    }

    private func report(_ request: ClientRequest, _ outcome: Outcome, age: Duration) {
        Self.observer?.reports.withLock { reports in
            reports.append(Report(operationID: request.operationID, outcome: outcome, age: age))
        }
    }

    private static func fields(_ stored: [HTTPCachedResponse.Field]) -> HTTPFields {
        var fields = HTTPFields()
        for field in stored {
            if let name = HTTPField.Name(field.name) { fields.append(HTTPField(name: name, value: field.value)) }
        }
        return fields
    }

    /// An HTTP date (`Sun, 06 Nov 1994 08:49:37 GMT`), or nil.
    static func httpDate(_ text: String) -> Date? {
        httpDateFormatter.withLock { $0.date(from: text.trimmingCharacters(in: .whitespaces)) }
    }

    /// One formatter for every answer (making one per date read cost more than the rest of a cache hit).
    private static let httpDateFormatter: Locked<DateFormatter> = {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        return Locked(formatter)
    }()

    // MARK: Observation

    final class Observer: Sendable {
        let reports = Locked<[Report]>([])
    }

    @TaskLocal static var observer: Observer?
}
