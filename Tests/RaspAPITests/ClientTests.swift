import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import RaspAPI
import RaspRuntime
import RaspTestSupport
import Testing

// Drives `RaspClient` through a recording stub transport: what goes on the wire (method, path, query, headers,
// server URL) and how responses and failures come back (decoded bodies, `ClientError` cases), plus the mock.

// MARK: - Requests

/// `search` sends GET `/v3.0/search/` with only the given parameters, in order, and the key as a header.
@Test func searchRequestAndResponse() async throws {
    let stub = StubTransport(.fixture("edge/search__mixed_direct_and_transfer.json"))
    let client = RaspClient(authentication: .apiKeyHeader("test-key"), transport: stub)

    let date = try #require(LocalDate(year: 2026, month: 12, day: 1))
    let response = try await client.search(from: "c213", to: "c2", date: date, transfers: true)

    let sent = try #require(await stub.sent.first)
    #expect(await stub.sent.count == 1)
    #expect(sent.request.method == "GET")
    #expect(sent.request.path == "/v3.0/search/")
    #expect(sent.request.operationID == "search")
    #expect(sent.request.pairs == ["from=c213", "to=c2", "date=2026-12-01", "transfers=true"])
    #expect(sent.request.header("Authorization") == "test-key")
    #expect(sent.request.headers.count == 1)
    #expect(sent.request.body == nil)
    #expect(sent.url?.absoluteString
        == "https://api.rasp.yandex-net.ru/v3.0/search/?from=c213&to=c2&date=2026-12-01&transfers=true")

    #expect(response.segments.count == 2)
    #expect(response.segments.last?.transferSegment?.transportTypes == [.train, .suburban])
}

/// `.apiKeyQuery` sends the key as the `apikey` query item and no `Authorization` header.
@Test func apiKeyInQuery() async throws {
    let stub = StubTransport(.fixture("edge/search__empty_result.json"))
    let client = RaspClient(authentication: .apiKeyQuery("test-key"), transport: stub)

    _ = try await client.search(from: "c213", to: "c2")

    let sent = try #require(await stub.sent.first)
    #expect(sent.request.pairs == ["from=c213", "to=c2", "apikey=test-key"])
    #expect(sent.request.header("Authorization") == nil)
    #expect(sent.url?.query == "from=c213&to=c2&apikey=test-key")
}

/// The default server is the host Yandex recommends; another server keeps its own path as a prefix.
@Test func serverURLs() async throws {
    #expect(RaspClient().core.serverURL.absoluteString == "https://api.rasp.yandex-net.ru")
    #expect(Servers.all.map(\.absoluteString) == ["https://api.rasp.yandex-net.ru", "https://api.rasp.yandex.net"])

    let stub = StubTransport(.fixture("samples/copyright__liderman_yandex-rasp-api.json"))
    let proxy = try #require(URL(string: "https://proxy.example/rasp/"))
    let client = RaspClient(serverURL: proxy, transport: stub)
    let response = try await client.copyright()

    let sent = try #require(await stub.sent.first)
    #expect(sent.baseURL == proxy)
    #expect(sent.url?.absoluteString == "https://proxy.example/rasp/v3.0/copyright/")
    #expect(sent.request.headers.isEmpty, "no authentication was configured")
    #expect(response.copyright.url == "http://rasp.yandex.ru/")
}

/// `station_types` is an explode=false array: sent as ONE comma-joined item, not one item per value.
@Test func stationTypesAreCommaJoined() async throws {
    let stub = StubTransport(.fixture("edge/nearest_stations__multiple_type_choices.json"))
    let client = RaspClient(authentication: .apiKeyHeader("test-key"), transport: stub)

    let response = try await client.nearestStations(
        lat: 55.966, lng: 37.4, distance: 5, stationTypes: [.airport, .trainStation, .busStop], transportTypes: .plane
    )

    let sent = try #require(await stub.sent.first)
    #expect(sent.request.path == "/v3.0/nearest_stations/")
    #expect(sent.request.pairs == [
        "lat=55.966", "lng=37.4", "distance=5", "station_types=airport,train_station,bus_stop", "transport_types=plane",
    ])
    let items = try #require(sent.url.flatMap { URLComponents(url: $0, resolvingAgainstBaseURL: false)?.queryItems })
    #expect(items.filter { $0.name == "station_types" }.map(\.value) == ["airport,train_station,bus_stop"])
    #expect(response.stations.count == 2)
}

