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
}
