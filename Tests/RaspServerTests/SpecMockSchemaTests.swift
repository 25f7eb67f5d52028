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
        """

    static func answer(_ path: String) async throws -> ServerResponse {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("shapes-\(UUID().uuidString).yaml")
        try Data(Self.document.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        var router = ServerRouter()
        try SpecMock(contentsOf: file.path).registerRoutes(on: &router)
        return await router.respond(to: ServerRequest(method: "GET", target: path))
    }

    static func object(_ response: ServerResponse) async throws -> [String: JSONValue] {
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

    @Test func allOfPartsAgree() async throws {
        let fields = try await Self.object(try await Self.answer("/events"))
        // `kind` is described by the second part only, and the third allows only null for `customer`.
        #expect(fields["kind"] == .string("created"))
        #expect(fields["customer"] == .null)
    }
}
