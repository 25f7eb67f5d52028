import Foundation
import HTTPTypes
import RaspTestSupport
import Testing
@_spi(Generated) @testable import RaspRuntime
@testable import RaspMiddlewares

/// ``HTTPCacheMiddleware`` reuses, revalidates and stands in with stored answers as RFC 9111 and its policy say,
/// and never keys or keeps a credential.
struct HTTPCacheMiddlewareTests {
    /// A clock the test moves.
    final class Clock: Sendable {
        private let date = Locked(Date(timeIntervalSince1970: 1_800_000_000))
        var now: Date { date.withLock { $0 } }
        func advance(_ seconds: TimeInterval) { date.withLock { $0 += seconds } }
    }

    let clock = Clock()
    let store = InMemoryHTTPCacheStore()

    func core(_ transport: ScriptedTransport, policy: HTTPCachePolicy = HTTPCachePolicy()) -> ClientCore {
        let clock = self.clock
        let cache = HTTPCacheMiddleware(store: store, policy: policy, now: { clock.now })
        return ClientCore(serverURL: testServer, transport: transport, middlewares: [cache], authentication: nil)
    }

    static func ok(_ body: String, _ headers: HTTPFields = [:]) -> ClientResponse {
        ClientResponse(status: 200, headers: headers, body: Data(body.utf8))
    }

    static func text(_ response: ClientResponse) -> String {
        String(decoding: response.body.data ?? Data(), as: UTF8.self)
    }

    @Test func aFreshAnswerIsReusedWithoutACallAndCarriesItsAge() async throws {
        let transport = ScriptedTransport(Self.ok("one", [.cacheControl: "max-age=60"]))
        let core = core(transport)
        let (first, firstReports) = try await HTTPCacheMiddleware.observing { try await core.performRaw(getRequest()) }
        #expect(Self.text(first) == "one" && firstReports.map(\.outcome) == [.fetched])
        clock.advance(30)
        let (second, reports) = try await HTTPCacheMiddleware.observing { try await core.performRaw(getRequest()) }
        #expect(Self.text(second) == "one")
        #expect(second.header("Age") == "30")
        #expect(reports.map(\.outcome) == [.fresh] && reports.first?.age == .seconds(30))
        #expect(transport.sentCount == 1)
    }

    @Test func aStaleAnswerIsRevalidatedAndA304CostsNoBody() async throws {
        let transport = ScriptedTransport(
            Self.ok("timetable", [.cacheControl: "max-age=10", .eTag: "\"v1\""]),
            ClientResponse(status: 304, headers: [.eTag: "\"v1\"", .cacheControl: "max-age=20"]))
        let core = core(transport)
        _ = try await core.performRaw(getRequest())
        clock.advance(11)
        let (answer, reports) = try await HTTPCacheMiddleware.observing { try await core.performRaw(getRequest()) }
        #expect(transport.sent.last?.header("If-None-Match") == "\"v1\"")
        #expect(Self.text(answer) == "timetable" && answer.status == 200)
        #expect(reports.map(\.outcome) == [.revalidated])
        // The 304's max-age now applies: fresh for 20 s more, no call.
        clock.advance(15)
        _ = try await core.performRaw(getRequest())
        #expect(transport.sentCount == 2)
    }

    @Test func aStoredAnswerStandsInForAFailedCallWithinThePolicy() async throws {
        let noConnection = ClientError(kind: .noConnection, operationID: "search")
        let transport = ScriptedTransport(steps: [
            .response(Self.ok("saved")), .failure(noConnection), .response(ClientResponse(status: 503)),
            .failure(noConnection), .failure(noConnection),
        ])
        let policy = HTTPCachePolicy(freshness: { _ in .seconds(60) }, staleIfError: { _ in .seconds(3600) })
        let core = core(transport, policy: policy)
        _ = try await core.performRaw(getRequest())
        clock.advance(600)
        let (stale, reports) = try await HTTPCacheMiddleware.observing { try await core.performRaw(getRequest()) }
        #expect(Self.text(stale) == "saved" && reports.map(\.outcome) == [.stale])
        #expect(reports.first?.age == .seconds(600))
        // A 5xx is a failure too.
        #expect(Self.text(try await core.performRaw(getRequest())) == "saved")
        // A request that asks for the server's answer gets the failure.
        var refresh = getRequest()
        refresh.setHeader("Cache-Control", "no-cache")
        await #expect(throws: ClientError.self) { try await core.performRaw(refresh) }
        // Past the stand-in time, the failure too.
        clock.advance(3600)
        let late = try await #require(throws: ClientError.self) { try await core.performRaw(getRequest()) }
        #expect(late.kind == .noConnection)
    }

