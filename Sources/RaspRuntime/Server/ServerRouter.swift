import Foundation
public import HTTPTypes

/// Sees every request a ``ServerRouter`` answers, before its route's handler, and the response after it (logging,
/// authentication, limits, faults…).
public protocol ServerMiddleware: Sendable {
    /// Handles a request, calling `next` to reach the handler (or answering itself).
    func intercept(_ request: ServerRequest, next: @Sendable (ServerRequest) async throws -> ServerResponse)
        async throws -> ServerResponse
}

/// A failure the router answers itself: a malformed request (400), no route (404), a method the path does not
/// serve (405), a handler that failed in an undocumented way (500).
public struct ServerProblem: Sendable {
    /// The status code.
    public var status: Int
    /// The status's phrase (`Bad Request`).
    public var title: String
    /// What was wrong, for the client; nil for internal errors, whose details stay on the server.
    public var detail: String?
    /// Extra header fields (`Allow` for 405).
    public var headers: HTTPFields

    /// Creates a problem.
    public init(status: Int, title: String, detail: String?, headers: HTTPFields = [:]) {
        self.status = status
        self.title = title
        self.detail = detail
        self.headers = headers
    }

    /// An RFC 9457 `application/problem+json` response.
    public var response: ServerResponse {
        var object = ["type": "about:blank", "title": title]
        if let detail { object["detail"] = detail }
        var text = String(decoding: (try? JSONCoding.encode(object)) ?? Data(), as: UTF8.self)
        // The status is a number, which a `[String: String]` cannot hold.
        text = String(text.dropLast()) + ",\"status\":\(status)}"
        var fields: HTTPFields = [.contentType: "application/problem+json"]
        fields.append(contentsOf: headers)
        return ServerResponse(status: status, headers: fields, body: .data(Data(text.utf8)))
    }
}

/// The routes of a generated server (one per operation, registered by its `registerHandlers(on:)`) and what every
/// request goes through: route matching by path template, middlewares, and the mapping of errors to responses.
/// HTTP adapters (`RaspHummingbird`) hand it each request; it needs no HTTP library itself.
///
/// Errors thrown by a handler become responses:
/// - ``ServerResponseError``: its response as it is (documented error statuses and bodies);
/// - ``ServerRequestError`` (a parameter or body that does not decode): 400 with its reason;
/// - ``ClientError/http(_:)`` or an ``APIError`` (a handler that forwards to another server): that server's status
///   and body;
/// - anything else: 500 with no detail; ``onError`` sees the error.
public struct ServerRouter: Sendable {
    /// Answers one request.
    public typealias Handler = @Sendable (ServerRequest) async throws -> ServerResponse

    private var routes: [Route] = []
    /// The routes by path segment (by the order they were registered in), so that a request is matched only against
    /// the templates that can match it.
    private var trie = RouteTrie()
    /// The position in ``routes`` of each route, by the order it was registered in.
    private var positions: [Int] = []
    /// A path the routes are served under (`/v1`): requests are matched on what follows it, and others are not
    /// found. Empty by default.
    public var pathPrefix = ""
    /// Called in order around every matched request.
    public var middlewares: [any ServerMiddleware]
    /// Makes the response of a failure the router answers itself (default: `application/problem+json`).
    public var problemResponse: @Sendable (ServerProblem) -> ServerResponse = { $0.response }
    /// Sees the errors answered with 500 (to log them; their text is never sent).
    public var onError: @Sendable (ServerRequest, any Error) -> Void = { _, _ in }
    /// The largest request body collected for a route that does not stream its body, in bytes (default: 16 MiB); a
    /// larger one is answered 413, unread past the limit (at once when its `Content-Length` says so).
    public var maxBodySize = 16 << 20

    /// Creates a router with no routes.
    public init(middlewares: [any ServerMiddleware] = []) {
        self.middlewares = middlewares
    }

    /// Adds a route. Paths with literal segments win over templated ones (`/users/me` before `/users/{id}`).
    /// - Parameters:
    ///   - method: The HTTP method.
    ///   - path: The OpenAPI path template (`/users/{id}`, `/files/{name}.{ext}`).
    ///   - operationID: The operation it serves.
    ///   - streamsBody: Whether the handler (and the middlewares) get the request body as it arrives, to read once
    ///     and with no size limit (an upload written to disk as it comes); otherwise it is collected first, within
    ///     ``maxBodySize``.
    ///   - handler: Answers the request; ``ServerRequest/pathParameters`` holds the template's values.
    ///   - accepts: For a route that shares its method and path with others (the webhooks an API sends to one URL):
    ///     whether it takes a request, given with its body in memory; a request it does not take goes on to the
    ///     next route that matches. Nil takes every request.
    public mutating func register(method: String, path: String, operationID: String, streamsBody: Bool = false,
                                  accepts: (@Sendable (ServerRequest) -> Bool)? = nil, handler: @escaping Handler) {
        let route = Route(method: method.uppercased(), template: PathTemplate(path), operationID: operationID,
                          streamsBody: streamsBody && accepts == nil, accepts: accepts, handler: handler)
        let index = routes.firstIndex { route.template.isMoreSpecific(than: $0.template) } ?? routes.endIndex
        routes.insert(route, at: index)
        for registered in positions.indices where positions[registered] >= index { positions[registered] += 1 }
        trie.insert(route.template, positions.count)
        positions.append(index)
    }

