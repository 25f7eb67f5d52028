import ContentTypesClient
import Foundation
import RaspRuntime
import Testing

/// Every response media type of the Messages API reached from Swift: against its generated server (in process),
/// and over loopback against `rasp-mock --spec` serving the same document when `CONTENT_TYPES_MOCK_URL` names it
/// (`Scripts/ci/test-examples.sh` starts one).
struct ContentTypesClientTests {
    /// The request bodies the server received, as text.
    actor Received {
        var bodies: [String] = []

        func add(_ body: String) { bodies.append(body) }
    }

    /// The generated server, answering `getMessage` in the first media type asked for.
    static func server(_ received: Received) -> ServerRouter {
        var server = MockClient()
        server.getMessageHandler = { _ in Message(text: "Hello") }
        server.getMessageAcceptingHandler = { _, accepting in
            accepting.first == .text ? .text("Hello as text") : .json(Message(text: "Hello"))
        }
        server.postMessageHandler = { input in
            switch input.body {
            case .json(let message): await received.add("json " + message.text)
            case .text(let text): await received.add("text " + text)
            }
        }
        server.postMessageFormHandler = { input in await received.add("form " + input.body.text) }
        server.getMessageBytesHandler = { _ in Data([1, 2, 3]) }
        server.getMessagePartsHandler = { _ in .init(message: Message(text: "Hello"), recipients: ["Ann", "Bob"]) }
        var router = ServerRouter()
        server.registerHandlers(on: &router)
        return router
    }

    @Test func everyMediaTypeAgainstTheGeneratedServer() async throws {
        let received = Received()
        let result = try await tour(Client(serverURL: URL(string: "http://in-process")!,
                                            transport: RouterTransport(router: Self.server(received))))
        #expect(result == MessageTour(json: "Hello", text: "Hello as text", bytes: 3, parts: ["Hello", "Ann", "Bob"]))
        #expect(await received.bodies == ["json Hello", "text Hello", "form Hello"])
    }

    @Test(.enabled(if: ProcessInfo.processInfo.environment["CONTENT_TYPES_MOCK_URL"] != nil))
    func everyMediaTypeOverLoopbackAgainstTheSpecMock() async throws {
        let url = try #require(ProcessInfo.processInfo.environment["CONTENT_TYPES_MOCK_URL"].flatMap(URL.init))
        let result = try await tour(Client(serverURL: url))
        // The mock answers with values made from the schemas: every call decoded, the multipart one into parts.
        #expect(result.bytes > 0)
        #expect(!result.parts.isEmpty)
    }
}
