public import Foundation
#if canImport(FoundationNetworking)
public import FoundationNetworking
#endif

/// The default transport, on `URLSession` (FoundationNetworking on Linux). ``stream(_:baseURL:)`` hands bodies over
/// as they arrive (`URLSessionTransport+Streaming.swift`).
///
/// `URLRequest.timeoutInterval` is only an idle timeout (the time between two packets), so the transport also
/// enforces the request's timeout as a total deadline and throws ``ClientError/timeout(operationID:)`` when it
/// passes (checked on Linux with a body that never ends but is never idle). Cancelling the calling task cancels the data task at once (checked on Linux with a server that never
/// answers).
public struct URLSessionTransport: ClientTransport {
    /// The session requests go through.
    public let session: URLSession
    /// The timeout for requests that do not set their own.
    public var defaultTimeout: Duration

    /// The session transports use unless given one: `URLSession.shared`'s configuration without a `URLCache`.
    ///
    /// No response cache: API answers are not for URLSession to cache (``DiskCache`` revalidates the large ones
    /// itself, and a cache would answer its `If-None-Match` on its own), and on Linux cancelling a task of a session
    /// with a cache can crash the process (swift-corelibs-foundation looks the task up in the cache on a background
    /// queue, and a cancel landing then traps with "Trying to access a behaviour for a task that in not in the
    /// registry"; `CancellationRaceTests` crashed 2 runs of 6 with `.shared`, none of 12 without a cache).
    public static let defaultSession: URLSession = {
        let configuration = URLSessionConfiguration.default
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        return URLSession(configuration: configuration)
    }()

    /// Creates a transport.
    /// - Parameters:
    ///   - session: The session (default: ``defaultSession``, which has no response cache).
    ///   - defaultTimeout: Used when a request has no ``ClientRequest/timeout`` (default 30 s).
    public init(session: URLSession = URLSessionTransport.defaultSession, defaultTimeout: Duration = .seconds(30)) {
        self.session = session
        self.defaultTimeout = defaultTimeout
    }

    public func send(_ request: ClientRequest, baseURL: URL) async throws -> ClientResponse {
        let (urlRequest, timeout) = try makeURLRequest(request, baseURL: baseURL)
        let session = self.session
        return try await perform(request, timeout: timeout) {
            let (data, response) = try await Self.run { (done: @escaping @Sendable (Result<(Data, URLResponse), any Error>) -> Void) in
                session.dataTask(with: urlRequest) { data, response, error in
                    if let response, error == nil { done(.success((data ?? Data(), response))) } else { done(.failure(error ?? URLError(.badServerResponse))) }
                }
            }
            let head = try Self.head(of: response, request: request)
            return ClientResponse(status: head.status, headers: head.headers, body: data)
        }
    }

    /// Streams the body to a temporary file with `URLSession.download(for:)` (the body is never held in memory),
    /// then moves it over `file` atomically.
    public func download(_ request: ClientRequest, baseURL: URL, to file: URL) async throws -> ClientResponseHead {
        let (urlRequest, timeout) = try makeURLRequest(request, baseURL: baseURL)
        let session = self.session
        return try await perform(request, timeout: timeout) {
            let (temporary, response) = try await Self.run { (done: @escaping @Sendable (Result<(URL, URLResponse), any Error>) -> Void) in
                session.downloadTask(with: urlRequest) { location, response, error in
                    guard let location, let response, error == nil else { return done(.failure(error ?? URLError(.badServerResponse))) }
                    // The session may delete `location` once this returns: keep the body beside the destination.
                    do {
                        let kept = try AtomicFile.temporaryFile(beside: file)
                        try FileManager.default.moveItem(at: location, to: kept)
                        done(.success((kept, response)))
                    } catch {
                        done(.failure(FileStorageError(path: file.path, reason: "cannot keep the download: \(error.localizedDescription)")))
                    }
                }
            }
            do {
                let head = try Self.head(of: response, request: request)
                try AtomicFile.move(temporary, to: file)
                return head
            } catch {
                try? FileManager.default.removeItem(at: temporary)
                throw error
            }
        }
    }

