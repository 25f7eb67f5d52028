import Testing
@testable import RaspGenerator

/// The typed document model: each OpenAPI fact the stages share (what a media type holds, what a response key
/// means, which response is the success) is worked out once, here, and the client, the server and the spec mock
/// read it.
struct DocumentModelTests {
    // MARK: Content types

    @Test(arguments: [
        ("application/json", ContentType.Category.json),
        ("Application/JSON; charset=utf-8", .json),
        ("application/problem+json", .json),
        ("text/json", .json),
        ("text/event-stream", .eventStream),
        ("application/x-ndjson", .jsonLines),
        ("application/jsonl", .jsonLines),
        ("application/json-seq", .jsonSequence),
        ("application/x-www-form-urlencoded", .form),
        ("multipart/form-data; boundary=x", .multipart),
        ("multipart/mixed", .multipart),
        ("text/plain", .text),
        ("text/html", .text),
        ("application/xml", .xml),
        ("text/xml", .xml),
        ("application/atom+xml", .xml),
        ("*/*", .wildcard),
        ("application/*", .wildcard),
        ("application/octet-stream", .binary),
        ("image/png", .binary),
        ("application/x-chess-pgn", .binary),
        ("image/*", .binary),
    ])
    func everyMediaTypeHasOneCategory(_ text: String, _ category: ContentType.Category) {
        #expect(ContentType(text).category == category)
    }

    @Test func onlySequentialTypesStream() {
        #expect(ContentType("text/event-stream").streamKind == .events)
        #expect(ContentType("application/x-ndjson").streamKind == .jsonLines)
        #expect(ContentType("application/json-seq").streamKind == .jsonSequence)
        #expect(ContentType("application/json").streamKind == nil)
    }

    /// JSON types carry JSON whatever their schema; a wildcard or a text type only for a structure (Rasp's
    /// `stations_list` is `text/html`); bytes and XML never.
    @Test func whatCarriesJSONDependsOnTheCategoryAndTheSchema() {
        var object = Schema(mark: Mark(line: 1, column: 1))
        object.types = [.object]
        var string = Schema(mark: Mark(line: 1, column: 1))
        string.types = [.string]
        #expect(ContentType("text/json").carriesJSON(schema: string))
        #expect(ContentType("application/json").carriesJSON(schema: nil))
        #expect(ContentType("*/*").carriesJSON(schema: object))
        #expect(!ContentType("*/*").carriesJSON(schema: string))
        #expect(ContentType("text/html").carriesJSON(schema: object))
        #expect(!ContentType("text/plain").carriesJSON(schema: string))
        #expect(!ContentType("application/octet-stream").carriesJSON(schema: object))
        #expect(!ContentType("application/xml").carriesJSON(schema: object))
    }

    @Test func aRangeIsSentAsTheConcreteTypeOfItsContent() {
        #expect(ContentType("*/*").sent(asJSON: true) == "application/json")
        #expect(ContentType("image/*").sent(asJSON: false) == "application/octet-stream")
        #expect(ContentType("image/png").sent(asJSON: false) == "image/png")
        #expect(ContentType("*/*").sent(asJSON: false) == "application/octet-stream")
        #expect(ContentType("application/problem+json").sent(asJSON: true) == "application/problem+json")
    }

    // MARK: Response keys

    @Test func responseKeysAreCodesRangesOrDefault() {
        #expect(ResponseStatus("200") == .code(200))
        #expect(ResponseStatus("4XX") == .range(4))
        #expect(ResponseStatus("4xx") == .range(4))
        #expect(ResponseStatus("default") == .default)
        #expect(ResponseStatus("20X") == nil)
        #expect(ResponseStatus("6XX") == nil)
        #expect(ResponseStatus("2000") == nil)
        #expect(ResponseStatus("OK") == nil)
        #expect(ResponseStatus("2XX")?.isSuccess == true && ResponseStatus("204")?.isSuccess == true)
        #expect(ResponseStatus("302")?.isSuccess == false && ResponseStatus("default")?.isSuccess == false)
    }

    @Test func aKeyThatIsNoStatusIsWarnedAboutAndLeftOut() throws {
        let document = try Self.document(responses: """
                    '200': {description: ok}
                    'OK': {description: not a status}
            """)
        #expect(document.document.operations[0].responses.map(\.status) == [.code(200)])
        #expect(document.warnings.contains { $0.contains("'OK' in 'responses' is no status code") })
    }

    // MARK: The success response

