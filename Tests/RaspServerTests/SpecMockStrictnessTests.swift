import Foundation
import HTTPTypes
import RaspGenerator
import RaspRuntime
@testable import RaspSpecMock
import Testing

/// The spec-driven mock answers only what its document allows: examples that break their schema are not served,
/// values made from a schema match its patterns, and requests are refused as the real service would refuse them.
struct SpecMockStrictnessTests {
    static let document = """
        openapi: 3.1.0
        info: {title: Strict, version: '1'}
        security: [{token: []}]
        paths:
          /items/{id}:
            get:
              operationId: getItem
              parameters:
                - {name: id, in: path, required: true, schema: {type: string, pattern: '^[\\da-z]{26}$'}}
                - {name: limit, in: query, schema: {type: integer, minimum: 1, maximum: 50}}
                - {name: tags, in: query, schema: {type: array, items: {type: string, enum: [a, b]}}}
                - {name: accept, in: query, schema: {anyOf: [{type: boolean}, {type: string, const: 'yes'}]}}
                - name: statuses
                  in: query
                  schema: {type: array, items: {anyOf: [{type: string, enum: [failed]}, {type: integer}]}}
              responses:
                '200':
                  description: An item.
                  content:
                    application/json:
                      schema: {$ref: '#/components/schemas/Item'}
                      example: {id: string, code: XX-1, count: 3}
                '401':
                  description: No credential.
                  content:
                    application/json:
                      schema: {type: object, required: [reason], properties: {reason: {type: string}}}
            put:
              operationId: putItem
              security: []
              parameters:
                - {name: id, in: path, required: true, schema: {type: string}}
              requestBody:
                required: true
                content:
                  application/json:
                    schema: {$ref: '#/components/schemas/Item'}
              responses:
                '204': {description: Stored.}
          /forms:
            post:
              operationId: postForm
              security: []
              requestBody:
                content:
                  application/x-www-form-urlencoded:
                    schema:
                      allOf:
                        - type: object
                          required: [name]
                          properties: {name: {type: string}, ids: {type: array, items: {type: integer}}}
                        - oneOf:
                            - {type: object, required: [time], properties: {time: {type: integer}}}
                            - {type: object, required: [days], properties: {days: {type: integer, enum: [1, 2]}}}
              responses:
                '204': {description: Stored.}
          /items/special:
            get:
              operationId: special
              security: []
              responses:
                '200': {description: ok}
          /games:
            get:
              operationId: games
              security: []
              parameters:
                - {name: Accept, in: header, required: true, schema: {type: string, enum: [application/x-ndjson]}}
              responses:
                '200': {description: The games.}
          /orders:
            post:
              operationId: order
              security: []
              requestBody:
                required: true
                content:
                  application/json:
                    schema: {type: object}
              responses:
                '201': {description: Ordered.}
                '410': {description: The offer is gone.}
                '409':
                  description: Conflict.
                  content:
                    application/json:
                      schema: {type: object, required: [conflict], properties: {conflict: {type: string}}}
          /uploads:
            post:
              operationId: upload
              security: []
              requestBody:
                required: true
                content:
                  multipart/form-data:
                    schema:
                      type: object
                      required: [title, file]
                      additionalProperties: false
                      properties:
                        title: {type: string, minLength: 2}
                        count: {type: integer, maximum: 5}
                        tags: {type: array, items: {type: string, enum: [a, b]}}
                        meta: {type: object, required: [kind], properties: {kind: {type: string}}}
                        file: {type: string, format: binary}
                        images:
                          anyOf:
                            - {type: string, format: binary}
                            - {type: array, items: {type: string, format: binary}}
                        flag: {anyOf: [{type: boolean}, {type: 'null'}]}
              responses:
                '201': {description: Stored.}
                '400': {description: Refused.}
          /bundles:
            post:
              operationId: bundle
              security: []
              requestBody:
                required: true
                content:
                  multipart/form-data:
                    schema:
                      type: object
                      required: [files, names]
                      properties:
                        files: {type: array, items: {type: string, format: binary}}
                        names: {type: array, minItems: 1, items: {type: string}}
              responses:
                '201': {description: Stored.}
                '400': {description: Refused.}
          /session:
            post:
              operationId: session
              security: []
              responses:
                '101': {description: Switched to the session protocol.}
                '400': {description: Not an upgrade.}
        components:
          securitySchemes:
            token: {type: http, scheme: bearer}
          schemas:
            Item:
              type: object
              required: [id, code, count]
              additionalProperties: false
              properties:
                id: {type: string, pattern: '^[\\da-z]{26}$'}
                code: {type: string, pattern: '^[A-Z]{2}-\\d{3,5}$'}
                count: {type: integer, minimum: 0, maximum: 9, format: int32}
                labels: {type: array, uniqueItems: true, items: {type: string}}
                note: {type: [string, 'null'], minLength: 2}
                "caf\u{E9}": {type: string}
        """

