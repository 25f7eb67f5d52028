import EdgeCasesAPI
import Foundation
import RaspMock
import RaspRuntime
import Testing

/// Request bodies of every encoding sent by the generated client, on every transport, over a real socket to the mock
/// server, whose `/_echo/` route parses what arrived (form pairs, multipart parts, raw bytes) and sends it back field
/// by field.
@Suite(.serialized)
struct BodyRoundTripTests {
    /// `name=value` for each field the server parsed.
    static func pairs(_ echo: Echo) -> [String] {
        echo.fields.map { "\($0.name)=\($0.value ?? "<bytes>")" }
    }

    @Test(arguments: TransportKind.allCases)
    func formFieldsFollowTheirEncodingAndTheBracketConvention(kind: TransportKind) async throws {
        try await withMockServerClient(kind) { client in
            let form = PaymentForm(
                name: "Ann Lee & Co", tags: ["a", "b"],
                card: .init(number: "4242", exp: .init(month: 12, year: 2030)),
                metadata: ["order": "7"], expand: ["customer", "invoice"], ids: [1, 2]
            )
            let echo = try await client.echoForm(body: form)
            #expect(echo.contentType == "application/x-www-form-urlencoded")
            #expect(Self.pairs(echo) == [
                "name=Ann Lee & Co", "tags=a", "tags=b", "card[number]=4242", "card[exp][month]=12",
                "card[exp][year]=2030", "metadata[order]=7", "expand[0]=customer", "expand[1]=invoice", "ids=1|2",
            ])
        }
    }

    @Test(arguments: TransportKind.allCases)
    func multipartSendsFilesTextJSONAndBracketParts(kind: TransportKind) async throws {
        try await withMockServerClient(kind) { client in
            let png = Data([0x89, 0x50, 0x4E, 0x47, 0xFF, 0x00])
            let upload = Upload(
                file: BinaryFile(Data("hello".utf8), filename: "notes.txt", contentType: "text/plain"),
                purpose: "assistants", labels: ["x", "y"], options: .init(a: 1), linkData: .init(create: true),
                note: "# Title", avatar: BinaryFile(png)
            )
            let echo = try await client.echoMultipart(body: upload)
            #expect(echo.contentType?.hasPrefix("multipart/form-data; boundary=") == true)
            #expect(Self.pairs(echo) == [
                "file=hello", "purpose=assistants", "labels=x", "labels=y", #"options={"a":1}"#,
                "link_data[create]=true", "note=# Title", "avatar=<bytes>",
            ])
            let byName = Dictionary(echo.fields.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
            #expect(byName["file"]?.filename == "notes.txt")
            #expect(byName["file"]?.contentType == "text/plain")
            #expect(byName["options"]?.contentType == "application/json")
            #expect(byName["note"]?.contentType == "text/markdown")
            #expect(byName["purpose"]?.contentType == nil)
            #expect(byName["avatar"]?.filename == "avatar")
            #expect(byName["avatar"]?.contentType == "image/png")
            #expect(byName["avatar"]?.base64 == png)
        }
    }

    @Test(arguments: TransportKind.allCases)
    func aWildcardStringBodyGoesAsRawBytes(kind: TransportKind) async throws {
        try await withMockServerClient(kind) { client in
            let bytes = Data([0, 1, 2, 0xFF, 0x22])
            let echo = try await client.echoUpload(body: bytes)
            #expect(echo.contentType == "application/octet-stream")
            #expect(echo.body == bytes)
            #expect(echo.fields.isEmpty)
        }
    }

    @Test(arguments: TransportKind.allCases)
    func everyMediaTypeOfAnOperationIsCallable(kind: TransportKind) async throws {
        try await withMockServerClient(kind) { client in
            let json = try await client.echoEither(body: .json(Point(x: 1, y: 2)))
            #expect(json.contentType == "application/json")
            #expect(try JSONDecoder().decode(Point.self, from: json.body) == Point(x: 1, y: 2))

            let image = BinaryFile(Data("img".utf8), filename: "cat.png", contentType: "image/png")
            let multipart = try await client.echoEither(body: .multipart(.init(image: image, prompt: "a hat")))
            #expect(Self.pairs(multipart) == ["image=img", "prompt=a hat"])
            #expect(multipart.fields.first?.filename == "cat.png")

            let text = try await client.echoEither(body: .text("plain words"))
            #expect(text.contentType == "text/plain")
            #expect(String(decoding: text.body, as: UTF8.self) == "plain words")
        }
    }
}
