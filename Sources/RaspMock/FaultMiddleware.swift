import HTTPTypes
import Foundation
import RaspRuntime

/// The fault modes of the API's routes (``MockFault``), as a middleware of the generated server: counts every
/// request per path (``MockServer/counters(for:)``), decides with `X-Mock-Fault-Times` whether a request that asks
/// for faults gets them, then waits for the delays and answers the first other fault instead of the handler, or
/// reshapes the handler's answer:
/// - `500`, `503`, `429`: an error in the Rasp shape, with `Retry-After: 1` for 503 and 429 (the handler is not
///   called);
/// - `malformed`: 200 with the first half of the body (invalid JSON);
/// - `content-type=TYPE`: the body labelled `TYPE`; `content-type` alone: 200 with an XML body;
/// - `truncate`: `Content-Length` 64 bytes longer than the body, which is sent whole, then the connection closes;
/// - `close`: the real `Content-Length`, half of the body, then the connection closes.
///
/// The last two answer with a body stream that fails after its bytes: the connection (``MockConnection``) then
/// closes where it is, which is the fault.
struct FaultMiddleware: ServerMiddleware {
    let counters: CounterStore

    func intercept(_ request: ServerRequest, next: @Sendable (ServerRequest) async throws -> ServerResponse)
        async throws -> ServerResponse {
        let faults: [MockFault]
        do {
            faults = try request.header(MockFault.header).map(MockFault.parse) ?? []
        } catch {
            counters.record(path: request.path, wantsFaults: false, times: nil)
            return MockErrors.serverResponse(status: 400, text: "\(error)")
        }
        let times = request.header(MockFault.timesHeader).flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        guard counters.record(path: request.path, wantsFaults: !faults.isEmpty, times: times) else {
            return try await next(request)
        }
        for case .delay(let milliseconds) in faults {
            try await Task.sleep(for: .milliseconds(milliseconds))
        }
        let shaping = faults.first { if case .delay = $0 { false } else { true } }
        switch shaping {
        case nil, .delay?:
            return try await next(request)
        case .serverError?:
            return MockErrors.serverResponse(status: 500, text: "Внутренняя ошибка сервера (mock)")
        case .unavailable?:
            return Self.retryLater(503, "Сервис временно недоступен (mock)")
        case .tooManyRequests?:
            return Self.retryLater(429, "Слишком много запросов (mock)")
        case .malformed?:
            let body = try await Self.answer(request, next).data ?? Data()
            return ServerResponse(status: 200, contentType: "application/json; charset=utf-8",
                                  body: Data(body.prefix(max(1, body.count / 2))))
        case .contentType(let type?)?:
            var answer = try await Self.answer(request, next)
            answer.status = 200
            answer.headers[.contentType] = type
            return answer
        case .contentType(nil)?:
            let xml = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<response><demo>true</demo></response>\n"
            return ServerResponse(status: 200, contentType: "application/xml; charset=utf-8", body: Data(xml.utf8))
        case .truncate?:
            // Promise 64 more bytes than exist, send the whole body, then close.
            let answer = try await Self.answer(request, next)
            let body = answer.data ?? Data()
            return Self.cut(answer, promising: body.count + 64, sending: body)
        case .close?:
            // Promise the whole body, send half of it, then close.
            let answer = try await Self.answer(request, next)
            let body = answer.data ?? Data()
            return Self.cut(answer, promising: body.count, sending: body.prefix(body.count / 2))
        }
    }

    /// The handler's answer, its error answers included (the router would send those, and faults reshape them).
    private static func answer(_ request: ServerRequest,
                               _ next: @Sendable (ServerRequest) async throws -> ServerResponse)
        async throws -> ServerResponse {
        do {
            return try await next(request)
        } catch let error as ServerResponseError {
            return error.response
        } catch {
            guard let failure = (error as? ClientError)?.httpFailure else { throw error }
            let type = failure.headers[.contentType]
            return ServerResponse(status: failure.status, headers: type.map { [.contentType: $0] } ?? [:],
                                  body: .data(failure.body))
        }
    }

    /// An error asking the client to come back in a second.
    private static func retryLater(_ status: Int, _ text: String) -> ServerResponse {
        var response = MockErrors.serverResponse(status: status, text: text)
        response.headers.append(HTTPField(name: .retryAfter, value: "1"))
        return response
    }

    /// `answer` with a `Content-Length` of `length` and a body that sends `bytes`, then fails.
    private static func cut(_ answer: ServerResponse, promising length: Int, sending bytes: Data) -> ServerResponse {
        var headers = answer.headers
        headers[.contentLength] = String(length)
        let body = AsyncThrowingStream<Data, any Error> { continuation in
            if !bytes.isEmpty { continuation.yield(bytes) }
            continuation.finish(throwing: CutBody())
        }
        return ServerResponse(status: answer.status, headers: headers, body: .stream(body))
    }

    /// Ends a body before its `Content-Length` on purpose (`truncate`, `close`).
    struct CutBody: Error {}
}

/// The API's requests and faults per path, counted as the requests arrive (a lock, not the server's actor: every
/// request passes here).
final class CounterStore: Sendable {
    private let counters = Locked<[String: MockServer.Counters]>([:])

    /// All counters by path.
    var all: [String: MockServer.Counters] { counters.withLock { $0 } }

    /// Forgets every count.
    func reset() { counters.withLock { $0 = [:] } }

    /// Counts a request and decides whether it gets its faults: those it asks for, for the first `times` requests
    /// of its path that ask (all of them when nil).
    /// - Returns: Whether the faults apply.
    @discardableResult
    func record(path: String, wantsFaults: Bool, times: Int?) -> Bool {
        counters.withLock { counters in
            var entry = counters[path] ?? MockServer.Counters()
            entry.requests += 1
            let inject = wantsFaults && (times.map { entry.faults < $0 } ?? true)
            if inject { entry.faults += 1 }
            counters[path] = entry
            return inject
        }
    }
}

