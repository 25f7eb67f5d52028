import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import RaspRuntime

/// The `/_stream/` routes of ``MockServer``: long or slow response bodies, sent chunk by chunk as they are made, for
/// streaming tests and benchmarks. `GET` only; checked before the demo handler, and not counted in its counters.
///
/// - `GET /_stream/sse?count=N&delay_ms=D&done=1`: `text/event-stream`, N events (default 5) D ms apart (default 0),
///   event i (from 1) being `id: i`, `data: {"index": i, "text": "событие i"}` and a blank line; then
///   `data: [DONE]` and a blank line when `done=1`. Each event is written (and flushed) on its own.
/// - `GET /_stream/jsonl?count=N&delay_ms=D`: `application/x-ndjson`, N lines `{"index": i}` (i from 1).
/// - `GET /_stream/bytes?size=S&chunk=C&delay_ms=D`: `application/octet-stream` with `Content-Length: S`
///   (default 1 MiB), byte i being `i % 251`, written in chunks of C bytes (default 64 KiB).
/// - Any other path under `/_stream/` answers 404 with an error body in the Rasp shape.
///
/// Faults (`X-Mock-Fault`, with the usual `X-Mock-Fault-Times: N`, counted per route):
/// - `drop-after=K`: the connection closes after K chunks (events, lines or byte chunks), the body unfinished.
/// - `stall-after=K`: nothing more is sent after K chunks; the connection stays open until the client leaves
///   or the server stops.
/// - `delay=MS` waits before the head; `500`, `503`, `429` answer that error instead of the stream. The other
///   ``MockFault``s shape a whole JSON answer and are refused here with 400.
///
/// ``MockServer/streamStats()`` tells what was written and how each stream ended.
enum StreamRoutes {
    /// Paths with this prefix (a slash added to a path without one) are stream routes.
    static let prefix = "/_stream/"

    /// Answers a stream request.
    /// - Parameters:
    ///   - request: The request.
    ///   - path: Its path with a trailing slash.
    ///   - recorder: Where the streams are counted.
    static func respond(to request: Request, path: String, recorder: StreamRecorder) async -> Response {
        guard request.method == .get else {
            var response = MockErrors.response(status: 405, text: "stream routes answer GET only")
            response.headers[.allow] = "GET"
            return response
        }
        let route = String(path.dropFirst(prefix.count).dropLast())
        guard ["sse", "jsonl", "bytes"].contains(route) else {
            return MockErrors.response(status: 404, text: "Нет такого потока (mock)")
        }
        let fault: StreamFault?
        let others: [MockFault]
        do {
            (fault, others) = try request.headers[MockFault.headerName].map(StreamFault.parse) ?? (nil, [])
            if let unsupported = others.first(where: { !isSupported($0) }) {
                return MockErrors.response(status: 400,
                                           text: "'\(unsupported.headerValue)' is not a fault of stream routes")
            }
        } catch {
            return MockErrors.response(status: 400, text: "\(error)")
        }
        let times = request.headers[MockFault.timesHeaderName].flatMap {
            Int($0.trimmingCharacters(in: .whitespaces))
        }
        let inject = (fault != nil || !others.isEmpty) && recorder.injectFault(route: route, times: times)
        if inject {
            for case .delay(let milliseconds) in others {
                try? await Task.sleep(for: .milliseconds(milliseconds))
            }
            switch others.first(where: { if case .delay = $0 { false } else { true } }) {
            case .serverError?: return MockErrors.response(status: 500, text: "Внутренняя ошибка сервера (mock)")
            case .unavailable?: return retryLater(503, "Сервис временно недоступен (mock)")
            case .tooManyRequests?: return retryLater(429, "Слишком много запросов (mock)")
            default: break
            }
        }
        do {
            let parameters = try Parameters(ServerRequest.formItems(request.uri.query ?? ""))
            return stream(route, parameters, fault: inject ? fault : nil, recorder: recorder)
        } catch {
            return MockErrors.response(status: 400, text: error.message)
        }
    }

    /// An error asking the client to come back in a second.
    private static func retryLater(_ status: Int, _ text: String) -> Response {
        var response = MockErrors.response(status: status, text: text)
        response.headers[.retryAfter] = "1"
        return response
    }

    /// Whether a ``MockFault`` applies to stream routes.
    private static func isSupported(_ fault: MockFault) -> Bool {
        switch fault {
        case .delay, .serverError, .unavailable, .tooManyRequests: true
        case .truncate, .malformed, .contentType, .close: false
        }
    }

    /// The streamed answer of a route.
    private static func stream(_ route: String, _ parameters: Parameters, fault: StreamFault?,
                               recorder: StreamRecorder) -> Response {
        let delay = Duration.milliseconds(parameters.delay)
        switch route {
        case "sse":
            let count = parameters.count
            let body = StreamBody(count: count + (parameters.done ? 1 : 0), delay: delay, fault: fault,
                                  recorder: recorder) { index in
                guard index < count else { return ArraySlice("data: [DONE]\n\n".utf8) }
                let i = index + 1
                return ArraySlice("id: \(i)\ndata: {\"index\": \(i), \"text\": \"событие \(i)\"}\n\n".utf8)
            }
            return Response(status: .ok,
                            headers: [.contentType: "text/event-stream; charset=utf-8", .cacheControl: "no-cache"],
                            body: body.responseBody(length: nil))
        case "jsonl":
            let body = StreamBody(count: parameters.count, delay: delay, fault: fault, recorder: recorder) { index in
                ArraySlice("{\"index\": \(index + 1)}\n".utf8)
            }
            return Response(status: .ok, headers: [.contentType: "application/x-ndjson"],
                            body: body.responseBody(length: nil))
        default:
            let size = parameters.size, chunk = parameters.chunk
            // Bytes `i % 251` for a whole chunk, from any starting phase: each chunk is a slice of this.
            let tile = (0..<(chunk + 250)).map { UInt8($0 % 251) }
            let body = StreamBody(count: (size + chunk - 1) / chunk, delay: delay, fault: fault,
                                  recorder: recorder) { index in
                let start = index * chunk, length = min(chunk, size - start)
                return tile[(start % 251)..<(start % 251 + length)]
            }
            return Response(status: .ok, headers: [.contentType: "application/octet-stream"],
                            body: body.responseBody(length: size))
        }
    }

    /// The query parameters of the stream routes, checked.
    private struct Parameters {
        var count = 5
        var delay = 0
        var done = false
        var size = 1 << 20
        var chunk = 1 << 16

        init(_ query: [(name: String, value: String)]) throws(MalformedBody) {
            func number(_ name: String, _ range: ClosedRange<Int>) throws(MalformedBody) -> Int? {
                guard let text = query.first(where: { $0.name == name })?.value else { return nil }
                guard let value = Int(text), range.contains(value) else {
                    throw MalformedBody("\(name) must be a whole number in \(range.lowerBound)...\(range.upperBound)")
                }
                return value
            }
            count = try number("count", 0...10_000_000) ?? count
            delay = try number("delay_ms", 0...600_000) ?? delay
            done = try number("done", 0...1).map { $0 == 1 } ?? done
            size = try number("size", 0...(1 << 34)) ?? size
            chunk = try number("chunk", 1...(1 << 24)) ?? chunk
        }
    }
}

extension MockFault {
    /// ``header`` as a field name.
    static let headerName = HTTPField.Name(header)!
    /// ``timesHeader`` as a field name.
    static let timesHeaderName = HTTPField.Name(timesHeader)!
}