/// Non-ASCII values are sent as they are and percent-encoded (UTF-8) only in the URL.
@Test func nonASCIIQueryValues() async throws {
    let stub = StubTransport(.fixture("edge/schedule__suburban_directions.json"))
    let client = RaspClient(transport: stub)

    let response = try await client.schedule(station: "s2000009", event: .departure, direction: "на Лобню")

    let sent = try #require(await stub.sent.first)
    #expect(sent.request.pairs == ["station=s2000009", "event=departure", "direction=на Лобню"])
    #expect(sent.url?.query
        == "station=s2000009&event=departure&direction=%D0%BD%D0%B0%20%D0%9B%D0%BE%D0%B1%D0%BD%D1%8E")
    #expect(response.scheduleDirection?.code == "на Лобню")
}

// MARK: - Responses and errors

/// A 404, documented, throws `APIError<ErrorResponse>` with the raw body and the decoded `ErrorResponse`; as a
/// `ClientError` it is `.http` with the same.
@Test func notFoundThrowsHTTPErrorWithDecodedBody() async throws {
    let body = try Fixture(folder: "edge", name: "error__404.json").data()
    let stub = StubTransport(.response(ClientResponse(status: 404, headers: fields(["Content-Type": "application/json",
                                                                             "X-Request-Id": "r-404"]),
                                                      body: body)))
    let client = RaspClient(authentication: .apiKeyHeader("test-key"), transport: stub)

    let typed = try await #require(throws: APIError<ErrorResponse>.self) {
        try await client.search(from: "c1111", to: "c213")
    }
    #expect(typed.status == 404 && typed.requestID == "r-404" && typed.rawBody == body)
    #expect(typed.body.error.text == "Не нашли объект по yandex коду c1111")
    let error = typed.clientError
    guard let failure = error.httpFailure else {
        Issue.record("expected .http, got \(error)")
        return
    }
    #expect(failure.status == 404)
    #expect(failure.operationID == "search")
    #expect(failure.body == body)
    #expect(failure.headers["Content-Type"] == "application/json")
    let decoded = try #require(failure.decodedBody(as: ErrorResponse.self))
    #expect(decoded.error.text == "Не нашли объект по yandex коду c1111")
    #expect(decoded.error.httpCode == 404)
    #expect(!error.isRetryable)
}

/// A status only `default` covers, its body decoded, throws `.http` (not a typed error).
@Test func aDefaultResponseThrowsHTTPErrorWithTheDecodedBody() async throws {
    let body = try Fixture(folder: "edge", name: "error__404.json").data()
    let stub = StubTransport(.response(ClientResponse(status: 500, body: body)))
    let error = try await #require(throws: ClientError.self) { try await RaspClient(transport: stub).copyright() }
    guard let failure = error.httpFailure else {
        Issue.record("expected .http, got \(error)")
        return
    }
    #expect(failure.decodedBody(as: ErrorResponse.self)?.error.httpCode == 404)
}

/// An error body that is not an `ErrorResponse` still throws `.http`, with no decoded body; 5xx is retryable.
@Test func serverErrorWithHTMLBody() async throws {
    let stub = StubTransport(.response(ClientResponse(status: 503, body: Data("<html>busy</html>".utf8))))
    let client = RaspClient(transport: stub)

    let error = try await #require(throws: ClientError.self) { try await client.copyright() }
    guard let failure = error.httpFailure else {
        Issue.record("expected .http, got \(error)")
        return
    }
    #expect(failure.status == 503)
    #expect(failure.decodedBody == nil)
    #expect(failure.decodedBody(as: ErrorResponse.self) == nil)
    #expect(error.isRetryable)
}

