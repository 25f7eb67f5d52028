import Foundation
import RaspAPI
@_spi(Generated) import RaspRuntime
import RaspMiddlewares
import RaspTestSupport
import Testing

/// The secrets of the other security schemes (an HTTP Basic password, an OAuth 2 client secret, access and refresh
/// tokens) never show when a client, its credentials, its options, a token or a typed error is printed, reflected or
/// dumped, nor in the error a call throws when the server echoes them. Everything also goes to the transcript
/// `Scripts/ci/scan-key-leaks.sh` reads after the run.
@Suite("Dumps never show passwords, client secrets or tokens")
struct CredentialDumpTests {
    static let accessToken = "\(testAccessTokenPrefix)-9"
    static let refreshToken = "\(testRefreshTokenPrefix)-9"

    /// Every form of every secret that counts as a leak.
    static let needles: [String] = {
        var needles = [testBasicPassword, testClientSecret, testAccessTokenPrefix, testRefreshTokenPrefix]
            .flatMap(KeyLeakScanner.needles(for:))
        for pair in ["\(testBasicUser):\(testBasicPassword)", "test-client:\(testClientSecret)"] {
            let base64 = Data(pair.utf8).base64EncodedString()
            needles += [base64, String(base64.prefix { $0 != "=" })]
        }
        return needles
    }()

    /// A body echoing every secret, as a debugging server or a proxy might.
    static let echo: String = {
        let basic = Data("\(testBasicUser):\(testBasicPassword)".utf8).base64EncodedString()
        return #"{"error": "invalid_token", "authorization": "Basic \#(basic)", "access_token": "\#(accessToken)", "#
            + #""refresh_token": "\#(refreshToken)", "client_secret": "\#(testClientSecret)"}"#
    }()

    struct Refusal: Decodable, Sendable { var error: String }

    @Test func clientsCredentialsOptionsTokensAndTypedErrors() async throws {
        // After the 401 the token is refreshed (the endpoint echoes the secrets too), and the request sent again.
        let endpoint = ScriptedTransport(jsonResponse(200, #"{"access_token": "\#(testAccessTokenPrefix)-10", "#
            + #""refresh_token": "\#(testRefreshTokenPrefix)-10", "expires_in": 60, "#
            + #""client_secret": "\#(testClientSecret)"}"#))
        let tokens = OAuth2Tokens(tokenURL: URL(string: "https://auth.example.test/token")!, clientID: "test-client",
                                  clientSecret: testClientSecret, grant: .refreshToken(Self.refreshToken),
                                  token: OAuth2Token(accessToken: Self.accessToken, refreshToken: Self.refreshToken),
                                  transport: endpoint)
        let transport = ScriptedTransport(.response(ClientResponse(
            status: 401, headers: fields(["Content-Type": "application/json", "X-Echo": Self.accessToken]),
            body: Data(Self.echo.utf8))))
        var client = RaspClient(serverURL: testServer, transport: transport)
        client.core.credentials = [
            .basic(username: testBasicUser, password: testBasicPassword, scheme: "basic"),
            .oauth2(tokens, scheme: "oauth2"),
        ]
        client = client.with(RequestOptions(headers: ["Authorization": "Bearer \(Self.accessToken)"]))
        let request = ClientRequest(method: "GET", path: "/x", operationID: "x", security: [["basic", "oauth2"]])
        let error = try await #require(throws: APIError<Refusal>.self) {
            _ = try await client.core.perform(request, decoding: [String: Int].self, errorBody: { _, data in
                ClientCore.decodeErrorBody(Refusal.self, data)
            })
        }
        #expect(transport.sentCount == 2 && endpoint.sentCount == 1, "one refresh, one replay")
        let sent = try #require(transport.sent.first)
        let values: [(String, Any)] = [
            ("client", client), ("core", client.core), ("credentials", client.core.credentials),
            ("options", client.core.options), ("token source", client.core.credentials[1].tokens as Any),
            ("OAuth2Tokens", tokens), ("OAuth2Token", await tokens.token as Any), ("APIError", error),
            ("client error", error.clientError), ("failure", error.failure), ("sent request", sent),
            ("raw body", String(decoding: error.rawBody, as: UTF8.self)), ("headers", error.headers),
            ("replayed request", transport.sent[1]), ("token request", endpoint.sent[0]),
        ]
        let texts = Redactor.$current.withValue(client.core.redactor) {
            values.flatMap { DumpLeakTests.renderings($0.0, $0.1) }
        }
        Transcript.append("reliability-dumps", texts.map { "\($0.label)\n\($0.text)" }.joined(separator: "\n"))
        let leaks = KeyLeakScanner.leaks(in: texts, needles: Self.needles)
        #expect(leaks.isEmpty, "\(leaks.count) renderings show a secret")
        #expect(error.body.error == "invalid_token")
    }
}