    /// The operations registered, as `METHOD path` strings in matching order.
    public var routeDescriptions: [String] { registeredRoutes.map { "\($0.method) \($0.path)" } }

    /// The methods and path templates registered, in matching order (an adapter registers them on its framework's
    /// router).
    public var registeredRoutes: [(method: String, path: String)] { routes.map { ($0.method, $0.template.text) } }

    /// Answers a request: its route's handler through the middlewares, or the failure the router answers itself.
    public func respond(to request: ServerRequest) async -> ServerResponse {
        var allowed: Set<String> = []
        let path = request.path.hasPrefix(pathPrefix) ? String(request.path.dropFirst(pathPrefix.count)) : nil
        // The routes that can match, in matching order.
        let segments = path?.split(separator: "/", omittingEmptySubsequences: false)
        let candidates = segments.map { trie.candidates($0).map { positions[$0] }.sorted() } ?? []
        // The request with its body in memory, once a route that does not stream its body matched.
        var collected = request
        // The first shape of template that matches the path (the most specific) decides: a request to `/users/me`
        // with a method only `/users/{id}` serves is answered 405, not routed there.
        var matched: String?
        for position in candidates {
            let route = routes[position]
            guard matched == nil || matched == route.template.shape, let path,
                  let parameters = route.template.match(path) else { continue }
            matched = route.template.shape
            let headFromGet = request.method == "HEAD" && route.method == "GET"
                && !candidates.contains { routes[$0].method == "HEAD" && routes[$0].template.match(path) != nil }
            guard route.method == request.method || headFromGet else {
                allowed.insert(route.method)
                continue
            }
            if !route.streamsBody, !collected.body.isInMemory {
                let (body, problem) = await collectBody(of: collected)
                if let problem { return problemResponse(problem) }
                collected.body = MessageBody(body)
            }
            var request = route.streamsBody ? request : collected
            request.pathParameters = parameters
            request.operationID = route.operationID
            if let accepts = route.accepts, !accepts(request) { continue }
            var response = await run(route, request)
            if headFromGet { response.body = .data(Data()) }
            return response
        }
        if !allowed.isEmpty {
            let allow = allowed.sorted().joined(separator: ", ")
            return problemResponse(ServerProblem(status: 405, title: "Method Not Allowed",
                                                 detail: "\(request.method) is not allowed here; use \(allow)",
                                                 headers: [.allow: allow]))
        }
        return problemResponse(ServerProblem(status: 404, title: "Not Found", detail: "no operation has this path"))
    }

    /// The request's body in memory, or the problem to answer: 413 past ``maxBodySize`` (before reading when the
    /// `Content-Length` says so), 400 when the body cannot be read.
    private func collectBody(of request: ServerRequest) async -> (Data, ServerProblem?) {
        let tooLarge = ServerProblem(status: 413, title: "Content Too Large",
                                     detail: "the body is larger than \(maxBodySize) bytes")
        if let announced = request.header("Content-Length").flatMap(Int.init), announced > maxBodySize {
            return (Data(), tooLarge)
        }
        do {
            return (try await request.body.collect(upTo: maxBodySize), nil)
        } catch is StreamError {
            return (Data(), tooLarge)
        } catch {
            return (Data(), ServerProblem(status: 400, title: "Bad Request", detail: "the body could not be read"))
        }
    }

    private func run(_ route: Route, _ request: ServerRequest) async -> ServerResponse {
        var next: Handler = route.handler
        for middleware in middlewares.reversed() {
            let inner = next
            next = { try await middleware.intercept($0, next: inner) }
        }
        do {
            return try await next(request)
        } catch let error as ServerResponseError {
            return error.response
        } catch let error as ServerRequestError {
            let title = error.status == 415 ? "Unsupported Media Type" : "Bad Request"
            return problemResponse(ServerProblem(status: error.status, title: title, detail: error.reason))
        } catch let error as any HTTPErrorResponse {
            return Self.forwarded(error.failure)
        } catch {
            if let failure = (error as? ClientError)?.httpFailure { return Self.forwarded(failure) }
            onError(request, error)
            return problemResponse(ServerProblem(status: 500, title: "Internal Server Error", detail: nil))
        }
    }

