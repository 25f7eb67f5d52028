import Foundation
import GreetingClient
import RaspRuntime
import Testing

/// The client generated from the swift-openapi-generator config: the filter kept the greeting operations, and the
/// `UUID` schema is Foundation's `UUID` (its type override).
struct GreetingClientTests {
    /// Answers every request with one greeting, and records the requests.
    actor Greeter: ClientTransport {
        var requests: [ClientRequest] = []

        func send(_ request: ClientRequest, baseURL: URL) async throws -> ClientResponse {
            requests.append(request)
            let body = #"{"id": "7c9e6679-7425-40de-944b-e07fc1f90ae7", "message": "Hello, Ann!"}"#
            return ClientResponse(status: 200, headers: [.contentType: "application/json"], body: Data(body.utf8))
        }
    }

    static let id = UUID(uuidString: "7C9E6679-7425-40DE-944B-E07FC1F90AE7")!

    @Test func greetingDecodesWithFoundationUUID() async throws {
        let transport = Greeter()
        let client = Client(transport: transport)
        let greeting: Greeting = try await client.getGreeting(name: "Ann")
        #expect(greeting.message == "Hello, Ann!")
        let id: Foundation.UUID = greeting.id
        #expect(id == Self.id)
        let request = try #require(await transport.requests.last)
        #expect(request.path == "/greet")
        #expect(request.query.map { "\($0.name)=\($0.value)" } == ["name=Ann"])
    }

    @Test func aUUIDPathParameterIsSentAsText() async throws {
        let transport = Greeter()
        _ = try await Client(transport: transport).getGreetingByID(id: Self.id)
        #expect(try #require(await transport.requests.last).path == "/greetings/7c9e6679-7425-40de-944b-e07fc1f90ae7")
    }

    @Test func theServersListIsGenerated() {
        #expect(Servers.server1.absoluteString == "https://example.com/api")
    }
}
