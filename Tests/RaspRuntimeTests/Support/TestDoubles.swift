import Foundation
import RaspTestSupport
import Logging
@testable import RaspRuntime

/// The API key every test uses (a later leak scan looks for it).

let testServer = URL(string: "https://api.example.test")!

/// A sleeper that records the waits and returns at once (or as soon as `condition` holds, when given:
/// e.g. once a request reached the transport, so a deadline cannot pass before the attempt started).
final class SleepRecorder: Sendable {
    let waits = Locked<[Duration]>([])
    let condition: (@Sendable () -> Bool)?

    init(until condition: (@Sendable () -> Bool)? = nil) { self.condition = condition }

    var sleeper: Sleeper {
        Sleeper { duration in
            self.waits.withLock { $0.append(duration) }
            while let condition = self.condition, !condition() { try await Task.sleep(for: .milliseconds(1)) }
        }
    }
    var recorded: [Duration] { waits.withLock { $0 } }
}

/// A sleeper that signals when a wait starts, then waits until cancelled.
func blockingSleeper() -> (Sleeper, AsyncStream<Duration>) {
    let (stream, continuation) = AsyncStream<Duration>.makeStream()
    let sleeper = Sleeper { duration in
        continuation.yield(duration)
        try await Task.sleep(for: .seconds(3600))
    }
    return (sleeper, stream)
}

/// A settable clock.
final class TestNow: Sendable {
    let date: Locked<Date>
    init(_ date: Date) { self.date = Locked(date) }
    var now: @Sendable () -> Date { { self.date.withLock { $0 } } }
    func advance(by seconds: TimeInterval) { date.withLock { $0 += seconds } }
}

/// Collects every log line with its metadata.
final class LogCapture: Sendable {
    let lines = Locked<[(level: Logger.Level, text: String)]>([])

    var logger: Logger {
        var logger = Logger(label: "test") { _ in
            LineLogHandler { level, text in
                self.lines.withLock { $0.append((level, text)) }
                Transcript.append("runtime-log", "\(level) \(text)")
            }
        }
        logger.logLevel = .trace
        return logger
    }

    var all: [(level: Logger.Level, text: String)] { lines.withLock { $0 } }
}

/// A JSON response.
func jsonResponse(_ status: Int, _ json: String, headers: [String: String] = [:]) -> ClientResponse {
    ClientResponse(status: status, headers: headers.merging(["Content-Type": "application/json"]) { a, _ in a }, body: Data(json.utf8))
}

/// A GET request for tests.
func getRequest(_ operationID: String = "search", path: String = "/v3.0/search/") -> ClientRequest {
    var request = ClientRequest(method: "GET", path: path, operationID: operationID)
    request.addQuery("from", "c213")
    request.addQuery("to", "c2")
    return request
}

/// A fresh temporary folder.
func temporaryFolder() -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("rasp-runtime-tests-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}
