import Foundation
import RaspRuntime
import Testing

/// How ``ServerRouter`` picks a route: the most literal template that matches, whatever the order of registration
/// and however many routes there are; 405 with `Allow` for a path whose routes take other methods; HEAD from GET.
struct ServerRouterTests {
    /// A router whose every route answers its operation ID and path parameters as text.
    static func router(_ routes: [(method: String, path: String, id: String)]) -> ServerRouter {
        var router = ServerRouter()
        for route in routes {
            router.register(method: route.method, path: route.path, operationID: route.id) { request in
                let parameters = request.pathParameters.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
                let text = ([request.operationID] + parameters).joined(separator: " ")
                return ServerResponse(status: 200, contentType: "text/plain", body: Data(text.utf8))
            }
        }
        return router
    }

    static func answer(_ router: ServerRouter, _ method: String, _ target: String) async -> (Int, String) {
        let response = await router.respond(to: ServerRequest(method: method, target: target))
        return (response.status, String(decoding: response.data ?? Data(), as: UTF8.self))
    }

    @Test func theMostLiteralTemplateWinsWhateverTheOrder() async {
        let routes = [
            ("GET", "/users/{id}", "user"), ("GET", "/users/me", "me"),
            ("GET", "/users/{id}/files/{name}.{ext}", "file"), ("GET", "/users/{id}/files/{name}", "fileAny"),
            ("GET", "/{kind}/me", "anyMe"),
        ]
        for order in [routes, routes.reversed()] {
            let router = Self.router(order.map { (method: $0.0, path: $0.1, id: $0.2) })
            #expect(await Self.answer(router, "GET", "/users/me").1 == "me")
            #expect(await Self.answer(router, "GET", "/users/42").1 == "user id=42")
            #expect(await Self.answer(router, "GET", "/users/42/files/a.txt").1 == "file ext=txt id=42 name=a")
            #expect(await Self.answer(router, "GET", "/users/42/files/a").1 == "fileAny id=42 name=a")
            #expect(await Self.answer(router, "GET", "/groups/me").1 == "anyMe kind=groups")
            #expect(await Self.answer(router, "GET", "/users/42/other").0 == 404)
        }
    }

    @Test func manyRoutesEachFindTheirOwn() async {
        // 2,000 operations over 500 resources: literal paths, templated ones and methods that share a path.
        var routes: [(method: String, path: String, id: String)] = []
        for resource in 0..<500 {
            routes.append(("GET", "/v1/r\(resource)", "list\(resource)"))
            routes.append(("POST", "/v1/r\(resource)", "create\(resource)"))
            routes.append(("GET", "/v1/r\(resource)/{id}", "get\(resource)"))
            routes.append(("GET", "/v1/r\(resource)/{id}/items/{item}", "item\(resource)"))
        }
        let router = Self.router(routes.shuffled())
        for resource in [0, 1, 250, 499] {
            #expect(await Self.answer(router, "GET", "/v1/r\(resource)").1 == "list\(resource)")
            #expect(await Self.answer(router, "POST", "/v1/r\(resource)").1 == "create\(resource)")
            #expect(await Self.answer(router, "GET", "/v1/r\(resource)/7").1 == "get\(resource) id=7")
            #expect(await Self.answer(router, "GET", "/v1/r\(resource)/7/items/x").1 == "item\(resource) id=7 item=x")
        }
        let (status, _) = await Self.answer(router, "DELETE", "/v1/r3")
        #expect(status == 405)
        let response = await router.respond(to: ServerRequest(method: "DELETE", target: "/v1/r3"))
        #expect(response.header("Allow") == "GET, POST")
        #expect(await Self.answer(router, "GET", "/v1/r500").0 == 404)
        // HEAD is answered by GET, without a body.
        let head = await router.respond(to: ServerRequest(method: "HEAD", target: "/v1/r9/1"))
        #expect(head.status == 200 && head.data == Data())
    }

    /// A body handed over as it arrives is collected for a route that decodes it, within the limit; a streaming route
    /// gets it unread; a body that fails while being collected is a 400, one past the limit a 413.
    @Test func bodiesAreCollectedUnlessTheRouteStreamsThem() async {
        struct Broken: Error {}
        var router = ServerRouter()
        router.maxBodySize = 8
        router.register(method: "POST", path: "/collect", operationID: "collect") { request in
            ServerResponse(status: 200, contentType: "text/plain", body: Data("\(request.body.data?.count ?? -1)".utf8))
        }
        router.register(method: "POST", path: "/stream", operationID: "stream", streamsBody: true) { request in
            ServerResponse(status: 200, contentType: "text/plain", body: Data("\(request.body.isInMemory)".utf8))
        }
        func send(_ path: String, _ chunks: [Data], fail: Bool = false) async -> (Int, String) {
            let body = MessageBody(AsyncThrowingStream<Data, any Error> { continuation in
                for chunk in chunks { continuation.yield(chunk) }
                continuation.finish(throwing: fail ? Broken() : nil)
            })
            let response = await router.respond(to: ServerRequest(method: "POST", target: path, body: body))
            return (response.status, String(decoding: response.data ?? Data(), as: UTF8.self))
        }
        #expect(await send("/collect", [Data(count: 5), Data(count: 3)]) == (200, "8"))
        #expect(await send("/collect", [Data(count: 5), Data(count: 4)]).0 == 413)
        #expect(await send("/collect", [Data(count: 2)], fail: true).0 == 400)
        #expect(await send("/stream", [Data(count: 100)]) == (200, "false"))
        let announced = ServerRequest(method: "POST", target: "/collect", headers: [.contentLength: "9"],
                                      body: MessageBody(AsyncStream<Data> { _ in }))
        // Refused from its announced length, without waiting for a body that never comes.
        #expect(await router.respond(to: announced).status == 413)
    }
}