    /// The `URLRequest` for a request, and the timeout that applies to it.
    func makeURLRequest(_ request: ClientRequest, baseURL: URL) throws -> (URLRequest, Duration) {
        guard let url = request.url(relativeTo: baseURL) else {
            throw ClientError.invalidRequest(operationID: request.operationID, reason: "cannot build a URL from \(baseURL)")
        }
        if let problem = HeaderText.problem(in: request.headers) {
            throw ClientError.invalidRequest(operationID: request.operationID, reason: problem)
        }
        var urlRequest = URLRequest(url: url)
        urlRequest.httpMethod = request.method
        let timeout = request.timeout ?? defaultTimeout
        // FoundationNetworking drops the fraction (0.2 s times out at once); the deadline above is the exact bound.
        urlRequest.timeoutInterval = max(1, timeout.seconds.rounded(.up))
        for header in request.headers {
            urlRequest.addValue(header.value, forHTTPHeaderField: header.name)
        }
        urlRequest.httpBody = request.body
        return (urlRequest, timeout)
    }

    /// Runs the session task `make` builds; cancelling the calling task cancels it.
    ///
    /// Not `URLSession.data(for:)`/`download(for:)`: in swift-corelibs-foundation (Linux, Swift 6.3 and earlier)
    /// they can deadlock when a call is cancelled (a deadline passed) while its response or error is being
    /// delivered: their cancellation handler waits for the session's queue while holding the task's status lock,
    /// and that queue waits for the same lock to resume the call (swift-corelibs-foundation issue 5412; the fault
    /// soak hit it). Here the session task is cancelled from another queue, never under that lock.
    private static func run<T: Sendable>(
        _ make: (@escaping @Sendable (Result<T, any Error>) -> Void) -> URLSessionTask
    ) async throws -> T {
        let holder = SessionTaskHolder()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                holder.start(make { continuation.resume(with: $0) })
            }
        } onCancel: {
            holder.cancel()
        }
    }

    /// Runs a session call under the total deadline, mapping errors to ``ClientError``.
    private func perform<T: Sendable>(_ request: ClientRequest, timeout: Duration,
                                      _ body: @escaping @Sendable () async throws -> T) async throws -> T {
        do {
            return try await withDeadline(timeout, operationID: request.operationID, body)
        } catch let error as ClientError {
            throw error
        } catch let error as FileStorageError {
            throw error
        } catch {
            throw ClientError(transportError: error, operationID: request.operationID)
        }
    }

    /// The status and headers of a response.
    /// - Throws: ``ClientError/noConnection(operationID:reason:)`` when it is not an HTTP response.
    static func head(of response: URLResponse, request: ClientRequest) throws -> ClientResponseHead {
        guard let http = response as? HTTPURLResponse else {
            throw ClientError.noConnection(operationID: request.operationID, reason: "not an HTTP response")
        }
        var headers: [String: String] = [:]
        for (key, value) in http.allHeaderFields {
            if let key = key as? String, let value = value as? String { headers[key] = value }
        }
        return ClientResponseHead(status: http.statusCode, headers: headers)
    }
}

/// The session task of one call, cancelled off the caller's cancellation path (see `URLSessionTransport.run`).
private final class SessionTaskHolder: @unchecked Sendable {
    private let state = Locked<(task: URLSessionTask?, cancelled: Bool)>((nil, false))

    /// Resumes `task`, or cancels it at once if the call was cancelled before it existed.
    func start(_ task: URLSessionTask) {
        let cancelled = state.withLock { state -> Bool in
            state.task = task
            return state.cancelled
        }
        task.resume()
        if cancelled { Self.cancelLater(task) }
    }

    /// Cancels the task (now or as soon as it exists), asynchronously.
    func cancel() {
        let task = state.withLock { state -> URLSessionTask? in
            state.cancelled = true
            return state.task
        }
        if let task { Self.cancelLater(task) }
    }

    private static func cancelLater(_ task: URLSessionTask) {
        DispatchQueue.global().async { task.cancel() }
    }
}
