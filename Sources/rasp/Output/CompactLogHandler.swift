import Foundation
import Logging

/// Log lines for a person at a terminal: one short line per event on standard error (`rasp: GET /v3.0/search/?from=…
/// → 200, 72 KB, 1909 ms, 2 attempts`), wrapped to the width of standard error, instead of swift-log's default dump
/// of every metadata value. Used for `--verbose` (every request) and, on a terminal, for notices such as retries.
struct CompactLogHandler: LogHandler {
    var logLevel: Logger.Level
    var metadata: Logger.Metadata = [:]
    /// The widest a line may be, or nil for no limit (``Console/errWidth``).
    let width: Int?

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let all = metadata.merging(event.metadata ?? [:]) { $1 }
        guard let text = Self.text(level: event.level, message: "\(event.message)", metadata: all) else { return }
        // Wrapped rather than cut: the end of a request line (status, size, time) is what a reader wants.
        FileHandle.standardError.write(Data((TextWrap.wrap(text, width: width) + "\n").utf8))
    }

    /// The line for one event, or nil for one that repeats what another line says.
    static func text(level: Logger.Level, message: String, metadata: Logger.Metadata) -> String? {
        func value(_ key: String) -> String? {
            metadata["rasp.\(key)"].map { "\($0)" }.flatMap { $0.isEmpty ? nil : $0 }
        }
        guard let method = value("method"), let url = value("url") else { return "rasp: \(message)" }
        // The URL without its scheme and host: the server is the same for every line of a run.
        let path = url.range(of: "://").flatMap { scheme in
            url[scheme.upperBound...].firstIndex(of: "/").map { String(url[$0...]) }
        } ?? url
        guard let status = value("status") else {
            return level == .debug ? "rasp: \(method) \(path)" : "rasp: \(method) \(path): \(message)"
        }
        // The response is logged at info and again at debug with its headers; the debug copy adds nothing here.
        guard level != .debug else { return nil }
        var parts = [status]
        if let bytes = value("bytes").flatMap(Int.init) { parts.append(Self.size(bytes)) }
        if let ms = value("ms") { parts.append("\(ms) ms") }
        if let attempts = value("attempts").flatMap(Int.init), attempts > 1 { parts.append("\(attempts) attempts") }
        return "rasp: \(method) \(path) → \(parts.joined(separator: ", "))"
    }

    private static func size(_ bytes: Int) -> String {
        bytes < 10_000 ? "\(bytes) B" : bytes < 10_000_000 ? "\(bytes / 1000) KB" : "\(bytes / 1_000_000) MB"
    }
}
