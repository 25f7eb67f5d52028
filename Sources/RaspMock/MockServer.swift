public import Foundation
import FlyingFox
import FlyingSocks
public import RaspDemo

/// The mock Rasp server: ``DemoAPI`` served over real HTTP (FlyingFox) on loopback, with per-request fault modes
/// (``MockFault``) and per-path counters for tests. Any request under `/_echo/` is answered, uncounted and without
/// faults, with a JSON description of the body the server parsed (form pairs, multipart parts, raw bytes). Paths
/// under `/_stream/` send long or slow bodies chunk by chunk, with their own faults and ``streamStats()``
/// (see `StreamRoutes`).
///
/// ```swift
/// let server = MockServer()
/// let url = try await server.start()          // http://127.0.0.1:<ephemeral port>
/// let client = RaspClient(serverURL: url, authentication: .apiKeyHeader(key))
/// …
/// await server.stop()
/// ```
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
    private var server: HTTPServer?
    private var runTask: Task<Void, Never>?
    private var counters: [String: Counters] = [:]
    /// What the `/_stream/` routes did (``streamStats()``).
    nonisolated let streams = StreamRecorder()
    /// The base URL once started.
    public private(set) var url: URL?

    /// Creates a server (not started).
    /// - Parameter api: The handler (set ``DemoAPI/requiredKey`` to test authentication).
    public init(api: DemoAPI = DemoAPI()) {
        self.api = api
    }

    /// Starts listening and returns the base URL.
    /// - Parameters:
    ///   - host: An IPv4 address to bind (default loopback).
    ///   - port: The port, or 0 for an ephemeral one (read back from the socket).
    /// - Throws: When the address cannot be bound, or the server is already running.
    public func start(host: String = "127.0.0.1", port: UInt16 = 0) async throws -> URL {
        guard server == nil else { throw MockServerError.alreadyRunning }
        let server = HTTPServer(address: try .inet(ip4: host, port: port), timeout: 120,
                                pool: NoDelayPool(base: HTTPServer.defaultPool()), logger: .disabled,
                                handler: ClosureHTTPHandler { [weak self] request in
                                    guard let self else { return HTTPResponse(statusCode: .serviceUnavailable) }
                                    return await self.respond(to: request)
                                })
        self.server = server
        runTask = Task { try? await server.run() }
        try await server.waitUntilListening(timeout: 10)
        guard case .ip4(_, let boundPort)? = await server.listeningAddress else {
            await stop()
            throw MockServerError.noAddress
        }
        let url = URL(string: "http://\(host):\(boundPort)")!
        self.url = url
        return url
    }

    /// Stops listening and closes open connections.
    public func stop() async {
        guard let server else { return }
        self.server = nil
        url = nil
        await server.stop(timeout: 1)
        runTask?.cancel()
        runTask = nil
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

    /// FlyingFox drops the trailing slash of request paths; counters keep the API's spelling.
    private static func normalize(_ path: String) -> String { path.hasSuffix("/") ? path : path + "/" }

    private nonisolated func respond(to request: HTTPRequest) async -> HTTPResponse {
        let path = Self.normalize(request.path)
        if path.hasPrefix(BodyEcho.prefix) { return await BodyEcho.respond(to: request) }
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
        let times = request.headers[HTTPHeader(MockFault.timesHeader)].flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
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
