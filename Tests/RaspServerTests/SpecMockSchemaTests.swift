import Foundation
import RaspRuntime
import RaspSpecMock
import Testing

/// Values the spec-driven mock makes for schema shapes that combine parts: each must be valid under the whole schema.
struct SpecMockSchemaTests {
    static let document = """
        openapi: 3.1.0
        info: {title: Shapes, version: '1'}
        paths:
          /logout:
            get:
              operationId: logout
              responses:
                '302': {description: Back to the login page.}
          /sources/{id}:
            get:
              operationId: getSource
              parameters: [{name: id, in: path, required: true, schema: {type: string}}]
              responses:
                '200':
                  description: A source.
                  content:
                    application/json:
                      schema:
                        type: object
                        required: [id, name]
                        properties:
                          id: {type: string}
                          name: {type: string}
                        oneOf:
                          - {type: object, required: [type], properties: {type: {const: webhook}}}
                          - {type: object, required: [type], properties: {type: {const: poller}}}
          /events:
            get:
              operationId: getEvent
              responses:
                '200':
                  description: An event.
                  content:
                    application/json:
                      schema:
                        allOf:
                          - type: object
                            required: [kind]
                          - type: object
                            required: [kind, customer]
                            properties:
                              kind: {type: string, enum: [created]}
                              customer: {type: string, example: c-1}
                          - type: object
                            properties:
                              customer: {type: 'null'}
          /labels:
            get:
              operationId: getLabels
              responses:
                '200':
                  description: Two to three labels.
                  content:
                    application/json:
                      schema: {$ref: '#/components/schemas/Labels'}
            post:
              operationId: setLabels
              requestBody:
                required: true
                content:
                  application/json:
                    schema: {$ref: '#/components/schemas/Labels'}
              responses:
                '204': {description: Set.}
        components:
          schemas:
            Labels:
              type: object
              minProperties: 2
              maxProperties: 3
              properties:
                colour: {type: string}
              additionalProperties: {type: integer}
        """

    static func answer(_ path: String, method: String = "GET", body: String? = nil) async throws -> ServerResponse {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("shapes-\(UUID().uuidString).yaml")
        try Data(Self.document.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        var router = ServerRouter()
        try SpecMock(contentsOf: file.path).registerRoutes(on: &router)
        guard let body else { return await router.respond(to: ServerRequest(method: method, target: path)) }
        let request = ServerRequest(method: method, target: path, headers: [.contentType: "application/json"],
                                    body: Data(body.utf8))
        return await router.respond(to: request)
    }

    static func object(_ response: ServerResponse) async throws -> JSONObject<JSONValue> {
        guard case .data(let body) = response.body else {
            Issue.record("a streamed body")
            return [:]
        }
        guard case .object(let fields) = try JSONDecoder().decode(JSONValue.self, from: body) else {
            Issue.record("not an object: \(String(decoding: body, as: UTF8.self))")
            return [:]
        }
        return fields
    }

    @Test func anOperationThatOnlyRedirectsAnswersItsRedirect() async throws {
        #expect(try await Self.answer("/logout").status == 302)
    }

    @Test func propertiesBesideAUnionAreInTheValue() async throws {
        let fields = try await Self.object(try await Self.answer("/sources/s1"))
        #expect(fields["id"] != nil && fields["name"] != nil)
        #expect(fields["type"] == .string("webhook"))
    }

    /// `minProperties` and `maxProperties` bound a request body's object, and a value the mock makes has enough:
    /// the declared property first, then additional ones of their schema.
    @Test func propertyCountsAreChecked() async throws {
        let fields = try await Self.object(try await Self.answer("/labels"))
        #expect(fields.count == 2)
        #expect(fields["colour"] != nil)
        // The additional property's value comes from its schema (an integer), not the undescribed text.
        #expect(fields["property1"] == .integer(0) || fields["property1"] == .number(0))
        for (body, status) in [(#"{"colour": "red"}"#, 400), (#"{"colour": "red", "size": 2}"#, 204),
                               (#"{"colour": "red", "a": 1, "b": 2, "c": 3}"#, 400)] {
            #expect(try await Self.answer("/labels", method: "POST", body: body).status == status, "\(body)")
        }
    }

    @Test func allOfPartsAgree() async throws {
        let fields = try await Self.object(try await Self.answer("/events"))
        // `kind` is described by the second part only, and the third allows only null for `customer`.
        #expect(fields["kind"] == .string("created"))
        #expect(fields["customer"] == .null)
    }
}
