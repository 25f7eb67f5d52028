import EdgeCasesAPI
import Foundation
import RaspRuntime
import Testing

/// The generated mock client streams what its handlers return (the generated client's streams over real transports
/// are in `ClientTransportTests/StreamingClientTests`).
@Suite
struct MockClientStreamTests {
    @Test func theMockStreamsItsHandlersToo() async throws {
        var mock = MockClient()
        mock.streamLinesHandler = { _ in
            JSONLinesStream(MessageBody(Data("{\"index\": 7}\n".utf8)), operationID: "streamLines")
        }
        var indexes: [Int] = []
        for try await item in try await mock.streamLines(count: 1) { indexes.append(item.index) }
        #expect(indexes == [7])
    }
}
