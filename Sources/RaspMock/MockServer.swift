public import Foundation
import FlyingFox
public import RaspDemo

/// The mock Rasp server: `DemoAPI` served over real HTTP/1.1 on loopback, with per-request fault modes
/// (``MockFault``) and per-path counters for tests. Any request under `/_echo/` is answered, uncounted and without
/// faults, with a JSON description of the body the server parsed (form pairs, multipart parts, raw bytes). Paths
/// under `/_stream/` send long or slow bodies chunk by chunk, with their own faults and ``streamStats()``
/// (see `StreamRoutes`); paths under `/_sink/` read bodies of any size without keeping them and answer with their
/// size and checksum (``sinkStats()``, see `BodySink`).
///
/// The server refuses what a hostile client may send (long request lines, huge or many headers, huge bodies,
/// too many connections, idle connections) within its ``Limits``, answering 413, 414 or 431 as nginx does.
///
/// ```swift
/// try await MockServer.withMockServer { url in
///     let client = RaspClient(serverURL: url, authentication: .apiKeyHeader(key))
///     …
/// }
/// ```
///
/// ``start(host:port:)`` and ``stop()`` do the same in two steps; a started server runs (and keeps itself alive)
/// until ``stop()``.
public actor MockServer {
    /// What the server saw on one path.
    public struct Counters: Sendable, Hashable {
        /// Requests received.
        public var requests = 0
        /// Requests that got a fault.
        public var faults = 0

        /// Creates counters.
        public init(requests: Int = 0, faults: Int = 0) {
            self.requests = requests
            self.faults = faults
        }
    }

    /// The handler behind the server.
    public nonisolated let api: DemoAPI
    /// What the server accepts before it refuses.
    public nonisolated let limits: Limits
    /// Where the server reports what an operator should know (the connection limit reached, accept failures).
    private nonisolated let log: @Sendable (String) -> Void
    private var core: HTTPServerCore?
    private var counters: [String: Counters] = [:]
    /// What the `/_stream/` routes did (``streamStats()``).
    nonisolated let streams = StreamRecorder()
    /// What the `/_sink/` route did (``sinkStats()``).
    nonisolated let sinks = SinkRecorder()
    /// The base URL once started.
    public private(set) var url: URL?

    /// Creates a server (not started).
    /// - Parameters:
    ///   - api: The handler (set `DemoAPI.requiredKey` to test authentication).
    ///   - limits: What the server accepts before it refuses.
    ///   - log: Receives a line for each thing an operator should know; by default written to standard error.
    public init(api: DemoAPI = DemoAPI(), limits: Limits = Limits(),
                log: @escaping @Sendable (String) -> Void = MockServer.logToStandardError) {
        self.api = api
        self.limits = limits
        self.log = log
    }

    /// Writes `MockServer: <line>` to standard error.
    public static let logToStandardError: @Sendable (String) -> Void = { line in
        FileHandle.standardError.write(Data("MockServer: \(line)\n".utf8))
    }

    /// Starts a server, runs `body` with its base URL, and stops the server when `body` returns or throws.
    ///
    /// The server lives exactly as long as `body` runs, which ``start(host:port:)`` alone cannot promise.
    /// - Parameters:
    ///   - api: The handler.
    ///   - limits: What the server accepts before it refuses.
    ///   - host: An IPv4 address to bind (default loopback).
    ///   - port: The port, or 0 for an ephemeral one.
    ///   - isolation: The actor `body` runs on (the caller's, by default).
    ///   - body: What to do while the server runs.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws, or why the server could not start.
    public static func withMockServer<R>(
        api: DemoAPI = DemoAPI(), limits: Limits = Limits(), host: String = "127.0.0.1", port: UInt16 = 0,
        isolation: isolated (any Actor)? = #isolation,
        _ body: (_ url: URL) async throws -> R
    ) async throws -> R {
        try await withMockServer(api: api, limits: limits, host: host, port: port) { _, url in try await body(url) }
    }

    /// Starts a server, runs `body` with the server (for its counters) and its base URL, and stops the server
    /// when `body` returns or throws.
    /// - Parameters:
    ///   - api: The handler.
    ///   - limits: What the server accepts before it refuses.
    ///   - host: An IPv4 address to bind (default loopback).
    ///   - port: The port, or 0 for an ephemeral one.
    ///   - isolation: The actor `body` runs on (the caller's, by default).
    ///   - body: What to do while the server runs.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws, or why the server could not start.
    public static func withMockServer<R>(
        api: DemoAPI = DemoAPI(), limits: Limits = Limits(), host: String = "127.0.0.1", port: UInt16 = 0,
        isolation: isolated (any Actor)? = #isolation,
        _ body: (_ server: MockServer, _ url: URL) async throws -> R
    ) async throws -> R {
        let server = MockServer(api: api, limits: limits)
        let url = try await server.start(host: host, port: port)
        let result: R
        do {
            result = try await body(server, url)
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
        return result
    }

    /// Starts listening and returns the base URL. The server then runs until ``stop()``, even when nothing else
    /// holds it.
    /// - Parameters:
    ///   - host: An IPv4 address to bind (default loopback).
    ///   - port: The port, or 0 for an ephemeral one (read back from the socket).
    /// - Throws: When the address cannot be bound, or the server is already running.
    public func start(host: String = "127.0.0.1", port: UInt16 = 0) async throws -> URL {
        guard core == nil else { throw MockServerError.alreadyRunning }
        // The core holds the server strongly while it runs: a started server is not lost with its last reference.
        let core = HTTPServerCore(limits: limits, log: log) { request in await self.respond(to: request) }
        self.core = core
        let boundPort: UInt16
        do {
            boundPort = try await core.start(host: host, port: port)
        } catch {
            if self.core === core { self.core = nil }
            throw error
        }
        guard self.core === core else {
            // stop() was called while the socket was being set up.
            await core.stop()
            throw CancellationError()
        }
        let url = URL(string: "http://\(host):\(boundPort)")!
        self.url = url
        return url
    }

    /// Stops listening and closes open connections: idle ones at once, the others after their current answer or
    /// within a second. Not interrupted by the cancellation of the calling task.
    public func stop() async {
        guard let core else { return }
        self.core = nil
        url = nil
        await Task { await core.stop() }.value
    }

    /// The counters of one path, e.g. `/v3.0/search/` (with or without the trailing slash).
    public func counters(for path: String) -> Counters { counters[Self.normalize(path)] ?? Counters() }

    /// All counters by path (each path with a trailing slash, as the API spells them).
    public func allCounters() -> [String: Counters] { counters }

    /// Forgets every count (a fresh `X-Mock-Fault-Times` budget for each path).
    public func resetCounters() { counters = [:] }

    /// Counts a request and decides whether it gets its faults.
    private func record(path: String, wantsFaults: Bool, times: Int?) -> Bool {
        var entry = counters[path] ?? Counters()
        entry.requests += 1
        let inject = wantsFaults && (times.map { entry.faults < $0 } ?? true)
        if inject { entry.faults += 1 }
        counters[path] = entry
        return inject
    }

    /// Request paths come without their trailing slash (FlyingFox's `HTTPRequest` standardizes them); counters
    /// keep the API's spelling.
    private static func normalize(_ path: String) -> String { path.hasSuffix("/") ? path : path + "/" }

    private nonisolated func respond(to request: HTTPRequest) async -> HTTPResponse {
        let path = Self.normalize(request.path)
        if path.hasPrefix(BodyEcho.prefix) { return await BodyEcho.respond(to: request) }
        if path.hasPrefix(BodySink.prefix) { return await BodySink.respond(to: request, recorder: sinks) }
        if path.hasPrefix(StreamRoutes.prefix) {
            return await StreamRoutes.respond(to: request, path: path, recorder: streams)
        }
        let faults: [MockFault]
        do {
            faults = try request.headers[HTTPHeader(MockFault.header)].map(MockFault.parse) ?? []
        } catch {
            _ = await record(path: path, wantsFaults: false, times: nil)
            return MockResponses.plain(400, "\(error)")
        }
        let times = request.headers[HTTPHeader(MockFault.timesHeader)].flatMap {
            Int($0.trimmingCharacters(in: .whitespaces))
        }
        let inject = await record(path: path, wantsFaults: !faults.isEmpty, times: times)
        let answer = api.respond(method: request.method.rawValue, path: path,
                                 query: request.query.map { ($0.name, $0.value) },
                                 headers: request.headers.map { ($0.key.rawValue, $0.value) })
        return await MockResponses.make(answer, faults: inject ? faults : [])
    }
}

/// Why the server could not start.
public enum MockServerError: Error, Sendable {
    /// ``MockServer/start(host:port:)`` was called twice.
    case alreadyRunning
    /// The socket reported no IPv4 address.
    case noAddress
}
