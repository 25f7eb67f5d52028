import Foundation
import Testing
import RaspTestSupport
@_spi(Generated) @testable import RaspRuntime
@testable import RaspURLSession

/// Request bodies that are read as they are sent (``MessageBody``): what they are made of, how they read, multipart
/// and form bodies around files and sequences, the fallback for transports that do not stream, and the feed that
/// hands a body to `URLSession`'s body stream. The network side is in `EdgeCasesAPITests/UploadStreamingTests`.
@Suite(.serialized)
struct UploadBodyTests {
    // MARK: Helpers

    /// A temporary file with `data` in it; removed by `cleanUp`.
    final class TemporaryFile {
        let url: URL

        init(_ data: Data, name: String = "part.bin") throws {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("body-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            url = folder.appendingPathComponent(name)
            try data.write(to: url)
        }

        deinit { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
    }

    /// `count` bytes that differ from position to position.
    static func bytes(_ count: Int, seed: UInt8 = 0) -> Data {
        Data((0..<count).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ Int(seed)) })
    }

    /// A sequence of the given chunks, counting how many were taken.
    struct Chunks: AsyncSequence, Sendable {
        let chunks: [Data]
        let taken = Locked(0)
        var failure: (any Error)?

        func makeAsyncIterator() -> Iterator { Iterator(source: self) }

        struct Iterator: AsyncIteratorProtocol {
            let source: Chunks
            var index = 0

            mutating func next() async throws -> Data? {
                guard index < source.chunks.count else {
                    if let failure = source.failure { throw failure }
                    return nil
                }
                defer { index += 1 }
                source.taken.withLock { $0 += 1 }
                return source.chunks[index]
            }
        }
    }

    struct Broken: Error {}

    /// One read of the feed on a thread of its own (it blocks until there are bytes): the count it returned and the
    /// bytes.
    static func read(_ feed: UploadFeed, upTo count: Int) async -> (count: Int, bytes: Data) {
        await withCheckedContinuation { continuation in
            Thread {
                var buffer = [UInt8](repeating: 0, count: count)
                let read = buffer.withUnsafeMutableBufferPointer { feed.read(into: $0.baseAddress!, count: count) }
                continuation.resume(returning: (read, Data(buffer.prefix(max(0, read)))))
            }.start()
        }
    }

    // MARK: MessageBody

    @Test func bytesInMemoryAreJoinedAndAFileIsKnownByItsSize() throws {
        let body = MessageBody(Data("ab".utf8)) + MessageBody(Data()) + MessageBody(Data("c".utf8))
        #expect(body.isInMemory)
        #expect(body.data == Data("abc".utf8))
        #expect(body.parts.count == 1)
        #expect(body.description == "3 bytes")

        let file = try TemporaryFile(Self.bytes(1000), name: "movie.mp4")
        let fileBody = MessageBody(contentsOf: file.url)
        #expect(!fileBody.isInMemory)
        #expect(fileBody.data == nil)
        #expect(fileBody.file == file.url)
        #expect(try fileBody.length() == 1000)
        #expect(fileBody.description == "file movie.mp4")

        let mixed = MessageBody(Data("x".utf8)) + fileBody + MessageBody(Chunks(chunks: []), length: 5)
        #expect(mixed.file == nil)
        #expect(try mixed.length() == 1006)
        #expect(mixed.description == "1 bytes + file movie.mp4 + a sequence of 5 bytes")
        #expect(try (fileBody + MessageBody(Chunks(chunks: []))).length() == nil)
    }

