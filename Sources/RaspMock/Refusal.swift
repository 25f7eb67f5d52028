import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import NIOFoundationCompat
import NIOHTTP1

/// A request the server answers itself with an error status, closing the connection after the answer, as nginx
/// does: 400 for a malformed request, 413/414/431 past a ``MockServer/Limits`` limit, 501 and 505 for what it does
/// not implement. Thrown into the connection's request stream by ``RequestLimits`` and by the body reader
/// (``RequestBodyReader``); the connection (``MockChannel``) answers it.
struct Refusal: Error, Equatable {
    /// The status code.
    var status: Int
    /// Why, in a sentence (the `error.text` of the answer).
    var reason: String

    init(_ status: Int, _ reason: String) {
        self.status = status
        self.reason = reason
    }

    /// The refusal of a request NIO's HTTP/1.1 parser could not read: 505 for an HTTP version other than 1.x
    /// (`HTTP/2.0`, or none: HTTP/0.9; the parser reports a malformed version the same way), 431 for a head past the
    /// parser's own (larger) limits, 400 for the rest.
    init(_ error: HTTPParserError) {
        switch error {
        case .invalidVersion: self.init(505, "Only HTTP/1.0 and HTTP/1.1 are served.")
        case .headerOverflow: self.init(431, "The request head is larger than the server reads.")
        default: self.init(400, "The request is malformed (\(error)).")
        }
    }

    /// The answer: the API's error shape (`{"error": {"text": …, "http_code": …}}`, what the document declares for
    /// any other status), so a client decodes it like every other error, and `Connection: close`.
    var response: Response {
        var response = MockErrors.response(status: status, text: reason)
        response.headers[.connection] = "close"
        return response
    }
}

/// Error answers in the Rasp shape, for what the server answers itself (refusals, faults, routes it does not have).
enum MockErrors {
    /// The `error_code` of the mock's own errors (demo answers carry the demo's).
    static let errorCode = "mock"

    /// `{"error": {"text": text, "http_code": status, "error_code": "mock"}}` as JSON.
    static func body(status: Int, text: String) -> Data {
        let error: [String: Any] = ["text": text, "http_code": status, "error_code": errorCode]
        // Strings and a number: serialization cannot fail.
        let options: JSONSerialization.WritingOptions = [.sortedKeys, .withoutEscapingSlashes]
        return (try? JSONSerialization.data(withJSONObject: ["error": error], options: options)) ?? Data()
    }

    /// A response with the error body.
    static func response(status: Int, text: String) -> Response {
        Response(status: HTTPResponse.Status(code: status),
                 headers: [.contentType: "application/json; charset=utf-8"],
                 body: ResponseBody(byteBuffer: ByteBuffer(data: body(status: status, text: text))))
    }
}
