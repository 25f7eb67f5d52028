import Foundation
import Testing
import RaspGenerator

/// One golden of the generator: a document, its config and the output the generator must make of them, as
/// `Tests/Fixtures/goldens.json` (the manifest of every golden) lists it. ``GoldenTests`` checks each one;
/// with `RASP_UPDATE_GOLDENS=1` it rewrites the stale ones instead.
///
/// An output that ends in `.swift` is one text (``text(of:config:configName:documentName:)``); any other output is a
/// folder that holds exactly the generated files, a client the package compiles.
struct Golden: Decodable, Sendable, CustomTestStringConvertible {
    /// The OpenAPI document, relative to the package root.
    var document: String
    /// Its config file, relative to the package root, read in the dialect its name says.
    var config: String?
    /// The parts to generate (`types`, `client`, `server`), replacing the config's, as `rasp-generate --generate` does.
    var generate: [String]?
    /// The golden: a folder of generated files, or a `.swift` file holding the text of the run.
    var output: String

    var testDescription: String { output }

    /// The command that rewrites every stale golden, named in each failure.
    static let updateCommand = "RASP_UPDATE_GOLDENS=1 swift test --filter GoldenTests"
    /// Whether this run rewrites stale goldens rather than failing on them.
    static let isUpdating = ProcessInfo.processInfo.environment["RASP_UPDATE_GOLDENS"] == "1"
    /// The manifest, relative to the package root.
    static let manifestPath = "Tests/Fixtures/goldens.json"

    /// Every golden of the manifest, or none when it does not read (``GoldenTests`` then fails on ``load()``).
    static let all: [Golden] = (try? load()) ?? []

    /// Reads the manifest.
    /// - Throws: When the file is missing or is not a manifest.
    static func load() throws -> [Golden] {
        struct Manifest: Decodable {
            var goldens: [Golden]
        }
        let data = try Data(contentsOf: GoldenTests.root.appendingPathComponent(manifestPath))
        return try JSONDecoder().decode(Manifest.self, from: data).goldens
    }

    /// The golden whose output is `output`.
    /// - Throws: When the manifest has none.
    static func named(_ output: String) throws -> Golden {
        guard let golden = all.first(where: { $0.output == output }) else {
            throw Problem(description: "\(manifestPath) has no golden with output '\(output)'")
        }
        return golden
    }

    /// A mistake in the manifest.
    struct Problem: Error, CustomStringConvertible {
        var description: String
    }

    /// Whether the output is one text rather than a folder of files.
    var isText: Bool { output.hasSuffix(".swift") }

    /// The files the document and config read from.
    static let files = DocumentSource { path in
        (try? Data(contentsOf: URL(fileURLWithPath: path))).map { [UInt8]($0) }
    }

    /// Generates the document with its config, as `rasp-generate DOCUMENT --config CONFIG [--generate PARTS]` does.
    /// - Returns: The run, and the config (whose warnings a text golden shows).
    func run() throws -> (result: GeneratorPipeline.Result, config: GeneratorConfig) {
        var configuration = GeneratorConfig()
        if let config {
            let url = GoldenTests.root.appendingPathComponent(config)
            configuration = try GeneratorConfig(yaml: [UInt8](try Data(contentsOf: url)), path: url.lastPathComponent)
        }
        if let generate {
            configuration.generate = Set(try generate.map { name in
                guard let part = GeneratedPart(rawValue: name) else {
                    throw Problem(description: "\(output): 'generate' lists '\(name)', which is no part")
                }
                return part
            })
        }
        let spec = GoldenTests.root.appendingPathComponent(document)
        let result = try GeneratorPipeline(config: configuration).run(
            [UInt8](try Data(contentsOf: spec)), sourceName: spec.lastPathComponent, path: spec.path,
            source: Self.files)
        return (result, configuration)
    }

