public import HTTPTypes
public import Foundation
import RaspAPI
import RaspRuntime

/// The Yandex Rasp API v3.0 answered in-process from a deterministic **demo data set** (made-up timetables over
/// real city and station names; not real schedules). Every endpoint, parameter quirk and error shape follows the
/// real API: see `openapi.yaml`.
///
/// ```swift
/// let api = DemoAPI(now: Date())
/// let response = api.respond(method: "GET", path: "/v3.0/search/",
///                            query: [("from", "c213"), ("to", "c2"), ("date", "2026-06-01")], headers: [])
/// ```
///
/// Timetables exist for any date of the allowed window (30 days back to 11 months ahead of `now`, by the Moscow
/// calendar). Responses are Russian only (`lang` is accepted and ignored) and JSON only (`format=xml` gives 400).
public struct DemoAPI: Sendable {
    /// "Today" for the date window and for all-days timetables.
    public var now: Date
    /// If set, requests must carry this key (`Authorization: <key>` or `apikey=<key>`), or get 401. When both are
    /// sent, `apikey` is the one checked, as with the real API.
    public var requiredKey: String?
    /// The host the API answers as: echoed in error bodies' `request` and named by `thread_method_link`, which
    /// follows the host a request was sent to (`api.rasp.yandex-net.ru/v3/thread/…` or
    /// `api.rasp.yandex.net/v3/thread/…`).
    public var host: String

    /// Creates a handler.
    /// - Parameters:
    ///   - now: The current time (inject a fixed one for reproducible answers).
    ///   - requiredKey: The key requests must carry, or nil to accept any request.
    ///   - host: The host echoed in error bodies and in `thread_method_link`.
    public init(now: Date = Date(), requiredKey: String? = nil, host: String = "api.rasp.yandex-net.ru") {
        self.now = now
        self.requiredKey = requiredKey
        self.host = host
    }

    /// The paths of the eight endpoints.
    public static let paths = [
        "/v3.0/search/", "/v3.0/schedule/", "/v3.0/thread/", "/v3.0/nearest_stations/",
        "/v3.0/nearest_settlement/", "/v3.0/carrier/", "/v3.0/stations_list/", "/v3.0/copyright/",
    ]

    /// The demo `stations_list` body: the whole demo directory as JSON (served as `text/html` like the real API).
    public static var stationsListJSON: Data { DemoResponse.encoded(DemoCatalog.shared.stationsList()) }

    /// Answers one request.
    /// - Parameters:
    ///   - method: The HTTP method; only `GET` is served.
    ///   - path: The path, e.g. `/v3.0/search/` (the trailing slash is optional).
    ///   - query: Query items, already percent-decoded, in order.
    ///   - headers: Header fields (only `Authorization` is read).
    /// - Returns: The status, headers and JSON body the real API would send.
    public func respond(method: String, path: String, query: [(String, String)],
                        headers: HTTPFields) -> DemoResponse {
        let request = DemoRequest(path: path, query: DemoQuery(query), host: host, now: now)
        do {
            try authenticate(query: request.query, headers: headers)
            guard method.uppercased() == "GET" else { throw DemoFailure(405, "Метод \(method) не поддерживается") }
            try request.query.checkCommon()
            return try route(request)
        } catch let failure as DemoFailure {
            return failure.response(for: request)
        } catch {
            return DemoFailure(500, "Внутренняя ошибка демо-сервера").response(for: request)
        }
    }

    /// The 401 answer ``respond(method:path:query:headers:)`` gives a request without the right key, or nil when it
    /// may pass (no key is required, or it carries the right one). For a server that checks the key before it reads
    /// the rest of the request, as the real API does.
    /// - Parameters:
    ///   - path: The path (echoed in the error body's `request`).
    ///   - query: Query items, already percent-decoded, in order (`apikey` is read).
    ///   - headers: Header fields (`Authorization` is read).
    public func authenticationFailure(path: String, query: [(String, String)],
                                      headers: HTTPFields) -> DemoResponse? {
        let request = DemoRequest(path: path, query: DemoQuery(query), host: host, now: now)
        do {
            try authenticate(query: request.query, headers: headers)
            return nil
        } catch {
            return error.response(for: request)
        }
    }

    private func route(_ request: DemoRequest) throws -> DemoResponse {
        let catalog = DemoCatalog.shared
        var path = request.path
        if !path.hasSuffix("/") { path += "/" }
        switch path {
        case "/v3.0/search/": return .json(try catalog.search(request))
        case "/v3.0/schedule/": return .json(try catalog.schedule(request))
        case "/v3.0/thread/": return .json(try catalog.thread(request))
        case "/v3.0/nearest_stations/": return .json(try catalog.nearestStations(request))
        case "/v3.0/nearest_settlement/": return .json(try catalog.nearestSettlement(request))
        case "/v3.0/carrier/": return .json(try catalog.carrier(request))
        case "/v3.0/stations_list/":
            return DemoResponse(status: 200, headers: [.contentType: "text/html; charset=utf-8"],
                                body: DemoResponse.encoded(catalog.stationsList()))
        case "/v3.0/copyright/": return .json(catalog.copyright())
        default: throw DemoFailure(404, "Неизвестный метод API: \(request.path)")
        }
    }

    private func authenticate(query: DemoQuery, headers: HTTPFields) throws(DemoFailure) {
        guard let requiredKey else { return }
        let header = headers[fields: .authorization].first?.value
        guard let key = query.value("apikey") ?? header, !key.isEmpty else {
            throw DemoFailure(401, "Не передан ключ API: укажите параметр apikey или заголовок Authorization")
        }
        guard key == requiredKey else { throw DemoFailure(401, "Неизвестный ключ API") }
    }
}

extension DemoResponse {
    /// A 200 JSON answer.
    static func json(_ value: some Encodable) -> DemoResponse {
        DemoResponse(status: 200, headers: [.contentType: "application/json; charset=utf-8"], body: encoded(value))
    }

    /// The JSON of an answer. The API's types hold only finite numbers, which is all that encoding can fail on.
    static func encoded(_ value: some Encodable) -> Data {
        do {
            return try JSONCoding.encode(value)
        } catch {
            preconditionFailure("the demo built a value JSON cannot hold: \(error)")
        }
    }
}
