import EdgeCasesAPI
import Foundation
import RaspHummingbird
import RaspRuntime
import RaspURLSession
import Synchronization
import Testing

/// How the tests' client reaches the generated server.
enum Wire: String, CaseIterable, CustomTestStringConvertible {
    /// In the same process (``RouterTransport``).
    case inProcess
    /// Over loopback HTTP: URLSession to Hummingbird.
    case loopback

    var testDescription: String { rawValue }

    /// Runs `body` with a transport and base URL that reach `router`.
    func with<T: Sendable>(_ router: ServerRouter,
                           _ body: (any ClientTransport, URL) async throws -> T) async throws -> T {
        switch self {
        case .inProcess:
            return try await body(RouterTransport(router: router), URL(string: "http://in-process")!)
        case .loopback:
            // Hummingbird 2 needs macOS 14; on older systems the loopback wire is the in-process one.
            guard #available(macOS 14, iOS 17, tvOS 17, *) else {
                return try await body(RouterTransport(router: router), URL(string: "http://in-process")!)
            }
            return try await router.withServer { url in
                try await body(URLSessionTransport.withOwnSession(defaultTimeout: .seconds(60)), url)
            }
        }
    }
}

/// Records every request a client sends before passing it on.
final class RequestLog: Sendable {
    private let requests = Mutex<[ClientRequest]>([])

    var all: [ClientRequest] { requests.withLock { $0 } }

    func transport(_ inner: any ClientTransport) -> any ClientTransport { Recording(log: self, inner: inner) }

    private struct Recording: ClientTransport {
        let log: RequestLog
        let inner: any ClientTransport

        func send(_ request: ClientRequest, baseURL: URL) async throws -> ClientResponse {
            log.requests.withLock { $0.append(request) }
            return try await inner.send(request, baseURL: baseURL)
        }

        func stream(_ request: ClientRequest, baseURL: URL) async throws -> (ClientResponseHead, MessageBody) {
            log.requests.withLock { $0.append(request) }
            return try await inner.stream(request, baseURL: baseURL)
        }
    }
}

/// The last input each operation's handler received.
final class Inputs: Sendable {
    private let values = Mutex<[String: any Sendable]>([:])

    func keep(_ name: String, _ value: some Sendable) { values.withLock { $0[name] = value } }

    func last<T>(_ name: String, as type: T.Type) -> T? { values.withLock { $0[name] as? T } }
}

/// A request as the wire sees it, with a multipart boundary (random per request) replaced by a fixed one.
struct WireForm: Equatable, CustomStringConvertible {
    var method: String
    var path: String
    var query: [String]
    var headers: [String]
    var body: String

    init(_ request: ClientRequest) {
        method = request.method
        path = request.path
        query = request.query.map { "\($0.name)=\($0.value)" }
        var headers = request.headers.map { "\($0.name.rawName): \($0.value)" }
        var body = request.body.map { String(decoding: $0, as: UTF8.self) } ?? ""
        if let type = request.header("Content-Type"), let range = type.range(of: "boundary=") {
            let boundary = String(type[range.upperBound...])
            headers = headers.map { $0.replacingOccurrences(of: boundary, with: "BOUNDARY") }
            body = body.replacingOccurrences(of: boundary, with: "BOUNDARY")
        }
        self.headers = headers
        self.body = body
    }

    var description: String { "\(method) \(path)?\(query) \(headers) \(body.prefix(400))" }
}

