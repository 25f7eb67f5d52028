import Foundation
import Testing
import RaspGenerator

/// Reading configs in both dialects, and the errors a config's values give.
struct ConfigTests {
    static let sog = "openapi-generator-config.yaml"

    static func config(_ text: String, path: String = sog) throws -> GeneratorConfig {
        try GeneratorConfig(yaml: Array(text.utf8), path: path)
    }

    @Test func theFileNameChoosesTheDialect() throws {
        #expect(Dialect(path: "Sources/A/openapi-generator-config.yml") == .swiftOpenAPIGenerator)
        #expect(Dialect(path: "rasp-generate.yaml") == .rasp)
        #expect(try Self.config("generate: [types]\n").accessModifier == .internal)
        #expect(try Self.config("generate: [types]\n", path: "rasp-generate.yaml").accessModifier == .public)
        let sog = try Self.config("generate: [types, server]\naccessModifier: package\n")
        #expect(sog.generate == [.types, .server])
        #expect(sog.accessModifier == .package)
    }

    @Test func swiftOpenAPIGeneratorsFileRequiresGenerate() throws {
        let error = try #require(throws: Diagnostic.self) { try Self.config("accessModifier: public\n") }
        #expect(error.message.hasPrefix("missing 'generate'"))
        #expect(error.mark == Mark(line: 1, column: 1))
        // Ours defaults it.
        #expect(try Self.config("", path: "rasp-generate.yaml").generate == [.types, .client])
        #expect(try Self.config("# nothing yet\n\n", path: "rasp-generate.yaml").accessModifier == .public)
    }

    @Test(arguments: [
        ("generate: [types]\nfilter:\n  tag: [a]\n", 3, 3, "unknown config key 'tag'; expected one of operations"),
        ("generate: [types]\ntypeOverrides:\n  format: {}\n", 3, 3, "unknown config key 'format'"),
        ("generate: [types]\nnamingStrategy: clever\n", 2, 17, "namingStrategy must be defensive or idiomatic"),
        ("generate: [types]\nadditionalImports: Dispatch\n", 2, 20, "expected a sequence for 'additionalImports'"),
        ("generate: [types]\nfilters: {}\n", 1 + 1, 1, "unknown config key 'filters'"),
        ("generate: [types]\nnamespace: my-api\n", 2, 12, "namespace must be a type name"),
        ("generate: [types]\nnamespace: billing\n", 2, 12, "namespace must be a type name"),
    ])
    func badKeysAndValuesAreErrorsAtTheirPlace(_ text: String, _ line: Int, _ column: Int, _ message: String) throws {
        let error = try #require(throws: Diagnostic.self) { try Self.config(text) }
        #expect(error.mark == Mark(line: line, column: column))
        #expect(error.message.hasPrefix(message), "\(error.message)")
    }

    @Test func bothSpellingsOfTheFilterAreOneFilter() throws {
        let config = try Self.config("""
            operations: {include: [a], exclude: [c]}
            tags: [t]
            filter: {operations: [b], paths: [/p], schemas: [S]}
            """, path: "rasp-generate.yaml")
        #expect(config.filter == DocumentFilter(operations: ["a", "b"], tags: ["t"], paths: ["/p"], schemas: ["S"]))
        #expect(config.includeOperations == ["a", "b"])
        #expect(config.keeps(operationID: "b", tags: []))
        #expect(config.keeps(operationID: "x", tags: ["t"]))
        #expect(config.keeps(operationID: "x", tags: [], path: "/p"))
        #expect(!config.keeps(operationID: "x", tags: [], path: "/q"))
        #expect(!config.keeps(operationID: "c", tags: ["t"]))
    }

    static let document = """
        openapi: 3.0.3
        info: {title: T, version: '1'}
        paths:
          /a: {get: {operationId: a, tags: [x], responses: {'200': {description: ok}}}}
        components:
          schemas:
            S: {type: string}

        """

    @Test func namesTheDocumentLacksAreErrorsInTheConfig() throws {
        let config = try Self.config("""
            generate: [types, client]
            filter:
              operations: [a, b]
              tags: [x, y]
              paths: [/a, /z]
              schemas: [S, T]
            """)
        let failure = try #require(throws: GeneratorFailure.self) {
            try GeneratorPipeline(config: config).generate(Array(Self.document.utf8), sourceName: "openapi.yaml")
        }
        let errors = failure.errors.map { "\($0.file ?? "?"):\($0)" }.sorted()
        #expect(errors == [
            "\(Self.sog):3:19: error: the config's filter names operation 'b', which the document does not have",
            "\(Self.sog):4:13: error: the config's filter names tag 'y', which no operation of the document has",
            "\(Self.sog):5:15: error: the config's filter names path '/z', which the document does not have",
            "\(Self.sog):6:16: error: the config's filter names schema 'T', which the document's components do not "
                + "have",
        ])
    }

    @Test func aFilterDropsTheSchemasNoKeptOperationUses() throws {
        var config = GeneratorConfig()
        config.filter = DocumentFilter(tags: ["x"])
        let kept = try GeneratorPipeline(config: config).run(Array(Self.document.utf8), sourceName: "t.yaml")
        #expect(kept.operations.map(\.operationID) == ["a"])
        #expect(kept.schemas.isEmpty)
        config.filter?.schemas = ["S"]
        let withSchema = try GeneratorPipeline(config: config).run(Array(Self.document.utf8), sourceName: "t.yaml")
        #expect(withSchema.schemas.map(\.name) == ["S"])
    }
}