    @Test func aMissingFileHasNoLengthAndCannotBeRead() async throws {
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("none-\(UUID().uuidString)")
        let body = MessageBody(contentsOf: missing)
        #expect(throws: MessageBody.ReadError.self) { try body.length() }
        await #expect(throws: MessageBody.ReadError.self) { try await body.collect() }
        #expect(throws: MessageBody.ReadError.self) {
            try MessageBody(contentsOf: FileManager.default.temporaryDirectory).length()
        }
    }

    @Test func partsReadInOrderFilesInChunksAndAgainOnEveryIteration() async throws {
        let content = Self.bytes(MessageBody.fileChunkSize * 2 + 10)
        let file = try TemporaryFile(content)
        let body = MessageBody(Data("<".utf8)) + MessageBody(contentsOf: file.url) + MessageBody(Data(">".utf8))
        var sizes: [Int] = []
        for try await chunk in body { sizes.append(chunk.count) }
        #expect(sizes == [1, MessageBody.fileChunkSize, MessageBody.fileChunkSize, 10, 1])
        let expected = Data("<".utf8) + content + Data(">".utf8)
        #expect(try await body.collect() == expected)
        #expect(try await body.collect() == expected)
        await #expect(throws: StreamError.tooLarge(limit: 100)) { try await body.collect(upTo: 100) }
    }

    @Test func aSequenceIsReadOnceAndItsFailuresPassThrough() async throws {
        let source = Chunks(chunks: [Data("a".utf8), Data(), Data("bc".utf8)])
        let body = MessageBody(source, length: 3)
        var chunks: [Data] = []
        for try await chunk in body { chunks.append(chunk) }
        #expect(chunks == [Data("a".utf8), Data("bc".utf8)])
        do {
            _ = try await body.collect()
            Issue.record("a sequence was read twice")
        } catch let error as MessageBody.ReadError {
            #expect(error.reason.contains("only once"))
        }

        var failing = Chunks(chunks: [Data("a".utf8)])
        failing.failure = Broken()
        // Reading the body throws what the sequence throws; a request that sends it reports a ReadError (see
        // UploadStreamingTests).
        await #expect(throws: Broken.self) { _ = try await MessageBody(failing).collect() }
    }

    @Test func readingStopsWhenTheTaskIsCancelled() async throws {
        let source = Chunks(chunks: Array(repeating: Data("x".utf8), count: 10))
        let reading = Task {
            var count = 0
            for try await _ in MessageBody(source) {
                count += 1
                if count == 3 { withUnsafeCurrentTask { $0?.cancel() } }
            }
            return count
        }
        await #expect(throws: CancellationError.self) { try await reading.value }
        #expect(source.taken.withLock { $0 } == 3)
    }

    // MARK: Bodies built from values

    struct Form: Encodable, Sendable {
        var file: BinaryFile
        var note: String
    }

    @Test func aMultipartBodyKeepsItsFileAndSequencePartsToStream() async throws {
        let content = Self.bytes(300_000)
        let file = try TemporaryFile(content, name: "scan.pdf")
        let tail = Self.bytes(1000, seed: 3)
        struct Parts: Encodable, Sendable {
            var scan: BinaryFile
            var note: String
            var tail: BinaryFile
        }
        let value = Parts(scan: BinaryFile(contentsOf: file.url, contentType: "application/pdf"), note: "hi",
                          tail: BinaryFile(chunks: Chunks(chunks: [tail.prefix(400), tail.dropFirst(400)]),
                                           length: 1000))
        var request = ClientRequest(method: "POST", path: "/", operationID: "op")
        try request.setMultipartBody(value, encoding: [:])
        let body = try #require(request.uploadBody)
        #expect(request.body == nil)
        #expect(body.parts.count == 5)  // framing, file, framing, sequence, framing
        let type = try #require(request.header("Content-Type"))
        let boundary = String(type.dropFirst("multipart/form-data; boundary=".count))
        let disposition = "Content-Disposition: form-data; name="
        var expected = Data("--\(boundary)\r\n\(disposition)\"scan\"; filename=\"scan.pdf\"\r\n".utf8)
        expected += Data("Content-Type: application/pdf\r\n\r\n".utf8) + content
        expected += Data("\r\n--\(boundary)\r\n\(disposition)\"note\"\r\n\r\nhi".utf8)
        expected += Data("\r\n--\(boundary)\r\n\(disposition)\"tail\"; filename=\"tail\"\r\n".utf8)
        expected += Data("Content-Type: application/octet-stream\r\n\r\n".utf8) + tail
        expected += Data("\r\n--\(boundary)--\r\n".utf8)
        #expect(try body.length() == expected.count)
        #expect(try await body.collect() == expected)
    }

    @Test func formsAndJSONReadFilesAsBase64AndRefuseSequences() async throws {
        let file = try TemporaryFile(Data([0, 1, 2]))
        var request = ClientRequest(method: "POST", path: "/", operationID: "op")
        try request.setFormBody(Form(file: BinaryFile(contentsOf: file.url), note: "n"), encoding: [:])
        #expect(request.body == Data("file=AAEC&note=n".utf8))
        #expect(try JSONEncoder().encode([BinaryFile(contentsOf: file.url)]) == Data(#"["AAEC"]"#.utf8))

        let streamed = BinaryFile(chunks: Chunks(chunks: [Data([0])]), length: 1)
        #expect(throws: ClientError.self) { try request.setFormBody(Form(file: streamed, note: "n"), encoding: [:]) }
        #expect(throws: ClientError.self) { try request.addQuery("file", streamed, style: .form, explode: true) }
        #expect(throws: EncodingError.self) { try JSONEncoder().encode([streamed]) }
    }

    @Test func aBinaryBodyTakesTheFilesOwnMediaType() throws {
        var request = ClientRequest(method: "POST", path: "/", operationID: "op")
        request.setBody(BinaryFile(Data("x".utf8)), contentType: "application/octet-stream")
        #expect(request.header("Content-Type") == "application/octet-stream")
        request.setBody(BinaryFile(Data("x".utf8), contentType: "image/gif"), contentType: "application/octet-stream")
        #expect(request.header("Content-Type") == "image/gif")
        #expect(request.body == Data("x".utf8))
        request.body = nil
        #expect(request.uploadBody == nil)
    }

    // MARK: Transports

    @Test func aTransportThatDoesNotStreamGetsTheBodyInMemory() async throws {
        let content = Self.bytes(70_000)
        let file = try TemporaryFile(content)
        let transport = ScriptedTransport(.response(ClientResponse(status: 204)))
        let core = ClientCore(serverURL: testServer, transport: transport, middlewares: [], authentication: nil)
        var request = ClientRequest(method: "PUT", path: "/f", operationID: "put")
        request.setBody(MessageBody(contentsOf: file.url) + MessageBody(Data("!".utf8)), contentType: "a/b")
        _ = try await core.performRaw(request)
        #expect(transport.sent.first?.body == content + Data("!".utf8))

        var failing = Chunks(chunks: [Data("a".utf8)])
        failing.failure = Broken()
        request.setBody(MessageBody(failing), contentType: "a/b")
        do {
            _ = try await core.performRaw(request)
            Issue.record("a body that could not be read was sent")
        } catch let error as ClientError where error.kind == .invalidRequest {
            let operationID = error.operationID
            let reason = error.reason ?? ""
            #expect(operationID == "put")
            #expect(reason.contains("the body could not be read"))
        }
        #expect(transport.sentCount == 1)
    }

    @Test func theFeedReadsASequenceAheadOnlyUpToItsLimit() async throws {
        let chunk = Self.bytes(1000)
        let source = Chunks(chunks: Array(repeating: chunk, count: 100))
        let feed = UploadFeed(body: MessageBody(Data("<".utf8)) + MessageBody(source, length: 100_000),
                              length: 100_001, limit: 4000)
        var received = await Self.read(feed, upTo: 1500).bytes
        #expect(received == Data("<".utf8))
        #expect(source.taken.withLock { $0 } == 0, "the sequence is read only once the reader gets to it")
        received += await Self.read(feed, upTo: 1500).bytes
        // The read-ahead fills up to its limit: four chunks beyond what the reader took (one or two of them).
        try await waitUntil("the read-ahead to fill") { source.taken.withLock { $0 } >= 5 }
        // …and stops there. The pause gives a read-ahead without a limit the time to show it (it would take all
        // 100 chunks at once); it cannot fail a correct feed, however slow the machine.
        try await Task.sleep(for: .milliseconds(100))
        #expect(source.taken.withLock { $0 } <= 6)
        while true {
            let (count, bytes) = await Self.read(feed, upTo: 1500)
            #expect(count >= 0)
            if count <= 0 { break }
            received.append(bytes)
        }
        #expect(received == Data("<".utf8) + Array(repeating: chunk, count: 100).reduce(Data(), +))
        #expect(source.taken.withLock { $0 } == 100)
    }

    @Test func theFeedChecksTheLengthAndEndsWhenStoppedOrKeptWaiting() async throws {
        let short = UploadFeed(body: MessageBody(Data(count: 50)), length: 100)
        #expect(await Self.read(short, upTo: 200).count == 50)
        #expect(await Self.read(short, upTo: 200).count == -1)
        #expect((short.error as? MessageBody.ReadError)?.reason.contains("50 of the 100 bytes") == true)

        // A sequence that has nothing yet: the reader waits until the transport stops the feed…
        let (silent, continuation) = AsyncStream<Data>.makeStream()
        let idle = UploadFeed(body: MessageBody(silent), length: nil)
        async let waiting = Self.read(idle, upTo: 200)
        // Most likely the reader waits by now; a stop before its read gives -1 as well, so a slow machine cannot
        // fail this, it can only test the other order.
        try await Task.sleep(for: .milliseconds(50))
        idle.stop()
        #expect(await waiting.count == -1)
        #expect(idle.error == nil)

        // …or until its wait limit, which fails the body.
        let (late, lateContinuation) = AsyncStream<Data>.makeStream()
        let limited = UploadFeed(body: MessageBody(late), length: nil, waitLimit: .milliseconds(100))
        #expect(await Self.read(limited, upTo: 200).count == -1)
        #expect((limited.error as? MessageBody.ReadError)?.reason.contains("gave nothing") == true)
        continuation.finish()
        lateContinuation.finish()
    }
}
