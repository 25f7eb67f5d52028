import Foundation
import RaspHummingbird
import RaspRuntime
import RaspURLSession
import RaspTestSupport
import Testing

/// Repeated header fields through the server side: the router hands a handler every field of a repeated name in
/// order, and its response's repeated fields (two `Set-Cookie`) reach the client as several fields, in process
/// (``RouterTransport``) and over HTTP through the Hummingbird adapter.
@Suite struct RepeatedFieldTests {
    /// Two cookies, the first with the comma of its `Expires` date.
    static let cookies = ["session=s1; Expires=Wed, 21 Oct 2026 07:28:00 GMT; Path=/; HttpOnly", "theme=dark; Path=/"]
    static let tag = HTTPField.Name("X-Tag")!
    static let echo = HTTPField.Name("X-Echo")!

    /// One route: answers the two cookies, then one `X-Echo` field per `X-Tag` field of the request, in order.
    static var router: ServerRouter {
        var router = ServerRouter()
        router.register(method: "GET", path: "/fields", operationID: "fields") { request in
            var headers = HTTPFields()
            for cookie in cookies { headers.append(HTTPField(name: .setCookie, value: cookie)) }
            for value in request.headers[values: tag] { headers.append(HTTPField(name: echo, value: value)) }
            return ServerResponse(status: 204, headers: headers)
        }
        return router
    }

    static var request: ClientRequest {
        var request = ClientRequest(method: "GET", path: "/fields", operationID: "fields",
                                    requiresAuthentication: false)
        request.appendHeader("X-Tag", "one")
        request.appendHeader("X-Tag", "two")
        return request
    }

    @Test("In process, the handler sees both request fields and the client gets both cookies, in order")
    func inProcess() async throws {
        let response = try await RouterTransport(router: Self.router).send(Self.request, baseURL: testServer)
        #expect(response.status == 204)
        #expect(response.headers[values: .setCookie] == Self.cookies)
        #expect(response.headers[values: Self.echo] == ["one", "two"])
    }

    @Test("Over HTTP through the Hummingbird adapter, every repeated field arrives in order")
    func overHummingbird() async throws {
        try await Self.router.withServer { url in
            // URLSession joins a repeated request field into one ("one,two"): the AsyncHTTPClient transport is not
            // a dependency here, so the request is sent by hand to show the adapter passes both fields on.
            let text = "GET /fields HTTP/1.1\r\nHost: x\r\nX-Tag: one\r\nX-Tag: two\r\nConnection: close\r\n\r\n"
            let client = try await RawClient.connect(port: RawClient.port(url), sending: Data(text.utf8))
            let answer = try #require(await client.answer())
            #expect(answer.status == 204)
            let lines = answer.head.split(separator: "\r\n").map(String.init)
            #expect(lines.filter { $0.lowercased().hasPrefix("set-cookie:") }
                .map { $0.dropFirst("set-cookie:".count).trimmingCharacters(in: .whitespaces) } == Self.cookies)
            #expect(lines.filter { $0.lowercased().hasPrefix("x-echo:") } == ["X-Echo: one", "X-Echo: two"])
            let viaClient = try await URLSessionTransport.withOwnSession().send(Self.request, baseURL: url)
            #expect(viaClient.headers[values: .setCookie] == Self.cookies)
        }
    }
}
