import EdgeCasesAPI
import Foundation
import HTTPTypes
import RaspRuntime
import Testing

/// A success response offered in several media types, between the generated client and the generated server: the
/// caller chooses with `accepting:`, the server answers by the request's `Accept`, and the client reads the body as
/// the `Content-Type` that arrived says (JSON, text, XML, multipart parts, each stream format).
@Suite struct RepresentationTests {
    /// A server whose `negotiatePoint` answers in the first media type asked for, and whose other negotiated
    /// operations answer from fixed bodies.
    static func router(point: @escaping @Sendable (Operations.NegotiatePoint,
                                                   [Operations.NegotiatePoint.ResponseContentType])
                           -> Operations.NegotiatePoint.ResponseBody? = Self.firstAsked) -> ServerRouter {
        var mock = MockClient()
        mock.negotiatePointHandler = { _ in Point(x: 1, y: 2) }
        mock.negotiatePointAcceptingHandler = { input, accepting in point(input, accepting) }
        mock.negotiatePartsHandler = { _ in
            Operations.NegotiateParts.Output(
                template: .init(message: "Hello, {name}!"), names: ["Ann", "Bob"],
                attachment: BinaryFile(Data([0, 1, 2, 255]), filename: "a.bin",
                                       contentType: "application/octet-stream"))
        }
        mock.negotiateStreamAcceptingHandler = { _, accepting in
            switch accepting.first ?? .jsonl {
            case .jsonl:
                return .jsonl(JSONLinesStream(MessageBody(Data(Self.lines.utf8)), operationID: "negotiateStream"))
            case .jsonSeq:
                return .jsonSeq(JSONLinesStream(MessageBody(Data(Self.sequence.utf8)), operationID: "negotiateStream"))
            case .eventStream:
                return .eventStream(EventStream(MessageBody(Data(Self.events.utf8)), operationID: "negotiateStream"))
            }
        }
        var router = ServerRouter()
        mock.registerHandlers(on: &router)
        return router
    }

    static let lines = "{\"index\":1,\"text\":\"a\"}\n{\"index\":2}\n"
    /// RFC 7464: each value after 0x1E; the second one spans lines.
    static let sequence = "\u{1E}{\"index\":1,\"text\":\"a\"}\n\u{1E}{\n  \"index\": 2\n}\n"
    static let events = "data: {\"index\":1,\"text\":\"a\"}\n\ndata: {\"index\":2}\n\n"

    /// The point in the first media type asked for (JSON without a preference), or nothing when `empty`.
    @Sendable static func firstAsked(_ input: Operations.NegotiatePoint,
                                     _ accepting: [Operations.NegotiatePoint.ResponseContentType])
        -> Operations.NegotiatePoint.ResponseBody? {
        if input.empty == true { return nil }
        switch accepting.first ?? .json {
        case .json: return .json(Point(x: 1, y: 2))
        case .text: return .text("1,2")
        case .xml: return .xml("<point x=\"1\" y=\"2\"/>")
        }
    }

    @Test(arguments: Wire.allCases)
    func eachMediaTypeOfAResponseIsReachable(wire: Wire) async throws {
        try await wire.with(Self.router()) { transport, url in
            let log = RequestLog()
            let client = Client(serverURL: url, transport: log.transport(transport))
            guard case .text(let text)? = try await client.negotiatePoint(accepting: [.text, .json]) else {
                Issue.record("expected the text representation")
                return
            }
            #expect(text == "1,2")
            #expect(log.all.last?.headers[.accept] == "text/plain, application/json")
            guard case .xml(let xml)? = try await client.negotiatePoint(accepting: [.xml]) else {
                Issue.record("expected the XML representation")
                return
            }
            #expect(xml == "<point x=\"1\" y=\"2\"/>")
            guard case .json(let point)? = try await client.negotiatePoint(accepting: []) else {
                Issue.record("expected JSON when any type will do")
                return
            }
            #expect(point == Point(x: 1, y: 2))
            #expect(log.all.last?.headers[.accept] == "application/json, text/plain, application/xml")
            // The plain method asks for its own type and returns it; a 204 is nil in both.
            #expect(try await client.negotiatePoint() == Point(x: 1, y: 2))
            #expect(log.all.last?.headers[.accept] == "application/json")
            #expect(try await client.negotiatePoint(empty: true) == nil)
            #expect(try await client.negotiatePoint(empty: true, accepting: [.text]) == nil)
        }
    }

