import Foundation
import RaspGenerator
import Testing

/// `namespace`: the declarations of a document nested in one enum, and everything that refers to them qualified.
struct NamespaceTests {
    static func generate(_ fixture: String, namespace: String?) throws -> GeneratorPipeline.Result {
        var config = GeneratorConfig()
        config.namespace = namespace
        config.generate = [.types, .client, .server]
        let spec = GoldenTests.root.appendingPathComponent("Tests/Fixtures/\(fixture)/openapi.yaml")
        let source = DocumentSource { path in (try? Data(contentsOf: URL(fileURLWithPath: path))).map { [UInt8]($0) } }
        return try GeneratorPipeline(config: config).run([UInt8](try Data(contentsOf: spec)),
                                                         sourceName: "openapi.yaml", path: spec.path, source: source)
    }

    @Test func filesAreNamedAfterTheNamespace() throws {
        let names = try Self.generate("value-semantics", namespace: "Values").files.map(\.name)
        #expect(names == GeneratorPipeline.outputFileNames.map { "Values" + $0 })
    }

    @Test func aFileNamingAnAliasOfAFoundationTypeImportsFoundationPublicly() throws {
        // `NullableBytes` is an alias of `Data`: a public declaration that names it needs `public import Foundation`,
        // whichever file declares the alias, and the references spell it `Values.NullableBytes`.
        let files = try Self.generate("value-semantics", namespace: "Values").files
        let users = files.filter { file in
            file.contents.split(separator: "\n").contains { line in
                line.contains("public ") && line.contains("Values.NullableBytes")
            }
        }
        #expect(!users.isEmpty)
        for file in users {
            #expect(file.contents.contains("\npublic import Foundation\n"), "\(file.name)")
        }
    }

    @Test func nothingOutsideTheNamespaceIsDeclaredButItsEnumAndExtensions() throws {
        let files = try Self.generate("edge-cases-spec", namespace: "Edge").files
        for file in files {
            // Top-level lines that start a declaration: only the enum, and extensions (of it, of its nested types,
            // of `Authentication`).
            let declarations = file.contents.split(separator: "\n").filter { line in
                guard let first = line.first, first.isLetter else { return false }
                return !line.hasPrefix("import ") && !line.contains(" import ")
            }
            for line in declarations {
                let allowed = line == "public enum Edge {}" || line.hasPrefix("extension Edge")
                    || line == "extension Authentication {"
                #expect(allowed, "\(file.name): \(line)")
            }
        }
        let first = try #require(files.first).contents
        #expect(first.contains("public static func edgeBearerScheme(_ key: String) -> Authentication"))
        #expect(first.contains("extension Edge.ClientProtocol {\n"))
    }
}
