import Foundation
import Testing
@testable import RaspGenerator

/// The documents of `Tests/Fixtures/repairable-specs`, one per class of error that has a safe repair, in both modes:
/// a strict run lists every error with its position (and says that `--lenient` would repair them all), a lenient run
/// generates the client with one repair per error, and the generated code shows each repair.
struct RepairTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/repairable-specs")

    /// One error of a document: where, what a strict run says, what a lenient run does.
    struct Expected: Hashable, CustomStringConvertible {
        var position: String
        var message: String
        var repair: String
        var description: String { "\(position) \(message) → \(repair)" }
    }

    struct Case: CustomTestStringConvertible, Sendable {
        var file: String
        var testDescription: String { file }
    }

    /// `expected.tsv`, by file.
    static let manifest: [String: [Expected]] = {
        let text = (try? String(contentsOf: fixtures.appendingPathComponent("expected.tsv"), encoding: .utf8)) ?? ""
        var result: [String: [Expected]] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            result[fields[0], default: []].append(Expected(position: fields[1], message: fields[2], repair: fields[3]))
        }
        return result
    }()

    static let cases = manifest.keys.sorted().map(Case.init)

    /// What each lenient client must contain: the repair as it shows in the Swift code.
    static let generated: [String: [String]] = [
        "doc-not-text.yaml": ["func listPets(limit: Int? = nil, kind: String? = nil) async throws -> Pet {",
                              "public let name: String?"],
        "ref-body-response.yaml": ["public func createPet(body: Pet? = nil) async throws -> Pet {"],
        "op-duplicate-ids.yaml": ["public func getClusterInfo() async throws -> String {",
                                  "public func getCluster() async throws -> String {",
                                  "public func getClusterNodes() async throws -> Void {",
                                  "public func getClusterHealth() async throws -> Void {"],
        "schema-unreadable.yaml": ["public func listItems(filter: JSONValue? = nil) async throws -> [Item] {",
                                   "public let attributes: JSONValue?", "public let kind: JSONValue?",
                                   "public let list: [JSONValue]?", "public let id: Int",
                                   "public init(fine: String? = nil, broken: JSONValue? = nil) {",
                                   "public typealias Bare = JSONValue"],
        "path-without-slash.yaml": [#"path: "/pets/\(ClientRequest.pathComponent(input.id))""#],
        "sec-unreadable.yaml": [#"public static func key(_ key: String) -> Authentication"#],
        "server-unreadable.yaml": [#"public static let server1 = URL(string: "https://api.example.com")!"#],
    ]

    /// What no lenient client may contain: what the repair left out.
    static let absent: [String: [String]] = [
        "doc-not-text.yaml": ["@available(*, deprecated", "description.md"],
        "sec-unreadable.yaml": ["noName", "magic", "untyped", "badPlace"],
        "server-unreadable.yaml": ["region", "server2"],
    ]

    static func run(_ file: String, lenient: Bool) throws(GeneratorFailure) -> GeneratorPipeline.Result {
        let url = fixtures.appendingPathComponent(file)
        let bytes = (try? Data(contentsOf: url)).map { [UInt8]($0) } ?? []
        var config = GeneratorConfig()
        config.lenient = lenient
        return try GeneratorPipeline(config: config).generate(bytes, sourceName: file)
    }

    @Test func everyFixtureIsInTheManifest() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.fixtures.path)
            .filter { $0 != "expected.tsv" }
        #expect(Set(files) == Set(Self.manifest.keys))
        #expect(Set(Self.generated.keys) == Set(Self.manifest.keys))
    }

    @Test(arguments: cases)
    func strictListsEveryErrorWithItsRepair(_ item: Case) throws {
        let failure = try #require(throws: GeneratorFailure.self) { try Self.run(item.file, lenient: false) }
        let found = failure.errors.map { error in
            Expected(position: error.mark.map { "\($0.line):\($0.column)" } ?? "", message: error.message,
                     repair: error.repair ?? "(none)")
        }
        #expect(found == Self.manifest[item.file])
        #expect(failure.isRepairable)
        let text = failure.rendered(rootName: item.file) { _ in nil }
        #expect(text.hasSuffix("to generate the client anyway, with a warning for each repair"))
        #expect(text.contains("--lenient"))
    }

    @Test(arguments: cases)
    func lenientRepairsEveryErrorWithOneWarningEach(_ item: Case) throws {
        let result = try Self.run(item.file, lenient: true)
        let expected = try #require(Self.manifest[item.file])
        let repairs = result.repairs.map { Expected(position: "\($0.line):\($0.column)", message: $0.problem,
                                                    repair: $0.repair) }
        #expect(repairs == expected)
        #expect(result.repairs.allSatisfy { $0.file == item.file })
        for repair in expected {
            let warnings = result.warnings.filter { warning in
                warning.message == "\(repair.message); repaired: \(repair.repair)"
                    && warning.mark.map { "\($0.line):\($0.column)" } == repair.position
            }
            #expect(warnings.count == 1, "\(repair)")
        }
        #expect(result.warnings.filter { $0.message.contains("; repaired: ") }.count == expected.count)
        let code = result.files.map(\.contents).joined(separator: "\n")
        for snippet in Self.generated[item.file] ?? [] {
            #expect(code.contains(snippet), "\(item.file): missing \(snippet)")
        }
        for text in Self.absent[item.file] ?? [] {
            #expect(!code.contains(text), "\(item.file): \(text) should be left out")
        }
    }

    /// A strict run of a document whose errors are all repairable generates nothing; `run` throws the first error.
    @Test func runThrowsTheFirstErrorByPosition() throws {
        let bytes = Array(try Data(contentsOf: Self.fixtures.appendingPathComponent("schema-unreadable.yaml")))
        let error = try #require(throws: Diagnostic.self) {
            try GeneratorPipeline().run(bytes, sourceName: "schema-unreadable.yaml")
        }
        #expect(error.mark == Mark(line: 8, column: 52))
        #expect(error.repair == DocumentParser.freeFormRepair)
    }

    /// The config key turns lenient mode on as the flag does.
    @Test func configKeyTurnsLenientModeOn() throws {
        let config = try GeneratorConfig(yaml: Array("lenient: true\n".utf8))
        #expect(config.lenient)
        #expect(try !GeneratorConfig(yaml: Array("lenient: false\n".utf8)).lenient)
        #expect(throws: Diagnostic.self) { try GeneratorConfig(yaml: Array("lenient: sometimes\n".utf8)) }
        let bytes = Array(try Data(contentsOf: Self.fixtures.appendingPathComponent("op-duplicate-ids.yaml")))
        let result = try GeneratorPipeline(config: config).generate(bytes, sourceName: "op-duplicate-ids.yaml")
        #expect(result.repairs.count == 3)
    }
}
