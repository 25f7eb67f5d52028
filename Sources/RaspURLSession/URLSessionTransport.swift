public import Foundation
import RaspRuntime
#if canImport(FoundationNetworking)
public import FoundationNetworking
#endif

/// The default transport, on `URLSession` (FoundationNetworking on Linux). ``stream(_:baseURL:)`` hands bodies over
/// as they arrive (`URLSessionTransport+Streaming.swift`).
///
/// `URLRequest.timeoutInterval` is only an idle timeout (the time between two packets), so the transport also
/// enforces the request's timeout as a total deadline and throws
/// ``/RaspRuntime/ClientError/timeout(operationID:underlyingError:)`` when it passes (checked on Linux with a body that
/// never ends but is never idle). Cancelling the calling task cancels the data task at once (checked on Linux with a
/// server that never answers).
public struct URLSessionTransport: ClientTransport {
    /// The session requests go through.
    public let session: URLSession
    /// The timeout for requests that do not set their own.
    public var defaultTimeout: Duration

    /// The session transports use unless given one: `URLSession.shared`'s configuration without a `URLCache` and
    /// without a cookie jar.
    ///
    /// No cookie jar: the cookies a request sends are its own (cookie parameters, a cookie credential). With the
    /// shared `HTTPCookieStorage`, a `Set-Cookie` from one server was sent to every later request to that host, and
    /// Foundation put the stored cookies in place of the request's own `Cookie` field, dropping a cookie API key. An
    /// app that wants URLSession to keep cookies passes a session of its own.
    ///
    /// No response cache: API answers are not for URLSession to cache (RaspServices' `DiskCache` revalidates the large
    /// ones itself, and a cache would answer its `If-None-Match` on its own), and on Linux cancelling a task of a
    /// session with a cache can crash the process (swift-corelibs-foundation looks the task up in the cache on a
    /// background queue, and a cancel landing then traps with "Trying to access a behaviour for a task that in not in
    /// the registry"; `CancellationRaceTests` crashed 2 runs of 6 with `.shared`, none of 12 without a cache).
    public static let defaultSession = URLSession(configuration: defaultConfiguration)

    /// A new copy of ``defaultSession``'s configuration, to change before making a session of one's own.
    public static var defaultConfiguration: URLSessionConfiguration {
        let configuration = URLSessionConfiguration.default
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        configuration.httpCookieAcceptPolicy = .never
        return configuration
    }

    /// A transport with a session of its own, configured like ``defaultSession``: its pool of kept-alive connections
    /// is not shared with other transports (a server that went away cannot leave it a connection to reuse).
    /// - Parameter defaultTimeout: Used when a request has no ``/RaspRuntime/ClientRequest/timeout`` (default 30 s).
    public static func withOwnSession(defaultTimeout: Duration = .seconds(30)) -> URLSessionTransport {
        URLSessionTransport(session: URLSession(configuration: defaultConfiguration), defaultTimeout: defaultTimeout)
    }

    /// Creates a transport.
    /// - Parameters:
    ///   - session: The session (default: ``defaultSession``, which has no response cache).
    ///   - defaultTimeout: Used when a request has no ``/RaspRuntime/ClientRequest/timeout`` (default 30 s).
    public init(session: URLSession = URLSessionTransport.defaultSession, defaultTimeout: Duration = .seconds(30)) {
        self.session = session
        self.defaultTimeout = defaultTimeout
    }

    /// Sends the request and collects the response. A body that is a file or a sequence is sent as it is read
    /// (see ``/RaspRuntime/ClientRequest/uploadBody``).
    public func send(_ request: ClientRequest, baseURL: URL) async throws -> ClientResponse {
        var (urlRequest, timeout) = try makeURLRequest(request, baseURL: baseURL)
        let outgoing = try attachBody(of: request, to: &urlRequest, fileTask: true, timeout: timeout)
        let session = self.session
        defer { Self.finish(outgoing) }
        return try await perform(request, timeout: timeout, feed: outgoing.feed) { [urlRequest] in
            let (data, response) = try await Self.run(stopping: outgoing.feed) {
                (done: @escaping @Sendable (Result<(Data, URLResponse), any Error>) -> Void) in
                let handler: @Sendable (Data?, URLResponse?, (any Error)?) -> Void = { data, response, error in
                    if let response, error == nil {
                        done(.success((data ?? Data(), response)))
                    } else {
                        done(.failure(error ?? URLError(.badServerResponse)))
                    }
                }
                if case .file(let file) = outgoing {
                    return session.uploadTask(with: urlRequest, fromFile: file, completionHandler: handler)
                }
                return session.dataTask(with: urlRequest, completionHandler: handler)
            }
            let head = try Self.head(of: response, request: request)
            return ClientResponse(status: head.status, headers: head.headers, body: data)
        }
    }

    /// The `URLRequest` for a request, and the timeout that applies to it.
    func makeURLRequest(_ request: ClientRequest, baseURL: URL) throws -> (URLRequest, Duration) {
        guard let url = request.url(relativeTo: baseURL) else {
            throw ClientError.invalidRequest(operationID: request.operationID,
                                             reason: "cannot build a URL from \(baseURL)")
        }
        if let problem = request.headerProblem {
            throw ClientError.invalidRequest(operationID: request.operationID, reason: problem)
        }
        var urlRequest = URLRequest(url: url)
        urlRequest.httpMethod = request.method
        let timeout = request.timeout ?? defaultTimeout
        // FoundationNetworking drops the fraction (0.2 s times out at once); the deadline above is the exact bound.
        urlRequest.timeoutInterval = max(1, timeout.seconds.rounded(.up))
        // Foundation sends the values of a repeated field as one field, joined with commas (as HTTP allows).
        for field in request.headers {
            urlRequest.addValue(field.value, forHTTPHeaderField: field.name.rawName)
        }
        return (urlRequest, timeout)
    }

