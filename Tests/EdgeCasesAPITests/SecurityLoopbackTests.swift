import EdgeCasesAPI
import Foundation
import RaspRuntime
import RaspURLSession
import RaspTestSupport
import Testing

/// The generated client's credentials for every kind of security scheme, as a loopback server receives them: each
/// operation sends what its `security` asks for (alternatives, combinations, none, optional), HTTP Basic as its
/// exact bytes, and OAuth 2 tokens fetched once, cached and replaced after a 401 with the request sent once more.
@Suite(.serialized) struct SecurityLoopbackTests {
    /// Answers `/oauth/token` with numbered tokens and every other path with a point, or 401 for a revoked token.
    final class Server: Sendable {
        let revoked = Locked<Set<String>>([])
        let issued = Locked(0)

        func respond(_ request: LoopbackHTTPServer.Request) -> LoopbackHTTPServer.Reply {
            if request.path == "/oauth/token" {
                let number = issued.withLock { value in value += 1; return value }
                return .json(200, #"{"access_token": "\#(testAccessTokenPrefix)-\#(number)", "expires_in": 3600}"#)
            }
            let bearer = request.header("Authorization").map { String($0.dropFirst("Bearer ".count)) }
            if let bearer, revoked.withLock({ $0.contains(bearer) }) { return .json(401, "{}") }
            return request.method == "POST" ? LoopbackHTTPServer.Reply(204) : .json(200, #"{"x": 1, "y": 2}"#)
        }
    }

    let transport = URLSessionTransport.withOwnSession(defaultTimeout: hangGuard)

    func run(_ body: (LoopbackHTTPServer, Server) async throws -> Void) async throws {
        let server = Server()
        try await LoopbackHTTPServer.with(respond: server.respond) { loopback in try await body(loopback, server) }
    }

    func client(_ server: LoopbackHTTPServer, _ credentials: Authentication...) -> Client {
        var client = Client(serverURL: server.baseURL, transport: transport)
        client.core.credentials = credentials
        return client
    }

    func sent(_ server: LoopbackHTTPServer, _ path: String) -> [String] {
        guard let request = server.requests(to: path).last else { return ["(no request)"] }
        return ["Authorization", "X-Api-Key", "Cookie"].compactMap { name in
            request.header(name).map { "\(name): \($0)" }
        } + request.query.map { "?\($0.name)=\($0.value)" }
    }

    @Test func basicSendsTheUserAndPasswordAsRFC7617Says() async throws {
        try await run { server, _ in
            let client = client(server, .basicScheme(username: testBasicUser, password: testBasicPassword))
            let point = try await client.secureEither()
            #expect(point == Point(x: 1, y: 2))
            // printf 'test-user:test-pass-4b8e2c71' | base64
            #expect(sent(server, "/secure/either") == ["Authorization: Basic dGVzdC11c2VyOnRlc3QtcGFzcy00YjhlMmM3MQ=="])
        }
    }

    @Test func eachOperationSendsWhatItsRequirementAsks() async throws {
        try await run { server, _ in
            let client = client(server, .apiKeyScheme("header-key"), .queryKey("query-key"), .cookieKey("cookie-key"),
                                .bearerScheme("app-token"), .digest("Digest username=\"a\", response=\"b\""))
            _ = try await client.secureBoth()
            _ = try await client.securePublic()
            _ = try await client.secureOptional()
            try await client.secureDigest()
            _ = try await client.search()
            #expect(sent(server, "/secure/both") == ["X-Api-Key: header-key", "?api_key=query-key"])
            #expect(sent(server, "/secure/public") == [])
            #expect(sent(server, "/secure/optional") == ["Cookie: session_key=cookie-key"])
            #expect(sent(server, "/secure/digest") == [#"Authorization: Digest username="a", response="b""#])
            #expect(sent(server, "/search") == ["Authorization: Bearer app-token"])

            // Without the cookie, the optional requirement sends nothing; the alternatives take the OAuth token.
            let other = self.client(server, .oauth { _ in "\(testAccessTokenPrefix)-hook" }, .queryKey("q"))
            _ = try await other.secureOptional()
            _ = try await other.secureEither()
            #expect(sent(server, "/secure/optional") == [])
            #expect(sent(server, "/secure/either") == ["Authorization: Bearer \(testAccessTokenPrefix)-hook"])
        }
    }

    @Test func theOAuth2ClientCredentialsFlowFetchesOnceAndReplacesARejectedToken() async throws {
        try await run { loopback, server in
            let tokenURL = loopback.baseURL.appendingPathComponent("oauth/token")
            let credential = Authentication.oauth(clientID: "test-client", clientSecret: testClientSecret,
                                                  scopes: ["read"], tokenURL: tokenURL)
            let client = client(loopback, credential)
            for _ in 0..<3 { _ = try await client.secureEither() }
            #expect(server.issued.withLock { $0 } == 1)
            server.revoked.withLock { _ = $0.insert("\(testAccessTokenPrefix)-1") }
            let point = try await client.secureEither()
            #expect(point == Point(x: 1, y: 2))
            #expect(server.issued.withLock { $0 } == 2)
            #expect(loopback.requests(to: "/secure/either").compactMap { $0.header("Authorization")?.suffix(2) }
                == ["-1", "-1", "-1", "-1", "-2"])
            let fetch = try #require(loopback.requests(to: "/oauth/token").first)
            #expect(fetch.form == ["grant_type": "client_credentials", "scope": "read"])
        }
    }

    @Test func anOpenIDConnectProviderIsAskedAgainAfterA401() async throws {
        try await run { loopback, server in
            let asked = Locked<[String?]>([])
            server.revoked.withLock { _ = $0.insert("\(testAccessTokenPrefix)-stale") }
            let client = client(loopback, .oidc(Provider { rejected in
                asked.withLock { $0.append(rejected) }
                return rejected == nil ? "\(testAccessTokenPrefix)-stale" : "\(testAccessTokenPrefix)-fresh"
            }))
            _ = try await client.secureOIDC()
            #expect(asked.withLock { $0 } == [nil, "\(testAccessTokenPrefix)-stale"])
            #expect(loopback.requests(to: "/secure/oidc").count == 2)
        }
    }

    /// An app's own token provider (here a function).
    struct Provider: AccessTokenProvider {
        let token: @Sendable (String?) async throws -> String
        init(_ token: @escaping @Sendable (String?) async throws -> String) { self.token = token }
        func accessToken(replacing rejected: String?) async throws -> String { try await token(rejected) }
    }
}

extension Authentication {
    /// The edge-case document's `oauth` scheme with a token function (the app's own flow).
    static func oauth(_ token: @escaping @Sendable (String?) async throws -> String) -> Authentication {
        .oauth(SecurityLoopbackTests.Provider(token))
    }
}
