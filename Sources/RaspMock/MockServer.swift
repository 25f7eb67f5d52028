public import Foundation
import HummingbirdCore
import Logging
import NIOPosix
public import RaspDemo

/// The mock Rasp server: the server generated from `openapi.yaml`, answering from `DemoAPI`, served over real
/// HTTP/1.1 on loopback (Hummingbird on SwiftNIO), with per-request fault modes (``MockFault``) and per-path counters
/// for tests. Any request under `/_echo/` is answered, uncounted and without faults, with a JSON description of the
/// body the server parsed (form pairs, multipart parts, raw bytes). Paths
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
    /// Where the server reports what an operator should know (the connection limit reached).
    private nonisolated let log: @Sendable (String) -> Void
    /// The running server's task (set by `start`, taken by `stop`).
    private var running: Running?
    /// The API's requests and faults per path.
    private nonisolated let counters = CounterStore()
    /// What answers the requests.
    private nonisolated let responder: MockResponder
    /// What the `/_stream/` routes did (``streamStats()``).
    nonisolated var streams: StreamRecorder { responder.streams }
    /// What the `/_sink/` route did (``sinkStats()``).
    nonisolated var sinks: SinkRecorder { responder.sinks }
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
        responder = MockResponder(api: api, limits: limits, counters: counters)
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
        guard running == nil else { throw MockServerError.alreadyRunning }
        let (ports, portSink) = AsyncStream<Int?>.makeStream()
        let server = Server(
            childChannelSetup: MockChannel(limits: limits, responder: responder),
            configuration: ServerConfiguration(
                address: .hostname(host, port: Int(port)), backlog: 1024,
                availableConnectionsDelegate: ConnectionCap(limit: limits.maxConnections, log: log)),
            onServerRunning: { channel in
                portSink.yield(channel.localAddress?.port)
                portSink.finish()
            },
            eventLoopGroup: MultiThreadedEventLoopGroup.singleton,
            logger: Self.quietLogger
        )
        // The task holds the server (and this actor) strongly while it runs: a started server is not lost with its
        // last reference.
        let task = Task {
            defer {
                portSink.finish()
                withExtendedLifetime(self) {}
            }
            try await server.run()
        }
        let running = Running(server: server, task: task)
        self.running = running
        var iterator = ports.makeAsyncIterator()
        guard let bound = await iterator.next() ?? nil else {
            if self.running?.task == task { self.running = nil }
            task.cancel()
            try await task.value
            throw MockServerError.noAddress
        }
        guard self.running?.task == task else {
            // stop() was called while the socket was being set up.
            await running.stop()
            throw CancellationError()
        }
        let url = URL(string: "http://\(host):\(bound)")!
        self.url = url
        return url
    }

    /// Stops listening and closes open connections: idle ones at once, the others after their current answer or
    /// within a second. Not interrupted by the cancellation of the calling task.
    public func stop() async {
        guard let running else { return }
        self.running = nil
        url = nil
        await Task { await running.stop() }.value
    }

    /// The counters of one path, e.g. `/v3.0/search/` (with or without the trailing slash).
    public func counters(for path: String) -> Counters {
        counters.all[path.hasSuffix("/") ? path : path + "/"] ?? Counters()
    }

    /// All counters by path (each path with a trailing slash, as the API spells them).
    public func allCounters() -> [String: Counters] { counters.all }

    /// Forgets every count (a fresh `X-Mock-Fault-Times` budget for each path).
    public func resetCounters() { counters.reset() }

    /// Hummingbird's log: nothing an operator needs (starting, stopping, connections); the server reports what
    /// matters through `log`.
    private static let quietLogger = Logger(label: "rasp-mock") { _ in SwiftLogNoOpLogHandler() }

    /// A running server and the task that runs it.
    private struct Running: Sendable {
        let server: Server<MockChannel>
        let task: Task<Void, any Error>

        /// Stops the server: no new connections; idle ones close at once, the others after their current answer
        /// or, past `grace`, where they are.
        func stop(grace: Duration = .seconds(1)) async {
            // The server's task ends once every connection has closed.
            Task { try? await server.shutdownGracefully() }
            let deadline = Task {
                try await Task.sleep(for: grace)
                task.cancel()
            }
            _ = await task.result
            deadline.cancel()
        }
    }
}

/// Why the server could not start.
public enum MockServerError: Error, Sendable {
    /// ``MockServer/start(host:port:)`` was called twice.
    case alreadyRunning
    /// The socket reported no IPv4 address.
    case noAddress
}
