import Foundation
import FlyingFox
import RaspDemo

/// Builds responses (FlyingFox's type) from demo answers, applying faults.
enum MockResponses {
    /// The demo answer with the given faults applied in order (delays first, then the first shaping fault).
    static func make(_ answer: DemoResponse, faults: [MockFault]) async -> HTTPResponse {
        for case .delay(let milliseconds) in faults {
            try? await Task.sleep(for: .milliseconds(milliseconds))
        }
        let shaping = faults.first { if case .delay = $0 { false } else { true } }
        guard let shaping else { return normal(answer) }
        switch shaping {
        case .delay: return normal(answer)
        case .serverError: return error(500, "Внутренняя ошибка сервера (mock)")
        case .unavailable: return error(503, "Сервис временно недоступен (mock)", retryAfter: true)
        case .tooManyRequests: return error(429, "Слишком много запросов (mock)", retryAfter: true)
        case .malformed:
            return HTTPResponse(statusCode: .ok, headers: [.contentType: "application/json; charset=utf-8"],
                                wholeBody: Data(answer.body.prefix(max(1, answer.body.count / 2))))
        case .contentType(let type?):
            return HTTPResponse(statusCode: .ok, headers: [.contentType: type], wholeBody: answer.body)
        case .contentType(nil):
            let xml = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<response><demo>true</demo></response>\n"
            return HTTPResponse(statusCode: .ok, headers: [.contentType: "application/xml; charset=utf-8"],
                                wholeBody: Data(xml.utf8))
        case .truncate:
            // Promise 64 more bytes than exist, send the whole body, then close.
            let bytes = Array(answer.body)
            return HTTPResponse(statusCode: status(answer.status),
                                headers: headers(answer, contentLength: bytes.count + 64),
                                body: HTTPBodySequence(from: CutBody(bytes: bytes), count: bytes.count + 64))
        case .close:
            // Promise the whole body, send half of it, then close.
            let bytes = Array(answer.body)
            return HTTPResponse(statusCode: status(answer.status), headers: headers(answer, contentLength: bytes.count),
                                body: HTTPBodySequence(from: CutBody(bytes: Array(bytes.prefix(bytes.count / 2))),
                                                       count: bytes.count))
        }
    }

    static func normal(_ answer: DemoResponse) -> HTTPResponse {
        HTTPResponse(statusCode: status(answer.status), headers: headers(answer, contentLength: nil),
                     wholeBody: answer.body)
    }

    /// A short text answer (for a bad `X-Mock-Fault`).
    static func plain(_ code: Int, _ text: String) -> HTTPResponse {
        HTTPResponse(statusCode: status(code), headers: [.contentType: "text/plain; charset=utf-8"],
                     wholeBody: Data(text.utf8))
    }

    /// An error in the Rasp shape.
    private static func error(_ code: Int, _ text: String, retryAfter: Bool = false) -> HTTPResponse {
        let body = "{\"error\":{\"text\":\"\(text)\",\"http_code\":\(code),\"error_code\":\"mock\"}}"
        var headers: HTTPHeaders = [.contentType: "application/json; charset=utf-8"]
        if retryAfter { headers[HTTPHeader("Retry-After")] = "1" }
        return HTTPResponse(statusCode: status(code), headers: headers, wholeBody: Data(body.utf8))
    }

    private static func headers(_ answer: DemoResponse, contentLength: Int?) -> HTTPHeaders {
        var headers = HTTPHeaders()
        for (name, value) in answer.headers { headers[HTTPHeader(name)] = value }
        if let contentLength { headers[.contentLength] = String(contentLength) }
        return headers
    }

    private static func status(_ code: Int) -> HTTPStatusCode {
        HTTPStatusCode(code, phrase: phrases[code] ?? "Status \(code)")
    }

    private static let phrases = [
        200: "OK", 400: "Bad Request", 401: "Unauthorized", 404: "Not Found", 405: "Method Not Allowed",
        429: "Too Many Requests", 500: "Internal Server Error", 503: "Service Unavailable",
    ]
}

extension HTTPResponse {
    /// A response whose body is handed to the server in one piece, so it leaves in one write (a `Data` body is
    /// otherwise iterated in 4 KiB pieces, each written on its own).
    init(statusCode: HTTPStatusCode, headers: HTTPHeaders, wholeBody body: Data) {
        self.init(statusCode: statusCode, headers: headers,
                  body: HTTPBodySequence(data: body, suggestedBufferSize: Swift.max(1, body.count)))
    }
}
