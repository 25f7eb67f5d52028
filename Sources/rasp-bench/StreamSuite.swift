import ArgumentParser
import EdgeCasesAPI
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import RaspMock
import RaspRuntime

/// `rasp-bench streams`: a large binary download and a long server-sent event stream through a generated client
/// (the edge-case spec's `downloadStream` and `streamEvents`), against a bare delegate-based `URLSession` that only
/// counts the bytes, both from the mock server's `/_stream/` routes in this process. Peak memory above the baseline
/// shows whether the body is held whole (it should stay flat, whatever the size).
struct StreamSuite: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "streams",
        abstract: "Streamed download and server-sent events through the generated client vs bare URLSession."
    )

    @Option(help: "Bytes to download.")
    var bytes = 1 << 30

    @Option(help: "The server's chunk size for the download.")
    var chunk = 1 << 16

    @Option(help: "Server-sent events to receive.")
    var events = 100_000

    func run() async throws {
        let server = MockServer()
        let url = try await server.start()
        let client = Client(serverURL: url)

        let download = "\(url.absoluteString)/_stream/bytes?size=\(bytes)&chunk=\(chunk)"
        let bare = try await measure("download.bare") { try await Self.bareBytes(download) }
        let generated = try await measure("download.client") {
            var count = 0
            for try await part in try await client.downloadStream(size: bytes, chunk: chunk) { count += part.count }
            return count
        }
        Figures.emit("download.bytes", generated.count, "B")
        Figures.emit("download.bare_mb_per_s", Double(bare.count) / bare.seconds / 1_048_576, "MB/s")
        Figures.emit("download.client_mb_per_s", Double(generated.count) / generated.seconds / 1_048_576, "MB/s")
        Figures.emit("download.client_vs_bare", bare.seconds / generated.seconds * 100, "%")

        let sse = "\(url.absoluteString)/_stream/sse?count=\(events)&done=1"
        let bareEvents = try await measure("sse.bare") { try await Self.bareBytes(sse) }
        let typedEvents = try await measure("sse.client") {
            var count = 0
            for try await _ in try await client.streamEvents(count: events, done: ._1) { count += 1 }
            return count
        }
        Figures.emit("sse.events", typedEvents.count, "events")
        Figures.emit("sse.bare_bytes", bareEvents.count, "B")
        Figures.emit("sse.bare_events_per_s", Double(events) / bareEvents.seconds, "events/s")
        Figures.emit("sse.client_events_per_s", Double(typedEvents.count) / typedEvents.seconds, "events/s")
        Figures.emit("sse.client_vs_bare", bareEvents.seconds / typedEvents.seconds * 100, "%")
        await server.stop()
    }

    /// Runs one side, printing its time and its peak memory above what the process held before it.
    private func measure(_ name: String, _ body: () async throws -> Int) async throws -> (count: Int, seconds: Double) {
        _ = ProcessMemory.resetPeak()
        let baseline = ProcessMemory.residentBytes ?? 0
        let clock = ContinuousClock()
        let start = clock.now
        let count = try await body()
        let seconds = Stopwatch.milliseconds(clock.now - start) / 1000
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
