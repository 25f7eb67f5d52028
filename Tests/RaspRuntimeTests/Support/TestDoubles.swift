import Foundation
import RaspTestSupport
import Logging
@testable import RaspRuntime

/// A sleeper that signals when a wait starts, then waits until cancelled.
func blockingSleeper() -> (Sleeper, AsyncStream<Duration>) {
    let (stream, continuation) = AsyncStream<Duration>.makeStream()
    let sleeper = Sleeper { duration in
        continuation.yield(duration)
        try await Task.sleep(for: .seconds(3600))
    }
    return (sleeper, stream)
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

/// A fresh temporary folder.
func temporaryFolder() -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("rasp-runtime-tests-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}
