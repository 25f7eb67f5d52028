import Foundation
import RaspAPI
import RaspDemo
import RaspRuntime
import Testing

/// `DemoAPI` as `RaspClientProtocol` (what the mock server runs) against the generated client over the demo's HTTP
/// answers (`DemoTransport`, what the CLI runs offline): every operation gives the same value, and every refusal the
/// same status and body.
@Suite("Demo operations")
struct DemoOperationsTests {
    private let typed: any RaspClientProtocol = Fixture.api
    private let overHTTP: any RaspClientProtocol = RaspClient(transport: DemoTransport(api: Fixture.api))

    /// The value both give, or the refusal both throw.
    private func agree<Value: Equatable>(_ call: (any RaspClientProtocol) async throws -> Value,
                                         sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let expected: Result<Value, any Error>, actual: Result<Value, any Error>
        do { expected = .success(try await call(overHTTP)) } catch { expected = .failure(error) }
        do { actual = .success(try await call(typed)) } catch { actual = .failure(error) }
        switch (expected, actual) {
        case (.success(let expected), .success(let actual)):
            #expect(actual == expected, sourceLocation: sourceLocation)
        case (.failure(let expected as APIError<ErrorResponse>), .failure(let actual as APIError<ErrorResponse>)):
            #expect(actual.status == expected.status, sourceLocation: sourceLocation)
            #expect(actual.body == expected.body, sourceLocation: sourceLocation)
        default:
            Issue.record("over HTTP: \(expected); typed: \(actual)", sourceLocation: sourceLocation)
        }
    }

    @Test("Searches: one-day and all-days, transfers, masks, codes, paging, interval threads, refusals",
          arguments: [
              Operations.Search(from: "c213", to: "c2"),
              Operations.Search(from: "c213", to: "c2", date: LocalDate("2026-06-02"), addDaysMask: true),
              Operations.Search(from: "c213", to: "c54", date: LocalDate("2026-06-03"), transfers: true),
              Operations.Search(from: "s9600213", to: "c2", showSystems: .all, offset: 2, limit: 3),
              Operations.Search(from: "c213", to: "c2", transportTypes: .plane, resultTimezone: "Asia/Tokyo"),
              Operations.Search(from: "c213", to: "c213"),
              Operations.Search(from: "c213", to: "c2", date: LocalDate("2030-01-01")),
              Operations.Search(from: "x1", to: "c2"),
              Operations.Search(from: "c213", to: "c2", lang: "russian"),
              Operations.Search(from: "c213", to: "c2", format: .xml),
          ])
    func searches(input: Operations.Search) async throws {
        try await agree { try await $0.search(input) }
    }

    @Test("The other operations, and their refusals")
    func otherOperations() async throws {
        try await agree { try await $0.schedule(.init(station: "s9600213")) }
        try await agree { try await $0.schedule(.init(station: "s2000006", date: LocalDate("2026-06-01"),
                                                      event: .arrival, showSystems: .esr)) }
        try await agree { try await $0.schedule(.init(station: "s9999999")) }
        let uid = try await overHTTP.search(.init(from: "c213", to: "c2")).segments.compactMap {
            if case .segment(let segment) = $0 { segment.thread.uid } else { nil }
        }.first!
        try await agree { try await $0.thread(.init(uid: uid)) }
        try await agree { try await $0.thread(.init(uid: uid, date: LocalDate("2026-06-04"))) }
        try await agree { try await $0.thread(.init(uid: "no-such-thread")) }
        try await agree { try await $0.nearestStations(.init(lat: 55.75, lng: 37.62, distance: 20)) }
        try await agree { try await $0.nearestStations(.init(lat: 55.75, lng: 37.62, distance: 50,
                                                             stationTypes: [.airport, .trainStation], limit: 2)) }
        try await agree { try await $0.nearestStations(.init(lat: 95, lng: 37.62, distance: 20)) }
        try await agree { try await $0.nearestSettlement(.init(lat: 59.93, lng: 30.31)) }
        try await agree { try await $0.nearestSettlement(.init(lat: 0, lng: 0, distance: 5)) }
        try await agree { try await $0.carrier(.init(code: "TK", system: .iata)) }
        try await agree { try await $0.carrier(.init(code: "SU", system: .iata)) }
        try await agree { try await $0.carrier(.init(code: "0")) }
        try await agree { try await $0.stationsList(.init()) }
        try await agree { try await $0.copyright(.init()) }
    }
}
