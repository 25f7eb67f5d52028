import Foundation
import RaspAPI
@testable import RaspKit
import RaspMiddlewares
import RaspRuntime
import RaspServices
import RaspTestSupport
import Testing

/// A traveller loses the connection: the schedule and carrier screens show the saved answer with its age and the
/// offline notice instead of the no-internet error, and go back to live data on retry once the network is back.
@MainActor
@Suite("Offline schedule")
struct OfflineScheduleTests {
    /// A clock the test moves (the cache's and the policy's "now").
    final class VirtualClock: Sendable {
        private let date = Locked(Date(timeIntervalSince1970: 1_772_700_000))  // 2026-03-05, Moscow morning
        var now: Date { date.withLock { $0 } }
        func advance(_ seconds: TimeInterval) { date.withLock { $0 += seconds } }
    }

    /// Answers with the next body while the network is up, fails to connect while it is down.
    final class Network: ClientTransport {
        let isUp = Locked(true)
        let bodies: Locked<[Data]>
        let sent = Locked(0)

        init(_ bodies: [Data]) { self.bodies = Locked(bodies) }

        func send(_ request: ClientRequest, baseURL: URL) async throws -> ClientResponse {
            guard isUp.withLock({ $0 }) else {
                throw ClientError(kind: .noConnection, operationID: request.operationID, reason: "offline")
            }
            sent.withLock { $0 += 1 }
            let body = bodies.withLock { $0.count > 1 ? $0.removeFirst() : $0[0] }
            return ClientResponse(status: 200, headers: [.contentType: "application/json"], body: body)
        }
    }

    let clock = VirtualClock()

    func client(_ network: Network) -> RaspClient {
        let clock = self.clock
        let moscow = TimeZone(identifier: "Europe/Moscow")!
        let cache = HTTPCacheMiddleware(store: InMemoryHTTPCacheStore(),
                                        policy: RaspCachePolicy.policy(timeZone: moscow, now: { clock.now }),
                                        now: { clock.now })
        return RaspClient(serverURL: testServer, transport: network, middlewares: [cache])
    }

    static func body(_ response: some Encodable) throws -> Data { try JSONEncoder().encode(response) }

    @Test("loaded → network cut → reload shows the saved schedule with its age → network back → retry is live")
    func scheduleOffline() async throws {
        let morning = try Self.body(Samples.search([Samples.direct("a", departure: "09:00", hours: 4)]))
        let later = try Self.body(Samples.search([Samples.direct("a", departure: "09:00", hours: 4),
                                                  Samples.direct("b", departure: "12:30", hours: 4)]))
        let network = Network([morning, later])
        let model = ScheduleViewModel(request: Samples.request, client: client(network), strings: .init(language: .ru))
        model.load()
        await eventually { model.state.value != nil }
        #expect(model.state.value?.count == 1 && model.saved == nil)

        // Today's timetable is fresh for 5 minutes: two hours later, with the network cut, the reload fails over
        // to the saved answer.
        network.isUp.withLock { $0 = false }
        clock.advance(2 * 3600 + 5 * 60)
        model.retry()
        await eventually { model.saved != nil }
        #expect(model.state.value?.count == 1)
        #expect(model.state.failure == nil)
        #expect(model.saved?.age == .seconds(2 * 3600 + 5 * 60))
        #expect(model.saved?.message == "Нет соединения. Сохранённые результаты, 2 ч 5 мин назад")

        network.isUp.withLock { $0 = true }
        model.retry()
        await eventually { model.state.value?.count == 2 }
        #expect(model.saved == nil)
        #expect(network.sent.withLock { $0 } == 2)
    }

    @Test("with nothing saved, a cut network is still the no-internet error")
    func nothingSaved() async throws {
        let network = Network([try Self.body(Samples.search([]))])
        network.isUp.withLock { $0 = false }
        let model = ScheduleViewModel(request: Samples.request, client: client(network), strings: .init(language: .ru))
        model.load()
        await eventually { model.state.failure != nil }
        #expect(model.state.failure?.kind == .noInternet)
        #expect(model.saved == nil)
    }
}
