import Foundation
import Testing
@testable import RaspGenerator

/// Swagger 2.0 documents are read into the model OpenAPI 3 documents are read into (``Swagger2Upgrade``): each test
/// is one row of the README's table of what of 2.0 is supported.
struct Swagger2Tests {
    static let header = """
        swagger: '2.0'
        info: {title: Pets, version: '1'}

        """

    static func parse(_ body: String, lenient: Bool = false,
                      files: [String: String] = [:]) throws(GeneratorFailure) -> OpenAPIDocument {
        var config = GeneratorConfig()
        config.lenient = lenient
        return try GeneratorPipeline(config: config).parse(Array((header + body).utf8), path: "api.yaml",
                                                           source: .files(files))
    }

    static func operation(_ document: OpenAPIDocument, _ id: String) throws -> RaspGenerator.Operation {
        try #require(document.operations.first { $0.operationID == id })
    }

    @Test func hostBasePathAndSchemesAreServers() throws {
        let document = try Self.parse("""
            host: api.example.com
            basePath: /v2
            schemes: [http, https]
            paths: {}
            """)
        #expect(document.servers.map(\.url) == ["https://api.example.com/v2", "http://api.example.com/v2"])
        let relative = try Self.parse("basePath: /api\npaths: {}\n")
        #expect(relative.servers.map(\.url) == ["/api"])
        #expect(try Self.parse("paths: {}\n").servers.isEmpty)
    }

    @Test func aBodyParameterIsTheRequestBodyInEveryConsumedMediaType() throws {
        let document = try Self.parse("""
            consumes: [application/json, application/xml]
            paths:
              /pets:
                post:
                  operationId: addPet
                  parameters:
                    - {name: body, in: body, required: true, description: The pet., schema: {$ref: '#/definitions/Pet'}}
                  responses: {'204': {description: added}}
            definitions:
              Pet: {type: object, properties: {name: {type: string}}}
            """)
        let body = try #require(try Self.operation(document, "addPet").requestBody)
        #expect(body.required)
        #expect(body.description == "The pet.")
        #expect(body.content.map(\.type) == ["application/json", "application/xml"])
        let target = try #require(body.content[0].schema?.ref?.target)
        #expect(document.schemas[target].name == "Pet")
        #expect(try Self.operation(document, "addPet").parameters.isEmpty)
    }

    @Test func formParametersAreAMultipartBodyWithAFileOrAFormWithout() throws {
        let document = try Self.parse("""
            paths:
              /upload:
                post:
                  operationId: upload
                  consumes: [multipart/form-data]
                  parameters:
                    - {name: file, in: formData, type: file, required: true}
                    - {name: note, in: formData, type: string}
                  responses: {'200': {description: ok}}
              /login:
                post:
                  operationId: login
                  parameters:
                    - {name: user, in: formData, type: string, required: true}
                    - {name: tags, in: formData, type: array, items: {type: string}, collectionFormat: multi}
                  responses: {'200': {description: ok}}
            """)
        let upload = try #require(try Self.operation(document, "upload").requestBody)
        #expect(upload.required)
        #expect(upload.content.map(\.type) == ["multipart/form-data"])
        let properties = try #require(upload.content[0].schema?.properties)
        #expect(properties.map(\.name) == ["file", "note"])
        #expect(properties[0].schema.types == [.string] && properties[0].schema.format == "binary")
        #expect(upload.content[0].schema?.required == ["file"])
        let login = try #require(try Self.operation(document, "login").requestBody)
        #expect(login.content.map(\.type) == ["application/x-www-form-urlencoded"])
        #expect(login.content[0].schema?.properties.map(\.name) == ["user", "tags"])
    }

    @Test(arguments: [
        ("csv", ParameterStyle.form, false), ("multi", .form, true), ("ssv", .spaceDelimited, false),
        ("pipes", .pipeDelimited, false),
    ])
    func collectionFormatIsAStyle(_ format: String, _ style: ParameterStyle, _ explode: Bool) throws {
        let document = try Self.parse("""
            paths:
              /pets:
                get:
                  operationId: find
                  parameters:
                    - {name: tags, in: query, type: array, items: {type: string}, collectionFormat: \(format)}
                    - {name: limit, in: query, type: integer, format: int32, maximum: 100, default: 20}
                  responses: {'200': {description: ok}}
            """)
        let parameters = try Self.operation(document, "find").parameters
        #expect(parameters[0].style == style && parameters[0].explode == explode)
        #expect(parameters[0].schema.types == [.array])
        #expect(parameters[1].schema.types == [.integer] && parameters[1].schema.format == "int32")
    }