    @Test func theSuccessIs200ThenJSONThenTheFirst() throws {
        let chosen = try Self.success("""
                    '201': {description: made, content: {text/plain: {schema: {type: string}}}}
                    '202': {description: queued, content: {application/json: {schema: {type: object}}}}
                    '204': {description: none}
            """)
        #expect(chosen.index == 1 && chosen.status == 202)
        #expect(chosen.body?.type == "application/json")
        #expect(chosen.emptyStatuses == [204])
        let ok = try Self.success("""
                    '201': {description: made, content: {application/json: {schema: {type: object}}}}
                    '200': {description: ok, content: {text/plain: {schema: {type: string}}}}
            """)
        #expect(ok.index == 1 && ok.status == 200 && ok.body?.type == "text/plain")
    }

    @Test func aStreamBesideJSONIsTheStreamAndJSONIsTheBody() throws {
        let chosen = try Self.success("""
                    '200':
                      description: ok
                      content:
                        text/event-stream: {schema: {type: string}}
                        application/json: {schema: {type: object}}
            """)
        #expect(chosen.body?.type == "application/json" && chosen.stream?.type == "text/event-stream")
        let only = try Self.success("""
                    '200': {description: ok, content: {application/x-ndjson: {schema: {type: object}}}}
            """)
        #expect(only.body == nil && only.stream?.type == "application/x-ndjson")
    }

    /// The server's status: a range or `default` is answered 200; an operation that documents neither a success nor
    /// `default` answers its first code (a redirect), as the spec mock and the generated server both do.
    @Test func theStatusAServerAnswersWith() throws {
        let indent = "        "
        #expect(try Self.success(indent + "'2XX': {description: ok, content: {application/json: {}}}").status == 200)
        #expect(try Self.success(indent + "default: {description: any, content: {application/json: {}}}").status == 200)
        #expect(try Self.success(indent + "'302': {description: moved}\n" + indent + "'400': {description: bad}")
            .status == 302)
        #expect(try Self.success(indent + "'204': {description: none}").status == 204)
        let noSuccess = try Self.success(indent + "'404': {description: missing}\n"
                                         + indent + "default: {description: any}")
        #expect(noSuccess.status == 200 && noSuccess.index == nil)
    }

    /// A body of a binary media type is bytes, whatever its schema (a `$ref` to a string, as Lichess's PGN games and
    /// App Store Connect's gzip reports have): the client hands over `Data`, and a stream of it.
    @Test func aBinaryResponseWithANamedSchemaIsBytes() throws {
        let out = try OperationRulesTests.client("""
                  responses:
                    '200':
                      description: ok
                      content: {application/x-chess-pgn: {schema: {$ref: '#/components/schemas/Pgn'}}}
            """, schemas: "    Pgn: {type: string}\n")
        #expect(out.client.contains("func op(_ input: Operations.Op) async throws -> Data"))
        #expect(out.client.contains("func opStream(_ input: Operations.Op) async throws -> MessageBody"))
    }

    // MARK: Parameters

    @Test func aStyleTheLocationDoesNotDefineIsItsDefault() throws {
        let document = try Self.document(parameters: """
                  parameters:
                    - {name: a, in: query, style: matrix, schema: {type: array, items: {type: string}}}
                    - {name: b, in: header, style: bogus, schema: {type: string}}
                    - {name: c, in: query, style: pipeDelimited, schema: {type: array, items: {type: string}}}
            """, responses: "        '204': {description: none}\n")
        let parameters = document.document.operations[0].parameters
        #expect(parameters.map(\.style) == [.form, .simple, .pipeDelimited])
        #expect(parameters.map(\.location) == [.query, .header, .query])
        #expect(document.warnings.filter { $0.contains("is not defined for") }.count == 2)
    }

    // MARK: Helpers

    static func document(parameters: String = "", responses: String) throws
        -> (document: OpenAPIDocument, warnings: [String]) {
        let source = """
            openapi: 3.1.0
            info: {title: T, version: '1'}
            paths:
              /things:
                get:
                  operationId: op
            \(parameters)
                  responses:
            \(responses)
            """
        let result = try GeneratorPipeline().generate(Array(source.utf8), sourceName: "t.yaml")
        let document = try GeneratorPipeline().parse(Array(source.utf8), path: "t.yaml")
        return (document, result.warnings.map(\.message))
    }

    static func success(_ responses: String) throws -> SuccessResponse {
        try document(responses: responses).document.operations[0].success
    }
}
