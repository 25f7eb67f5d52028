import Foundation
import RaspRuntime

/// Rasp error answers shared by the runtime's and the services' error tests.
public enum ErrorFixtures {
    /// A Rasp error body that echoes the request, test key included, as the real API does.
    public static let echoingBody = #"""
    {"error": {"text": "Не нашли объект по yandex коду c1111", "http_code": 404,
     "error_code": "v3.0_stable-57-1.8996410.1168813578_31",
     "request": "https://api.rasp.yandex.net/v3.0/search/?apikey=\#(testKey)&from=c1111&to=c213"}}
    """#

    /// An HTTP failure of the `search` operation.
    /// - Parameters:
    ///   - status: The status code.
    ///   - body: The response body.
    ///   - redactor: What the failure masks in the body.
    public static func failure(_ status: Int, _ body: String = "", redactor: Redactor = .standard) -> ClientError {
        .http(.init(operationID: "search", status: status, headers: [:], body: Data(body.utf8), decodedBody: nil,
                    redactor: redactor))
    }

    /// A `URLError` whose failing URL carries the test key in its query, as FoundationNetworking reports one.
    public static var keyedURLError: URLError {
        let url = URL(string: "https://h/x?apikey=\(testKey)")!
        return URLError(.cannotConnectToHost, userInfo: [NSURLErrorFailingURLErrorKey: url])
    }

    /// Failures of every kind whose inputs carry the test key: an echoing 4xx body, a key in an error text, in an
    /// HTML page and in a header dump, in a connection error's URL and in a request that could not be built.
    /// - Parameter redactor: The redactor that knows the key, for the failures that mask their body with it.
    public static func keyEchoingErrors(redactor: Redactor) -> [ClientError] {
        [
            failure(404, echoingBody, redactor: redactor),
            failure(400, #"{"error": {"text": "bad key \#(testKey)"}}"#, redactor: redactor),
            failure(502, "<html>upstream said apikey=\(testKey)</html>"),
            failure(401, "Authorization: \(testKey)"),
            .noConnection(operationID: "search", reason: "https://h/x?apikey=\(testKey)"),
            .invalidRequest(operationID: "search", reason: "cannot build a URL from https://h/?apikey=\(testKey)"),
            .refused(operationID: "search", reason: "a policy", policyError: keyedURLError),
            ClientError(transportError: keyedURLError, operationID: "search"),
        ]
    }
}
