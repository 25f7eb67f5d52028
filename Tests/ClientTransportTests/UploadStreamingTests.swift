import EdgeCasesAPI
import Foundation
import RaspMiddlewares
import RaspMock
import RaspRuntime
import RaspServices
import RaspTestSupport
import Testing

/// Request bodies that stream, through the generated client on every transport over real loopback sockets: a large
/// file with bounded memory, sequences with and without a length, multipart parts from a file and a sequence, and
/// cancellation. Large bodies go to the mock server's `/_sink/` route (size and checksum of what
/// arrived), small multipart ones to its `/_echo/` route (every part as it was parsed).
@Suite(.serialized)
struct UploadStreamingTests {
    /// A file of `size` bytes (byte i is `i % 251`) in a folder of its own, and its checksum.
    static func makeFile(size: Int) throws -> (file: URL, checksum: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("upload-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("big.bin")
        try #require(FileManager.default.createFile(atPath: file.path, contents: nil))
        let handle = try FileHandle(forWritingTo: file)
        defer { try? handle.close() }
        var checksum = Checksum64()
        var written = 0
        while written < size {
            let block = pattern(from: written, count: min(1 << 20, size - written))
            try handle.write(contentsOf: block)
            checksum.update(block)
            written += block.count
        }
        return (file, checksum.text)
    }

    /// `count` bytes of the pattern starting at `offset`, put together from copies of one period (fast in a
    /// debug build, unlike a byte at a time).
    static func pattern(from offset: Int, count: Int) -> Data {
        var data = Data(capacity: count)
        var phase = offset % 251
        while data.count < count {
            let n = min(251 - phase, count - data.count)
            data.append(period[phase..<(phase + n)])
            phase = 0
        }
        return data
    }

    private static let period = Data((0..<251).map { UInt8($0) })

    /// Runs `body` with a mock server that takes bodies up to 1 GiB, and its base URL.
    static func withSink<R>(_ body: (MockServer, URL) async throws -> R) async throws -> R {
        try await MockServer.withMockServer(limits: MockServer.Limits(maxBodyBytes: 1 << 30)) { server, url in
            try await body(server, url)
        }
    }

    /// Runs `body` with a client (on `kind`) of a mock server that takes bodies up to 1 GiB, and the server.
    static func withSinkClient(_ kind: TransportKind, _ body: (Client, MockServer) async throws -> Void) async throws {
        try await withSink { server, url in
            try await body(Client(serverURL: url, transport: kind.make()), server)
        }
    }

    /// Memory stays flat however large the file: `rasp-bench streams --only upload` shows it for a gigabyte (peak
    /// memory is per process, and other tests run beside these).
    @Test(arguments: TransportKind.allCases)
    func aLargeFileGoesWithItsLength(kind: TransportKind) async throws {
        let size = 24 << 20
        let (file, checksum) = try Self.makeFile(size: size)
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        try await Self.withSinkClient(kind) { client, _ in
            let receipt = try await client.uploadFile(body: BinaryFile(contentsOf: file))
            #expect(receipt.size == size)
            #expect(receipt.checksum == checksum)
            #expect(!receipt.chunked)
            #expect(receipt.contentType == "application/octet-stream")
        }
    }

    @Test(arguments: TransportKind.allCases)
    func aLargeMultipartFilePartStreamsWithAContentLength(kind: TransportKind) async throws {
        let (file, _) = try Self.makeFile(size: 8 << 20)
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let sent = Locked<MessageBody?>(nil)
        let receipt = try await Self.withSink { _, url in
            let client = Client(serverURL: url, transport: kind.make(),
                                middlewares: [BodyRecorder(body: sent)])
            return try await client.uploadParts(body: .init(file: BinaryFile(contentsOf: file), title: "big"))
        }
        // The body the client built, read again (its file can be): the same bytes must have arrived.
        let body = try #require(sent.withLock { $0 })
        #expect(!body.isInMemory)
        var expected = Checksum64()
        var length = 0
        for try await chunk in body {
            expected.update(chunk)
            length += chunk.count
        }
        #expect(try body.length() == length)
        #expect(receipt.size == length)
        #expect(receipt.checksum == expected.text)
        #expect(!receipt.chunked)
        #expect(receipt.contentType?.hasPrefix("multipart/form-data; boundary=") == true)
    }

    @Test(arguments: TransportKind.allCases)
    func aSequenceWithoutALengthGoesChunked(kind: TransportKind) async throws {
        try await Self.withSinkClient(kind) { client, sink in
            let file = BinaryFile(chunks: Self.blocks(64, of: 65_536), length: nil)
            let receipt = try await client.uploadFile(body: file)
            let expected = Checksum64.text(of: Data((0..<64).flatMap { _ in Self.pattern(from: 0, count: 65_536) }))
            #expect(receipt.size == 64 * 65_536)
            #expect(receipt.checksum == expected)
            #expect(receipt.chunked)
            #expect(sink.sinkStats().completed.last?.chunked == true)
        }
    }

    @Test(arguments: TransportKind.allCases)
    func aSequenceWithALengthAnnouncesItAndMustMatchIt(kind: TransportKind) async throws {
        try await Self.withSinkClient(kind) { client, sink in
            let receipt = try await client.uploadFile(body: BinaryFile(chunks: Self.blocks(16, of: 10_000),
                                                                       length: 160_000))
            #expect(receipt.size == 160_000)
            #expect(!receipt.chunked)
            #expect(sink.sinkStats().completed.last == SinkUpload(size: 160_000, checksum: receipt.checksum,
                                                                  chunked: false,
                                                                  contentType: "application/octet-stream"))

            let short = BinaryFile(chunks: Self.blocks(16, of: 10_000), length: 200_000)
            await #expect(throws: ClientError.self) { try await client.uploadFile(body: short) }
            let long = BinaryFile(chunks: Self.blocks(16, of: 10_000), length: 100_000)
            do {
                _ = try await client.uploadFile(body: long)
                Issue.record("a body longer than announced was sent")
            } catch let error as ClientError where error.kind == .invalidRequest {
                let operationID = error.operationID
                let reason = error.reason ?? ""
                #expect(operationID == "uploadFile")
                #expect(reason.contains("longer than the 100000 bytes announced"))
            }
            #expect(sink.sinkStats().completed.count == 1)
        }
    }

    @Test(arguments: TransportKind.allCases)
    func multipartPartsStreamFromAFileAndASequence(kind: TransportKind) async throws {
        let (file, _) = try Self.makeFile(size: 700_000)
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        try await withMockServerClient(kind) { client in
            let upload = Upload(
                file: BinaryFile(contentsOf: file, contentType: "application/x-test"), purpose: "stream",
                avatar: BinaryFile(chunks: Self.blocks(5, of: 50_000), length: nil)
            )
            let echo = try await client.echoMultipart(body: upload)
            let byName = Dictionary(echo.fields.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
            #expect(echo.fields.map(\.name) == ["file", "purpose", "avatar"])
            #expect(byName["file"]?.base64 == Self.pattern(from: 0, count: 700_000))
            #expect(byName["file"]?.filename == "big.bin")
            #expect(byName["file"]?.contentType == "application/x-test")
            #expect(byName["purpose"]?.value == "stream")
            let avatar = Data((0..<5).flatMap { _ in Self.pattern(from: 0, count: 50_000) })
            #expect(byName["avatar"]?.base64 == avatar)
            #expect(byName["avatar"]?.contentType == "image/png")
        }
    }

    @Test(arguments: TransportKind.allCases)
    func aBinaryBodyStillTakesBytesAndTheFilesOwnMediaType(kind: TransportKind) async throws {
        try await withMockServerClient(kind) { client in
            let echo = try await client.echoUpload(body: BinaryFile(Data("gif".utf8), contentType: "image/gif"))
            #expect(echo.contentType == "image/gif")
            #expect(echo.body == Data("gif".utf8))
        }
    }

    @Test(arguments: TransportKind.allCases)
    func cancellingAnUploadStopsReadingItsSource(kind: TransportKind) async throws {
        try await Self.withSinkClient(kind) { client, sink in
            let source = CountingChunks()
            let endless = BinaryFile(chunks: source, length: nil)
            let upload = Task { try await client.uploadFile(body: endless) }
            try await waitUntil("4 MiB of the upload at the server") { sink.sinkStats().bytesRead >= 4 << 20 }
            upload.cancel()
            await #expect(throws: ClientError.self) { try await upload.value }
            // Once the upload has stopped reading its source, it lets go of the source's iterator (and nothing can
            // read the source any more); an upload that kept reading would hold it until the hang guard.
            try await waitUntil("the upload to let go of its source") { source.iterators.withLock { $0.released } == 1 }
            #expect(source.iterators.withLock { $0.made } == 1)
            #expect(sink.sinkStats().completed.isEmpty)
        }
    }

    @Test(arguments: TransportKind.allCases)
    func aSequenceThatFailsFailsTheRequestAsItsBody(kind: TransportKind) async throws {
        try await Self.withSinkClient(kind) { client, sink in
            let failing = AsyncThrowingStream<Data, any Error> { continuation in
                continuation.yield(Data(repeating: 1, count: 1000))
                continuation.finish(throwing: CocoaError(.fileReadCorruptFile))
            }
            do {
                _ = try await client.uploadFile(body: BinaryFile(chunks: failing, length: nil))
                Issue.record("a body whose sequence failed was sent")
            } catch let error as ClientError where error.kind == .invalidRequest {
                let operationID = error.operationID
                let reason = error.reason ?? ""
                #expect(operationID == "uploadFile")
                #expect(reason.contains("the body's sequence failed"))
            }
            #expect(sink.sinkStats().completed.isEmpty)
        }
    }

    @Test(arguments: TransportKind.allCases)
    func aMissingFileFailsBeforeAnythingIsSent(kind: TransportKind) async throws {
        try await Self.withSinkClient(kind) { client, sink in
            let missing = FileManager.default.temporaryDirectory.appendingPathComponent("no-\(UUID().uuidString)")
            do {
                _ = try await client.uploadFile(body: BinaryFile(contentsOf: missing))
                Issue.record("a missing file was uploaded")
            } catch let error as ClientError where error.kind == .invalidRequest {
                let reason = error.reason ?? ""
                #expect(reason.contains(missing.lastPathComponent))
            }
            #expect(sink.sinkStats().completed.isEmpty)
        }
    }

    @Test(arguments: TransportKind.allCases)
    func streamAndDownloadSendStreamedBodiesToo(kind: TransportKind) async throws {
        let (file, checksum) = try Self.makeFile(size: 3 << 20)
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        try await Self.withSink { _, url in
            let transport = kind.make()
            var request = ClientRequest(method: "PUT", path: "/_sink/upload", operationID: "upload")
            request.setBody(MessageBody(contentsOf: file), contentType: "application/octet-stream")
            let (head, body) = try await transport.stream(request, baseURL: url)
            #expect(head.status == 200)
            let streamed = try JSONDecoder().decode(UploadReceipt.self, from: try await body.collect())
            #expect(streamed.checksum == checksum)

            let saved = file.deletingLastPathComponent().appendingPathComponent("receipt.json")
            request.setBody(MessageBody(Data("head ".utf8)) + MessageBody(contentsOf: file), contentType: "text/plain")
            try await transport.stream(request, baseURL: url).1.write(to: saved)
            let downloaded = try JSONDecoder().decode(UploadReceipt.self, from: try Data(contentsOf: saved))
            #expect(downloaded.size == 5 + (3 << 20))
            #expect(!downloaded.chunked)
        }
    }

    @Test(arguments: TransportKind.allCases)
    func aSlowUploadIsActivityForTheStreamsIdleTimeout(kind: TransportKind) async throws {
        try await Self.withSink { _, url in
            // 50 chunks 100 ms apart: the upload lasts longer than the 4 s idle timeout and is never idle for more
            // than a fortieth of it (the margin a loaded machine needs: its threads can wait seconds). They come
            // from a thread, not a task: while the body waits for them, FoundationNetworking's work queue (shared by
            // every session of the process) waits too, and a task could wait seconds for a turn when the other
            // tests keep the cooperative pool busy, stalling their requests.
            let chunk = Self.pattern(from: 0, count: 1000)
            let paced = AsyncStream<Data> { continuation in
                Thread {
                    for _ in 0..<50 {
                        continuation.yield(chunk)
                        Thread.sleep(forTimeInterval: 0.1)
                    }
                    continuation.finish()
                }.start()
            }
            var request = ClientRequest(method: "PUT", path: "/_sink/upload", operationID: "upload")
            request.setBody(MessageBody(paced), contentType: "application/octet-stream")
            request.timeout = .seconds(4)
            let (head, body) = try await kind.make().stream(request, baseURL: url)
            #expect(head.status == 200)
            let receipt = try JSONDecoder().decode(UploadReceipt.self, from: try await body.collect())
            #expect(receipt.size == 50_000)
        }
    }

    /// `count` chunks of `size` bytes of the pattern.
    static func blocks(_ count: Int, of size: Int) -> AsyncStream<Data> {
        let block = pattern(from: 0, count: size)
        return AsyncStream { continuation in
            for _ in 0..<count { continuation.yield(block) }
            continuation.finish()
        }
    }
}

