import Foundation
import RaspRuntime

/// A transport whose downloads report progress: bodies come through the base transport's
/// ``ClientTransport/stream(_:baseURL:)`` (URLSession or AsyncHTTPClient, as `--http-client` chose) into a
/// temporary file, byte counts go to the ``ProgressReporter`` the first download starts, and the file is moved into
/// place when complete. Plain requests go to `base`.
///
/// Deadlines come from the middlewares (``TimeoutMiddleware`` cancels the task and sets the request's timeout, which
/// the stream takes as its idle timeout).
struct ProgressTransport: ClientTransport {
    /// Where requests go.
    var base: any ClientTransport
    /// Where the current download's progress goes (shown once a download begins).
    var progress: @Sendable () -> PendingProgress

    var streamsRequestBodies: Bool { base.streamsRequestBodies }

    func send(_ request: ClientRequest, baseURL: URL) async throws -> ClientResponse {
        try await base.send(request, baseURL: baseURL)
    }

    func stream(_ request: ClientRequest, baseURL: URL) async throws -> (ClientResponseHead, ResponseBody) {
        try await base.stream(request, baseURL: baseURL)
    }

    func download(_ request: ClientRequest, baseURL: URL, to file: URL) async throws -> ClientResponseHead {
        let reporter = progress().start()
        let (head, body) = try await base.stream(request, baseURL: baseURL)
        let success = (200..<300).contains(head.status)
        let total = head.header("Content-Length").flatMap { Int64($0) }
        let temporary = try AtomicFile.temporaryFile(beside: file)
        defer { try? FileManager.default.removeItem(at: temporary) }
        guard FileManager.default.createFile(atPath: temporary.path, contents: nil),
              let handle = FileHandle(forWritingAtPath: temporary.path)
        else { throw FileStorageError(path: file.path, reason: "cannot create the download file") }
        var received: Int64 = 0
        do {
            for try await chunk in body {
                do {
                    try handle.write(contentsOf: chunk)
                } catch {
                    throw FileStorageError(path: "download", reason: FileStorageError.cause(of: error))
                }
                received += Int64(chunk.count)
                if success { reporter.update(done: received, total: total) }
            }
            try handle.close()
        } catch {
            try? handle.close()
            throw error
        }
        try AtomicFile.move(temporary, to: file)
        return head
    }
}
