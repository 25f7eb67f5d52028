import EdgeCasesAPI
import Foundation
import RaspRuntime
import Testing
import RaspTestSupport

/// The client generated from `Tests/Fixtures/edge-cases-spec`: what its methods put on the wire for parameters of
/// every shape and style, and what they return for awkward response lists.
struct EdgeCasesClientTests {
    static func json(_ text: String, status: Int = 200) -> ClientResponse {
        ClientResponse(status: status, headers: fields(["Content-Type": "application/json"]), body: Data(text.utf8))
    }

    @Test func primitiveAliasPathParametersFillTheTemplate() async throws {
        let recorder = ScriptedTransport(Self.json(#"{"id": "42"}"#))
        let client = Client(transport: recorder)
        let message = try await client.getMessage(channelId: "123", messageId: "456", limit: .int(5), ids: ["1", "2"],
                                                  kind: ._2)
        #expect(message?.id == "42")
        #expect(recorder.urls == ["https://edge.example/api/channels/123/messages/456?limit=5&ids=1&ids=2&kind=2"])
    }

    @Test func aBodylessSuccessBesideAJSONOneReturnsNil() async throws {
        let recorder = ScriptedTransport(ClientResponse(status: 204))
        let message = try await Client(transport: recorder).getMessage(channelId: "1", messageId: "2")
        #expect(message == nil)
    }

    @Test func everyStyleIsWrittenAsOpenAPISays() async throws {
        let recorder = ScriptedTransport(Self.json(#"{"x": 1, "y": 2}"#, status: 202))
        let point = try await Client(transport: recorder).styles(
            label: ["a", "b"], matrix: "m", point: Point(x: 1, y: 2), filter: Filter(q: "red", tags: ["x"]),
            deep: Filter(q: "blue"), spaced: [1, 2], piped: ["p", "q"], labels: ["k": "v"], where: Point(x: 3, y: 4),
            xPoint: Point(x: 5, y: 6), session: "s1", prefs: Point(x: 7, y: 8)
        )
        #expect(point == Point(x: 1, y: 2))
        let request = try #require(recorder.sent.first)
        #expect(request.path == "/styles/.a.b/;matrix=m/x=1,y=2")
        let query = request.query.map { "\($0.name)=\($0.value)" }
        #expect(query == [
            "q=red", "tags=x", "deep[q]=blue", "spaced=1 2", "piped=p|q", "k=v", #"where={"x":3,"y":4}"#,
        ])
        #expect(request.header("X-Point") == "x=5,y=6")
        #expect(request.header("Cookie") == "session=s1; x=7; y=8")
    }

    @Test func aCreatedWithoutBodyReturnsNil() async throws {
        let recorder = ScriptedTransport(ClientResponse(status: 201))
        let point = try await Client(transport: recorder).styles(label: ["a"], matrix: "m", point: Point(x: 0, y: 0))
        #expect(point == nil)
    }

    @Test func theOnlyDefaultResponseIsTheResult() async throws {
        let recorder = ScriptedTransport(Self.json(#"{"x": 9, "y": 9}"#))
        // The flattened `fallback()` is deprecated in the spec; the input form is not.
        #expect(try await Client(transport: recorder).fallback(Operations.Fallback()) == Point(x: 9, y: 9))
    }

    @Test func deprecatedPropertiesKeepTheirWireName() throws {
        let json = Data(#"{"id": 1, "name": "Rex", "nickname": "R", "weight": 4.5}"#.utf8)
        let pet = try JSONDecoder().decode(Pet.self, from: json)
        let again = try JSONSerialization.jsonObject(with: JSONEncoder().encode(pet)) as? [String: Any]
        #expect(again?["nickname"] as? String == "R")
        #expect(again?["_nickname"] == nil)
        #expect(pet == Pet(id: 1, name: "Rex", nickname: "R", weight: 4.5))
    }

    @Test func schemasNamedLikeGeneratedTypesKeepTheirShape() async throws {
        let recorder = ScriptedTransport(Self.json(#"{"name": "n"}"#))
        let client: any ClientProtocol = Client(transport: recorder)
        // `Client` the schema is `ClientSchema`; a parameter named like its operation still reaches it.
        let found: ClientSchema = try await client.search(search: "café")
        #expect(found.name == "n")
        #expect(recorder.urls == ["https://edge.example/api/search?search=caf%C3%A9"])
        #expect(OperationsSchema(count: 1).count == 1)
    }

    @Test func securitySchemesNamedLikeAuthenticationMembersDoNotCallThemselves() {
        #expect(Authentication.bearerScheme("t") == Authentication.bearer("t", scheme: "bearer"))
        #expect(Authentication.apiKeyScheme("k")
            == Authentication.apiKey("k", in: .header("X-Api-Key"), scheme: "apiKey"))
        #expect(Authentication.basicScheme(username: "u", password: "p")
            == Authentication.basic(username: "u", password: "p", scheme: "basic"))
    }

    @Test func keysThatDifferOnlyInNormalizationAreTwoProperties() {
        // `café` (U+00E9) and `cafe` + U+0301 are two keys of the spec, so two properties.
        // The second label is spelled decomposed, as the generated property is.
        let message = Message(id: "1", café: "composed", café2: "decomposed")
        let values = Mirror(reflecting: message).children.compactMap { $0.value as? String? }.compactMap { $0 }
        #expect(values == ["1", "composed", "decomposed"])
    }

    @Test func schemasFromOtherFilesAreTypedAndShared() async throws {
        let recorder = ScriptedTransport(Self.json(
            #"[{"id": 1, "name": "Rex", "tag": "dog", "owner": {"name": "Ann", "pets": []}}]"#))
        let pets: [Pet] = try await Client(transport: recorder).listPets(tag: .dog)
        #expect(pets.first?.owner?.name == "Ann")
        #expect(pets.first?.tag == .dog)
        #expect(recorder.urls == ["https://edge.example/api/pets?tag=dog"])
    }

    @Test func anOperationGivenAsAReferenceKeepsItsParametersAndErrors() async throws {
        let recorder = ScriptedTransport(Self.json(#"{"message": "gone"}"#, status: 404))
        let error = await #expect(throws: APIError<ErrorSchema>.self) {
            try await Client(transport: recorder).getPet(petId: 7)
        }
        #expect(recorder.urls == ["https://edge.example/api/pets/7"])
        #expect(error?.body.message == "gone" && error?.status == 404)
    }
}