    /// A server that answers in a type the call did not ask for, or an `Accept` set through `RequestOptions` that
    /// disagrees with the method, is a decoding error that names the type, not a body decoded as something else.
    @Test(arguments: Wire.allCases)
    func aTypeTheCallDidNotAcceptIsAnError(wire: Wire) async throws {
        let stubborn = Self.router { _, _ in .text("1,2") }
        try await wire.with(stubborn) { transport, url in
            let client = Client(serverURL: url, transport: transport)
            let error = await #expect(throws: ClientError.self) { try await client.negotiatePoint() }
            #expect(error?.kind == .decoding)
            #expect(error?.decodingFailure?.reason.contains("text/plain") == true)
            #expect(error?.decodingFailure?.reason.contains("application/json") == true)
            // The same answer is fine for a call that accepts it.
            guard case .text? = try await client.negotiatePoint(accepting: [.json, .text]) else {
                Issue.record("expected the text representation")
                return
            }
        }
        try await wire.with(Self.router()) { transport, url in
            var options = RequestOptions()
            options.headers = [("Accept", "text/plain")]
            let client = Client(serverURL: url, transport: transport).with(options)
            let error = await #expect(throws: ClientError.self) { try await client.negotiatePoint() }
            #expect(error?.decodingFailure?.reason.contains("did not accept") == true)
        }
    }

    @Test(arguments: Wire.allCases)
    func aMultipartResponseIsDecodedIntoItsParts(wire: Wire) async throws {
        try await wire.with(Self.router()) { transport, url in
            let client = Client(serverURL: url, transport: transport)
            let parts = try await client.negotiateParts()
            #expect(parts.template.message == "Hello, {name}!")
            #expect(parts.names == ["Ann", "Bob"])
            #expect(parts.attachment?.filename == "a.bin")
            #expect(parts.attachment?.data == Data([0, 1, 2, 255]))
            // On the wire: multipart with a boundary, a JSON part and a part per name.
            let raw = try await client.core.send(ClientRequest("GET", "/_negotiate/parts"))
            let contentType = try #require(raw.headers[.contentType])
            #expect(contentType.hasPrefix("multipart/form-data; boundary="))
            let text = String(decoding: raw.body.data ?? Data(), as: UTF8.self)
            #expect(text.contains("Content-Type: application/json"))
            #expect(text.components(separatedBy: "name=\"names\"").count == 3)
        }
    }

    @Test(arguments: Wire.allCases)
    func eachStreamFormatIsTyped(wire: Wire) async throws {
        try await wire.with(Self.router()) { transport, url in
            let client = Client(serverURL: url, transport: transport)
            var indexes: [[Int]] = []
            for format in Operations.NegotiateStream.ResponseContentType.allCases {
                switch try await client.negotiateStream(accepting: [format]) {
                case .jsonl(let items):
                    #expect(format == .jsonl)
                    indexes.append(try await items.reduce(into: []) { $0.append($1.index) })
                case .jsonSeq(let items):
                    #expect(format == .jsonSeq)
                    indexes.append(try await items.reduce(into: []) { $0.append($1.index) })
                case .eventStream(let events):
                    #expect(format == .eventStream)
                    indexes.append(try await events.reduce(into: []) { $0.append($1.data.index) })
                }
            }
            #expect(indexes == [[1, 2], [1, 2], [1, 2]])
            // The plain method returns the first format, JSON Lines.
            let plain = try await client.negotiateStream()
            #expect(try await plain.reduce(into: []) { $0.append($1.index) } == [1, 2])
        }
    }

    /// A JSON Lines stream reads a JSON text sequence too, and the other way round: the bytes tell them apart, so a
    /// stream whose `Accept` was changed through `RequestOptions` still decodes.
    @Test func jsonLinesAndSequencesAreToldApartByTheirBytes() async throws {
        let asLines = JSONLinesStream<StreamItem>(MessageBody(Data(Self.sequence.utf8)), operationID: "t")
        #expect(try await asLines.reduce(into: []) { $0.append($1.index) } == [1, 2])
        let asSequence = JSONLinesStream<StreamItem>(MessageBody(Data(Self.lines.utf8)), operationID: "t",
                                                     framing: .recordSeparator)
        #expect(try await asSequence.reduce(into: []) { $0.append($1.index) } == [1, 2])
    }

    @Test func theServerOrdersAcceptByQuality() {
        let request = ServerRequest(method: "GET", target: "/", headers: [
            .accept: "text/*;q=0.5, application/xml, application/json;q=0.9, */*;q=0.1",
        ])
        #expect(request.accepted(Operations.NegotiatePoint.ResponseContentType.self) == [.xml, .json, .text])
        #expect(ServerRequest(method: "GET", target: "/").accepted(
            Operations.NegotiatePoint.ResponseContentType.self) == [])
        let refused = ServerRequest(method: "GET", target: "/", headers: [.accept: "text/plain;q=0, */*"])
        #expect(refused.accepted(Operations.NegotiatePoint.ResponseContentType.self) == [])
    }
}
