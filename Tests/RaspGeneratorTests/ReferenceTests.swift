import Testing
@testable import RaspGenerator

/// References resolved by the parser: other files, references on the way through a pointer, what each kind of
/// object may point to, and where the problems are reported.
struct ReferenceTests {
    static let header = "openapi: 3.1.0\ninfo: {title: T, version: '1'}\n"

    /// Runs the pipeline on `files["api/openapi.yaml"]`, reading the other files from the dictionary.
    static func run(_ files: [String: String]) throws -> GeneratorPipeline.Result {
        try GeneratorPipeline().run(Array(files["api/openapi.yaml"]!.utf8), sourceName: "openapi.yaml",
                                    path: "api/openapi.yaml", source: .files(files))
    }

    /// Every file's text, joined: each file holds a share of the types and of the client, so `part` (the kind of
    /// declaration a test reads) names what it reads, not a file.
    static func joined(_ result: GeneratorPipeline.Result, _ part: String) -> String {
        result.files.map(\.contents).joined()
    }

    @Test func componentsGivenAsAnIndexFileKeepTheirNames() throws {
        let result = try Self.run([
            "api/openapi.yaml": Self.header + """
                paths:
                  /games/{id}:
                    $ref: './paths/game.yaml'
                components:
                  schemas:
                    $ref: './schemas/_index.yaml'
                """,
            "api/schemas/_index.yaml": "Game: {$ref: './Game.yaml'}\nSpeed: {$ref: './Speed.yaml'}\n",
            "api/schemas/Game.yaml": "type: object\nproperties:\n  speed: {$ref: './Speed.yaml'}\n",
            "api/schemas/Speed.yaml": "type: string\nenum: [blitz, rapid]\n",
            "api/paths/game.yaml": """
                get:
                  operationId: getGame
                  parameters: [{name: id, in: path, required: true, schema: {type: string}}]
                  responses:
                    '200': {description: ok, content: {application/json: {schema: {$ref: '../schemas/Game.yaml'}}}}
                """,
        ])
        let types = Self.joined(result, "Types")
        // One type per schema: the file a component stands for is that component, wherever it is referred to.
        #expect(types.contains("public struct Game: Codable"))
        #expect(types.contains("public let speed: Speed?"))
        #expect(types.contains("public enum Speed: OpenEnum"))
        #expect(!types.contains("Game2") && !types.contains("Speed2"))
        #expect(Self.joined(result, "Client").contains("func getGame(id: String) async throws -> Game"))
        #expect(result.inputFiles == ["api/openapi.yaml", "api/schemas/_index.yaml", "api/schemas/Game.yaml",
                                      "api/schemas/Speed.yaml", "api/paths/game.yaml"])
    }

    @Test func theReportNamesEachSchemaWithItsSwiftTypeKindAndPlace() throws {
        let result = try Self.run([
            "api/openapi.yaml": Self.header + """
                paths:
                  /games:
                    get:
                      responses:
                        '200': {description: ok, content: {application/json: {schema: {$ref: './game.yaml'}}}}
                components:
                  schemas:
                    Speed: {type: string, enum: [blitz, rapid]}
                    Ids: {type: array, items: {type: integer}}
                    Move: {oneOf: [{type: string}, {type: integer}]}
                """,
            "api/game.yaml": "type: object\nproperties:\n  speed: {$ref: 'openapi.yaml#/components/schemas/Speed'}\n",
        ])
        let summaries = result.schemas.map { [$0.name, $0.pointer ?? "-", $0.swiftType, $0.kind] }
        #expect(summaries == [["Speed", "#/components/schemas/Speed", "Speed", "enum"],
                              ["Ids", "#/components/schemas/Ids", "Ids", "alias"],
                              ["Move", "#/components/schemas/Move", "Move", "union"],
                              ["game", "-", "Game", "struct"]])
        let game = try #require(result.schemas.last)
        #expect([game.file, "\(game.line):\(game.column)"] == ["api/game.yaml", "1:1"])
        #expect(result.schemas[0].file == "api/openapi.yaml" && result.schemas[0].line == 10)
    }

    @Test func operationsGivenAsReferencesKeepNameParametersBodyAndResult() throws {
        let result = try Self.run([
            "api/openapi.yaml": Self.header + """
                paths:
                  /droplets:
                    post: {$ref: 'resources/droplets_create.yml'}
                """,
            "api/resources/droplets_create.yml": """
                operationId: droplets_create
                parameters: [{$ref: 'parameters.yml#/tag'}]
                requestBody:
                  content: {application/json: {schema: {type: object, properties: {name: {type: string}}}}}
                responses:
                  '202':
                    description: accepted
                    content: {application/json: {schema: {$ref: 'models/droplet.yml'}}}
                """,
            "api/resources/parameters.yml": "tag: {name: tag_name, in: query, schema: {type: string}}\n",
            "api/resources/models/droplet.yml": "type: object\nproperties:\n  id: {type: integer}\n",
        ])
        let client = Self.joined(result, "Client")
        #expect(client.contains("func dropletsCreate(tagName: String? = nil, "
            + "body: Operations.DropletsCreate.Body? = nil) async throws -> Droplet"))
        #expect(client.contains(#"request.addQuery("tag_name", input.tagName)"#))
    }

    @Test func aMissingFileIsReportedAtTheReference() throws {
        let error = try #require(throws: Diagnostic.self) {
            try Self.run(["api/openapi.yaml": Self.header
                + "paths: {}\ncomponents:\n  schemas:\n    A: {$ref: 'nope.yaml'}\n"])
        }
        #expect(error.mark == Mark(line: 6, column: 15))
        #expect(error.file == nil)
        #expect(error.message.hasPrefix("$ref 'nope.yaml' names a file that cannot be read"))
    }

    @Test func problemsInAnotherFileNameThatFile() throws {
        let error = try #require(throws: Diagnostic.self) {
            try Self.run([
                "api/openapi.yaml": Self.header + "paths: {}\ncomponents:\n  schemas:\n    A: {$ref: 'sub/a.yaml'}\n",
                "api/sub/a.yaml": "type: object\nproperties:\n  b: {$ref: '#/missing'}\n",
            ])
        }
        #expect(error.file == "api/sub/a.yaml")
        #expect(error.mark?.line == 3)
        #expect(error.message == "$ref '#/missing' does not point to anything in 'api/sub/a.yaml'")
    }

    @Test func referencesThatLoopAcrossFilesAreTypesThatContainThemselves() throws {
        let result = try Self.run([
            "api/openapi.yaml": Self.header + "paths: {}\ncomponents:\n  schemas:\n    Node: {$ref: 'node.yaml'}\n",
            "api/node.yaml": "type: object\nproperties:\n  next: {$ref: 'node.yaml'}\n  other: {$ref: 'other.yaml'}\n",
            "api/other.yaml": "type: object\nproperties:\n  back: {$ref: './node.yaml'}\n",
        ])
        let types = Self.joined(result, "Types")
        #expect(types.contains("public struct Node: Codable"))
        #expect(types.contains("public struct Other: Codable"))
        #expect(types.contains("Indirect<Node>"))
        #expect(result.inputFiles.count == 3)
    }

    @Test func aParameterReferenceToASchemaIsAnErrorAtTheReference() throws {
        let error = try #require(throws: Diagnostic.self) {
            try Self.run(["api/openapi.yaml": Self.header + """
                paths:
                  /a:
                    get:
                      parameters:
                        - $ref: '#/components/schemas/S'
                      responses: {'200': {description: ok}}
                components:
                  schemas:
                    S: {type: string}
                """])
        }
        #expect(error.mark == Mark(line: 7, column: 17))
        #expect(error.message == "$ref '#/components/schemas/S' points to a schema; expected a parameter")
    }

    @Test func keysThatDifferOnlyInUnicodeNormalizationAreDifferentKeys() throws {
        let source = "a:\n  caf\u{E9}: 1\n  cafe\u{301}: 2\n"
        let map = try #require(try YAMLParser().parse(source).mapping?["a"]?.mapping)
        #expect(map.entries.count == 2)
        #expect(map["caf\u{E9}"]?.scalar?.value == "1")
        #expect(map["cafe\u{301}"]?.scalar?.value == "2")
        // The same bytes twice are still a duplicate.
        #expect(throws: Diagnostic.self) { try YAMLParser().parse("a: 1\na: 2\n") }
    }

    @Test func pathsAreNormalized() {
        #expect(DocumentLoader.normalized("a/./b/../c.yaml") == "a/c.yaml")
        #expect(DocumentLoader.normalized("../x/../../y.yaml") == "../../y.yaml")
        #expect(DocumentLoader.normalized("/root/a/../b.yaml") == "/root/b.yaml")
        #expect(DocumentLoader.folder(of: "spec.yaml") == "")
    }

    @Test func fileBaseNamesNameComponents() {
        #expect(DocumentParser.baseName("models/Pet.v2.yaml") == "Pet")
        #expect(DocumentParser.baseName("a/b/") == "b")
        #expect(DocumentParser.baseName(".hidden.yaml") == "hidden")
        #expect(DocumentParser.baseName("a/...") == "...")
        #expect(DocumentParser.baseName("///") == "///")
        #expect(DocumentParser.baseName("caf\u{E9}/\u{C9}t\u{E9}.yaml") == "\u{C9}t\u{E9}")
    }
}