/// The edge-case document's client against its generated server: every operation, every parameter style and
/// location, every body media type, over both wires. For each call the server's decoded input is sent again by a
/// second client: both requests must be the same on the wire (the runtime's encoder and the server's decoder are
/// inverses), and the client must get back what the handler returned.
@Suite struct EdgeCaseServerTests {
    /// The handler: records each input and answers with fixed values.
    static func handler(_ inputs: Inputs) -> MockClient {
        var mock = MockClient()
        mock.searchHandler = { inputs.keep("search", $0); return ClientSchema(name: "found") }
        mock.getMessageHandler = { input in
            inputs.keep("getMessage", input)
            return input.messageId == "none" ? nil : Message(id: input.messageId, café: "é")
        }
        mock.stylesHandler = { inputs.keep("styles", $0); return Point(x: 1, y: 2) }
        mock.fallbackHandler = { inputs.keep("fallback", $0); return Point(x: 9, y: 9) }
        mock.echoFormHandler = { inputs.keep("echoForm", $0); return Self.echo }
        mock.echoMultipartHandler = { inputs.keep("echoMultipart", $0); return Self.echo }
        mock.echoUploadHandler = { inputs.keep("echoUpload", $0); return Self.echo }
        mock.echoEitherHandler = { inputs.keep("echoEither", $0); return Self.echo }
        mock.uploadFileHandler = { input in
            inputs.keep("uploadFile", input)
            return UploadReceipt(size: try await input.body.content.collect().count, checksum: "c", chunked: false)
        }
        mock.uploadPartsHandler = { inputs.keep("uploadParts", $0); return UploadReceipt(size: 1, checksum: "p",
                                                                                         chunked: true) }
        mock.listPetsHandler = { input in
            inputs.keep("listPets", input)
            return [Pet(id: 1, name: "Rex", tag: input.tag ?? .dog, weight: 4.5)]
        }
        mock.getPetHandler = { input in
            inputs.keep("getPet", input)
            guard input.petId != 404 else {
                throw try ServerResponseError(status: 404, json: ["message": "no pet \(input.petId)"])
            }
            return Pet(id: input.petId, name: "Pet \(input.petId)")
        }
        mock.downloadHandler = { input in inputs.keep("download", input); return Data(repeating: 7, count: 3) }
        mock.streamEventsHandler = { input in
            inputs.keep("streamEvents", input)
            let items = (0..<(input.count ?? 2)).map { TypedServerSentEvent(data: StreamItem(index: $0, text: "t\($0)"),
                                                                              event: "item", id: "\($0)") }
            return EventStream(encoding: items)
        }
        mock.streamLinesHandler = { input in
            inputs.keep("streamLines", input)
            return JSONLinesStream(encoding: (0..<(input.count ?? 2)).map { StreamItem(index: $0) })
        }
        return mock
    }

    static let echo = Echo(method: "POST", path: "/", contentType: "x", fields: [
        .init(name: "a", value: "b", base64: Data([1, 2])),
    ], body: Data("body".utf8))

    /// Calls `send` with a client of the server, then `resend` with the input the handler received, and compares
    /// the two requests.
    static func roundTrip<Output: Sendable>(
        _ wire: Wire, _ operation: String,
        send: @Sendable (Client) async throws -> Output,
        resend: @Sendable (Client, Inputs) async throws -> Void,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> Output {
        let inputs = Inputs()
        var router = ServerRouter()
        handler(inputs).registerHandlers(on: &router)
        return try await wire.with(router) { transport, url in
            let first = RequestLog()
            let output = try await send(Client(serverURL: url, transport: first.transport(transport)))
            let second = RequestLog()
            try await resend(Client(serverURL: url, transport: second.transport(transport)), inputs)
            #expect(first.all.map(WireForm.init) == second.all.map(WireForm.init), "\(operation)",
                    sourceLocation: sourceLocation)
            #expect(first.all.count == 1, sourceLocation: sourceLocation)
            return output
        }
    }

