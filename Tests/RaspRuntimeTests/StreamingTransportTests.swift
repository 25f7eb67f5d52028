import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import RaspRuntime
@testable import RaspURLSession

/// The parts of ``URLSessionTransport/stream(_:baseURL:)`` that need no network: the order of buffered chunks and
/// the race between a chunk and a cancel. (Over real HTTP: `RaspMockTests/StreamingTransportTests`.)
@Suite struct StreamingTransportTests {
    @Test func spilledChunksComeBackInOrder() throws {
        var buffer = SpillBuffer(memoryLimit: 10)
        var expected: [UInt8] = []
        var read: [UInt8] = []
        var next: UInt8 = 0
        // Writes outpace reads (memory fills, then the file), then reads catch up and memory is used again.
        for round in 0..<200 {
            let chunk = Data((0..<(round % 7 + 1)).map { _ in defer { next &+= 1 }; return next })
            expected += chunk
            try buffer.append(chunk)
            let reads = round < 100 ? (round % 3 == 0 ? 1 : 0) : 2
            for _ in 0..<reads { if let chunk = try buffer.next() { read += chunk } }
        }
        while let chunk = try buffer.next() { read += chunk }
        #expect(read == expected)
        #expect(try buffer.next() == nil)
    }

    @Test func aChunkRacingACancelNeverHangs() async throws {
        // The delegate hands a chunk to the waiting reader while another thread cancels the reader's task. This
        // deadlocked when the reader was resumed under the stream's lock: `Task.cancel()` holds the task's status
        // lock while its handler waits for the stream's lock, and resuming needs the status lock.
        let session = URLSession(configuration: .ephemeral)
        let task = session.dataTask(with: URL(string: "http://127.0.0.1:9/")!)
        let request = ClientRequest(method: "GET", path: "/", operationID: "race")
        for round in 0..<3000 {
            let stream = DataStream(request: request, idleTimeout: .seconds(60), memoryLimit: 1 << 20)
            let reading = Task { try await stream.next() }
            if round % 2 == 0 { await Task.yield() }
            let delivering = Task.detached { stream.urlSession(session, dataTask: task, didReceive: Data([1])) }
            reading.cancel()
            let result = await reading.result
            await delivering.value
            switch result {
            case .success(let chunk): #expect(chunk == Data([1]))
            case .failure(let error):
                guard (error as? ClientError)?.kind == .cancelled, (error as? ClientError)?.operationID == "race" else {
                    Issue.record("expected .cancelled, got \(error)")
                    return
                }
            }
        }
        session.invalidateAndCancel()
    }
}