    /// The text golden of a run: the files that declare something, each after a `// ==== NAME` line (the first file
    /// always, for its header and imports), then the config's warnings and the document's.
    static func text(of result: GeneratorPipeline.Result, config: GeneratorConfig, configName: String,
                     documentName: String) -> String {
        var text = ""
        for (index, file) in result.files.enumerated() {
            let declares = file.contents.split(separator: "\n").contains { line in
                !line.hasPrefix("//") && !line.hasSuffix(" Foundation") && !line.hasSuffix(" RaspRuntime")
                    && !line.hasPrefix("import ") && !line.contains(" import ")
            }
            guard index == 0 || declares else { continue }
            text += "// ==== \(file.name)\n" + file.contents
        }
        for warning in config.warnings {
            text += "// \(configName):\(warning)\n"
        }
        for warning in result.warnings {
            text += "// \(documentName):\(warning)\n"
        }
        return text
    }

    /// What the golden must hold, freshly generated: paths relative to the package root, and their bytes.
    /// - Parameter sourceLocation: Where to report warnings of a folder golden (the calling test).
    func freshFiles(sourceLocation: SourceLocation = #_sourceLocation) throws -> [(path: String, bytes: [UInt8])] {
        let (result, configuration) = try run()
        if isText {
            let configName = config.map { ($0 as NSString).lastPathComponent } ?? ""
            let text = Self.text(of: result, config: configuration, configName: configName,
                                 documentName: (document as NSString).lastPathComponent)
            return [(output, Array(text.utf8))]
        }
        // A folder has no place for warnings: a change in them would go unseen.
        #expect(configuration.warnings.isEmpty && result.warnings.isEmpty,
                "\(document) should generate \(output) without warnings: \(configuration.warnings + result.warnings)",
                sourceLocation: sourceLocation)
        return result.files.map { ("\(output)/\($0.name)", $0.utf8) }
    }

    /// Compares the golden with fresh output: a file whose bytes differ (with a unified diff), a missing one, and in a
    /// folder a `.swift` file the generator no longer writes are each an issue. With ``isUpdating``, it writes the
    /// files whose bytes differ (atomically) and deletes the extra ones instead, and says so on standard output.
    /// - Parameter sourceLocation: Where to report issues (the calling test).
    func check(sourceLocation: SourceLocation = #_sourceLocation) throws {
        let root = GoldenTests.root
        let fresh = try freshFiles(sourceLocation: sourceLocation)
        for file in fresh {
            let url = root.appendingPathComponent(file.path)
            let onDisk = FileManager.default.contents(atPath: url.path)
            if let onDisk, [UInt8](onDisk) == file.bytes { continue }
            if Self.isUpdating {
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(),
                                                        withIntermediateDirectories: true)
                try Data(file.bytes).write(to: url, options: .atomic)
                print("golden: wrote \(file.path)")
                continue
            }
            let diff = TextDiff.unified(from: onDisk.map { String(decoding: $0, as: UTF8.self) } ?? "",
                                        to: String(decoding: file.bytes, as: UTF8.self),
                                        oldName: "\(file.path) (checked in)",
                                        newName: "\(file.path) (generated from \(document))")
            Issue.record(Comment(rawValue: """
                \(file.path) is \(onDisk == nil ? "missing" : "stale"):
                \(diff.isEmpty ? "(the same lines in other bytes)\n" : diff)\
                After a deliberate change of output: `\(Self.updateCommand)`, then read `git diff`.
                """), sourceLocation: sourceLocation)
        }
        guard !isText else { return }
        let folder = root.appendingPathComponent(output)
        let written = Set(fresh.map { ($0.path as NSString).lastPathComponent })
        let extra = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".swift") && !written.contains($0) }.sorted()
        for name in extra {
            if Self.isUpdating {
                try FileManager.default.removeItem(at: folder.appendingPathComponent(name))
                print("golden: deleted \(output)/\(name)")
            } else {
                Issue.record(Comment(rawValue: """
                    \(output)/\(name) is a file the generator no longer writes from \(document). \
                    After a deliberate change of output: `\(Self.updateCommand)` deletes it.
                    """), sourceLocation: sourceLocation)
            }
        }
    }
}