    @Test func varyKeepsAnswersToDifferentHeadersApart() async throws {
        let transport = ScriptedTransport(
            Self.ok("привет", [.cacheControl: "max-age=60", .vary: "Accept-Language"]),
            Self.ok("hello", [.cacheControl: "max-age=60", .vary: "Accept-Language"]))
        let core = core(transport)
        func request(_ language: String) -> ClientRequest {
            var request = getRequest()
            request.setHeader("Accept-Language", language)
            return request
        }
        #expect(Self.text(try await core.performRaw(request("ru"))) == "привет")
        #expect(Self.text(try await core.performRaw(request("en"))) == "hello")
        #expect(Self.text(try await core.performRaw(request("ru"))) == "привет")
        #expect(Self.text(try await core.performRaw(request("en"))) == "hello")
        #expect(transport.sentCount == 2)
    }

    @Test func keysAndStoredAnswersHoldNoCredential() async throws {
        let secret = "k-\(UUID().uuidString)"
        let transport = ScriptedTransport(Self.ok("ok", [.cacheControl: "max-age=60", .setCookie: "session=\(secret)"]))
        let cache = HTTPCacheMiddleware(store: store, now: { Date(timeIntervalSince1970: 1_800_000_000) })
        let core = ClientCore(serverURL: testServer, transport: transport, middlewares: [cache],
                              authentication: .apiKey(secret, in: .query("apikey")))
        _ = try await core.performRaw(getRequest())
        #expect(transport.sent.first?.query.contains { $0.value == secret } == true)
        let key = try #require(HTTPCacheMiddleware.key(for: getRequest(), baseURL: testServer, redactor: .standard))
        let record = try #require(await store.record(for: key))
        let dump = String(decoding: try JSONEncoder().encode(record), as: UTF8.self)
        #expect(!dump.contains(secret))
        #expect(!record.key.contains("apikey"))
        // The same call with another key is the same cache entry.
        _ = try await core.performRaw(getRequest())
        #expect(transport.sentCount == 1)
    }

    @Test func onlyIfCachedAnswersFromTheStoreAloneWhateverTheAge() async throws {
        let transport = ScriptedTransport(Self.ok("kept"))
        let core = core(transport)
        var offline = getRequest()
        offline.setHeader("Cache-Control", "only-if-cached")
        let miss = try await #require(throws: ClientError.self) { try await core.performRaw(offline) }
        #expect(miss.underlyingError is HTTPCacheMiddleware.NotCached)
        _ = try await core.performRaw(getRequest())
        clock.advance(30 * 24 * 3600)
        let (kept, reports) = try await HTTPCacheMiddleware.observing { try await core.performRaw(offline) }
        #expect(Self.text(kept) == "kept" && reports.map(\.outcome) == [.stale])
        #expect(transport.sentCount == 1)
    }

    @Test func noStoreAndStreamsAreNotKeptAndAChangeDropsTheStoredAnswer() async throws {
        let transport = ScriptedTransport(
            Self.ok("private", [.cacheControl: "no-store"]), Self.ok("again"),
            ClientResponse(status: 204), Self.ok("after the change"))
        let core = core(transport, policy: HTTPCachePolicy(freshness: { _ in .seconds(600) }))
        _ = try await core.performRaw(getRequest())
        #expect(Self.text(try await core.performRaw(getRequest())) == "again")
        #expect(store.count == 1)
        var change = getRequest()
        change.method = "DELETE"
        _ = try await core.performRaw(change)
        #expect(store.count == 0)
        #expect(Self.text(try await core.performRaw(getRequest())) == "after the change")
    }

    @Test func theDiskStoreRepairsADamagedFileAndKeepsItsSizeBound() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("http-cache-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let events = Locked<[DiskHTTPCacheStore.Event]>([])
        let disk = DiskHTTPCacheStore(folder: folder, maxBytes: 64 * 1024, onEvent: { event in
            events.withLock { $0.append(event) }
        })
        let body = Data(repeating: 0x61, count: 10_000)
        let date = Date(timeIntervalSince1970: 1_800_000_000)
        func record(_ key: String) -> HTTPCacheRecord {
            HTTPCacheRecord(key: key, responses: [
                HTTPCachedResponse(status: 200, headers: [.init(name: "ETag", value: "\"1\"")], body: body,
                                   requestTime: date, responseTime: date, varyValues: ["accept": nil]),
            ])
        }
        await disk.save(record("GET /a"))
        #expect(await disk.record(for: "GET /a") == record("GET /a"))
        // One flipped byte in the body: removed, reported, absent.
        let file = try #require(try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .first { $0.pathExtension == DiskHTTPCacheStore.fileExtension })
        var bytes = try Data(contentsOf: file)
        bytes[bytes.count - 5] ^= 0x01
        try bytes.write(to: file)
        #expect(await disk.record(for: "GET /a") == nil)
        #expect(!FileManager.default.fileExists(atPath: file.path))
        #expect(events.withLock { $0.count } == 1)
        // Twenty records of 10 KB in a 64 KB store: the most recent ones stay, within the bound.
        for index in 0..<20 { await disk.save(record("GET /\(index)")) }
        let summary = disk.summary()
        #expect(summary.bytes <= 64 * 1024 && summary.entries >= 5)
        #expect(await disk.record(for: "GET /19") != nil)
        disk.removeAll()
        #expect(disk.summary().entries == 0)
    }
}
