import Foundation
import RaspAPI
import RaspDemo
import RaspRuntime
import Testing

/// The Rasp client against the server generated from openapi.yaml, answered by the demo data: every operation with
/// every parameter set, in process and over loopback. The server's decoded input, sent again, must make the same
/// request; the answer through the server must equal the demo's own; the demo's error answers keep their status
/// and body.
@Suite struct RaspServerTests {
    /// Records each input and answers from the demo data.
    struct Demo: RaspClientProtocol {
        let inputs: Inputs
        let demo = RaspClient(transport: DemoTransport())

        func search(_ input: Operations.Search) async throws -> SearchResponse {
            inputs.keep("search", input)
            return try await demo.search(input)
        }
        func schedule(_ input: Operations.Schedule) async throws -> ScheduleResponse {
            inputs.keep("schedule", input)
            return try await demo.schedule(input)
        }
        func thread(_ input: Operations.Thread) async throws -> ThreadResponse {
            inputs.keep("thread", input)
            return try await demo.thread(input)
        }
        func nearestStations(_ input: Operations.NearestStations) async throws -> NearestStationsResponse {
            inputs.keep("nearestStations", input)
            return try await demo.nearestStations(input)
        }
        func nearestSettlement(_ input: Operations.NearestSettlement) async throws -> NearestSettlementResponse {
            inputs.keep("nearestSettlement", input)
            return try await demo.nearestSettlement(input)
        }
        func carrier(_ input: Operations.CarrierInput) async throws -> CarrierResponse {
            inputs.keep("carrier", input)
            return try await demo.carrier(input)
        }
        func stationsList(_ input: Operations.StationsList) async throws -> StationsListResponse {
            inputs.keep("stationsList", input)
            return try await demo.stationsList(input)
        }
        func copyright(_ input: Operations.CopyrightInput) async throws -> CopyrightResponse {
            inputs.keep("copyright", input)
            return try await demo.copyright(input)
        }
    }

    /// Calls an operation through the server and directly on the demo data; checks the request made again from the
    /// server's input and returns both answers.
    static func call<Output: Sendable>(
        _ wire: Wire, _ operation: String,
        _ body: @Sendable (any RaspClientProtocol) async throws -> Output,
        again: @Sendable (RaspClient, Inputs) async throws -> Void,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> (served: Output, direct: Output) {
        let inputs = Inputs()
        var router = ServerRouter()
        Demo(inputs: inputs).registerHandlers(on: &router)
        let direct = try await body(RaspClient(transport: DemoTransport()))
        return try await wire.with(router) { transport, url in
            let first = RequestLog()
            let served = try await body(RaspClient(serverURL: url, transport: first.transport(transport)))
            let second = RequestLog()
            try await again(RaspClient(serverURL: url, transport: second.transport(transport)), inputs)
            #expect(first.all.map(WireForm.init) == second.all.map(WireForm.init), "\(operation)",
                    sourceLocation: sourceLocation)
            return (served, direct)
        }
    }

    @Test(arguments: Wire.allCases)
    func everyOperationWithEveryParameter(wire: Wire) async throws {
        let date = LocalDate(Date(), in: TimeZone(identifier: "Europe/Moscow")!).adding(days: 1)
        let search = try await Self.call(wire, "search", { client in
            try await client.search(from: "c213", to: "c2", date: date, transportTypes: .train, system: .yandex,
                                    showSystems: .all, offset: 0, limit: 5, addDaysMask: true,
                                    resultTimezone: "Europe/Moscow", transfers: true, format: .json, lang: "ru_RU")
        }, again: { client, inputs in _ = try await client.search(try #require(inputs.last("search",
                                                                                           as: Operations.Search.self))) })
        #expect(search.served == search.direct)
        let segment = try #require(search.direct.segments.compactMap { item -> Segment? in
            if case .segment(let segment) = item { return segment }
            return nil
        }.first)

        let schedule = try await Self.call(wire, "schedule", { client in
            try await client.schedule(station: segment.from.code, date: date, transportTypes: .train,
                                      event: .departure, system: .yandex, showSystems: .all,
                                      resultTimezone: "Europe/Moscow", offset: 0, limit: 3, format: .json,
                                      lang: "ru_RU")
        }, again: { client, inputs in _ = try await client.schedule(try #require(inputs.last(
            "schedule", as: Operations.Schedule.self))) })
        #expect(schedule.served == schedule.direct)

        let thread = try await Self.call(wire, "thread", { client in
            try await client.thread(uid: segment.thread.uid, date: date, showSystems: .all,
                                    resultTimezone: "Europe/Moscow", format: .json, lang: "ru_RU")
        }, again: { client, inputs in _ = try await client.thread(try #require(inputs.last(
            "thread", as: Operations.Thread.self))) })
        #expect(thread.served == thread.direct)

        let stations = try await Self.call(wire, "nearestStations", { client in
            try await client.nearestStations(lat: 55.75, lng: 37.62, distance: 30, stationTypes: [.trainStation],
                                             transportTypes: .train, offset: 0, limit: 5, format: .json, lang: "ru_RU")
        }, again: { client, inputs in _ = try await client.nearestStations(try #require(inputs.last(
            "nearestStations", as: Operations.NearestStations.self))) })
        #expect(stations.served == stations.direct)

        let settlement = try await Self.call(wire, "nearestSettlement", { client in
            try await client.nearestSettlement(lat: 55.75, lng: 37.62, distance: 30, format: .json, lang: "ru_RU")
        }, again: { client, inputs in _ = try await client.nearestSettlement(try #require(inputs.last(
            "nearestSettlement", as: Operations.NearestSettlement.self))) })
        #expect(settlement.served == settlement.direct)

        if let carrierCode = segment.thread.carrier?.code {
            let carrier = try await Self.call(wire, "carrier", { client in
                try await client.carrier(code: "\(carrierCode)", system: .yandex, format: .json, lang: "ru_RU")
            }, again: { client, inputs in _ = try await client.carrier(try #require(inputs.last(
                "carrier", as: Operations.CarrierInput.self))) })
            #expect(carrier.served == carrier.direct)
        }

        let copyright = try await Self.call(wire, "copyright", { try await $0.copyright(format: .json) },
                                            again: { client, inputs in _ = try await client.copyright(
                                                try #require(inputs.last("copyright",
                                                                         as: Operations.CopyrightInput.self))) })
        #expect(copyright.served == copyright.direct)
    }

    @Test(arguments: Wire.allCases)
    func theDemoErrorsKeepTheirStatusAndBody(wire: Wire) async throws {
        var router = ServerRouter()
        Demo(inputs: Inputs()).registerHandlers(on: &router)
        try await wire.with(router) { transport, url in
            let client = RaspClient(serverURL: url, transport: transport)
            for (from, to, status) in [("c213", "c213", 400), ("c999999999", "c2", 404)] {
                do {
                    _ = try await client.search(from: from, to: to)
                    Issue.record("search \(from) → \(to) should fail")
                } catch let error as APIError<ErrorResponse> {
                    #expect(error.status == status)
                    #expect(!error.body.error.text.isEmpty)
                }
            }
        }
    }
}
