import Testing
@testable import RaspGenerator

/// Every kind of security scheme becomes functions of `Authentication` naming the scheme, and each operation's
/// requirement goes with its request, so the client sends the credentials it asks for.
struct SecuritySchemeTests {
    static func generate(_ schemes: String, security: String = "", operations: String, schemas: String = "") throws
        -> (text: String, warnings: [String]) {
        let source = """
            openapi: 3.1.0
            info: {title: T, version: '1'}
            servers: [{url: 'https://api.example.com/v1'}]
            \(security)
            paths:
            \(operations)
            components:
              securitySchemes:
            \(schemes)
            \(schemas)
            """
        let result = try GeneratorPipeline().run(Array(source.utf8), sourceName: "t.yaml")
        return (result.files.map(\.contents).joined(), result.warnings.map(\.message))
    }

    static let schemes = """
            key: {type: apiKey, in: cookie, name: sid}
            account: {type: http, scheme: basic}
            token: {type: http, scheme: Bearer}
            other: {type: http, scheme: hoba}
            oauth:
              type: oauth2
              flows:
                clientCredentials: {tokenUrl: /oauth/token, scopes: {}}
                authorizationCode:
                  authorizationUrl: https://auth.example.com/authorize
                  tokenUrl: https://auth.example.com/token
                  scopes: {read: read}
            implicitOnly:
              type: oauth2
              flows: {implicit: {authorizationUrl: 'https://auth.example.com/authorize', scopes: {}}}
            oidc: {type: openIdConnect, openIdConnectUrl: 'https://auth.example.com/.well-known/openid-configuration'}
            tls: {type: mutualTLS}
        """

    static let operations = """
          /a:
            get:
              operationId: either
              security: [{account: []}, {oauth: [read]}]
              responses: {'204': {description: ok}}
          /b:
            get:
              operationId: both
              security: [{key: [], token: []}]
              responses: {'204': {description: ok}}
          /c:
            get:
              operationId: none
              security: []
              responses: {'204': {description: ok}}
          /d:
            get:
              operationId: optional
              security: [{}, {oidc: []}]
              responses: {'204': {description: ok}}
          /e:
            get:
              operationId: inherited
              responses: {'204': {description: ok}}
        """

    @Test func everySchemeButMutualTLSIsWiredUp() throws {
        let out = try Self.generate(Self.schemes, security: "security: [{token: []}]", operations: Self.operations)
        #expect(out.warnings.filter { $0.contains("not wired up") }
            == ["security scheme 'tls' of type mutualTLS is not wired up; "
                + "a client certificate is the transport's to present (a URLSession delegate)"])
        let expected = [
            #"static func key(_ key: String) -> Authentication { .apiKey(key, in: .cookie("sid"), scheme: "key") }"#,
            #"static func account(username: String, password: String) -> Authentication { .basic(username: username, "#
                + #"password: password, scheme: "account") }"#,
            #"static func token(_ key: String) -> Authentication { .bearer(key, scheme: "token") }"#,
            #"static func token(_ tokens: any AccessTokenProvider) -> Authentication { .bearer(tokens: tokens, "#
                + #"scheme: "token") }"#,
            #"static func other(_ credentials: String) -> Authentication { .apiKey(credentials, "#
                + #"in: .header("Authorization"), scheme: "other") }"#,
            #"static func oauth(_ tokens: any AccessTokenProvider) -> Authentication { .oauth2(tokens, "#
                + #"scheme: "oauth") }"#,
            #"static func oauth(clientID: String, clientSecret: String, scopes: [String] = [], tokenURL: URL = "#
                + #"URL(string: "/oauth/token", relativeTo: Servers.server1)!.absoluteURL) -> Authentication {"#,
            #"static func oauth(refreshToken: String, clientID: String, clientSecret: String? = nil, "#
                + #"tokenURL: URL = URL(string: "https://auth.example.com/token")!) -> Authentication {"#,
            #"static func implicitOnly(_ tokens: any AccessTokenProvider) -> Authentication"#,
            #"static func oidc(_ tokens: any AccessTokenProvider) -> Authentication { .oauth2(tokens, "#
                + #"scheme: "oidc") }"#,
        ]
        for line in expected { #expect(out.text.contains(line), "\(line)") }
        // The implicit flow has no token URL: only the token provider.
        #expect(!out.text.contains("implicitOnly(clientID:") && !out.text.contains("implicitOnly(refreshToken:"))
        #expect(out.text.contains("public struct Client: ClientProtocol, GeneratedClient"))
    }

    @Test func eachRequestCarriesItsRequirement() throws {
        let out = try Self.generate(Self.schemes, security: "security: [{token: []}]", operations: Self.operations)
        let requests = [
            #"operationID: "either", security: [["account"], ["oauth"]])"#,
            #"operationID: "both", security: [["key", "token"]])"#,
            #"operationID: "none", requiresAuthentication: false)"#,
            #"operationID: "optional", security: [[], ["oidc"]])"#,
            #"operationID: "inherited", security: [["token"]])"#,
        ]
        for request in requests { #expect(out.text.contains(request), "\(request)") }
    }

    @Test func aDocumentWithOneSchemeSendsItsCredentialWithoutNamingIt() throws {
        let out = try Self.generate("    account: {type: http, scheme: basic}\n",
                                    security: "security: [{account: []}]", operations: """
              /a:
                get:
                  operationId: plain
                  responses: {'204': {description: ok}}
              /b:
                get:
                  operationId: open
                  security: []
                  responses: {'204': {description: ok}}
            """)
        #expect(out.warnings.isEmpty)
        #expect(out.text.contains(#"ClientRequest(method: "GET", path: "/a", operationID: "plain")"#))
        #expect(out.text.contains(#"operationID: "open", requiresAuthentication: false)"#))
    }

    @Test func documentedErrorsAreTypedAndDefaultIsNot() throws {
        let out = try Self.generate("    account: {type: http, scheme: basic}\n", operations: """
              /a:
                get:
                  operationId: errors
                  responses:
                    '200': {description: ok, content: {application/json: {schema: {type: string}}}}
                    4XX: {description: any 4xx, content: {application/json: {schema: {$ref: '#/components/schemas/B'}}}}
                    '404': {description: gone, content: {application/json: {schema: {$ref: '#/components/schemas/A'}}}}
                    '410': {description: gone, content: {application/json: {schema: {$ref: '#/components/schemas/A'}}}}
                    default:
                      description: other
                      content: {application/json: {schema: {$ref: '#/components/schemas/A'}}}
              /b:
                get:
                  operationId: onlyDefault
                  responses:
                    '200': {description: ok, content: {application/json: {schema: {type: string}}}}
                    default:
                      description: other
                      content: {application/json: {schema: {$ref: '#/components/schemas/A'}}}
            """, schemas: "  schemas:\n    A: {type: object, properties: {a: {type: string}}}\n"
                + "    B: {type: object, properties: {b: {type: integer}}}")
        #expect(out.text.contains("errorBody: { switch $0 { case 404, 410: ClientCore.decodeErrorBody(A.self, $1); "
            + "case 400...499: ClientCore.decodeErrorBody(B.self, $1); "
            + "default: ClientCore.decodeDefaultErrorBody(A.self, $1) } }"))
        #expect(out.text.contains("errorBody: { ClientCore.decodeDefaultErrorBody(A.self, $1) }"))
    }
}