/// A 200 whose body is not JSON throws `ClientError.decoding`.
@Test func garbageBodyThrowsDecodingError() async throws {
    let stub = StubTransport(.response(ClientResponse(status: 200, body: Data("<html>not json</html>".utf8))))
    let client = RaspClient(transport: stub)

    let error = try await #require(throws: ClientError.self) { try await client.copyright() }
    guard let failure = error.decodingFailure else {
        Issue.record("expected .decoding, got \(error)")
        return
    }
    #expect(failure.operationID == "copyright")
    #expect(failure.status == 200)
    #expect(!failure.reason.isEmpty)
    #expect(!error.isRetryable)
}

/// A 200 with a value of the wrong type throws `ClientError.decoding` naming the path to that value.
@Test func typeMismatchThrowsDecodingErrorWithPath() async throws {
    // `pagination.total` is the string "2".
    let search = RaspClient(transport: StubTransport(.fixture("invalid/search__pagination_as_string.json")))
    let searchError = try await #require(throws: ClientError.self) {
        try await search.search(from: "s9623358", to: "s9600213")
    }
    #expect(searchError.decodingFailure?.codingPath == "pagination.total")
    #expect(searchError.decodingFailure?.status == 200)

    // `lat` is a word instead of a number.
    let body = #"{"type":"settlement","code":"c2","title":"СПб","lat":"north","lng":30.3,"distance":1}"#
    let settlement = RaspClient(transport: StubTransport(.json(body)))
    let settlementError = try await #require(throws: ClientError.self) {
        try await settlement.nearestSettlement(lat: 59.9, lng: 30.3)
    }
    #expect(settlementError.decodingFailure?.codingPath == "lat")
    #expect(settlementError.decodingFailure?.operationID == "nearestSettlement")
}

/// `stations_list` is served as `text/html`; the body is decoded as JSON anyway.
@Test func stationsListDecodesHTMLLabelledJSON() async throws {
    let body = try Fixture(folder: "edge", name: "stations_list__string_coordinates.json").data()
    let stub = StubTransport(.response(ClientResponse(status: 200,
                                                      headers: fields(["Content-Type": "text/html; charset=utf-8"]),
                                                      body: body)))
    let client = RaspClient(authentication: .apiKeyQuery("test-key"), transport: stub)

    let response = try await client.stationsList()

    let sent = try #require(await stub.sent.first)
    #expect(sent.request.path == "/v3.0/stations_list/")
    #expect(sent.request.pairs == ["apikey=test-key"])
    #expect(response.countries.map(\.title) == ["Россия", "Бермудские острова"])
}

/// Transport failures become the matching `ClientError` case, tagged with the operation.
@Test func transportErrorsAreMapped() async throws {
    let client = RaspClient(transport: StubTransport(
        .failure(URLError(.timedOut)),
        .failure(URLError(.notConnectedToInternet)),
        .failure(CancellationError())
    ))

    let timeout = try await #require(throws: ClientError.self) { try await client.thread(uid: "x") }
    #expect(timeout.kind == .timeout)
    #expect(timeout.operationID == "thread")
    #expect(timeout.isRetryable)

    let offline = try await #require(throws: ClientError.self) { try await client.thread(uid: "x") }
    #expect(offline.kind == .noConnection)
    #expect(offline.operationID == "thread")
    #expect((offline.underlyingError as? URLError)?.code == .notConnectedToInternet)
    #expect(offline.isRetryable)

    let cancelled = try await #require(throws: ClientError.self) { try await client.thread(uid: "x") }
    guard cancelled.kind == .cancelled, cancelled.operationID == "thread" else {
        Issue.record("expected .cancelled, got \(cancelled)")
        return
    }
    #expect(!cancelled.isRetryable)
}

