import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import RaspTestSupport
@_spi(Generated) @testable import RaspRuntime
@testable import RaspURLSession
@testable import RaspMiddlewares

/// ``OAuth2Tokens`` against a loopback authorization server and API: a token is fetched once and shared, reused
/// until shortly before it expires, replaced after a 401 with the request sent once more, and its refresh token
/// rotated; the endpoint's refusals are typed and no secret reaches a description.
@Suite(.serialized) struct OAuth2LoopbackTests {
    /// A token endpoint at `/token` and an API at `/api` that accepts the tokens it has issued and not revoked.
    final class AuthorizationServer: Sendable {
        struct State {
            var issued = 0
            var revoked: Set<String> = []
            var rejectEverything = false
            var refreshTokens: [String] = []
        }

        let state = Locked(State())
        let expiresIn: Int

        init(expiresIn: Int = 3600) { self.expiresIn = expiresIn }

        func respond(_ request: LoopbackHTTPServer.Request) -> LoopbackHTTPServer.Reply {
            if request.path == "/token" { return token(request) }
            let token = request.header("Authorization").map { String($0.dropFirst("Bearer ".count)) } ?? ""
            let accepted = state.withLock { state in
                !state.rejectEverything && token.hasPrefix(testAccessTokenPrefix) && !state.revoked.contains(token)
            }
            return accepted ? .json(200, #"{"ok": true}"#) : .json(401, #"{"error": "invalid_token"}"#)
        }

        private func token(_ request: LoopbackHTTPServer.Request) -> LoopbackHTTPServer.Reply {
            let form = request.form
            let clientPair = Data("test-client:\(testClientSecret)".utf8).base64EncodedString()
            let authenticated = request.header("Authorization") == "Basic \(clientPair)"
                || (form["client_id"] == "test-client" && form["client_secret"] == testClientSecret)
            guard authenticated else { return .json(401, #"{"error": "invalid_client"}"#) }
            let number = state.withLock { state -> Int in
                state.issued += 1
                if let refresh = form["refresh_token"] { state.refreshTokens.append(refresh) }
                return state.issued
            }
            return .json(200, """
                {"access_token": "\(testAccessTokenPrefix)-\(number)", "token_type": "Bearer",
                 "expires_in": \(expiresIn), "refresh_token": "\(testRefreshTokenPrefix)-\(number)"}
                """)
        }

        var issued: Int { state.withLock { $0.issued } }
        func revoke(_ number: Int) { state.withLock { _ = $0.revoked.insert("\(testAccessTokenPrefix)-\(number)") } }
    }

    /// A session of the test's own: the process-wide default session pools keep-alive connections across tests, and a
    /// pooled connection to a server another test has stopped (whose port the loopback server may get again) would
    /// carry this test's requests to that server.
    let transport = URLSessionTransport(session: URLSession(configuration: .ephemeral), defaultTimeout: hangGuard)

    func run(_ authorization: AuthorizationServer = AuthorizationServer(),
             _ body: (LoopbackHTTPServer, AuthorizationServer) async throws -> Void) async throws {
        try await LoopbackHTTPServer.with(respond: authorization.respond) { server in
            try await body(server, authorization)
        }
    }

    func tokens(_ server: LoopbackHTTPServer, grant: OAuth2Tokens.Grant = .clientCredentials,
                clientAuthentication: OAuth2Tokens.ClientAuthentication = .basic, now: TestNow? = nil,
                onTokens: (@Sendable (OAuth2Token) -> Void)? = nil) -> OAuth2Tokens {
        let clock: @Sendable () -> Date = if let now { now.now } else { { Date() } }
        return OAuth2Tokens(tokenURL: server.baseURL.appendingPathComponent("token"), clientID: "test-client",
                     clientSecret: testClientSecret, grant: grant, scopes: ["read", "write"],
                     clientAuthentication: clientAuthentication, transport: transport,
                     now: clock, onTokens: onTokens)
    }

    func client(_ server: LoopbackHTTPServer, _ tokens: OAuth2Tokens) -> ClientCore {
        ClientCore(serverURL: server.baseURL, transport: transport, middlewares: [],
                   authentication: .oauth2(tokens, scheme: "oauth2"))
    }

    func call(_ core: ClientCore) async throws -> ClientResponse {
        try await core.performRaw(ClientRequest("GET", "/api"))
    }

    @Test func concurrentCallsShareOneFetchedToken() async throws {
        try await run { server, authorization in
            let tokens = tokens(server)
            let core = client(server, tokens)
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<6 { group.addTask { _ = try await call(core) } }
                try await group.waitForAll()
            }
            _ = try await call(core)
            #expect(authorization.issued == 1)
            #expect(await tokens.fetchCount == 1)
            let bearers = Set(server.requests(to: "/api").map { $0.header("Authorization") })
            #expect(bearers == ["Bearer \(testAccessTokenPrefix)-1"])
            let fetch = try #require(server.requests(to: "/token").first)
            #expect(fetch.form["grant_type"] == "client_credentials" && fetch.form["scope"] == "read write")
            #expect(fetch.header("Content-Type") == "application/x-www-form-urlencoded")
        }
    }

    @Test func theTokenIsReplacedShortlyBeforeItExpires() async throws {
        try await run { server, authorization in
            let now = TestNow(Date(timeIntervalSince1970: 1_800_000_000))
            let core = client(server, tokens(server, now: now))
            _ = try await call(core)
            now.advance(by: 3600 - 120)  // two minutes left: still valid with the 60 s leeway
            _ = try await call(core)
            #expect(authorization.issued == 1)
            now.advance(by: 90)  // 30 s left: inside the leeway
            _ = try await call(core)
            #expect(authorization.issued == 2)
            #expect(server.requests(to: "/api").last?.header("Authorization") == "Bearer \(testAccessTokenPrefix)-2")
        }
    }

    @Test func a401FetchesANewTokenAndSendsTheRequestOnceMore() async throws {
        try await run { server, authorization in
            let core = client(server, tokens(server))
            _ = try await call(core)
            authorization.revoke(1)
            let response = try await call(core)
            #expect(response.status == 200)
            #expect(server.requests(to: "/api").compactMap { $0.header("Authorization")?.suffix(2) }
                == ["-1", "-1", "-2"])
            #expect(authorization.issued == 2)
        }
    }

