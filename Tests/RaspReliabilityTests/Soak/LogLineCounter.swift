import Foundation
import RaspTestSupport
import RaspRuntime
import Logging

/// A log handler for the soak: counts the lines of each kind, looks for the test key in every line (message
/// and metadata) and appends each line to the transcript the leak scan reads.
final class LogLineCounter: Sendable {
    struct Counts: Sendable {
        /// One line per finished call (`-> status` or `failed:`).
        var calls = 0
        /// One notice per retry.
        var retries = 0
        var other = 0
        /// Lines that contained the key.
        var leaks = 0
        /// The first lines that contained the key.
        var leakedLines: [String] = []
        /// All lines.
        var total: Int { calls + retries + other }
    }

    private let counts = Locked(Counts())
    private let needles: [String]
    private let level: Logger.Level
    private let source: String

    /// - Parameters:
    ///   - needles: Texts that must not appear.
    ///   - level: The logger's level (`trace` logs header fields too).
    ///   - source: The transcript the lines go to.
    init(needles: [String], level: Logger.Level = .info, source: String = "soak-log") {
        self.needles = needles
        self.level = level
        self.source = source
    }

    var snapshot: Counts { counts.withLock { $0 } }

    var logger: Logger {
        var logger = Logger(label: "rasp.soak") { _ in
            LineLogHandler { level, text in self.record("\(level) \(text)") }
        }
        logger.logLevel = level
        return logger
    }

    private func record(_ line: String) {
        let leaked = needles.contains { line.contains($0) }
        counts.withLock { counts in
            if line.contains(": attempt ") && line.contains(" failed (") {
                counts.retries += 1
            } else if line.contains(" -> ") || line.contains(" failed: ") {
                counts.calls += 1
            } else {
                counts.other += 1
            }
            if leaked {
                counts.leaks += 1
                if counts.leakedLines.count < 20 { counts.leakedLines.append(line) }
            }
        }
        Transcript.append(source, line)
    }
}