    static func mock(credential: String? = nil) throws -> SpecMock {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("strict-\(UUID().uuidString).yaml")
        try Data(Self.document.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        var mock = try SpecMock(contentsOf: file.path)
        mock.credential = credential
        return mock
    }

    static func respond(_ method: String, _ target: String, headers: HTTPFields = [:], body: String? = nil,
                        credential: String? = "secret") async throws -> ServerResponse {
        var router = ServerRouter()
        try Self.mock(credential: credential).registerRoutes(on: &router)
        var fields = headers
        if body != nil { fields[.contentType] = "application/json" }
        return await router.respond(to: ServerRequest(method: method, target: target, headers: fields,
                                                      body: Data((body ?? "").utf8)))
    }

    static func json(_ response: ServerResponse) throws -> JSONValue {
        try JSONDecoder().decode(JSONValue.self, from: response.data ?? Data())
    }

    static let authorized: HTTPFields = [.authorization: "Bearer secret"]
    static let validID = "0123456789abcdefghijklmnop"

    @Test func anExampleThatBreaksItsSchemaIsReplacedByAValidValue() async throws {
        let response = try await Self.respond("GET", "/items/\(Self.validID)", headers: Self.authorized)
        #expect(response.status == 200)
        let mock = try Self.mock()
        let validator = SchemaValidator(document: mock.document)
        let item = try #require(mock.document.schemas.first { $0.name == "Item" }?.schema)
        let value = try Self.json(response)
        #expect(validator.validates(value, item), "\(value)")
        guard case .object(let fields) = value, case .string(let id)? = fields["id"] else {
            Issue.record("no id in \(value)")
            return
        }
        #expect(id != "string")
        #expect(id.count == 26)
    }

    @Test(arguments: [
        #"^[\da-z]{26}$"#, #"^[A-Z]{2}-\d{3,5}$"#, #"^(foo|bar)_[a-z]+$"#, #"^\+?[0-9]{7,15}$"#,
        #"^[^@\s]+@[^@\s]+\.[a-z]{2,}$"#, #"^(?:v\d+\.){2}\d+$"#, #"^[a-zA-Z0-9\-_.]+$"#, #"^\w{3}[\u0041-\u005A]?$"#,
    ])
    func samplesOfAPatternMatchIt(pattern: String) throws {
        let sample = try #require(PatternSample(pattern))
        for extra in [0, 1, 5] {
            let text = sample.sample(extra: extra)
            #expect(SchemaValidator.matches(text, pattern), "\(text) for \(pattern)")
        }
    }

    @Test func patternsWithLookaroundsGiveNoSample() {
        #expect(PatternSample(#"^(?=.*\d)[a-z\d]+$"#) == nil)
        #expect(PatternSample(#"^(a)\1$"#) == nil)
    }

    @Test func theValidatorChecksEachKeyword() throws {
        let mock = try Self.mock()
        let validator = SchemaValidator(document: mock.document, isResponse: false)
        let item = try #require(mock.document.schemas.first { $0.name == "Item" }?.schema)
        func check(_ json: String) throws -> Bool {
            validator.validates(try JSONDecoder().decode(JSONValue.self, from: Data(json.utf8)), item)
        }
        let id = Self.validID
        #expect(try check(#"{"id":"\#(id)","code":"AB-123","count":0,"note":null,"labels":["x","y"]}"#))
        #expect(try !check(#"{"id":"string","code":"AB-123","count":0}"#), "pattern")
        #expect(try !check(#"{"id":"\#(id)","code":"AB-123"}"#), "required")
        #expect(try !check(#"{"id":"\#(id)","code":"AB-123","count":10}"#), "maximum")
        #expect(try !check(#"{"id":"\#(id)","code":"AB-123","count":1.5}"#), "integer")
        #expect(try !check(#"{"id":"\#(id)","code":"AB-123","count":1,"extra":true}"#), "additionalProperties")
        #expect(try !check(#"{"id":"\#(id)","code":"AB-123","count":1,"labels":["x","x"]}"#), "uniqueItems")
        #expect(try !check(#"{"id":"\#(id)","code":"AB-123","count":1,"note":"a"}"#), "minLength")
        // 3.1's `type: 'null'` allows only `null`; 3.0's `nullable: true` without a type constrains nothing.
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("nulls-\(UUID().uuidString).yaml")
        try Data(("openapi: 3.1.0\ninfo: {title: T, version: '1'}\npaths: {}\n"
            + "components: {schemas: {N: {type: 'null'}, A: {allOf: [{type: string}, {nullable: true}]}}}\n").utf8)
            .write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let typeNull = try SpecMock(contentsOf: file.path).document
        let strict = SchemaValidator(document: typeNull, isResponse: false)
        let schemas = Dictionary(uniqueKeysWithValues: typeNull.schemas.map { ($0.name, $0.schema) })
        #expect(strict.validates(.null, try #require(schemas["N"])))
        #expect(!strict.validates(.string("x"), try #require(schemas["N"])))
        #expect(strict.validates(.string("auto"), try #require(schemas["A"])))
        #expect(!strict.validates(.number(1), try #require(schemas["A"])))
    }

    /// A `multipart/form-data` body of these parts (name, optional Content-Type, text), with a file part named `file`
    /// unless `file` is false.
    static func multipart(_ parts: [(String, String?, String)], file: Bool = true) -> (HTTPFields, Data) {
        var text = ""
        for (name, type, value) in parts {
            text += "--b0undary\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n"
            if let type { text += "Content-Type: \(type)\r\n" }
            text += "\r\n\(value)\r\n"
        }
        if file {
            text += "--b0undary\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.bin\"\r\n"
                + "Content-Type: application/octet-stream\r\n\r\n\u{1}\u{2}\u{3}\r\n"
        }
        return ([.contentType: "multipart/form-data; boundary=b0undary"], Data((text + "--b0undary--\r\n").utf8))
    }

    @Test func multipartBodiesAreCheckedPartByPart() async throws {
        var router = ServerRouter()
        try Self.mock().registerRoutes(on: &router)
        func status(_ parts: [(String, String?, String)], file: Bool = true) async -> Int {
            let (headers, body) = Self.multipart(parts, file: file)
            return await router.respond(to: ServerRequest(method: "POST", target: "/uploads", headers: headers,
                                                          body: body)).status
        }
        let meta = ("meta", "application/json", #"{"kind":"k"}"#)
        #expect(await status([("title", nil, "ok"), ("count", nil, "5"), ("tags", nil, "a"), ("tags", nil, "b"), meta])
                    == 201)
        #expect(await status([("title", "text/plain; charset=utf-8", "ok")]) == 201)
        // Files without a file name or a media type, in a property that may hold one or a list of them; a boolean
        // or null given as text.
        #expect(await status([("title", nil, "ok"), ("images", nil, "\u{89}PNG"), ("images", nil, "\u{89}PNG"),
                              ("flag", nil, "false")]) == 201)
        #expect(await status([("title", nil, "ok"), ("flag", nil, "null")]) == 201)
        #expect(await status([("title", nil, "ok"), ("flag", nil, "maybe")]) == 400, "neither a boolean nor null")
        #expect(await status([("title", nil, "ok")], file: false) == 400, "a required file is missing")
        #expect(await status([("count", nil, "1")]) == 400, "a required text part is missing")
        #expect(await status([("title", nil, "x")]) == 400, "minLength")
        #expect(await status([("title", nil, "ok"), ("count", nil, "six")]) == 400, "not an integer")
        #expect(await status([("title", nil, "ok"), ("count", nil, "6")]) == 400, "maximum")
        #expect(await status([("title", nil, "ok"), ("tags", nil, "c")]) == 400, "an item outside the enum")
        #expect(await status([("title", nil, "ok"), ("meta", nil, #"{"other":1}"#)]) == 400,
                "a JSON part without its required key")
        #expect(await status([("title", nil, "ok"), ("meta", nil, "{")]) == 400, "a JSON part that does not parse")
        #expect(await status([("title", nil, "ok"), ("other", nil, "x")]) == 400, "a part of no declared property")
        // A required list sent empty has no part, which a list that may be empty allows.
        let (headers, body) = Self.multipart([("names", nil, "a")], file: false)
        #expect(await router.respond(to: ServerRequest(method: "POST", target: "/bundles", headers: headers,
                                                       body: body)).status == 201)
        let (noNames, empty) = Self.multipart([], file: false)
        #expect(await router.respond(to: ServerRequest(method: "POST", target: "/bundles", headers: noNames,
                                                       body: empty)).status == 400, "names needs an item")
        let unframed = await router.respond(to: ServerRequest(
            method: "POST", target: "/uploads", headers: [.contentType: "multipart/form-data; boundary=other"],
            body: Self.multipart([("title", nil, "ok")]).1))
        #expect(unframed.status == 400)
    }

    /// An empty body sent as a form is an empty form: its required fields are missing. No body at all is no body.
    /// One empty field of a list is the empty list. A form's schema made of parts holds for each part it needs.
    @Test func formsAreCheckedAgainstEveryPartOfTheirSchema() async throws {
        var router = ServerRouter()
        try Self.mock().registerRoutes(on: &router)
        func status(_ body: String, contentType: String?) async -> Int {
            var headers: HTTPFields = [:]
            if let contentType { headers[.contentType] = contentType }
            return await router.respond(to: ServerRequest(method: "POST", target: "/forms", headers: headers,
                                                          body: Data(body.utf8))).status
        }
        let form = "application/x-www-form-urlencoded"
        #expect(await status("", contentType: form) == 400)
        #expect(await status("name=x&time=5", contentType: form) == 204)
        #expect(await status("name=x&days=2&ids=", contentType: form) == 204)  // The empty list.
        #expect(await status("name=x&time=5&ids=1&ids=2", contentType: form) == 204)
        #expect(await status("name=x&time=5&ids=one", contentType: form) == 400)
        // Every allOf part holds, and exactly one oneOf variant.
        #expect(await status("name=x&time=5&days=1", contentType: form) == 400)
        #expect(await status("time=5", contentType: form) == 400)
        #expect(await status("name=x", contentType: form) == 400)
        #expect(await status("name=x&days=3", contentType: form) == 400)
        #expect(await status("", contentType: nil) == 204)
    }

    @Test func only101ForARequestThatAsksForAnUpgrade() async throws {
        #expect(try await Self.respond("POST", "/session").status == 400)
        #expect(try await Self.respond("POST", "/session", headers: [.upgrade: "h2c", .connection: "Upgrade"])
                    .status == 101)
    }

    @Test func aRequestWithoutTheCredentialIsRefusedWithTheDocumented401() async throws {
        let missing = try await Self.respond("GET", "/items/\(Self.validID)")
        #expect(missing.status == 401)
        guard case .object(let fields) = try Self.json(missing) else {
            Issue.record("no documented body")
            return
        }
        #expect(fields["reason"] != nil)
        #expect(try await Self.respond("GET", "/items/\(Self.validID)", headers: [.authorization: "Bearer other"])
                    .status == 401)
        #expect(try await Self.respond("GET", "/items/\(Self.validID)", headers: [.authorization: "Basic secret"])
                    .status == 401)
        // Without a credential set, any bearer token does; an operation with `security: []` needs none.
        #expect(try await Self.respond("GET", "/items/\(Self.validID)", headers: [.authorization: "Bearer any"],
                                       credential: nil).status == 200)
        #expect(try await Self.respond("PUT", "/items/x", body: #"{"id":"\#(Self.validID)","code":"AB-123","count":1}"#)
                    .status == 204)
    }

    @Test func parametersAndBodiesThatBreakTheirSchemaAre400() async throws {
        let item = "/items/\(Self.validID)"
        #expect(try await Self.respond("GET", "/items/not-an-id", headers: Self.authorized).status == 400)
        #expect(try await Self.respond("GET", item + "?limit=0", headers: Self.authorized).status == 400)
        #expect(try await Self.respond("GET", item + "?limit=ten", headers: Self.authorized).status == 400)
        #expect(try await Self.respond("GET", item + "?limit=50&tags=a&tags=b", headers: Self.authorized).status == 200)
        #expect(try await Self.respond("GET", item + "?tags=c", headers: Self.authorized).status == 400)
        // A union's text is valid when one variant reads it: `false` as the boolean, `yes` as the string.
        #expect(try await Self.respond("GET", item + "?accept=false", headers: Self.authorized).status == 200)
        #expect(try await Self.respond("GET", item + "?accept=yes", headers: Self.authorized).status == 200)
        #expect(try await Self.respond("GET", item + "?accept=no", headers: Self.authorized).status == 400)
        // And each item of a list of a union (Lago's `http_statuses[]`).
        #expect(try await Self.respond("GET", item + "?statuses=failed&statuses=404", headers: Self.authorized)
            .status == 200)
        #expect(try await Self.respond("GET", item + "?statuses=lost", headers: Self.authorized).status == 400)
        #expect(try await Self.respond("PUT", "/items/x", body: #"{"id":"x","code":"AB-123","count":1}"#).status == 400)
        #expect(try await Self.respond("PUT", "/items/x", body: "{").status == 400)
        // A key is the bytes sent: "café" with a combining accent (NFD) is not the declared "café" (NFC).
        let valid = #""id":"\#(Self.validID)","code":"AB-123","count":1"#
        #expect(try await Self.respond("PUT", "/items/x", body: "{\(valid),\"caf\u{E9}\":\"x\"}").status == 204)
        #expect(try await Self.respond("PUT", "/items/x", body: "{\(valid),\"cafe\u{301}\":\"x\"}").status == 400)
        #expect(try await Self.respond("PUT", "/items/x").status == 400)
        var router = ServerRouter()
        try Self.mock().registerRoutes(on: &router)
        let xml = await router.respond(to: ServerRequest(method: "PUT", target: "/items/x",
                                                         headers: [.contentType: "application/xml"],
                                                         body: Data("<item/>".utf8)))
        // No failure documented for this operation: the status that says what is wrong, as a problem.
        #expect(xml.status == 415)
        #expect(xml.headers[.contentType] == "application/problem+json")
    }

    @Test func aRefusalIsAnsweredWithAStatusThatSaysTheRequestIsWrongInADocumentedMediaType() async throws {
        // The operation documents 410 and 409: a request without its body is refused with 409 (410 would say the
        // resource is gone), with the body its schema describes.
        let conflict = try await Self.respond("POST", "/orders")
        #expect(conflict.status == 409)
        guard case .object(let fields) = try Self.json(conflict) else {
            Issue.record("no documented body")
            return
        }
        #expect(fields["conflict"] != nil)
        // No failure documented: a problem in the JSON media type the operation answers in.
        let invalid = try await Self.respond("GET", "/items/not-an-id", headers: Self.authorized)
        #expect(invalid.status == 400)
        #expect(invalid.headers[.contentType] == "application/json")
        guard case .object(let problem) = try Self.json(invalid) else {
            Issue.record("no problem body")
            return
        }
        #expect(problem["title"] == .string("Bad Request"))
    }

    @Test func anAcceptHeaderParameterIsIgnoredAsOpenAPISays() async throws {
        #expect(try await Self.respond("GET", "/games").status == 200)
        #expect(try await Self.respond("GET", "/games", headers: [.accept: "*/*"]).status == 200)
    }

    @Test func theMostSpecificPathDecidesTheAllowedMethods() async throws {
        // `/items/special` has GET only: a PUT there is no PUT of `/items/{id}`.
        let response = try await Self.respond("PUT", "/items/special", body: "{}")
        #expect(response.status == 405)
        #expect(response.headers[.allow] == "GET")
    }
}
