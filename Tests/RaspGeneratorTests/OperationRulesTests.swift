import Testing
@testable import RaspGenerator

/// How operations become methods: which response is the result, how each parameter is sent, and names that must
/// not collide. Each rule is asserted on the generated text (the edge-case client compiles the same shapes).
struct OperationRulesTests {
    static func client(_ operation: String,
                       schemas: String = "    Thing: {type: object, properties: {a: {type: string}}}\n",
                       extra: String = "", morePaths: String = "") throws
        -> (client: String, types: String, warnings: [String]) {
        let source = """
            openapi: 3.1.0
            info: {title: T, version: '1'}
            paths:
              /things/{id}:
                get:
                  operationId: op
            \(operation)
            \(morePaths)
            components:
              schemas:
            \(schemas)\(extra)
            """
        let result = try GeneratorPipeline().run(Array(source.utf8), sourceName: "t.yaml")
        // Every file holds a share of the types and of the client: read them all, joined.
        let all = result.files.map(\.contents).joined()
        return (all, all, result.warnings.map(\.message))
    }

    static let idParameter = "      parameters: [{name: id, in: path, required: true, schema: {type: string}}]\n"
    static let thing = "{application/json: {schema: {$ref: '#/components/schemas/Thing'}}}"

    // MARK: Responses

    @Test func aBodylessSuccessBeforeJSONMakesTheResultOptional() throws {
        let out = try Self.client(Self.idParameter + """
                  responses:
                    '204': {description: none}
                    '200': {description: ok, content: \(Self.thing)}
            """)
        #expect(out.client.contains("func op(id: String) async throws -> Thing?"))
        #expect(out.client.contains("if response.status == 204 { return nil }"))
    }

    @Test func twoSuccessesWithContentPrefer200() throws {
        let out = try Self.client(Self.idParameter + """
                  responses:
                    '201': {description: created, content: {text/plain: {schema: {type: string}}}}
                    '200': {description: ok, content: \(Self.thing)}
            """)
        #expect(out.client.contains("async throws -> Thing {"))
    }

    @Test func without200TheJSONSuccessWins() throws {
        let out = try Self.client(Self.idParameter + """
                  responses:
                    '201': {description: created, content: {text/plain: {schema: {type: string}}}}
                    '202': {description: accepted, content: \(Self.thing)}
            """)
        #expect(out.client.contains("async throws -> Thing {"))
    }

    @Test func voidOnlyWhenNoSuccessHasContent() throws {
        let out = try Self.client(Self.idParameter + """
                  responses:
                    '204': {description: none}
                    '404': {description: missing, content: \(Self.thing)}
            """)
        #expect(out.client.contains("func op(id: String) async throws -> Void"))
    }

    @Test func withoutAny2xxTheDefaultResponseIsTheResult() throws {
        let out = try Self.client(Self.idParameter + """
                  responses:
                    default: {description: any, content: \(Self.thing)}
            """)
        #expect(out.client.contains("async throws -> Thing {"))
    }

    // MARK: Parameters

    @Test func everyShapeOfParameterIsSentNoneSkipped() throws {
        let out = try Self.client("""
                  parameters:
                    - {name: id, in: path, required: true, style: matrix, schema: {type: integer}}
                    - {name: filter, in: query, style: deepObject, schema: {$ref: '#/components/schemas/Thing'}}
                    - {name: either, in: query, schema: {oneOf: [{type: integer}, {type: string}]}}
                    - {name: map, in: query, schema: {type: object, additionalProperties: {type: integer}}}
                    - {name: meta, in: header, schema: {$ref: '#/components/schemas/Thing'}}
                    - {name: token, in: cookie, schema: {type: string}}
                    - {name: alias, in: query, schema: {$ref: '#/components/schemas/Ids'}}
                  responses: {'204': {description: none}}
            """, extra: "    Ids: {type: array, items: {type: string}}\n")
        #expect(out.warnings.isEmpty, "\(out.warnings)")
        #expect(out.client.contains(
            #"request.path = "/things/\(try request.pathParameter("id", input.id, style: .matrix, explode: false))""#))
        #expect(out.client.contains(
            #"try request.addQuery("filter", input.filter, style: .deepObject, explode: false)"#))
        #expect(out.client.contains(#"try request.addQuery("either", input.either, style: .form, explode: true)"#))
        #expect(out.client.contains(#"try request.addQuery("map", input.map, style: .form, explode: true)"#))
        #expect(out.client.contains(#"try request.addHeader("meta", input.meta, explode: false)"#))
        #expect(out.client.contains(#"try request.addCookie("token", input.token, explode: true)"#))
        // An alias of an array of strings goes through the plain text calls.
        #expect(out.client.contains(#"request.addQuery("alias", input.alias, explode: true)"#))
    }

