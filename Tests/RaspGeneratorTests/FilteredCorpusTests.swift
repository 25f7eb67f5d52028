import Foundation
import Testing
import RaspGenerator

/// A big document shrunk by the filter: OpenAI's (the largest of `../shared/specs`; Stripe's is not in the corpus)
/// filtered to one tag keeps that tag's operations and only the schemas they use. `Scripts/corpus/build-filtered.sh`
/// measures its generation and debug build.
struct FilteredCorpusTests {
    static let spec = GoldenTests.root.appendingPathComponent("../shared/specs/openai-openapi.yaml")

    @Test(.enabled(if: FileManager.default.fileExists(atPath: spec.path)))
    func oneTagOfOpenAIKeepsItsOperationsAndTheirSchemas() throws {
        let bytes = [UInt8](try Data(contentsOf: Self.spec))
        let config = try GeneratorConfig(yaml: Array("generate: [types, client]\nfilter: {tags: [Chat]}\n".utf8),
                                         path: "openapi-generator-config.yaml")
        let filtered = try GeneratorPipeline(config: config).run(bytes, sourceName: "openai-openapi.yaml")
        let whole = try GeneratorPipeline(config: GeneratorConfig()).run(bytes, sourceName: "openai-openapi.yaml")
        #expect(filtered.operations.map(\.methodName).sorted() == [
            "createChatCompletion", "deleteChatCompletion", "getChatCompletion", "getChatCompletionMessages",
            "listChatCompletions", "updateChatCompletion",
        ])
        let kept = Set(filtered.schemas.map(\.name))
        #expect(kept.contains("CreateChatCompletionRequest"))
        #expect(!kept.contains("CreateEmbeddingRequest"))
        #expect(kept.isSubset(of: Set(whole.schemas.map(\.name))))
        #expect(filtered.schemas.count * 10 < whole.schemas.count,
                "\(filtered.schemas.count) of \(whole.schemas.count) schemas kept")
        let size = { (result: GeneratorPipeline.Result) in result.files.reduce(0) { $0 + $1.contents.utf8.count } }
        #expect(size(filtered) * 10 < size(whole))
    }
}