    @Test func aSecond401IsTheAnswer() async throws {
        try await run { server, authorization in
            authorization.state.withLock { $0.rejectEverything = true }
            let core = client(server, tokens(server))
            let error = try await #require(throws: ClientError.self) { try await call(core) }
            guard let failure = error.httpFailure else { Issue.record("expected .http, got \(error)"); return }
            #expect(failure.status == 401)
            #expect(server.requests(to: "/api").count == 2)
            #expect(authorization.issued == 2)
        }
    }

    @Test func theRefreshTokenGrantRotatesItsToken() async throws {
        try await run { server, authorization in
            let kept = Locked<[OAuth2Token]>([])
            let now = TestNow(Date(timeIntervalSince1970: 1_800_000_000))
            let tokens = tokens(server, grant: .refreshToken("\(testRefreshTokenPrefix)-0"),
                                clientAuthentication: .requestBody, now: now,
                                onTokens: { token in kept.withLock { $0.append(token) } })
            let core = client(server, tokens)
            _ = try await call(core)
            now.advance(by: 3600)
            _ = try await call(core)
            #expect(authorization.state.withLock { $0.refreshTokens }
                == ["\(testRefreshTokenPrefix)-0", "\(testRefreshTokenPrefix)-1"])
            #expect(kept.withLock { $0.map(\.refreshToken) }
                == ["\(testRefreshTokenPrefix)-1", "\(testRefreshTokenPrefix)-2"])
            let fetch = try #require(server.requests(to: "/token").first)
            #expect(fetch.form["grant_type"] == "refresh_token" && fetch.header("Authorization") == nil)
            let text = "\(await tokens.token as Any)"
            Transcript.append("oauth2", text)
            #expect(!text.contains(testAccessTokenPrefix) && !text.contains(testRefreshTokenPrefix))
        }
    }

    @Test func theEndpointsRefusalIsATypedErrorWithoutSecrets() async throws {
        try await run { server, _ in
            let tokens = OAuth2Tokens(tokenURL: server.baseURL.appendingPathComponent("token"),
                                      clientID: "test-client", clientSecret: "wrong-\(testClientSecret)",
                                      transport: transport)
            let error = try await #require(throws: APIError<OAuth2Error>.self) {
                try await call(client(server, tokens))
            }
            #expect(error.status == 401 && error.body.error == "invalid_client" && error.operationID == "oauth2Token")
            var dumped = ""
            dump(error, to: &dumped)
            for text in ["\(error)", String(reflecting: error), dumped, "\(tokens)"] {
                Transcript.append("oauth2", text)
                #expect(!text.contains(testClientSecret))
            }
            #expect(server.requests(to: "/api").isEmpty)
        }
    }
}