    @Test func aStyleThatDoesNotApplyToTheLocationFallsBackWithAWarning() throws {
        let out = try Self.client(Self.idParameter.replacingOccurrences(
            of: "schema: {type: string}", with: "style: deepObject, schema: {type: string}") + """
                  responses: {'204': {description: none}}
            """)
        #expect(out.warnings == ["style 'deepObject' is not defined for path parameter 'id'; using 'simple'"])
        #expect(out.client.contains("ClientRequest.pathComponent(input.id)"))
    }

    @Test func anOptionalPathParameterIsStillRequired() throws {
        let out = try Self.client("""
                  parameters: [{name: id, in: path, required: false, schema: {type: string}}]
                  responses: {'204': {description: none}}
            """)
        #expect(out.client.contains("func op(id: String) async throws"))
    }

    @Test func aContentParameterIsSentAsJSON() throws {
        let out = try Self.client("""
                  parameters:
                    - {name: id, in: path, required: true, schema: {type: string}}
                    - {name: where, in: query, content: {application/json: {schema: {$ref: \
            '#/components/schemas/Thing'}}}}
                  responses: {'204': {description: none}}
            """)
        #expect(out.client.contains(#"try request.addQuery("where", json: input.where)"#))
    }

    // MARK: Names

    @Test func aParameterNamedLikeItsOperationCallsThroughSelf() throws {
        let out = try Self.client("""
                  parameters:
                    - {name: id, in: path, required: true, schema: {type: string}}
                    - {name: op, in: query, schema: {type: string}}
                  responses: {'204': {description: none}}
            """)
        #expect(out.client.contains("try await self.op(Operations.Op(id: id, op: op))"))
    }

    @Test func schemasNamedLikeGeneratedOrRuntimeTypesGetASuffix() throws {
        let out = try Self.client(Self.idParameter + "      responses: {'200': {description: ok, content: " + """
            {application/json: {schema: {$ref: '#/components/schemas/Client'}}}}}
            """, schemas: """
                Client: {type: object, properties: {a: {type: string}}}
                ClientProtocol: {type: string}
                Operations: {type: string}
                ClientRequest: {type: string}
            """)
        #expect(out.types.contains("public struct ClientSchema: Codable"))
        #expect(out.types.contains("public typealias ClientProtocolSchema = String"))
        #expect(out.types.contains("public typealias OperationsSchema = String"))
        #expect(out.types.contains("public typealias ClientRequestSchema = String"))
        #expect(out.client.contains("public struct Client: ClientProtocol"))
        #expect(out.client.contains("async throws -> ClientSchema"))
    }

    @Test func securitySchemesNamedLikeAuthenticationMembersGetASuffix() throws {
        let out = try Self.client(Self.idParameter + "      responses: {'204': {description: none}}\n", extra: """
              securitySchemes:
                bearer: {type: http, scheme: bearer}
            """)
        #expect(out.types.contains(
            #"static func bearerScheme(_ key: String) -> Authentication { .bearer(key, scheme: "bearer") }"#))
    }

    // MARK: Request bodies