    /// The response another server gave, with its status, content type and body.
    private static func forwarded(_ failure: ClientError.HTTPFailure) -> ServerResponse {
        let type = failure.headers[.contentType]
        return ServerResponse(status: failure.status, headers: type.map { [.contentType: $0] } ?? [:],
                              body: .data(failure.body))
    }

    private struct Route: Sendable {
        var method: String
        var template: PathTemplate
        var operationID: String
        var streamsBody: Bool
        var accepts: (@Sendable (ServerRequest) -> Bool)?
        var handler: Handler
    }
}

/// Routes by path segment: a template's segments of plain text are followed by their text, the others (a parameter,
/// text with a parameter) by a wildcard. A path's candidates are the routes of every branch its segments can take,
/// so matching a request costs the routes that share its shape, not every route.
struct RouteTrie: Sendable {
    private struct Node: Sendable {
        var literals: [String: Int] = [:]
        var wildcard: Int?
        var routes: [Int] = []
    }

    private var nodes = [Node()]

    /// Adds a route's template, the route known by `route`.
    mutating func insert(_ template: PathTemplate, _ route: Int) {
        var node = 0
        for pieces in template.segments {
            let literal: String? = if pieces.count == 1, case .literal(let text) = pieces[0] { text } else { nil }
            let existing = literal.map { nodes[node].literals[$0] } ?? nodes[node].wildcard
            let next = existing ?? nodes.count
            if existing == nil {
                nodes.append(Node())
                if let literal { nodes[node].literals[literal] = next } else { nodes[node].wildcard = next }
            }
            node = next
        }
        nodes[node].routes.append(route)
    }

    /// The routes whose templates can match a path of these segments.
    func candidates(_ segments: [Substring]) -> [Int] {
        var found: [Int] = []
        var pending = [(node: 0, depth: 0)]
        while let (node, depth) = pending.popLast() {
            guard depth < segments.count else {
                found += nodes[node].routes
                continue
            }
            if let next = nodes[node].literals[String(segments[depth])] { pending.append((next, depth + 1)) }
            if let next = nodes[node].wildcard { pending.append((next, depth + 1)) }
        }
        return found
    }
}

/// An OpenAPI path template split into segments of literal text and `{name}` parameters.
struct PathTemplate: Sendable {
    enum Piece: Sendable, Equatable {
        case literal(String)
        case parameter(String)
    }

    let text: String
    let segments: [[Piece]]
    /// How literal each segment is: 2 for plain text, 1 for text with parameters, 0 for a parameter alone.
    private let specificity: [Int]
    /// The template with its parameters' names left out (`/users/{}`): templates of one shape match the same paths.
    let shape: String

    init(_ text: String) {
        self.text = text
        segments = text.split(separator: "/", omittingEmptySubsequences: false).map { segment in
            var pieces: [Piece] = []
            var rest = Substring(segment)
            while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
                if open > rest.startIndex { pieces.append(.literal(String(rest[..<open]))) }
                pieces.append(.parameter(String(rest[rest.index(after: open)..<close])))
                rest = rest[rest.index(after: close)...]
            }
            if !rest.isEmpty || pieces.isEmpty { pieces.append(.literal(String(rest))) }
            return pieces
        }
        shape = segments.map { pieces in
            pieces.map { piece in
                switch piece {
                case .literal(let text): text
                case .parameter: "{}"
                }
            }.joined()
        }.joined(separator: "/")
        specificity = segments.map { pieces in
            pieces.allSatisfy { if case .literal = $0 { true } else { false } } ? 2 : pieces.count > 1 ? 1 : 0
        }
    }


    /// Whether the template should be tried before `other`: its first segment that differs is more literal.
    func isMoreSpecific(than other: PathTemplate) -> Bool {
        for (mine, theirs) in zip(specificity, other.specificity) where mine != theirs { return mine > theirs }
        return false
    }

    /// The parameters' values (still percent-encoded) when `path` matches, else nil.
    func match(_ path: String) -> [String: String]? {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == segments.count else { return nil }
        var values: [String: String] = [:]
        for (pieces, part) in zip(segments, parts) {
            var rest = part
            for (index, piece) in pieces.enumerated() {
                switch piece {
                case .literal(let literal):
                    guard rest.hasPrefix(literal) else { return nil }
                    rest = rest.dropFirst(literal.count)
                case .parameter(let name):
                    // A parameter runs to the next literal (or the segment's end); it may be empty (an empty
                    // string, an empty list in simple style).
                    var end = rest.endIndex
                    if index + 1 < pieces.count, case .literal(let next) = pieces[index + 1] {
                        guard let found = rest.range(of: next) else { return nil }
                        end = found.lowerBound
                    }
                    values[name] = String(rest[..<end])
                    rest = rest[end...]
                }
            }
            guard rest.isEmpty else { return nil }
        }
        return values
    }
}
