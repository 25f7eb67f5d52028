import EdgeCasesAPI
import Foundation
import RaspMock
import RaspRuntime
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