    static let bodies = """
              parameters: [{name: id, in: path, required: true, schema: {type: string}}]
              requestBody:
                content:
                  application/json: {schema: {$ref: '#/components/schemas/Thing'}}
                  multipart/form-data:
                    schema: {type: object, properties: {file: {type: string, format: binary}, meta: {type: object}}}
                    encoding: {meta: {contentType: application/json; charset=utf-8, style: deepObject, explode: true}}
                  text/plain: {schema: {type: string}}
                  application/vnd.api+json: {schema: {$ref: '#/components/schemas/Thing'}}
              responses: {'204': {description: none}}
        """

    @Test func everyRequestMediaTypeIsACaseOfTheBody() throws {
        let out = try Self.client(Self.bodies)
        #expect(out.client.contains("func op(id: String, body: Operations.Op.Body? = nil) async throws"))
        #expect(out.client.contains(
            "case .json(let value): try request.setJSONBody(value, contentType: \"application/json\")"))
        #expect(out.client.contains(#"case .multipart(let value): try request.setMultipartBody(value, encoding: "#
            + #"["meta": .init(contentType: "application/json; charset=utf-8", style: .deepObject, explode: true)])"#))
        #expect(out.client.contains(
            #"case .text(let value): request.setBody(Data(value.utf8), contentType: "text/plain")"#))
        #expect(out.client.contains(
            #"case .vndApiJson(let value): try request.setJSONBody(value, contentType: "application/vnd.api+json")"#))
    }

    @Test func aWildcardBodyWithAStringSchemaIsRawBytes() throws {
        let out = try Self.client(Self.idParameter + """
                  requestBody:
                    required: true
                    content: {'*/*': {schema: {type: string}}}
                  responses: {'204': {description: none}}
            """)
        #expect(out.client.contains("func op(id: String, body: Data) async throws"))
        #expect(out.client.contains(#"request.setBody(input.body, contentType: "application/octet-stream")"#))
    }

    @Test func binaryStringsAreFilesAndBase64StringsAreData() throws {
        let out = try Self.client(Self.idParameter + "      responses: {'204': {description: none}}\n", schemas: """
                Thing:
                  type: object
                  properties:
                    upload: {type: string, format: binary}
                    image: {type: string, contentMediaType: image/png}
                    packed: {type: string, contentEncoding: base64}
                    bytes: {type: string, format: byte}
            """)
        #expect(out.types.contains("public let upload: BinaryFile?"))
        #expect(out.types.contains("public let image: BinaryFile?"))
        #expect(out.types.contains("public let packed: Data?"))
        #expect(out.types.contains("public let bytes: Data?"))
    }

    @Test func aContentKeyThatIsNoMediaTypeIsAWarningAtItsPlace() throws {
        let out = try Self.client(Self.idParameter + """
                  requestBody:
                    content:
                      examples: {a: {value: 1}}
                      application/json: {schema: {$ref: '#/components/schemas/Thing'}}
                  responses: {'204': {description: none}}
            """)
        #expect(out.warnings
            == ["'examples' in 'content' is not a media type (expected e.g. application/json); ignored"])
        #expect(out.client.contains("body: Thing? = nil"))
    }

    @Test func aWarningForASharedSchemaIsReportedOnceWithItsCount() throws {
        let source = """
            openapi: 3.0.3
            info: {title: T, version: '1'}
            paths:
              /a: {get: {operationId: a, responses: {'200': {description: ok, content: {application/json: {schema: \
            {$ref: '#/x/S'}}}}}}}
              /b: {get: {operationId: b, responses: {'200': {description: ok, content: {application/json: {schema: \
            {$ref: '#/x/S'}}}}}}}
            x:
              S: {type: object, properties: {n: {type: integer, default: [1]}}}
            """
        let result = try GeneratorPipeline().run(Array(source.utf8), sourceName: "t.yaml")
        #expect(result.warnings.map(\.message)
            == ["default value of type a sequence is not supported for Int; ignored (2 uses)"])
        #expect(result.warnings.first?.mark?.line == 7)
    }

    /// A multipart part's own headers (`encoding.<property>.headers`) are not typed: a warning at the key says so,
    /// for a response as for a request body, rather than dropping them silently.
    @Test func partHeadersOfAMultipartBodyAreAWarning() throws {
        let source = """
            openapi: 3.1.0
            info: {title: t, version: '1'}
            paths:
              /parts:
                get:
                  operationId: parts
                  responses:
                    '200':
                      description: ok
                      content:
                        multipart/form-data:
                          schema: {type: object, properties: {names: {type: array, items: {type: string}}}}
                          encoding:
                            names:
                              contentType: text/plain
                              headers: {x-locale: {schema: {type: string}}}
            """
        let result = try GeneratorPipeline().run(Array(source.utf8), sourceName: "t.yaml")
        #expect(result.warnings.map(\.message) == [
            "the part headers of 'names' are not typed: a part's own header fields are neither written nor read",
        ])
        #expect(result.warnings.first?.mark?.line == 16)
        // The parts themselves are typed.
        #expect(result.files.map(\.contents).joined().contains("core.multipart("))
    }

    // MARK: Streams

    @Test func aResponseOfferedAsJSONAndAsEventsIsTwoMethods() throws {
        let out = try Self.client(Self.idParameter + """
                  responses:
                    '200':
                      description: ok
                      content:
                        application/json: {schema: {$ref: '#/components/schemas/Thing'}}
                        text/event-stream: {schema: {$ref: '#/components/schemas/Chunk'}}
            """, extra: "    Chunk: {type: object, properties: {delta: {type: string}}}\n")
        #expect(out.client.contains("func op(id: String) async throws -> Thing {"))
        #expect(out.client.contains("func opStream(id: String) async throws -> EventStream<Chunk> {"))
        // Both go through the method that asks for some of the media types and reads the one that arrived.
        #expect(out.client.contains("func op(id: String, accepting: [Operations.Op.ResponseContentType]) "
                                    + "async throws -> Operations.Op.ResponseBody {"))
        #expect(out.client.contains(#"core.performNegotiating(request, offering: ["application/json", "#
                                    + #""text/event-stream"], accepting: accepting.map(\.rawValue), streaming: true)"#))
        #expect(out.client.contains(
            "default: return .eventStream(EventStream<Chunk>(response.body, operationID: request.operationID))"))
        #expect(out.client.contains("switch try await op(input, accepting: [.eventStream]) {"))
    }

    @Test func streamOnlyResponsesAreThePlainMethodsResult() throws {
        let out = try Self.client(Self.idParameter + """
                  responses:
                    '200':
                      description: ok
                      content: {application/x-ndjson: {schema: {$ref: '#/components/schemas/Thing'}}}
            """, morePaths: """
              /seq:
                get:
                  operationId: seq
                  responses: {'200': {description: ok, content: {application/json-seq: {schema: {type: integer}}}}}
              /text-events:
                get:
                  operationId: textEvents
                  responses: {'200': {description: ok, content: {text/event-stream: {schema: {type: string}}}}}
            """)
        #expect(out.client.contains("func op(id: String) async throws -> JSONLinesStream<Thing> {"))
        #expect(out.client.contains("func seq() async throws -> JSONLinesStream<Int> {"))
        // Nothing to add to the request of a JSON Lines stream without parameters: no `var` Swift warns about.
        #expect(out.client.contains(#"let request = ClientRequest(method: "GET", path: "/seq", operationID: "seq","#))
        #expect(out.client.contains("framing: .recordSeparator"))
        #expect(out.client.contains("func textEvents() async throws -> ServerSentEvents {"))
        #expect(!out.client.contains("opStream"))
    }

    @Test func aBinaryResultAlsoStreamsItsBytes() throws {
        let out = try Self.client(Self.idParameter + """
                  responses:
                    '200': {description: ok, content: {audio/mpeg: {schema: {type: string, format: binary}}}}
            """)
        #expect(out.client.contains("func op(id: String) async throws -> Data {"))
        #expect(out.client.contains("func opStream(id: String) async throws -> MessageBody {"))
        #expect(out.client.contains("return try await core.performStream(request)"))
    }
}