    /// Values that hold their style's delimiters (`,` in a list, `|` in a piped one) cannot be told apart on the
    /// wire, nor two exploded objects in one query (a free-form map takes every item no other parameter declares):
    /// OpenAPI's styles are ambiguous there, so the values below avoid it.
    @Test(arguments: Wire.allCases)
    func everyParameterStyleAndLocation(wire: Wire) async throws {
        let point = try await Self.roundTrip(wire, "styles", send: { client in
            try await client.styles(
                label: ["a", "b c"], matrix: "m;1", point: Point(x: 1, y: -2), filter: Filter(q: "red&blue", tags: ["x"]),
                deep: Filter(q: "blue", tags: ["p", "q"]), spaced: [1, 2], piped: ["p", "q r"],
                where: Point(x: 3, y: 4), xPoint: Point(x: 5, y: 6), session: "s 1;", prefs: Point(x: 7, y: 8))
        }, resend: { client, inputs in
            _ = try await client.styles(try #require(inputs.last("styles", as: Operations.Styles.self)))
        })
        #expect(point == Point(x: 1, y: 2))
        _ = try await Self.roundTrip(wire, "styles", send: { client in
            try await client.styles(label: ["é"], matrix: "", point: Point(x: 0, y: 0), labels: ["k": "v w", "a": "b"])
        }, resend: { client, inputs in
            let input = try #require(inputs.last("styles", as: Operations.Styles.self))
            #expect(input.labels == ["k": "v w", "a": "b"])
            _ = try await client.styles(input)
        })

        let message = try await Self.roundTrip(wire, "getMessage", send: { client in
            try await client.getMessage(channelId: "12/3", messageId: "4 5", limit: .int(5), ids: ["1", "2"],
                                        kind: ._2)
        }, resend: { client, inputs in
            _ = try await client.getMessage(try #require(inputs.last("getMessage", as: Operations.GetMessage.self)))
        })
        // (Message's second key is `café` in NFD, which Swift's `String` equality merges with the NFC one.)
        #expect(message?.id == "4 5" && message?.café == "é")

        let search = try await Self.roundTrip(wire, "search", send: { try await $0.search(search: "ä ö") },
                                              resend: { client, inputs in
            _ = try await client.search(try #require(inputs.last("search", as: Operations.Search.self)))
        })
        #expect(search == ClientSchema(name: "found"))
    }

    @Test(arguments: Wire.allCases)
    func optionalParametersLeftOutStayOut(wire: Wire) async throws {
        _ = try await Self.roundTrip(wire, "styles", send: { client in
            try await client.styles(label: ["a"], matrix: "m", point: Point(x: 0, y: 0))
        }, resend: { client, inputs in
            let input = try #require(inputs.last("styles", as: Operations.Styles.self))
            #expect(input.filter == nil && input.deep == nil && input.session == nil && input.xPoint == nil)
            _ = try await client.styles(input)
        })
        let pets = try await Self.roundTrip(wire, "listPets", send: { try await $0.listPets(tag: nil) },
                                            resend: { client, inputs in
            _ = try await client.listPets(try #require(inputs.last("listPets", as: Operations.ListPets.self)))
        })
        #expect(pets == [Pet(id: 1, name: "Rex", tag: .dog, weight: 4.5)])
    }

    @Test(arguments: Wire.allCases)
    func everyBodyMediaType(wire: Wire) async throws {
        _ = try await Self.roundTrip(wire, "echoForm", send: { client in
            try await client.echoForm(body: PaymentForm(
                name: "Ann Lee & Co", tags: ["a", "b"], card: .init(number: "4242", exp: .init(month: 12, year: 2030)),
                metadata: ["order": "7"], expand: ["customer", "invoice"], ids: [1, 2]))
        }, resend: { client, inputs in
            _ = try await client.echoForm(try #require(inputs.last("echoForm", as: Operations.EchoForm.self)))
        })
        let png = Data([0x89, 0x50, 0x4E, 0x47, 0xFF, 0x00])
        _ = try await Self.roundTrip(wire, "echoMultipart", send: { client in
            try await client.echoMultipart(body: Upload(
                file: BinaryFile(Data("hello".utf8), filename: "notes.txt", contentType: "text/plain"),
                purpose: "assistants", labels: ["x", "y"], options: .init(a: 1), linkData: .init(create: true),
                note: "# Title", avatar: BinaryFile(png)))
        }, resend: { client, inputs in
            _ = try await client.echoMultipart(try #require(inputs.last("echoMultipart",
                                                                        as: Operations.EchoMultipart.self)))
        })
        _ = try await Self.roundTrip(wire, "echoUpload", send: { client in
            try await client.echoUpload(body: BinaryFile(Data([0, 1, 2, 0xFF]), contentType: "image/gif"))
        }, resend: { client, inputs in
            _ = try await client.echoUpload(try #require(inputs.last("echoUpload", as: Operations.EchoUpload.self)))
        })
        for body in [Operations.EchoEither.Body.json(Point(x: 1, y: 2)), .text("plain words"),
                     .multipart(.init(image: BinaryFile(png, filename: "i.png", contentType: "image/png"),
                                      prompt: "a cat"))] {
            let echo = try await Self.roundTrip(wire, "echoEither", send: { try await $0.echoEither(body: body) },
                                                resend: { client, inputs in
                _ = try await client.echoEither(try #require(inputs.last("echoEither", as: Operations.EchoEither.self)))
            })
            #expect(echo == Self.echo)
        }
        let receipt = try await Self.roundTrip(wire, "uploadParts", send: { client in
            try await client.uploadParts(body: .init(file: BinaryFile(Data("x".utf8), filename: "x.bin"), title: "T"))
        }, resend: { client, inputs in
            _ = try await client.uploadParts(try #require(inputs.last("uploadParts", as: Operations.UploadParts.self)))
        })
        #expect(receipt == UploadReceipt(size: 1, checksum: "p", chunked: true))
    }

    @Test(arguments: Wire.allCases)
    func statusesAndResultKinds(wire: Wire) async throws {
        var router = ServerRouter()
        Self.handler(Inputs()).registerHandlers(on: &router)
        try await wire.with(router) { transport, url in
            let client = Client(serverURL: url, transport: transport)
            // A documented empty success (204) is nil; bytes come back as they were.
            #expect(try await client.getMessage(channelId: "1", messageId: "none") == nil)
            #expect(try await client.download(size: 3) == Data(repeating: 7, count: 3))
            #expect(try await client.getPet(petId: 7) == Pet(id: 7, name: "Pet 7"))
            // A handler's documented error reaches the client with its status and body.
            do {
                _ = try await client.getPet(petId: 404)
                Issue.record("a 404 was expected")
            } catch let error as APIError<ErrorSchema> {
                #expect(error.status == 404 && error.body.message == "no pet 404")
                #expect(String(decoding: error.rawBody, as: UTF8.self).contains("no pet 404"))
            }
        }
    }

    @Test(arguments: Wire.allCases)
    func streamsArriveItemByItem(wire: Wire) async throws {
        var router = ServerRouter()
        Self.handler(Inputs()).registerHandlers(on: &router)
        try await wire.with(router) { transport, url in
            let client = Client(serverURL: url, transport: transport)
            var events: [String] = []
            for try await event in try await client.streamEvents(count: 3) {
                events.append("\(event.event ?? "-") \(event.id ?? "-") \(event.data.index) \(event.data.text ?? "-")")
            }
            #expect(events == ["item 0 0 t0", "item 1 1 t1", "item 2 2 t2"])
            var lines: [Int] = []
            for try await item in try await client.streamLines(count: 4) { lines.append(item.index) }
            #expect(lines == [0, 1, 2, 3])
        }
    }

    @Test(arguments: Wire.allCases)
    func malformedRequestsAre400WithTheReason(wire: Wire) async throws {
        var router = ServerRouter()
        Self.handler(Inputs()).registerHandlers(on: &router)
        try await wire.with(router) { transport, url in
            // A path parameter that is not an integer, and a missing required query parameter.
            let bad = try await transport.send(ClientRequest(method: "GET", path: "/pets/abc", operationID: "x"),
                                               baseURL: url)
            #expect(bad.status == 400)
            #expect(String(decoding: bad.body.data ?? Data(), as: UTF8.self).contains("path parameter 'petId'"))
            #expect(bad.header("Content-Type") == "application/problem+json")
            let missing = try await transport.send(ClientRequest(method: "GET", path: "/styles/.a/;matrix=m/1,2",
                                                                 operationID: "x"), baseURL: url)
            #expect(missing.status == 400 || missing.status == 404)
            let wrongMethod = try await transport.send(ClientRequest(method: "DELETE", path: "/pets/1",
                                                                     operationID: "x"), baseURL: url)
            #expect(wrongMethod.status == 405)
            #expect(wrongMethod.header("Allow") == "GET")
            let unknown = try await transport.send(ClientRequest(method: "GET", path: "/nowhere", operationID: "x"),
                                                   baseURL: url)
            #expect(unknown.status == 404)
        }
    }

    @Test(arguments: Wire.allCases)
    func undocumentedFailuresAre500WithoutDetails(wire: Wire) async throws {
        struct Secret: Error { var text = "database password hunter2" }
        var mock = MockClient()
        mock.getPetHandler = { _ in throw Secret() }
        var router = ServerRouter()
        mock.registerHandlers(on: &router)
        let seen = Mutex<[String]>([])
        router.onError = { request, error in seen.withLock { $0.append("\(request.operationID): \(error)") } }
        try await wire.with(router) { transport, url in
            let response = try await transport.send(ClientRequest(method: "GET", path: "/pets/1", operationID: "x"),
                                                    baseURL: url)
            #expect(response.status == 500)
            #expect(!String(decoding: response.body.data ?? Data(), as: UTF8.self).contains("hunter2"))
        }
        #expect(seen.withLock { $0 }.count == 1)
        #expect(seen.withLock { $0 }.first?.hasPrefix("getPet: ") == true)
    }
}
