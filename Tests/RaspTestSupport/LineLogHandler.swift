import Logging

/// A log handler that renders each event as `message | key=value …` (handler and event metadata merged, sorted by
/// key) and hands the line to `sink` with its level. Tests use it to count, keep and scan log lines.
public struct LineLogHandler: LogHandler {
    public var logLevel: Logger.Level = .trace
    public var metadata: Logger.Metadata = [:]
    private let sink: @Sendable (Logger.Level, String) -> Void

    /// - Parameter sink: Receives every line.
    public init(_ sink: @escaping @Sendable (Logger.Level, String) -> Void) {
        self.sink = sink
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        let merged = metadata.merging(event.metadata ?? [:]) { $1 }
        let rendered = merged.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        sink(event.level, "\(event.message) | \(rendered)")
    }
}
