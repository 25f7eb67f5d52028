import ArgumentParser
import EdgeCasesAPI
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import RaspHummingbird
import RaspMock
import RaspRuntime
import RaspURLSession

/// `rasp-bench streams`: streamed bodies through a generated client (the edge-case spec's operations) against a bare
/// `URLSession` that does only the transfer, both in this process:
/// - `download`: a large binary body (`downloadStream`) from the mock server's `/_stream/bytes`;
/// - `sse`: a long server-sent event stream (`streamEvents`) from `/_stream/sse`, in rounds (bare, then client) so
///   that a busy machine weighs on both sides alike; the figures are the medians and ranges of the rounds;
/// - `parse`: the client's CPU time per event without the network;
/// - `upload`: a large file sent to the mock server's `/_sink/` route, which reads and drops bodies, by the client
///   from the file, as a multipart part and as an async sequence (all through a body stream on Linux), against a
///   bare upload task from the file and a bare data task that reads it through `InputStream(url:)`.
///
/// - `server_upload`: the same file sent by the bare upload task to a route of a ``ServerRouter`` served by the
///   Hummingbird adapter and registered to stream its body, whose handler counts the chunks as they come.
///
/// Peak memory above the baseline shows whether a body is held whole (it should stay flat, whatever the size).
struct StreamSuite: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "streams",
        abstract: "Streamed downloads, uploads and server-sent events through the generated client vs URLSession."
    )

    @Option(help: "Bytes to download.")
    var bytes = 1 << 30

    @Option(help: "The server's chunk size for the download.")
    var chunk = 1 << 16

    @Option(help: "Server-sent events to receive.")
    var events = 100_000

    @Option(help: "Rounds of the server-sent event case (each: bare, then client).")
    var rounds = 5

    @Option(help: "Bytes to upload.")
    var uploadBytes = 1 << 30

    @Option(help: "Which cases to run, comma-separated: download, sse, parse, upload, server_upload.")
    var only = "download,sse,parse,upload,server_upload"

    func run() async throws {
        // No body limit: the upload case sends `uploadBytes` to the sink route.
        let server = MockServer(limits: MockServer.Limits(maxBodyBytes: Int.max))
        let url = try await server.start()
        let client = Client(serverURL: url)

        let cases = Set(only.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
        if cases.contains("download") { try await downloads(client: client, url: url) }
        if cases.contains("sse") { try await serverSentEvents(client: client, url: url) }
        if cases.contains("parse") { try await parsing() }
        if cases.contains("upload") { try await uploads(url: url) }
        await server.stop()
        if cases.contains("server_upload") { try await serverUpload() }
    }

    /// The server upload case: a route that streams its body, through the Hummingbird adapter.
    private func serverUpload() async throws {
        let file = try Self.makeFile(size: uploadBytes)
        defer { try? FileManager.default.removeItem(at: file) }
        var router = ServerRouter()
        router.register(method: "PUT", path: "/_sink/upload", operationID: "upload", streamsBody: true) { request in
            var size = 0
            for try await chunk in request.body { size += chunk.count }
            let receipt = #"{"size": \#(size), "checksum": "", "chunked": false}"#
            return ServerResponse(status: 200, contentType: "application/json", body: Data(receipt.utf8))
        }
        let received = try await router.withServer { url in
            try await measure("server_upload.streamed") { try await Self.bareUpload(file, to: url) }
        }
        precondition(received.count == uploadBytes, "the handler counted \(received.count) bytes")
        Figures.emit("server_upload.mb_per_s", Double(uploadBytes) / received.seconds / 1_048_576, "MB/s")
    }

    /// The download case.
    private func downloads(client: Client, url: URL) async throws {
        let download = "\(url.absoluteString)/_stream/bytes?size=\(bytes)&chunk=\(chunk)"
        let bare = try await measure("download.bare") { try await Self.bareBytes(download) }
        let generated = try await measure("download.client") {
            var count = 0
            for try await part in try await client.downloadStream(size: bytes, chunk: chunk) { count += part.count }
            return count
        }
        // The same download with a middleware that counts the body's bytes as they pass (it wraps the body, holding
        // none of it), read chunk by chunk and then saved to a file by ClientCore.download.
        let counted = Locked<Int>(0)
        let observed = Client(serverURL: url, middlewares: [CountingMiddleware(total: counted)])
        let throughMiddleware = try await measure("download.middleware") {
            var count = 0
            for try await part in try await observed.downloadStream(size: bytes, chunk: chunk) { count += part.count }
            return count
        }
        precondition(counted.withLock { $0 } == bytes, "the middleware counted \(counted.withLock { $0 }) bytes")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rasp-bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        var request = ClientRequest("GET", "/_stream/bytes")
        request.query = [("size", "\(bytes)"), ("chunk", "\(chunk)")]
        let saved = try await measure("download.middleware_to_file") { [request] in
            _ = try await observed.core.download(request, to: folder.appendingPathComponent("body"))
            return bytes
        }
        precondition(counted.withLock { $0 } == 2 * bytes, "the middleware missed bytes of the saved download")
        Figures.emit("download.middleware_vs_client", generated.seconds / throughMiddleware.seconds * 100, "%")
        Figures.emit("download.middleware_to_file_mb_per_s", Double(saved.count) / saved.seconds / 1_048_576, "MB/s")
        Figures.emit("download.bytes", generated.count, "B")
        Figures.emit("download.bare_mb_per_s", Double(bare.count) / bare.seconds / 1_048_576, "MB/s")
        Figures.emit("download.client_mb_per_s", Double(generated.count) / generated.seconds / 1_048_576, "MB/s")
        Figures.emit("download.client_vs_bare", bare.seconds / generated.seconds * 100, "%")
    }

    /// The server-sent events case: `rounds` times the bare side then the client, each on a stream of its own.
    private func serverSentEvents(client: Client, url: URL) async throws {
        let sse = "\(url.absoluteString)/_stream/sse?count=\(events)&done=1"
        var bare: [Double] = []
        var typed: [Double] = []
        var ratios: [Double] = []
        var cpuRatios: [Double] = []
        for round in 1...max(1, rounds) {
            var cpu = ProcessMemory.cpuMilliseconds
            let bareEvents = try await measure("sse.bare", print: round == 1) { try await Self.bareBytes(sse) }
            let bareCPU = ProcessMemory.cpuMilliseconds - cpu
            cpu = ProcessMemory.cpuMilliseconds
            let typedEvents = try await measure("sse.client", print: round == 1) {
                var count = 0
                for try await _ in try await client.streamEvents(count: events, done: ._1) { count += 1 }
                return count
            }
            let typedCPU = ProcessMemory.cpuMilliseconds - cpu
            precondition(typedEvents.count == events, "received \(typedEvents.count) of \(events) events")
            bare.append(bareEvents.seconds)
            typed.append(typedEvents.seconds)
            ratios.append(bareEvents.seconds / typedEvents.seconds * 100)
            cpuRatios.append(bareCPU / typedCPU * 100)
            Figures.note("sse round \(round): bare \(bareEvents.seconds) s \(bareCPU) ms CPU, "
                         + "client \(typedEvents.seconds) s \(typedCPU) ms CPU")
        }
        Figures.emit("sse.events", events, "events")
        Figures.emit("sse.rounds", ratios.count, "rounds")
        Figures.emit("sse.bare_events_per_s", Double(events) / Figures.median(bare), "events/s")
        Figures.emit("sse.client_events_per_s", Double(events) / Figures.median(typed), "events/s")
        Figures.emit("sse.client_vs_bare", Figures.median(ratios), "%")
        Figures.emit("sse.client_vs_bare_min", ratios.min() ?? 0, "%")
        Figures.emit("sse.client_vs_bare_max", ratios.max() ?? 0, "%")
        // Process CPU time (server and client sides together), steadier than wall time on a busy machine.
        Figures.emit("sse.client_cpu_vs_bare", Figures.median(cpuRatios), "%")
    }

    /// The client's own cost of an event, without the network: the mock's event bytes, in 64 KiB chunks from
    /// memory, parsed and decoded by ``EventStream``, in CPU time (steadier than wall time on a busy machine; the
    /// median of five passes).
    private func parsing() async throws {
        var text = ""
        for i in 1...events { text += "id: \(i)\ndata: {\"index\": \(i), \"text\": \"событие \(i)\"}\n\n" }
        let bytes = Data(text.utf8)
        let chunks = stride(from: 0, to: bytes.count, by: 1 << 16).map { bytes[$0..<min($0 + (1 << 16), bytes.count)] }
        var passes: [Double] = []
        for _ in 0..<5 {
            let body = MessageBody(ChunkList(chunks: chunks))
            let start = ProcessMemory.cpuMilliseconds
            var count = 0
            for try await _ in EventStream<StreamItem>(body, operationID: "streamEvents") { count += 1 }
            precondition(count == events, "parsed \(count) of \(events) events")
            passes.append((ProcessMemory.cpuMilliseconds - start) * 1000 / Double(events))
        }
        Figures.emit("sse.parse_us_per_event", Figures.median(passes), "us", decimals: 2)
    }

    /// The upload case: `uploadBytes` from a temporary file to the mock's sink, by a bare upload task from
    /// the file, then by the client: from the file, as a multipart part, and as an async sequence of its chunks.
    private func uploads(url: URL) async throws {
        let file = try Self.makeFile(size: uploadBytes)
        defer { try? FileManager.default.removeItem(at: file) }
        // The transport's default timeout bounds a whole exchange: 30 s is too short for a gigabyte on a busy box.
        let client = Client(serverURL: url, transport: URLSessionTransport(defaultTimeout: .seconds(600)))
        let bare = try await measure("upload.bare") { try await Self.bareUpload(file, to: url) }
        let bareStream = try await measure("upload.bare_stream") {
            try await Self.bareUpload(file, to: url, asStream: true)
        }
        let fromFile = try await measure("upload.client") {
            try await client.uploadFile(body: BinaryFile(contentsOf: file)).size
        }
        let multipart = try await measure("upload.client_multipart") {
            try await client.uploadParts(body: .init(file: BinaryFile(contentsOf: file))).size
        }
        let sequence = try await measure("upload.client_sequence") {
            try await client.uploadFile(body: BinaryFile(chunks: FileChunks(file: file), length: nil)).size
        }
        precondition([bare.count, bareStream.count, fromFile.count, sequence.count].allSatisfy { $0 == uploadBytes }
                     && multipart.count > uploadBytes, "the sink received another number of bytes")
        Figures.emit("upload.bytes", uploadBytes, "B")
        let sides = [("bare", bare), ("bare_stream", bareStream), ("client", fromFile),
                     ("client_multipart", multipart), ("client_sequence", sequence)]
        for (name, side) in sides {
            Figures.emit("upload.\(name)_mb_per_s", Double(uploadBytes) / side.seconds / 1_048_576, "MB/s")
        }
        for (name, side) in sides.dropFirst(2) {
            Figures.emit("upload.\(name)_vs_bare", bare.seconds / side.seconds * 100, "%")
            Figures.emit("upload.\(name)_vs_bare_stream", bareStream.seconds / side.seconds * 100, "%")
        }
    }

    /// A temporary file of `size` bytes (a 1 MiB block of varied bytes, repeated).
    static func makeFile(size: Int) throws -> URL {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("rasp-bench-\(UUID().uuidString)")
        guard FileManager.default.createFile(atPath: file.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown)
        }
        let handle = try FileHandle(forWritingTo: file)
        defer { try? handle.close() }
        let block = Data((0..<(1 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 11) })
        var written = 0
        while written < size {
            let count = min(block.count, size - written)
            try handle.write(contentsOf: block.prefix(count))
            written += count
        }
        return file
    }

    /// Sends a file with an upload task from the file, or as `asStream` says with a data task that reads it through
    /// `InputStream(url:)` (chunked), and does nothing else: the floor for any client.
    /// - Returns: The size the sink received.
    static func bareUpload(_ file: URL, to url: URL, asStream: Bool = false) async throws -> Int {
        let session = URLSession(configuration: .ephemeral)
        defer { session.finishTasksAndInvalidate() }
        var request = URLRequest(url: url.appendingPathComponent("_sink/upload"))
        request.httpMethod = "PUT"
        request.setValue("application/octet-stream", forHTTPHeaderField: "Content-Type")
        request.timeoutInterval = 600
        if asStream { request.httpBodyStream = InputStream(url: file) }
        let data: Data = try await withCheckedThrowingContinuation { continuation in
            let done: @Sendable (Data?, URLResponse?, (any Error)?) -> Void = { data, _, error in
                if let data, error == nil {
                    continuation.resume(returning: data)
                } else {
                    continuation.resume(throwing: error ?? URLError(.badServerResponse))
                }
            }
            let task = asStream ? session.dataTask(with: request, completionHandler: done)
                                : session.uploadTask(with: request, fromFile: file, completionHandler: done)
            task.resume()
        }
        return try JSONDecoder().decode(UploadReceipt.self, from: data).size
    }

    /// Runs one side, printing (unless told not to) its time and its peak memory above what the process held
    /// before it.
    private func measure(_ name: String, print: Bool = true,
                         _ body: () async throws -> Int) async throws -> (count: Int, seconds: Double) {
        _ = ProcessMemory.resetPeak()
        let baseline = ProcessMemory.residentBytes ?? 0
        let clock = ContinuousClock()
        let start = clock.now
        let count = try await body()
        let seconds = Stopwatch.milliseconds(clock.now - start) / 1000
        guard print else { return (count, seconds) }
        Figures.emit("\(name).seconds", seconds, "s", decimals: 2)
        let peak = (ProcessMemory.peakResidentBytes ?? 0) - baseline
        Figures.emit("\(name).peak_rss_above_baseline", Double(peak) / 1_048_576, "MB")
        return (count, seconds)
    }

    /// Receives a body with a data task and a delegate that only counts the bytes: the floor for any client.
    static func bareBytes(_ url: String) async throws -> Int {
        let counter = ByteCounter()
        let session = URLSession(configuration: .ephemeral, delegate: counter, delegateQueue: nil)
        defer { session.finishTasksAndInvalidate() }
        return try await withCheckedThrowingContinuation { continuation in
            counter.finish = { continuation.resume(with: $0) }
            session.dataTask(with: URL(string: url)!).resume()
        }
    }
}

