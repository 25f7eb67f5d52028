import Foundation
import Testing
import RaspGenerator

/// Every `description` a document gives (of operations, path items, parameters, bodies and schemas, in every file it
/// reads) appears whole in the doc comments of the generated code: no text is cut to its first line, and none is lost
/// when a part of a schema folds into another declaration or a duplicate type becomes an alias.
struct DocCompletenessTests {
    static let root = GoldenTests.root

    /// openapi.yaml and the multi-file edge-case document; `Scripts/corpus/build-real-specs.sh` runs the same check
    /// (`Scripts/corpus/check-doc-coverage.py`) over every document of ../shared/specs with the release generator.
    static let documents = [root.appendingPathComponent("openapi.yaml").path,
                            root.appendingPathComponent("Tests/Fixtures/edge-cases-spec/openapi.yaml").path]

    @Test(arguments: documents)
    func everyDescriptionIsWhole(path: String) throws {
        let source = DocumentSource { path in (try? Data(contentsOf: URL(fileURLWithPath: path))).map { [UInt8]($0) } }
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let result = try GeneratorPipeline().run(bytes, sourceName: (path as NSString).lastPathComponent, path: path,
                                                 source: source)
        let docText = Self.normalized(result.files.flatMap { file in
            file.contents.split(separator: "\n").compactMap { line -> Substring? in
                let trimmed = line.drop { $0 == " " }
                return trimmed.hasPrefix("///") ? trimmed.dropFirst(3) : nil
            }
        }.joined(separator: " "))
        var descriptions: [(where: String, text: String)] = []
        for file in result.inputFiles {
            let node = try YAMLParser().parse([UInt8](try Data(contentsOf: URL(fileURLWithPath: file))))
            Self.collect(node, path: [(file as NSString).lastPathComponent], into: &descriptions)
        }
        #expect(descriptions.count > 0)
        let missing = descriptions.filter { description in
            description.text.split(separator: "\n").contains { line in
                let text = Self.normalized(String(line))
                return !text.isEmpty && !docText.contains(text)
            }
        }
        let examples = missing.prefix(3).map { "\($0.where): \($0.text.prefix(100))" }
        #expect(missing.count == 0,
                "\(missing.count) of \(descriptions.count) descriptions are cut or lost: \(examples)")
    }

    /// Keys whose descriptions describe no generated declaration: document metadata, examples, links, response
    /// objects (their schemas are still checked), and extensions.
    static let skipped: Set<String> = ["info", "servers", "tags", "externalDocs", "examples", "example", "links",
                                       "callbacks", "variables", "encoding", "headers", "webhooks", "securitySchemes"]

    static func collect(_ node: YAMLNode, path: [String], into found: inout [(where: String, text: String)]) {
        switch node {
        case .mapping(let mapping):
            let underProperties = path.last == "properties"
            for entry in mapping.entries {
                if !underProperties, skipped.contains(entry.key) || entry.key.hasPrefix("x-") { continue }
                if entry.key == "description", !underProperties, case .scalar(let scalar) = entry.value {
                    // A response object's own description (`responses: {'200': {description: …}}`) is not code.
                    if path.count >= 2, path[path.count - 2] == "responses" { continue }
                    found.append((path.joined(separator: "/"), scalar.value))
                } else {
                    collect(entry.value, path: path + [entry.key], into: &found)
                }
            }
        case .sequence(let sequence):
            for (index, item) in sequence.items.enumerated() {
                collect(item, path: path + [String(index)], into: &found)
            }
        case .scalar:
            break
        }
    }

    static func normalized(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
