import Foundation
import Testing
@testable import RaspGenerator

/// What generated code calls in RaspRuntime is checked against the runtime itself: a small document that takes
/// every path through the templates (parameters in every location and style, bodies in every encoding, every kind
/// of result, stream and error, every security scheme, every way a property is coded) is generated as a public
/// client, protocol, mock and server, and type-checked against the built RaspRuntime module. A runtime symbol that
/// generated code uses, renamed or changed on one side only, fails here, in seconds, without a golden client being
/// compiled.
struct RuntimeSurfaceTests {
    static let document = GoldenTests.root.appendingPathComponent("Tests/Fixtures/runtime-surface/openapi.yaml")

    /// Runtime types the templates reach by a member expression (`.pipeDelimited`, `.init(…)`) or only for types
    /// this document does not have, so the output need not spell them.
    static let notSpelledHere: Set<String> = ["ClientError", "QueryValue", "BodyPartEncoding", "ParameterStyle"]

    static func generate() throws -> GeneratorPipeline.Result {
        var config = GeneratorConfig()
        config.generate = [.types, .client, .server]
        return try GeneratorPipeline(config: config).run([UInt8](try Data(contentsOf: document)),
                                                         sourceName: "openapi.yaml")
    }

    /// The document keeps covering the surface: its output names every runtime type generated code spells.
    @Test func theDocumentReachesEveryRuntimeType() throws {
        let text = try Self.generate().files.map(\.contents).joined()
        let words = Set(text.split { !$0.isLetter && !$0.isNumber }.map(String.init))
        let spelled = RuntimeSurface.types.subtracting(RuntimeSurface.companionTypes)
        let missing = spelled.subtracting(Self.notSpelledHere).subtracting(words)
        #expect(missing.isEmpty, "runtime types the surface document no longer reaches: \(missing.sorted())")
        #expect(Self.notSpelledHere.isSubset(of: RuntimeSurface.types))
    }

    @Test func theGeneratedCodeTypeChecksAgainstTheRuntime() throws {
        let modules = try #require(Self.modulesFolder(), "no built RaspRuntime module next to the test products")
        let result = try Self.generate()
        #expect(result.warnings.isEmpty, "\(result.warnings)")
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("runtime-surface-\(ProcessInfo.processInfo.processIdentifier)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var paths: [String] = []
        for file in result.files {
            let url = folder.appendingPathComponent(file.name)
            try Data(file.contents.utf8).write(to: url)
            paths.append(url.path)
        }
        let (status, output) = try Self.run(["swiftc", "-typecheck", "-swift-version", "6", "-module-name",
                                             "RuntimeSurface", "-I", modules.path] + paths)
        #expect(status == 0, "the generated code does not type-check against RaspRuntime:\n\(output)")
        #expect(!output.contains("warning:"), "warnings:\n\(output)")
    }

    // MARK: Helpers

    /// The folder of the built modules (`.build/<config>/Modules`), found from the test binary's place.
    static func modulesFolder() -> URL? {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<5 {
            for candidate in [folder.appendingPathComponent("Modules"), folder] {
                let module = candidate.appendingPathComponent("RaspRuntime.swiftmodule")
                if FileManager.default.fileExists(atPath: module.path) { return candidate }
            }
            folder = folder.deletingLastPathComponent()
        }
        return nil
    }

    /// Runs a command found on the `PATH`; its exit status and its output and errors together.
    static func run(_ arguments: [String]) throws -> (Int32, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }
}
