public import Hummingbird
public import RaspRuntime

@available(macOS 14, iOS 17, tvOS 17, *)
extension Router {
    /// Adds the routes of a ``ServerRouter`` (a generated server's operations) to this router, beside the routes of
    /// your own: each method and path template is registered with Hummingbird, and a request it matches is answered
    /// by `serverRouter` (its middlewares, parameter decoding and error responses), its body streamed to it.
    ///
    /// ```swift
    /// var operations = ServerRouter()
    /// MyService().registerHandlers(on: &operations)
    /// let router = Router()
    /// router.get("/health") { _, _ in "ok" }
    /// router.addRoutes(of: operations)
    /// ```
    /// A segment of a template with a parameter (`{id}`, `{name}.{ext}`) is registered as a wildcard; the server
    /// router then matches the request's path exactly.
    /// - Parameter serverRouter: The routes to serve.
    public func addRoutes(of serverRouter: ServerRouter) {
        for route in serverRouter.registeredRoutes {
            // The server router's methods are valid tokens (it upper-cases what it is given).
            guard let method = HTTPRequest.Method(route.method) else { continue }
            let path = Self.hummingbirdPath(serverRouter.pathPrefix + route.path)
            on(RouterPath(path), method: method) { request, _ in
                Response(await serverRouter.respond(to: ServerRequest(request)))
            }
        }
    }

    /// A path template in Hummingbird's syntax: plain segments as they are, the others (with a parameter, or with
    /// characters Hummingbird's syntax gives a meaning to) as `*`.
    static func hummingbirdPath(_ template: String) -> String {
        template.split(separator: "/", omittingEmptySubsequences: false).map { segment in
            let plain = segment.allSatisfy { $0.isASCII && !"{}:*%".contains($0) }
            return plain ? String(segment) : "*"
        }.joined(separator: "/")
    }
}