    @Test func tabSeparatedValuesAreSentAsCSVWithAWarningAtTheirPlace() throws {
        let result = try GeneratorPipeline().generate(Array((Self.header + """
            paths:
              /pets:
                get:
                  parameters:
                    - {name: tags, in: query, type: array, items: {type: string}, collectionFormat: tsv}
                  responses: {'200': {description: ok}}
            """).utf8), sourceName: "api.yaml")
        let warning = try #require(result.warnings.first { $0.message.contains("tsv") })
        #expect(warning.mark?.line == 7)
    }

    @Test func securityDefinitionsAreSecuritySchemes() throws {
        let document = try Self.parse("""
            securityDefinitions:
              basic: {type: basic}
              key: {type: apiKey, name: X-Key, in: header}
              app: {type: oauth2, flow: application, tokenUrl: 'https://auth.example.com/token', scopes: {read: Read}}
              code:
                type: oauth2
                flow: accessCode
                authorizationUrl: 'https://auth.example.com/authorize'
                tokenUrl: 'https://auth.example.com/token'
                scopes: {}
              implicit: {type: oauth2, flow: implicit, authorizationUrl: 'https://auth.example.com/authorize'}
              password: {type: oauth2, flow: password, tokenUrl: 'https://auth.example.com/token'}
            security: [{key: []}]
            paths: {}
            """)
        let schemes = Dictionary(uniqueKeysWithValues: document.securitySchemes.map { ($0.name, $0) })
        #expect(schemes["basic"]?.kind == .http)
        #expect(schemes["key"]?.kind == .apiKey && schemes["key"]?.parameterName == "X-Key")
        #expect(schemes["app"]?.flows.map(\.kind) == [.clientCredentials])
        #expect(schemes["app"]?.flows.first?.tokenURL == "https://auth.example.com/token")
        #expect(schemes["app"]?.flows.first?.scopes == ["read"])
        #expect(schemes["code"]?.flows.map(\.kind) == [.authorizationCode])
        #expect(schemes["implicit"]?.flows.map(\.kind) == [.implicit])
        #expect(schemes["password"]?.flows.map(\.kind) == [.password])
        #expect(document.security == [["key"]])
    }

    @Test func aResponseSchemaIsContentInEveryProducedMediaTypeWithItsExamples() throws {
        let document = try Self.parse("""
            produces: [application/json]
            paths:
              /pets/{id}:
                parameters: [{name: id, in: path, required: true, type: integer}]
                get:
                  operationId: getPet
                  responses:
                    '200':
                      description: The pet.
                      schema: {$ref: '#/definitions/Pet'}
                      examples: {application/json: {name: Rex}}
                      headers: {X-Rate: {type: integer}}
                    default: {$ref: '#/responses/Problem'}
              /pets/{id}/photo:
                get:
                  operationId: photo
                  produces: [image/png]
                  parameters: [{name: id, in: path, required: true, type: integer}]
                  responses: {'200': {description: bytes, schema: {type: file}}}
            responses:
              Problem: {description: A problem., schema: {type: object, properties: {message: {type: string}}}}
            definitions:
              Pet: {type: object, properties: {name: {type: string, x-nullable: true}}}
            """)
        let get = try Self.operation(document, "getPet")
        #expect(get.parameters.map(\.name) == ["id"])
        let ok = try #require(get.responses.first { $0.status == .code(200) })
        #expect(ok.content.map(\.type) == ["application/json"])
        #expect(ok.content[0].examples.count == 1)
        let problem = try #require(get.responses.first { $0.status == .default })
        #expect(problem.description == "A problem.")
        #expect(problem.componentName == "Problem")
        let pet = try #require(document.schemas.first { $0.name == "Pet" })
        #expect(pet.schema.properties.first?.schema.nullable == true)
        let photo = try #require(try Self.operation(document, "photo").responses.first)
        #expect(photo.content.map(\.type) == ["image/png"])
        #expect(photo.content[0].schema?.format == "binary")
    }

