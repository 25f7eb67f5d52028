import Foundation
import RaspRuntime
import RaspServices
import Testing

/// A damaged quota state file never stops the client: the counter starts today's count from zero, says so once,
/// and its next save replaces the file with a valid one (atomically, leaving no temporary files).
@Suite("Quota state survives a corrupted file")
struct QuotaStateCorruptionTests {
    private static let now = Date(timeIntervalSince1970: 1_780_304_400)  // 2026-06-01 09:00 UTC
    private static var calendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Europe/Moscow")!
        return calendar
    }

    /// The events a counter reported.
    final class Events: Sendable {
        private let list = Locked<[QuotaCounter.Event]>([])
        func append(_ event: QuotaCounter.Event) { list.withLock { $0.append(event) } }
        var all: [QuotaCounter.Event] { list.withLock { $0 } }
    }

    private func counter(_ file: URL, events: Events? = nil) -> QuotaCounter {
        QuotaCounter(limit: 100, store: FileQuotaStore(url: file), calendar: Self.calendar, now: { Self.now },
                     onEvent: { event in events?.append(event) })
    }

    @Test("Every damaged variant of a saved state: count from zero, one storage event, a valid file after")
    func everyDamage() async throws {
        let folder = temporaryFolder("quota")
        let file = folder.appendingPathComponent("quota.json")
        let writer = counter(file)
        for _ in 0..<7 { try await writer.reserve(operationID: "search") }
        let valid = try Data(contentsOf: file)
        #expect(try JSONDecoder().decode(QuotaState.self, from: valid).count == 7)

        var tried = 0
        for bytes in Corruption.variants(of: valid) {
            try bytes.write(to: file)
            let decodes = (try? JSONDecoder().decode(QuotaState.self, from: bytes)) != nil
            let events = Events()
            let reader = counter(file, events: events)
            let used = await reader.usage.used
            if !decodes {
                #expect(used == 0, "a damaged state counts from zero")
                let recorded = events.all
                #expect(recorded.count == 1, "one storage event, got \(recorded)")
                if case .storageFailed(let reason)? = recorded.first {
                    #expect(reason.contains(file.path) && reason.contains("unreadable quota state"))
                } else {
                    Issue.record("expected storageFailed, got \(recorded)")
                }
            }
            try await reader.reserve(operationID: "search")
            let repaired = try JSONDecoder().decode(QuotaState.self, from: Data(contentsOf: file))
            #expect(repaired.count == used + 1 && repaired.day == "2026-06-01")
            tried += 1
        }
        #expect(tried > valid.count)
        #expect(Corruption.temporaryFiles(in: folder).isEmpty)
    }

    @Test("Damage that still parses (another count) fails the checksum; a file from before checksums is read")
    func checksum() async throws {
        let folder = temporaryFolder("quota")
        let file = folder.appendingPathComponent("quota.json")
        let writer = counter(file)
        for _ in 0..<7 { try await writer.reserve(operationID: "search") }
        let valid = String(decoding: try Data(contentsOf: file), as: UTF8.self)
        #expect(valid.hasPrefix(#"{"checksum":"x64:"#), "\(valid)")

        let tampered = valid.replacingOccurrences(of: #""count":7"#, with: #""count":3"#)
        try #require(tampered != valid)
        try Data(tampered.utf8).write(to: file)
        #expect((try? JSONDecoder().decode(QuotaState.self, from: Data(tampered.utf8)))?.count == 3, "it still parses")
        let events = Events()
        #expect(await counter(file, events: events).usage.used == 0, "a state that fails its checksum counts from zero")
        let reason = "\(file.path): unreadable quota state: it does not match its checksum"
        #expect(events.all == [.storageFailed(reason: reason)])

        let old = #"{"count":7,"day":"2026-06-01","warnedApproaching":false,"warnedExhausted":false}"#
        try Data(old.utf8).write(to: file)
        let quiet = Events()
        #expect(await counter(file, events: quiet).usage.used == 7)
        #expect(quiet.all.isEmpty)
    }

    @Test("A folder where the file should be: counts in memory, reports each failed save, never throws")
    func unwritable() async throws {
        let folder = temporaryFolder("quota")
        let file = folder.appendingPathComponent("quota.json")
        try FileManager.default.createDirectory(at: file.appendingPathComponent("blocker"),
                                                withIntermediateDirectories: true)
        let events = Events()
        let counter = counter(file, events: events)
        for _ in 0..<3 { try await counter.reserve(operationID: "search") }
        #expect(await counter.usage.used == 3)
        let failures = events.all.filter { if case .storageFailed = $0 { true } else { false } }
        #expect(failures.count == 4, "the load and each of the three saves: \(failures)")
        #expect(Corruption.temporaryFiles(in: folder).isEmpty, "failed renames leave no temporary files")
    }
}
