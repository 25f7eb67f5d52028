import EdgeCasesAPI
import Foundation
import HTTPTypes
import RaspAPI
import RaspRuntime
import RaspSpecMock
import Testing

/// The spec-driven mock answers every operation of a document with a value the generated client decodes: its
/// examples and the values made from its schemas fit the types generated from the same document.
@Suite struct SpecMockTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..")
        .standardized

    /// The mock's routes, under the document's server path (where the generated client sends requests).
    static func router(_ path: String, credential: String? = nil) throws -> ServerRouter {
        var mock = try SpecMock(contentsOf: root.appendingPathComponent(path).path)
        mock.credential = credential
        var router = ServerRouter()
        router.pathPrefix = mock.basePath
        mock.registerRoutes(on: &router)
        return router
    }

    @Test func everyRaspOperationDecodes() async throws {
        let client = RaspClient(authentication: .apiKeyQuery("key"),
                                transport: RouterTransport(router: try Self.router("openapi.yaml")))
        _ = try await client.search(from: "c213", to: "c2")
        _ = try await client.schedule(station: "s9600213")
        _ = try await client.thread(uid: "uid")
        _ = try await client.nearestStations(lat: 55.7, lng: 37.6, distance: 10)
        _ = try await client.nearestSettlement(lat: 55.7, lng: 37.6)
        _ = try await client.carrier(code: "680")
        _ = try await client.stationsList()
        _ = try await client.copyright()
    }

    @Test func everyEdgeCaseOperationDecodes() async throws {
        let client = Client(authentication: .bearerScheme("token"), transport: RouterTransport(router: try Self.router(
            "Tests/Fixtures/edge-cases-spec/openapi.yaml")))
        _ = try await client.search(search: "x")
        _ = try await client.getMessage(channelId: "1", messageId: "2")
        _ = try await client.styles(label: ["a"], matrix: "m", point: Point(x: 1, y: 2))
        _ = try await client.echoForm(body: PaymentForm(name: "n"))
        _ = try await client.echoUpload(body: Data([1]))
        _ = try await client.listPets(tag: .cat)
        _ = try await client.getPet(petId: 1)
        _ = try await client.download(size: 1)
        for try await _ in try await client.streamEvents() {}
        for try await _ in try await client.streamLines() {}
    }

    /// Every media type of a success offered in several is answered, in the one the request asks for, each with a
    /// body the client decodes as that type: a multipart answer has its boundary and parts.
    @Test func everyMediaTypeItServesIsWellFormed() async throws {
        let router = try Self.router("Tests/Fixtures/edge-cases-spec/openapi.yaml")
        let client = Client(authentication: .bearerScheme("token"), transport: RouterTransport(router: router))
        for type in Operations.NegotiatePoint.ResponseContentType.allCases {
            let body = try #require(try await client.negotiatePoint(accepting: [type]))
            switch (type, body) {
            case (.json, .json), (.text, .text), (.xml, .xml): break
            default: Issue.record("asked for \(type), got \(body)")
            }
        }
        for type in Operations.NegotiateStream.ResponseContentType.allCases {
            switch try await client.negotiateStream(accepting: [type]) {
            case .jsonl(let items), .jsonSeq(let items):
                #expect(try await items.reduce(0) { count, _ in count + 1 } == 1)
            case .eventStream(let events):
                #expect(try await events.reduce(0) { count, _ in count + 1 } == 1)
            }
        }
        // The parts decode into the schema's type (its required JSON part included).
        _ = try await client.negotiateParts()
        let raw = try await client.core.send(ClientRequest("GET", "/_negotiate/parts"))
        let contentType = try #require(raw.headers[.contentType])
        #expect(contentType.hasPrefix("multipart/form-data; boundary="))
        let boundary = String(contentType.split(separator: "=", maxSplits: 1)[1])
        let text = String(decoding: raw.body.data ?? Data(), as: UTF8.self)
        #expect(text.hasPrefix("--\(boundary)\r\n"))
        #expect(text.hasSuffix("--\(boundary)--\r\n"))
        #expect(text.contains("name=\"template\""))
    }

    struct NoExample: Error {}

    /// The generated server of the edge-case document, answered by its example handler with the spec mock's values:
    /// the server side decodes the client's requests and encodes the examples back.
    @Test func theGeneratedServerAnswersWithTheSpecMocksExamples() async throws {
        let mock = try SpecMock(contentsOf: Self.root.appendingPathComponent(
            "Tests/Fixtures/edge-cases-spec/openapi.yaml").path)
        var router = ServerRouter()
        ClientExampleHandler { method, path in
            guard let body = mock.exampleBody(method: method, path: path) else { throw NoExample() }
            return body
        }.registerHandlers(on: &router)
        let client = Client(serverURL: URL(string: "http://in-process")!, transport: RouterTransport(router: router))
        #expect(try await client.getPet(petId: 7) == Pet(id: 0, name: "string"))
        #expect(try await client.listPets(tag: .dog) == [Pet(id: 0, name: "string")])
        _ = try await client.styles(label: ["a"], matrix: "m", point: Point(x: 1, y: 2), filter: Filter(q: "q"))
        _ = try await client.echoForm(body: PaymentForm(name: "n", tags: ["t"]))
        var items: [Int] = []
        for try await event in try await client.streamEvents() { items.append(event.data.index) }
        #expect(items == [0])
    }

    /// What the document documents for the error (Rasp's `{"error": {"text": …}}`), with its status.
    static func error(_ response: ServerResponse) throws -> String {
        let body = try JSONDecoder().decode(JSONValue.self, from: response.data ?? Data())
        guard case .object(let fields) = body, case .object(let error)? = fields["error"],
              case .string(let text)? = error["text"] else { return "" }
        return text
    }

    @Test func requestsAreCheckedAsTheRealServiceWould() async throws {
        let router = try Self.router("openapi.yaml", credential: "secret")
        func status(_ target: String, headers: HTTPFields = [:]) async -> Int {
            await router.respond(to: ServerRequest(method: "GET", target: target, headers: headers)).status
        }
        // The credential: missing, another one, and the one accepted, in the query or the header.
        #expect(await status("/v3.0/search/?from=c213&to=c2") == 401)
        #expect(await status("/v3.0/search/?from=c213&to=c2&apikey=other") == 401)
        #expect(await status("/v3.0/search/?from=c213&to=c2&apikey=secret") == 200)
        #expect(await status("/v3.0/search/?from=c213&to=c2", headers: [.authorization: "secret"]) == 200)
        // A missing required parameter, and ones that break their schema (numbers that are none): 400 with the body
        // the document gives its errors.
        let missing = await router.respond(to: ServerRequest(method: "GET",
                                                             target: "/v3.0/search/?from=c213&apikey=secret"))
        #expect(missing.status == 400)
        #expect(try !Self.error(missing).isEmpty)
        #expect(await status("/v3.0/search/?from=c213&to=c2&limit=many&apikey=secret") == 400)
        #expect(await status("/v3.0/nearest_stations/?lat=north&lng=37.6&distance=10&apikey=secret") == 400)
        #expect(await status("/v3.0/nearest_stations/?lat=55.7&lng=37.6&distance=10&apikey=secret") == 200)
        #expect(await status("/v3.0/nothing/?apikey=secret") == 404)
    }
}
