import Foundation
import Logging
import RaspKit
import Testing

@Suite("Analytics")
struct AnalyticsTests {
    @Test("events have stable names and string parameters")
    func names() {
        let event = AnalyticsEvent.filtersChanged(slots: [.night, .evening], transfers: .directOnly)
        #expect(event.name == "filters_changed")
        #expect(event.parameters == ["slots": "evening,night", "transfers": "directOnly"])
        #expect(AnalyticsEvent.searchPerformed(fromCode: "s1", toCode: "s2", date: "2026-03-05",
                                               transfers: .any).parameters
            == ["from": "s1", "to": "s2", "date": "2026-03-05", "transfers": "any"])
        #expect(AnalyticsEvent.screenOpened(.carrier).name == "screen_opened")
        #expect(AnalyticsEvent.storyViewed(id: "story-1").parameters == ["id": "story-1"])
    }

    @Test("the in-memory tracker keeps events in order")
    func inMemory() {
        let tracker = InMemoryAnalyticsTracker()
        tracker.track(.screenOpened(.route))
        tracker.track(.carrierViewed(code: "112"))
        #expect(tracker.events == [.screenOpened(.route), .carrierViewed(code: "112")])
        tracker.reset()
        #expect(tracker.events.isEmpty)
    }

    @Test("the swift-log tracker logs the name with the parameters as metadata")
    func logging() {
        let sink = LogSink()
        let logger = Logger(label: "test.analytics") { _ in sink }
        LoggingAnalyticsTracker(logger: logger).track(.storyViewed(id: "story-2"))
        #expect(sink.lines == ["info story_viewed id=story-2"])
    }
}

/// A log handler that keeps `level message key=value` lines.
final class LogSink: LogHandler, @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [String] = []
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let pairs = (event.metadata ?? [:]).sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        lock.lock()
        defer { lock.unlock() }
        stored.append(([event.level.rawValue, event.message.description] + pairs).joined(separator: " "))
    }

    var lines: [String] {
        lock.lock()
        defer { lock.unlock() }
        return stored
    }
}
