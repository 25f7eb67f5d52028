import Foundation
import Testing
import RaspTestSupport
@_spi(Generated) import RaspRuntime
@testable import RaspServices

/// ``QuotaCounter`` and ``QuotaMiddleware``: counting, warnings, safe mode, persistence and the daily reset.
struct QuotaTests {
    static let moscow: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Europe/Moscow")!
        return calendar
    }()

    /// 2026-05-01 23:59:00 in Moscow (UTC+3).
    static let lateEvening = Date(timeIntervalSince1970: 1_777_669_140)

    @Test func safeModeRefusesPastTheLimitBeforeAnyNetworkCall() async throws {
        let counter = QuotaCounter(limit: 3)
        let transport = ScriptedTransport(.response(jsonResponse(200, "{}")))
        let core = ClientCore(serverURL: testServer, transport: transport,
                              middlewares: [QuotaMiddleware(counter: counter)], authentication: nil)
        for _ in 0..<3 { _ = try await core.performRaw(getRequest()) }
        let error = try await #require(throws: ClientError.self) { try await core.performRaw(getRequest()) }
        #expect(error.kind == .refused)
        #expect(error.quotaExhausted == QuotaExhausted(limit: 3))
        #expect(error.operationID == "search")
        #expect(!error.isRetryable)
        #expect(error.description == "search: refused (daily request quota of 3 used up)")
        #expect(transport.sentCount == 3)
        #expect(await counter.usage.used == 3)
        #expect(await counter.usage.remaining == 0)
    }

    @Test func warnsOnceAtTheThresholdAndOnceAtTheLimit() async throws {
        let events = Locked<[QuotaCounter.Event]>([])
        let counter = QuotaCounter(limit: 10, warningThreshold: 0.9, safeMode: false,
                                   onEvent: { event in events.withLock { $0.append(event) } })
        for _ in 0..<12 { try await counter.reserve(operationID: "search") }
        #expect(events.withLock { $0 } == [.approaching(used: 9, limit: 10), .exhausted(used: 10, limit: 10)])
        #expect(await counter.usage.used == 12)
    }

    @Test func theCountSurvivesARestartInAJSONFile() async throws {
        let file = temporaryFolder().appendingPathComponent("quota/state.json")
        let now = TestNow(Self.lateEvening)
        let first = QuotaCounter(limit: 500, store: FileQuotaStore(url: file), calendar: Self.moscow, now: now.now)
        for _ in 0..<4 { try await first.reserve(operationID: "search") }

        let second = QuotaCounter(limit: 500, store: FileQuotaStore(url: file), calendar: Self.moscow, now: now.now)
        #expect(await second.usage.used == 4)
        let saved = try JSONDecoder().decode(QuotaState.self, from: Data(contentsOf: file))
        #expect(saved == QuotaState(day: "2026-05-01", count: 4))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: file.deletingLastPathComponent().path)
        #expect(leftovers == ["state.json"])
    }

    @Test func resetsAtLocalMidnight() async throws {
        let now = TestNow(Self.lateEvening)
        let counter = QuotaCounter(limit: 2, store: InMemoryQuotaStore(), calendar: Self.moscow, now: now.now)
        try await counter.reserve(operationID: "search")
        try await counter.reserve(operationID: "search")
        await #expect(throws: ClientError.self) { try await counter.reserve(operationID: "search") }

        now.advance(by: 120)
        #expect(await counter.usage == QuotaCounter.Usage(day: "2026-05-02", used: 0, limit: 2))
        try await counter.reserve(operationID: "search")
        #expect(await counter.usage.used == 1)
    }

    @Test func aCorruptStateFileStartsFromZeroAndSaysSo() async throws {
        let file = temporaryFolder().appendingPathComponent("state.json")
        try Data("{not json".utf8).write(to: file)
        let events = Locked<[QuotaCounter.Event]>([])
        let counter = QuotaCounter(store: FileQuotaStore(url: file),
                                   onEvent: { event in events.withLock { $0.append(event) } })
        #expect(await counter.usage.used == 0)
        try await counter.reserve(operationID: "search")
        #expect(await counter.usage.used == 1)
        #expect(events.withLock { $0.count } == 1)
        #expect(try JSONDecoder().decode(QuotaState.self, from: Data(contentsOf: file)).count == 1)
    }

    @Test func resetClearsTodaysCount() async throws {
        let counter = QuotaCounter(limit: 1)
        try await counter.reserve(operationID: "search")
        await counter.reset()
        try await counter.reserve(operationID: "search")
        #expect(await counter.usage.used == 1)
    }
}