    @Test func aDiscriminatorNameIsADiscriminatorObject() throws {
        let document = try Self.parse("""
            paths: {}
            definitions:
              Pet:
                type: object
                discriminator: kind
                required: [kind]
                properties: {kind: {type: string}}
              Cat:
                allOf: [{$ref: '#/definitions/Pet'}, {type: object, properties: {lives: {type: integer}}}]
            """)
        let pet = try #require(document.schemas.first { $0.name == "Pet" })
        #expect(pet.schema.discriminator?.propertyName == "kind")
    }

    @Test func aBodyWithoutASchemaIsAnErrorAtItsPlaceRepairedWhenLenient() throws {
        let text = """
            paths:
              /pets:
                post:
                  parameters:
                    - {name: body, in: body}
                  responses: {'204': {description: ok}}
            """
        do {
            _ = try Self.parse(text)
            Issue.record("a body parameter without a schema was accepted")
        } catch {
            let first = try #require(error.errors.first)
            #expect(first.message.contains("needs a 'schema'"))
            #expect(first.mark?.line == 7 && first.mark?.column == 11)
        }
        let repaired = try Self.parse(text, lenient: true)
        #expect(repaired.operations.first?.requestBody?.content.map(\.type) == ["application/json"])
    }

    @Test func aSwaggerVersionOtherThan2IsRefused() {
        do {
            _ = try GeneratorPipeline().parse(Array("swagger: '1.2'\ninfo: {title: T, version: '1'}\n".utf8),
                                              path: "api.yaml")
            Issue.record("Swagger 1.2 was accepted")
        } catch {
            #expect(error.errors.first?.message.contains("unsupported Swagger version '1.2'") == true)
        }
    }

    @Test func parametersAndSchemasOfOtherFilesAreReadIn2Point0Form() throws {
        let document = try Self.parse("""
            paths:
              /pets:
                post:
                  operationId: addPet
                  parameters:
                    - $ref: 'shared.yaml#/parameters/PetBody'
                    - $ref: 'shared.yaml#/parameters/Trace'
                  responses: {'200': {description: ok, schema: {$ref: 'shared.yaml#/definitions/Pet'}}}
            """, files: ["shared.yaml": """
            parameters:
              PetBody: {name: pet, in: body, required: true, schema: {$ref: '#/definitions/Pet'}}
              Trace: {name: X-Trace, in: header, type: string}
            definitions:
              Pet: {type: object, properties: {photo: {type: file}, owner: {type: string, x-nullable: true}}}
            """])
        let add = try Self.operation(document, "addPet")
        #expect(add.parameters.map(\.name) == ["X-Trace"])
        #expect(add.parameters.first?.location == .header)
        let body = try #require(add.requestBody)
        let target = try #require(body.content.first?.schema?.ref?.target)
        let properties = document.schemas[target].schema.properties
        #expect(properties.first { $0.name == "photo" }?.schema.format == "binary")
        #expect(properties.first { $0.name == "owner" }?.schema.nullable == true)
    }

    /// What a strict run refuses: the errors' messages and places (line, column).
    static func errors(_ text: String, files: [String: String] = [:]) -> [(String, Int?, Int?)] {
        do {
            _ = try parse(text, files: files)
            return []
        } catch {
            return error.errors.map { ($0.message, $0.mark?.line, $0.mark?.column) }
        }
    }

    @Test func aTypeListIsAnErrorRepairedAsOpenAPI31ReadsIt() throws {
        let text = """
            paths: {}
            definitions:
              Pet:
                type: object
                properties:
                  kind: {type: [string, 'null']}
            """
        let errors = Self.errors(text)
        #expect(errors.count == 1)
        #expect(errors.first?.0.contains("a 'type' list is not Swagger 2.0") == true)
        #expect(errors.first?.1 == 8 && errors.first?.2 == 20)
        let repaired = try Self.parse(text, lenient: true)
        let pet = try #require(repaired.schemas.first { $0.name == "Pet" })
        let kind = try #require(pet.schema.properties.first?.schema)
        #expect(kind.types == [.string] && kind.nullable)
    }

