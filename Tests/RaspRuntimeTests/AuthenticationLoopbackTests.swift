import Foundation
import Testing
import RaspTestSupport
@_spi(Generated) @testable import RaspRuntime
@testable import RaspURLSession

/// Every kind of credential as the server receives it, over a real loopback socket, and which credentials a
/// security requirement picks.
@Suite(.serialized) struct AuthenticationLoopbackTests {
    let transport = URLSessionTransport.withOwnSession(defaultTimeout: hangGuard)

    func core(_ server: LoopbackHTTPServer, _ credentials: [Authentication]) -> ClientCore {
        ClientCore(serverURL: server.baseURL, transport: transport, middlewares: [], credentials: credentials)
    }

    @Test func basicSendsTheRFC7617Bytes() async throws {
        try await LoopbackHTTPServer.with(respond: { _ in .json(200, "{}") }) { server in
            let basic = Authentication.basic(username: testBasicUser, password: testBasicPassword)
            _ = try await core(server, [basic]).performRaw(ClientRequest("GET", "/basic"))
            // printf 'test-user:test-pass-4b8e2c71' | base64
            #expect(server.requests.first?.header("Authorization") == "Basic dGVzdC11c2VyOnRlc3QtcGFzcy00YjhlMmM3MQ==")
        }
    }

    @Test func apiKeysGoInTheirHeaderQueryAndCookie() async throws {
        try await LoopbackHTTPServer.with(respond: { _ in .json(200, "{}") }) { server in
            var request = ClientRequest("GET", "/keys")
            request.addQuery("q", "1")
            try request.addCookie("theme", "dark", explode: true)
            _ = try await core(server, [
                .apiKey("header-value", in: .header("X-Api-Key"), scheme: "header"),
                .apiKey("query value", in: .query("api_key"), scheme: "query"),
                .apiKey("cookie;value", in: .cookie("session"), scheme: "cookie"),
            ]).performRaw(request)
            let received = try #require(server.requests.first)
            #expect(received.header("X-Api-Key") == "header-value")
            #expect(received.query.map(\.name) == ["q", "api_key"])
            #expect(received.query("api_key") == "query value")
            #expect(received.header("Cookie") == "theme=dark; session=cookie%3Bvalue")
        }
    }

    @Test func aBearerTokenProviderIsAskedPerRequest() async throws {
        let asked = Locked(0)
        let credential = Authentication.bearer(scheme: "hook") { rejected in
            #expect(rejected == nil)
            return "\(testAccessTokenPrefix)-\(asked.withLock { value in value += 1; return value })"
        }
        try await LoopbackHTTPServer.with(respond: { _ in .json(200, "{}") }) { server in
            let core = core(server, [credential])
            for _ in 0..<2 { _ = try await core.performRaw(ClientRequest("GET", "/hook")) }
            #expect(server.requests.map { $0.header("Authorization") }
                == ["Bearer \(testAccessTokenPrefix)-1", "Bearer \(testAccessTokenPrefix)-2"])
            // Both tokens are now masked wherever the client's redactor looks.
            #expect(core.redactor.redact("Bearer \(testAccessTokenPrefix)-1") == "Bearer \(Redactor.mask)")
        }
    }

    @Test func securityAlternativesCombinationsAndNone() async throws {
        try await LoopbackHTTPServer.with(respond: { _ in .json(200, "{}") }) { server in
            let core = core(server, [
                .apiKey("k", in: .header("X-Key"), scheme: "key"),
                .basic(username: testBasicUser, password: testBasicPassword, scheme: "basic"),
                .bearer("app-token", scheme: "app"),
            ])
            let cases: [(path: String, security: [[String]]?, auth: Bool)] = [
                ("/either", [["oauth"], ["basic"], ["key"]], true),  // no oauth credential: the first satisfied
                ("/both", [["key", "app"]], true),                   // a combination sends both
                ("/none", nil, false),                               // `security: []`
                ("/optional", [[], ["oauth"]], true),                // optional and unsatisfied: nothing named
                ("/unknown", [["oauth"]], true),                     // unsatisfiable: every credential
            ]
            for item in cases {
                _ = try await core.performRaw(ClientRequest(method: "GET", path: item.path, operationID: item.path,
                                                            requiresAuthentication: item.auth,
                                                            security: item.security))
            }
            func sent(_ path: String) -> [String] {
                let request = server.requests(to: path).first
                return ["X-Key", "Authorization"].compactMap { name in
                    request?.header(name).map { "\(name): \($0.prefix(6))" }
                }
            }
            #expect(sent("/either") == ["Authorization: Basic "])
            #expect(sent("/both") == ["X-Key: k", "Authorization: Bearer"])
            #expect(sent("/none") == [])
            #expect(sent("/optional") == [])
            #expect(sent("/unknown") == ["X-Key: k", "Authorization: Bearer"])
        }
    }

    @Test func aCredentialWithoutASchemeGoesWithEveryRequestThatNeedsOne() {
        let core = ClientCore(serverURL: testServer, transport: ScriptedTransport(jsonResponse(200, "{}")),
                              middlewares: [], credentials: [.apiKey("any", in: .header("X-Any")),
                                                             .bearer("b", scheme: "bearer")])
        let request = ClientRequest(method: "GET", path: "/", operationID: "x", security: [["bearer"]])
        #expect(core.credentials(for: request).map(\.scheme) == [nil, "bearer"])
        var other = request
        other.security = [["oauth"]]
        #expect(core.credentials(for: other).count == 2)
    }

    @Test func credentialsNeverShowInDescriptionsOrDumps() {
        let credentials: [Authentication] = [
            .basic(username: testBasicUser, password: testBasicPassword, scheme: "basic"),
            .apiKey(testKey, in: .cookie("session")),
            .bearer("\(testAccessTokenPrefix)-0"),
        ]
        for credential in credentials {
            var dumped = ""
            dump(credential, to: &dumped)
            for text in ["\(credential)", String(reflecting: credential), dumped] {
                Transcript.append("authentication", text)
                #expect(!text.contains(testBasicPassword) && !text.contains(testKey)
                    && !text.contains(testAccessTokenPrefix))
            }
        }
        let redactor = Redactor(credentials: credentials)
        let pair = Data("\(testBasicUser):\(testBasicPassword)".utf8).base64EncodedString()
        let masked = redactor.redact("echo \(pair) and \(testBasicPassword) and session=\(testKey)")
        Transcript.append("authentication", masked)
        #expect(!masked.contains(testBasicPassword) && !masked.contains(pair) && !masked.contains(testKey))
    }
}
