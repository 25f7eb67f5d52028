import EdgeCasesAPI
import Foundation
import RaspMock
import RaspRuntime
import RaspTestSupport
import Testing

/// Streamed responses through the generated client on every transport, over real loopback HTTP from the mock
/// server's `/_stream/` routes: typed server-sent events, JSON Lines, and a binary body read chunk by chunk or saved
/// to a file.
@Suite(.serialized)
struct StreamingClientTests {
    @Test(arguments: TransportKind.allCases)
    func typedEventsArriveInOrderAndDoneEndsTheSequence(kind: TransportKind) async throws {
        try await withMockServerClient(kind) { client in
            var items: [StreamItem] = []
            var ids: [String?] = []
            for try await event in try await client.streamEvents(count: 4, delayMs: 20, done: ._1) {
                items.append(event.data)
                ids.append(event.id)
            }
            #expect(items.map(\.index) == [1, 2, 3, 4])
            #expect(items.first?.text == "событие 1")
            #expect(ids == ["1", "2", "3", "4"])
        }
    }

    @Test(arguments: TransportKind.allCases)
    func jsonLinesDecodeOneValueALine(kind: TransportKind) async throws {
        try await withMockServerClient(kind) { client in
            var indexes: [Int] = []
            for try await item in try await client.streamLines(count: 3) { indexes.append(item.index) }
            #expect(indexes == [1, 2, 3])
        }
    }

    @Test(arguments: TransportKind.allCases)
    func aBinaryResultStreamsAndSavesAtomically(kind: TransportKind) async throws {
        try await withMockServerClient(kind) { client in
            let size = 300_000
            let expected = Data((0..<size).map { UInt8($0 % 251) })
            #expect(try await client.download(size: size, chunk: 16_384) == expected)

            var chunks = 0
            var received = Data()
            for try await chunk in try await client.downloadStream(size: size, chunk: 16_384) {
                chunks += 1
                received.append(chunk)
            }
            #expect(received == expected)
            #expect(chunks > 1)

            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("stream-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let file = folder.appendingPathComponent("download.bin")
            try await client.downloadStream(size: size, chunk: 16_384).write(to: file)
            #expect(try Data(contentsOf: file) == expected)
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["download.bin"])
        }
    }
}

/// A middleware that counts the bytes of every response body as the caller reads it, holding none of them: the body
/// is wrapped in one that passes each chunk on. Records `operationID: bytes in chunks` once the reading ends, at the
/// body's end or when the reader lets it go (an event stream that stops at its `[DONE]`).
struct ByteCountingMiddleware: ClientMiddleware {
    let log: Locked<[String]>

    /// The count of one reading, recorded when the reading is released.
    final class Count {
        let operationID: String
        let log: Locked<[String]>
        var bytes = 0
        var chunks = 0

        init(_ operationID: String, _ log: Locked<[String]>) {
            (self.operationID, self.log) = (operationID, log)
        }

        deinit {
            let line = "\(operationID): \(bytes) bytes in \(chunks) chunks"
            log.withLock { $0.append(line) }
        }
    }

    func intercept(_ request: ClientRequest, baseURL: URL,
                   next: @Sendable (ClientRequest, URL) async throws -> ClientResponse) async throws -> ClientResponse {
        var response = try await next(request, baseURL)
        let body = response.body
        let (log, operationID) = (self.log, request.operationID)
        response.body = MessageBody(length: try? body.length()) {
            var iterator = body.makeAsyncIterator()
            let count = Count(operationID, log)
            return {
                guard let chunk = try await iterator.next() else { return nil }
                count.bytes += chunk.count
                count.chunks += 1
                return chunk
            }
        }
        return response
    }
}

@Suite(.serialized)
struct StreamingMiddlewareTests {
    @Test("A middleware sees a streamed download, a saved download and an event stream as they arrive",
          arguments: TransportKind.allCases)
    func aMiddlewareCountsStreamedBodies(kind: TransportKind) async throws {
        try await MockServer.withMockServer { url in
            let log = Locked<[String]>([])
            let client = Client(serverURL: url, transport: kind.make(),
                                middlewares: [ByteCountingMiddleware(log: log)])
            let size = 1_000_000
            var received = 0
            for try await chunk in try await client.downloadStream(size: size, chunk: 16_384) {
                received += chunk.count
            }
            #expect(received == size)

            var request = ClientRequest("GET", "/_stream/bytes")
            request.query = [("size", "\(size)"), ("chunk", "16384")]
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("count-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: folder) }
            let head = try await client.core.download(request, to: folder.appendingPathComponent("bytes"))
            #expect(head.status == 200)
            #expect(try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent("bytes").path)[.size]
                as? Int == size)

            var events = 0
            for try await _ in try await client.streamEvents(count: 5, done: ._1) { events += 1 }
            #expect(events == 5)

            try await waitUntil("the event stream's count") { log.withLock { $0.count } == 3 }
            let lines = log.withLock { $0 }
            for line in lines.prefix(2) {
                let chunks = Int(line.split(separator: " ").dropLast().last ?? "") ?? 0
                #expect(line.hasSuffix("chunks") && line.contains(": \(size) bytes in "), "\(line)")
                // Counted as it arrived, not as one buffered piece.
                #expect(chunks > 1, "\(line)")
            }
            let counted = try #require(lines.last)
            #expect(counted.hasPrefix("streamEvents: ") && !counted.contains(": 0 bytes"), "\(counted)")
        }
    }

    @Test("A body read from the connection is read once: a second iteration fails with a clear error",
          arguments: TransportKind.allCases)
    func aSecondIterationFails(kind: TransportKind) async throws {
        try await MockServer.withMockServer { url in
            var request = ClientRequest("GET", "/_stream/bytes")
            request.query = [("size", "100000"), ("chunk", "16384")]
            let (head, body) = try await kind.make().stream(request, baseURL: url)
            #expect(head.status == 200)
            #expect(!body.isRepeatable)
            #expect(try await body.collect().count == 100_000)
            do {
                _ = try await body.collect()
                Issue.record("a body read from the connection was read twice")
            } catch let error as MessageBody.ReadError {
                #expect(error.reason.contains("read only once"))
            }
            // Bytes in memory can be read again.
            let buffered = try await kind.make().send(request, baseURL: url).body
            #expect(buffered.isRepeatable)
            #expect(try await buffered.collect() == buffered.collect())
        }
    }
}