    /// Runs the session task `make` builds; cancelling the calling task cancels it.
    ///
    /// Not `URLSession.data(for:)`/`download(for:)`: in swift-corelibs-foundation (Linux, Swift 6.3 and earlier)
    /// they can deadlock when a call is cancelled (a deadline passed) while its response or error is being
    /// delivered: their cancellation handler waits for the session's queue while holding the task's status lock,
    /// and that queue waits for the same lock to resume the call (swift-corelibs-foundation issue 5412; the fault
    /// soak hit it). Here the session task is cancelled from another queue, never under that lock.
    ///
    /// A body feed is stopped before the task is cancelled: FoundationNetworking cancels a task on the session's work
    /// queue, which a body stream waiting for bytes holds.
    ///
    /// The task is made and resumed off the caller's thread (``SessionCalls``).
    private static func run<T: Sendable>(
        stopping feed: UploadFeed? = nil,
        _ make: @escaping @Sendable (@escaping @Sendable (Result<T, any Error>) -> Void) -> URLSessionTask
    ) async throws -> T {
        let holder = SessionTaskHolder(feed: feed)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                SessionCalls.async("RaspRuntime.URLSessionTransport.start") {
                    holder.start(make { continuation.resume(with: $0) })
                }
            }
        } onCancel: {
            holder.cancel()
        }
    }

    /// Runs a session call under the total deadline, mapping errors to ``/RaspRuntime/ClientError``: a body that could
    /// not be read (`feed`) fails the call as
    /// ``/RaspRuntime/ClientError/invalidRequest(operationID:reason:underlyingError:)``, whatever the session made of
    /// it.
    private func perform<T: Sendable>(_ request: ClientRequest, timeout: Duration, feed: UploadFeed?,
                                      _ body: @escaping @Sendable () async throws -> T) async throws -> T {
        do {
            return try await withDeadline(timeout, operationID: request.operationID, body)
        } catch {
            if let failure = feed?.error as? MessageBody.ReadError {
                throw ClientError(uploadError: failure, operationID: request.operationID)
            }
            throw Self.clientError(error, operationID: request.operationID)
        }
    }

    /// An error as the transport throws it: ``/RaspRuntime/ClientError`` and ``/RaspRuntime/FileStorageError`` as they
    /// are, others mapped.
    private static func clientError(_ error: any Error, operationID: String) -> any Error {
        switch error {
        case let error as ClientError: error
        case let error as FileStorageError: error
        default: ClientError(transportError: error, operationID: operationID)
        }
    }

    /// The status and headers of a response.
    /// - Throws: ``/RaspRuntime/ClientError/noConnection(operationID:reason:underlyingError:)`` when it is not an HTTP
    ///   response.
    static func head(of response: URLResponse, request: ClientRequest) throws -> ClientResponseHead {
        guard let http = response as? HTTPURLResponse else {
            throw ClientError.noConnection(operationID: request.operationID, reason: "not an HTTP response")
        }
        return ClientResponseHead(status: http.statusCode, headers: FoundationHeaders.fields(of: http))
    }
}

/// The session task of one call, cancelled off the caller's cancellation path (see `URLSessionTransport.run`).
private final class SessionTaskHolder: @unchecked Sendable {
    private let state = Locked<(task: URLSessionTask?, cancelled: Bool)>((nil, false))
    /// The feed of the task's body, stopped before the task is cancelled.
    private let feed: UploadFeed?

    init(feed: UploadFeed?) {
        self.feed = feed
    }

    /// Resumes `task`, or cancels it at once if the call was cancelled before it existed.
    func start(_ task: URLSessionTask) {
        let cancelled = state.withLock { state -> Bool in
            state.task = task
            return state.cancelled
        }
        task.resume()
        if cancelled { cancelLater(task) }
    }

    /// Cancels the task (now or as soon as it exists), asynchronously.
    func cancel() {
        let task = state.withLock { state -> URLSessionTask? in
            state.cancelled = true
            return state.task
        }
        if let task { cancelLater(task) }
    }

    private func cancelLater(_ task: URLSessionTask) {
        feed?.stop()
        SessionCalls.async("RaspRuntime.URLSessionTransport.cancel") { task.cancel() }
    }
}

/// Calls into `URLSession` that may wait for its work queue, made on a serial queue of their own instead of the
/// caller's thread.
///
/// On Linux, FoundationNetworking makes, resumes and cancels tasks synchronously on a work queue that every session
/// of the process shares, and that queue also reads streamed request bodies, waiting while a body has no bytes
/// ready. A task of the cooperative pool that made such a call would wait with it; with every thread of the pool
/// waiting (two on a two-core machine), the task that produces the body's bytes could never run, and the upload
/// and every other request of the process would stall. Threads of the global queues are no better: when they wait,
/// the process's other work on them waits too. A private serial queue gets a thread of its own.
enum SessionCalls {
    /// Runs `work` on a new serial queue named `label`.
    static func async(_ label: String, _ work: @escaping @Sendable () -> Void) {
        DispatchQueue(label: label).async(execute: work)
    }
}

extension URLSessionTransport: CustomReflectable {
    /// The timeout and whether the session is the default one, not the session's internals: reflecting those
    /// (`dump(client)`) would read state that URLSession's own queues change at the same time.
    public var customMirror: Mirror {
        Mirror(self, children: ["defaultTimeout": defaultTimeout,
                                "session": session === Self.defaultSession ? "defaultSession" : "custom"],
               displayStyle: .struct)
    }
}
