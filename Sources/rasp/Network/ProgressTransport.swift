import Foundation
import RaspRuntime
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A transport whose downloads report progress: bodies stream to a temporary file through a `URLSession` data
/// delegate, byte counts go to the ``ProgressReporter`` the first download starts, and the file is moved into
/// place when complete. Plain requests go to `base`.
///
/// Deadlines come from the middlewares (``TimeoutMiddleware`` cancels the task); the session's own timeout is
/// only an idle timeout.
struct ProgressTransport: ClientTransport {
    /// Where ``send(_:baseURL:)`` goes.
    var base: any ClientTransport
    /// Where the current download's progress goes (shown once a download begins).
    var progress: @Sendable () -> PendingProgress

    func send(_ request: ClientRequest, baseURL: URL) async throws -> ClientResponse {
        try await base.send(request, baseURL: baseURL)
    }

    func download(_ request: ClientRequest, baseURL: URL, to file: URL) async throws -> ClientResponseHead {
        guard let url = request.url(relativeTo: baseURL) else {
            throw ClientError.invalidRequest(operationID: request.operationID,
                                             reason: "cannot build a URL from the server URL")
        }
        var urlRequest = URLRequest(url: url)
        urlRequest.httpMethod = request.method
        urlRequest.timeoutInterval = 60
        for header in request.headers { urlRequest.addValue(header.value, forHTTPHeaderField: header.name) }

        let temporary = try AtomicFile.temporaryFile(beside: file)
        defer { try? FileManager.default.removeItem(at: temporary) }
        let receiver = try StreamingReceiver(file: temporary, operationID: request.operationID,
                                             reporter: progress().start())
        let session = URLSession(configuration: .ephemeral, delegate: receiver, delegateQueue: nil)
        defer { session.finishTasksAndInvalidate() }
        let task = session.dataTask(with: urlRequest)
        let head = try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                receiver.begin(continuation)
                task.resume()
            }
        } onCancel: {
            task.cancel()
        }
        try AtomicFile.move(temporary, to: file)
        return head
    }
}

/// Receives one response: writes its body to a file as it arrives and resumes the caller when it ends.
private final class StreamingReceiver: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let lock = NSLock()
    private let handle: FileHandle
    private let operationID: String
    private let reporter: ProgressReporter
    private var continuation: CheckedContinuation<ClientResponseHead, any Error>?
    private var head: ClientResponseHead?
    private var expected: Int64?
    private var received: Int64 = 0
    private var writeError: (any Error)?

    init(file: URL, operationID: String, reporter: ProgressReporter) throws {
        guard FileManager.default.createFile(atPath: file.path, contents: nil),
              let handle = FileHandle(forWritingAtPath: file.path)
        else { throw FileStorageError(path: file.path, reason: "cannot create the download file") }
        self.handle = handle
        self.operationID = operationID
        self.reporter = reporter
    }

    func begin(_ continuation: CheckedContinuation<ClientResponseHead, any Error>) {
        lock.withLock { self.continuation = continuation }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void) {
        if let http = response as? HTTPURLResponse {
            var headers: [String: String] = [:]
            for (key, value) in http.allHeaderFields {
                if let key = key as? String, let value = value as? String { headers[key] = value }
            }
            lock.withLock {
                head = ClientResponseHead(status: http.statusCode, headers: headers)
                expected = response.expectedContentLength > 0 ? response.expectedContentLength : nil
            }
        }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let (done, total, success): (Int64, Int64?, Bool) = lock.withLock {
            let success = head.map { (200..<300).contains($0.status) } ?? false
            guard writeError == nil else { return (received, expected, success) }
            do {
                try handle.write(contentsOf: data)
            } catch {
                writeError = error
            }
            received += Int64(data.count)
            return (received, expected, success)
        }
        if success { reporter.update(done: done, total: total) }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let (continuation, head, writeError) = lock.withLock {
            defer { self.continuation = nil }
            return (self.continuation, self.head, self.writeError)
        }
        try? handle.close()
        guard let continuation else { return }
        if let error {
            continuation.resume(throwing: ClientError(transportError: error, operationID: operationID))
        } else if let writeError {
            let cause = FileStorageError.cause(of: writeError)
            continuation.resume(throwing: FileStorageError(path: "download", reason: cause))
        } else if let head {
            continuation.resume(returning: head)
        } else {
            continuation.resume(
                throwing: ClientError.noConnection(operationID: operationID, reason: "not an HTTP response"))
        }
    }
}
