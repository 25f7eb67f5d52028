import Foundation
import RaspRuntime
import Swagger2API
import Testing

/// The client generated from a Swagger 2.0 document against the server generated from it, over both wires: a body
/// parameter, a form upload with a file, a `multi` query list and a URL-encoded form with a repeated field arrive at
/// the handler as they were sent, and what the handler returns comes back.
@Suite struct Swagger2ServerTests {
    static func handler(_ inputs: Inputs) -> MockPetStoreClient {
        var mock = MockPetStoreClient()
        mock.addPetHandler = { input in
            inputs.keep("addPet", input)
            var pet = input.body
            pet.id = 7
            return pet
        }
        mock.findPetsByTagsHandler = { input in
            inputs.keep("findPetsByTags", input)
            return input.tags.map { Pet(name: "pet tagged \($0)", tags: [$0]) }
        }
        mock.uploadFileHandler = { input in
            inputs.keep("uploadFile", input)
            let bytes = try await input.body.file.content.collect()
            return ApiResponse(code: Int(bytes.count), message: input.body.additionalMetadata)
        }
        mock.loginHandler = { input in
            inputs.keep("login", input)
            return "\(input.body.username):\((input.body.scopes ?? []).joined(separator: "+"))"
        }
        return mock
    }

    static func serve<T: Sendable>(_ wire: Wire, _ inputs: Inputs,
                                   _ body: (PetStoreClient, RequestLog) async throws -> T) async throws -> T {
        var router = ServerRouter()
        handler(inputs).registerHandlers(on: &router)
        return try await wire.with(router) { transport, url in
            let log = RequestLog()
            return try await body(PetStoreClient(serverURL: url, transport: log.transport(transport)), log)
        }
    }

    @Test(arguments: Wire.allCases)
    func aMultiQueryListIsOneFieldPerValue(wire: Wire) async throws {
        let inputs = Inputs()
        let pets = try await Self.serve(wire, inputs) { client, log in
            let pets = try await client.findPetsByTags(tags: ["small", "black cat"], status: [.available, .sold],
                                                       xTrace: ["a", "b"])
            let request = try #require(log.all.first)
            #expect(request.query.map { "\($0.name)=\($0.value)" }
                    == ["tags=small", "tags=black cat", "status=available,sold"])
            #expect(request.header("X-Trace") == "a,b")
            return pets
        }
        #expect(pets.map(\.name) == ["pet tagged small", "pet tagged black cat"])
        let received = try #require(inputs.last("findPetsByTags", as: Operations.FindPetsByTags.self))
        #expect(received.tags == ["small", "black cat"])
        #expect(received.status == [.available, .sold])
        #expect(received.xTrace == ["a", "b"])
    }

    @Test(arguments: Wire.allCases)
    func aFormUploadCarriesItsFileAndFields(wire: Wire) async throws {
        let inputs = Inputs()
        let bytes = Data((0..<5_000).map { UInt8($0 % 251) })
        let answer = try await Self.serve(wire, inputs) { client, log in
            let answer = try await client.uploadFile(petId: 42, body: .init(
                additionalMetadata: "front", file: BinaryFile(bytes, filename: "pet.png", contentType: "image/png")))
            #expect(log.all.first?.header("Content-Type")?.hasPrefix("multipart/form-data; boundary=") == true)
            return answer
        }
        #expect(answer.code == bytes.count && answer.message == "front")
        let received = try #require(inputs.last("uploadFile", as: Operations.UploadFile.self))
        #expect(received.petId == 42)
        #expect(received.body.file.filename == "pet.png")
        #expect(received.body.file.contentType == "image/png")
    }

    @Test(arguments: Wire.allCases)
    func aBodyParameterAndAURLEncodedFormRoundTrip(wire: Wire) async throws {
        let inputs = Inputs()
        try await Self.serve(wire, inputs) { client, log in
            let stored = try await client.addPet(body: Pet(name: "Rex", tags: ["dog"], nickname: nil))
            #expect(stored.id == 7 && stored.name == "Rex" && stored.tags == ["dog"])
            #expect(log.all.first?.header("Content-Type") == "application/json")
            let session = try await client.login(body: .init(username: "ann", scopes: ["read", "write"]))
            #expect(session == "ann:read+write")
            let form = try #require(log.all.last?.body.map { String(decoding: $0, as: UTF8.self) })
            #expect(form == "username=ann&scopes=read&scopes=write")
        }
        let received = try #require(inputs.last("addPet", as: Operations.AddPet.self))
        #expect(received.body.name == "Rex")
    }
}
