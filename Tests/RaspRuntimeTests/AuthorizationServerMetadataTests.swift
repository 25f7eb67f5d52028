import Foundation
@testable import RaspRuntime
import RaspMiddlewares
import RaspTestSupport
import Testing

/// `OpenIDConfiguration.load(from:)` also reads an OAuth 2 authorization server's metadata (RFC 8414, OpenAPI 3.2's
/// `oauth2MetadataUrl`), whose members OpenID Connect discovery extends.
struct AuthorizationServerMetadataTests {
    struct Metadata: ClientTransport {
        let requests = Locked<[String]>([])
        func send(_ request: ClientRequest, baseURL: URL) async throws -> ClientResponse {
            requests.withLock { $0.append(request.url(relativeTo: baseURL)?.absoluteString ?? "-") }
            let body = #"{"issuer": "https://auth.example.com", "token_endpoint": "https://auth.example.com/token", "#
                + #""device_authorization_endpoint": "https://auth.example.com/device", "#
                + #""grant_types_supported": ["urn:ietf:params:oauth:grant-type:device_code", "refresh_token"]}"#
            return ClientResponse(status: 200, headers: [.contentType: "application/json"], body: Data(body.utf8))
        }
    }

    @Test func theTokenEndpointComesFromTheMetadata() async throws {
        let transport = Metadata()
        let url = URL(string: "https://auth.example.com/.well-known/oauth-authorization-server")!
        let metadata = try await OpenIDConfiguration.load(from: url, transport: transport)
        #expect(metadata.issuer == "https://auth.example.com")
        #expect(metadata.tokenEndpoint == URL(string: "https://auth.example.com/token"))
        #expect(transport.requests.withLock { $0 } == [url.absoluteString])
    }
}