/// An endless sequence of 64 KiB chunks that counts the iterators made and released.
private struct CountingChunks: AsyncSequence, Sendable {
    static let size = 1 << 16
    let iterators = Locked<(made: Int, released: Int)>((0, 0))

    func makeAsyncIterator() -> Iterator {
        iterators.withLock { $0.made += 1 }
        return Iterator(token: Token(iterators: iterators))
    }

    /// Counts its iterator's release: its deinit runs once no copy of the iterator is left.
    final class Token: Sendable {
        let iterators: Locked<(made: Int, released: Int)>
        init(iterators: Locked<(made: Int, released: Int)>) { self.iterators = iterators }
        deinit { iterators.withLock { $0.released += 1 } }
    }

    struct Iterator: AsyncIteratorProtocol {
        let token: Token
        let block = Data(repeating: 7, count: CountingChunks.size)

        mutating func next() async -> Data? { block }
    }
}

/// Keeps the body of the last request that went through.
private struct BodyRecorder: ClientMiddleware {
    let body: Locked<MessageBody?>

    func intercept(_ request: ClientRequest, baseURL: URL,
                   next: @Sendable (ClientRequest, URL) async throws -> ClientResponse) async throws -> ClientResponse {
        body.withLock { $0 = request.uploadBody }
        return try await next(request, baseURL)
    }
}