/// Middlewares see the request after authentication was applied and can change it before the transport.
@Test func middlewareSeesAuthenticatedRequest() async throws {
    let stub = StubTransport(.fixture("edge/carrier__single_object.json"))
    let client = RaspClient(authentication: .apiKeyHeader("test-key"), transport: stub, middlewares: [TagMiddleware()])

    let response = try await client.carrier(code: "26")

    let sent = try #require(await stub.sent.first)
    #expect(sent.request.header("X-Seen-Authorization") == "test-key")
    #expect(sent.request.pairs == ["code=26"])
    #expect(response.carrier?.code == 26)
}

// MARK: - Mock

/// `MockRaspClient` answers with its handlers and throws `notImplemented` for the others.
@Test func mockClient() async throws {
    let expected = try load(CarrierResponse.self, "samples/carrier_iata__liderman_yandex-rasp-api.json")
    var mock = MockRaspClient()
    mock.carrierHandler = { input in
        #expect(input.code == "TK")
        #expect(input.system == .iata)
        return expected
    }
    let client: any RaspClientProtocol = mock

    let response = try await client.carrier(code: "TK", system: .iata)
    #expect(response == expected)

    await #expect(throws: MockClientError.notImplemented(operationID: "search")) {
        try await client.search(from: "c213", to: "c2")
    }
    await #expect(throws: MockClientError.notImplemented(operationID: "stationsList")) {
        try await client.stationsList()
    }
}

// MARK: - Helpers

/// A canned answer of ``StubTransport``.
enum Reply: Sendable {
    case response(ClientResponse)
    case failure(any Error)

    /// A 200 `application/json` response with a fixture (`"<folder>/<file>"`) as its body.
    static func fixture(_ path: String) -> Reply {
        let parts = path.split(separator: "/").map(String.init)
        let body = (try? Fixture(folder: parts[0], name: parts[1]).data()) ?? Data()
        return .response(ClientResponse(status: 200, headers: fields(["Content-Type": "application/json"]), body: body))
    }

    /// A 200 `application/json` response with the given text as its body.
    static func json(_ text: String) -> Reply {
        .response(ClientResponse(status: 200, headers: [.contentType: "application/json"], body: Data(text.utf8)))
    }
}

/// A transport that records each request and answers with the next canned reply.
actor StubTransport: ClientTransport {
    /// One request as the transport received it.
    struct Sent: Sendable {
        var request: ClientRequest
        var baseURL: URL
        /// The URL a real transport would call.
        var url: URL? { request.url(relativeTo: baseURL) }
    }

    /// Thrown when more requests arrive than replies were given.
    struct NoReplyLeft: Error {}

    private var replies: [Reply]
    /// Every request received, in order.
    private(set) var sent: [Sent] = []

    init(_ replies: Reply...) { self.replies = replies }

    func send(_ request: ClientRequest, baseURL: URL) async throws -> ClientResponse {
        sent.append(Sent(request: request, baseURL: baseURL))
        guard !replies.isEmpty else { throw NoReplyLeft() }
        switch replies.removeFirst() {
        case .response(let response): return response
        case .failure(let error): throw error
        }
    }
}

/// Copies the `Authorization` header it sees into `X-Seen-Authorization`.
struct TagMiddleware: ClientMiddleware {
    func intercept(
        _ request: ClientRequest,
        baseURL: URL,
        next: @Sendable (ClientRequest, URL) async throws -> ClientResponse
    ) async throws -> ClientResponse {
        var request = request
        if let value = request.header("Authorization") { request.setHeader("X-Seen-Authorization", value) }
        return try await next(request, baseURL)
    }
}

extension ClientRequest {
    /// The query items as `name=value` (not percent-encoded), in order.
    var pairs: [String] { query.map { "\($0.name)=\($0.value)" } }
}