    @Test func keywordsBesideARefAreAnErrorRepairedAsAnAllOf() throws {
        let text = """
            paths: {}
            definitions:
              Owner: {type: object, properties: {name: {type: string}}}
              Pet:
                type: object
                properties:
                  owner:
                    $ref: '#/definitions/Owner'
                    description: Who feeds it.
                    x-nullable: true
                    properties: {since: {type: string}}
            """
        let errors = Self.errors(text)
        #expect(errors.count == 1)
        #expect(errors.first?.0.contains("'properties' beside a $ref is ignored in Swagger 2.0") == true)
        #expect(errors.first?.1 == 13 && errors.first?.2 == 9)
        let repaired = try Self.parse(text, lenient: true)
        let pet = try #require(repaired.schemas.first { $0.name == "Pet" })
        let owner = try #require(pet.schema.properties.first?.schema)
        // Annotations stay on the property; the reference and the added members are the parts of an allOf.
        #expect(owner.ref == nil && owner.description == "Who feeds it." && owner.nullable)
        #expect(owner.allOf.count == 2)
        #expect(owner.allOf.first?.ref?.text == "#/components/schemas/Owner")
        #expect(owner.allOf.last?.properties.map(\.name) == ["since"])
        // Annotations alone beside a $ref change nothing the reference describes: no error.
        #expect(Self.errors("""
            paths: {}
            definitions:
              Owner: {type: object}
              Pet: {type: object, properties: {owner: {$ref: '#/definitions/Owner', readOnly: true, type: object}}}
            """).isEmpty)
    }

    @Test func anOpenAPI31DocumentAppliesARefAndItsSiblingsWithoutADiagnostic() throws {
        let document = try GeneratorPipeline().parse(Array("""
            openapi: 3.1.0
            info: {title: T, version: '1'}
            paths: {}
            components:
              schemas:
                Base: {type: object, properties: {id: {type: string}}}
                Extended: {$ref: '#/components/schemas/Base', properties: {extra: {type: integer}}, required: [extra]}
            """.utf8), path: "api.yaml")
        let extended = try #require(document.schemas.first { $0.name == "Extended" })
        #expect(extended.schema.allOf.count == 2)
        #expect(extended.schema.allOf.last?.required == ["extra"])
    }

    @Test func anOpenAPI30DocumentReadsTheRefAloneAndWarnsAtTheIgnoredSibling() throws {
        let text = """
            openapi: 3.0.3
            info: {title: T, version: '1'}
            paths: {}
            components:
              schemas:
                Base: {type: object, properties: {id: {type: string}}}
                Holder:
                  type: object
                  properties:
                    base: {$ref: '#/components/schemas/Base', description: The base., properties: {x: {type: string}}}
            """
        let result = try GeneratorPipeline().generate(Array(text.utf8), sourceName: "t.yaml")
        #expect(result.warnings.count == 1)
        let warning = try #require(result.warnings.first)
        #expect(warning.message.hasPrefix("'properties' beside a $ref is ignored in OpenAPI 3.0.3"))
        #expect(warning.mark?.line == 10 && warning.mark?.column == 75)
        let document = try GeneratorPipeline().parse(Array(text.utf8), path: "t.yaml")
        let holder = try #require(document.schemas.first { $0.name == "Holder" })
        let base = try #require(holder.schema.properties.first?.schema)
        #expect(base.ref?.text == "#/components/schemas/Base" && base.allOf.isEmpty && base.description == "The base.")
    }

    @Test func aReferenceToNothingIsNamedAsThe2Point0DocumentWritesIt() {
        let errors = Self.errors("""
            paths:
              /pets:
                get:
                  responses: {'200': {description: ok, schema: {$ref: '#/definitions/Missing'}}}
            """)
        #expect(errors.first?.0 == "$ref '#/definitions/Missing' does not point to anything in this document")
    }

    @Test func vendorEnumNamesNameTheCasesAndAMismatchedListIsLeftOutWithAWarning() throws {
        let document = try Self.parse("""
            paths: {}
            definitions:
              Level: {type: integer, enum: [0, 1], x-enum-varnames: [Low, High]}
              Kind:
                type: string
                enum: [a, b]
                x-ms-enum: {name: Kind, values: [{value: a, name: Alpha}, {value: b, name: Beta}]}
              Odd: {type: string, enum: [x, y], x-enumNames: [OnlyOne]}
            """)
        let names = { (name: String) in document.schemas.first { $0.name == name }?.schema.enumCaseNames ?? [:] }
        #expect(names("Level") == ["0": "Low", "1": "High"])
        #expect(names("Kind") == ["a": "Alpha", "b": "Beta"])
        #expect(names("Odd").isEmpty)
    }
}