/// Chunks held in memory, handed out in order.
private struct ChunkList: AsyncSequence, Sendable {
    let chunks: [Data]

    func makeAsyncIterator() -> Iterator { Iterator(chunks: chunks) }

    struct Iterator: AsyncIteratorProtocol {
        let chunks: [Data]
        var index = 0

        mutating func next() async -> Data? {
            guard index < chunks.count else { return nil }
            defer { index += 1 }
            return chunks[index]
        }
    }
}

/// Counts the bytes of one data task.
private final class ByteCounter: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    // Touched only from the session's serial delegate queue.
    var count = 0
    var finish: ((Result<Int, any Error>) -> Void)?

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        count += data.count
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        finish?(error.map { .failure($0) } ?? .success(count))
        finish = nil
    }
}

/// A file's bytes as an async sequence of 256 KiB chunks, as an app might stream them from a recorder or a pipe.
private struct FileChunks: AsyncSequence, Sendable {
    let file: URL

    func makeAsyncIterator() -> Iterator { Iterator(handle: try? FileHandle(forReadingFrom: file)) }

    struct Iterator: AsyncIteratorProtocol {
        let handle: FileHandle?

        mutating func next() async throws -> Data? {
            guard let chunk = try handle?.read(upToCount: 1 << 18), !chunk.isEmpty else { return nil }
            return chunk
        }
    }
}

/// Adds the bytes of every response body to `total` as the body is read, by wrapping it.
private struct CountingMiddleware: ClientMiddleware {
    let total: Locked<Int>

    func intercept(_ request: ClientRequest, baseURL: URL,
                   next: @Sendable (ClientRequest, URL) async throws -> ClientResponse) async throws -> ClientResponse {
        var response = try await next(request, baseURL)
        let (body, total) = (response.body, self.total)
        response.body = MessageBody(length: try? body.length()) {
            var iterator = body.makeAsyncIterator()
            return {
                guard let chunk = try await iterator.next() else { return nil }
                total.withLock { $0 += chunk.count }
                return chunk
            }
        }
        return response
    }
}
