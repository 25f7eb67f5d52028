import Foundation
// Tests build header fields (HTTPFields) with every request and response they make.
@_exported import HTTPTypes
import RaspRuntime

/// The server URL of tests whose transport never goes to the network.
package let testServer = URL(string: "https://api.example.test")!

/// A sleeper that records the waits and returns at once (or as soon as `condition` holds, when given:
/// e.g. once a request reached the transport, so a deadline cannot pass before the attempt started).
package final class SleepRecorder: Sendable {
    package let waits = Locked<[Duration]>([])
    package let condition: (@Sendable () -> Bool)?

    package init(until condition: (@Sendable () -> Bool)? = nil) { self.condition = condition }

    package var sleeper: Sleeper {
        Sleeper { duration in
            self.waits.withLock { $0.append(duration) }
            if let condition = self.condition {
                try await waitUntil("the sleeper's condition", every: .milliseconds(1)) { condition() }
            }
        }
    }
    package var recorded: [Duration] { waits.withLock { $0 } }
}

/// A settable clock.
package final class TestNow: Sendable {
    package let date: Locked<Date>
    package init(_ date: Date) { self.date = Locked(date) }
    package var now: @Sendable () -> Date { { self.date.withLock { $0 } } }
    package func advance(by seconds: TimeInterval) { date.withLock { $0 += seconds } }
}

/// A JSON response.
package func jsonResponse(_ status: Int, _ json: String, headers: KeyValuePairs<String, String> = [:])
    -> ClientResponse {
    var fields = fields(headers)
    if fields[.contentType] == nil { fields[.contentType] = "application/json" }
    return ClientResponse(status: status, headers: fields, body: Data(json.utf8))
}

/// Header fields from names and values in order (a name may repeat); an invalid name stops the test.
package func fields(_ pairs: KeyValuePairs<String, String>) -> HTTPFields {
    HTTPFields(pairs.map { HTTPField(name: HTTPField.Name($0.key)!, value: $0.value) })
}

/// A GET request for tests.
package func getRequest(_ operationID: String = "search", path: String = "/v3.0/search/") -> ClientRequest {
    var request = ClientRequest(method: "GET", path: path, operationID: operationID)
    request.addQuery("from", "c213")
    request.addQuery("to", "c2")
    return request
}

extension HTTPFields {
    /// The combined value of the fields named `name` (`response.headers["ETag"]`); an invalid name stops the test.
    package subscript(_ name: String) -> String? {
        self[HTTPField.Name(name)!]
    }
}
