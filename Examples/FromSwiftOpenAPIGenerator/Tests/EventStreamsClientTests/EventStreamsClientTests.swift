import EventStreamsClient
import Foundation
import RaspRuntime
import Testing

/// Each stream format of the Ticks API typed: against its generated server (in process), and over loopback against
/// `rasp-mock --spec` serving the same document when `EVENT_STREAMS_MOCK_URL` names it.
struct EventStreamsClientTests {
    /// The generated server: `count` ticks in the format asked for, written as that format is on the wire.
    static func server() -> ServerRouter {
        var server = MockClient()
        server.getTicksHandler = { _ in throw MockClientError.notImplemented(operationID: "getTicks") }
        server.getTicksAcceptingHandler = { input, accepting in
            let indexes = 0..<(input.count ?? 3)
            switch accepting.first ?? .jsonl {
            case .jsonl:
                let text = indexes.map { #"{"index":\#($0)}"# + "\n" }.joined()
                return .jsonl(JSONLinesStream(MessageBody(Data(text.utf8)), operationID: "getTicks"))
            case .jsonSeq:
                let text = indexes.map { "\u{1E}" + #"{"index":\#($0)}"# + "\n" }.joined()
                return .jsonSeq(JSONLinesStream(MessageBody(Data(text.utf8)), operationID: "getTicks",
                                                framing: .recordSeparator))
            case .eventStream:
                let text = indexes.map { #"data: {"index":\#($0)}"# + "\n\n" }.joined()
                return .eventStream(EventStream(MessageBody(Data(text.utf8)), operationID: "getTicks"))
            }
        }
        var router = ServerRouter()
        server.registerHandlers(on: &router)
        return router
    }

    @Test(arguments: Operations.GetTicks.ResponseContentType.allCases)
    func eachFormatAgainstTheGeneratedServer(format: Operations.GetTicks.ResponseContentType) async throws {
        let client = Client(serverURL: URL(string: "http://in-process")!,
                            transport: RouterTransport(router: Self.server()))
        #expect(try await tickIndexes(client, as: format, count: 4) == [0, 1, 2, 3])
    }

    @Test(.enabled(if: ProcessInfo.processInfo.environment["EVENT_STREAMS_MOCK_URL"] != nil),
          arguments: Operations.GetTicks.ResponseContentType.allCases)
    func eachFormatOverLoopbackAgainstTheSpecMock(format: Operations.GetTicks.ResponseContentType) async throws {
        let url = try #require(ProcessInfo.processInfo.environment["EVENT_STREAMS_MOCK_URL"].flatMap(URL.init))
        // The mock answers each format with one tick made from the schema.
        #expect(try await tickIndexes(Client(serverURL: url), as: format, count: 1).count == 1)
    }
}
