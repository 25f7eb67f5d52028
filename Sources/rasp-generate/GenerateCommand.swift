import ArgumentParser
import Foundation
import RaspGenerator

/// `rasp-generate <spec> --output <dir> [--config <file>]`
@main
struct GenerateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rasp-generate",
        abstract: "Generate an async/await Swift client from an OpenAPI 3.0/3.1 document.",
        discussion: """
            Writes \(GeneratorPipeline.outputFileNames.joined(separator: ", ")) into the output folder. \
            Files whose contents did not change are not rewritten. On an error in the spec nothing is written \
            and the exit code is 1.

            Example: rasp-generate openapi.yaml --output Generated/RaspAPI --config rasp-generate.yaml
            """
    )

    @Argument(help: "The OpenAPI document (YAML or JSON).")
    var spec: String

    @Option(name: .shortAndLong, help: "The folder to write the Swift files into.")
    var output: String

    @Option(name: .shortAndLong, help: "A YAML config file (access modifier, client name, filters, names, type overrides).")
    var config: String?

    @Flag(name: .shortAndLong, help: "Print nothing but errors.")
    var quiet = false

    func run() throws {
        let configuration: GeneratorConfig
        if let config {
            let bytes = try read(config)
            do {
                configuration = try GeneratorConfig(yaml: bytes)
            } catch let diagnostic as Diagnostic {
                fail(diagnostic, file: config, bytes: bytes)
            }
        } else {
            configuration = GeneratorConfig()
        }
        let bytes = try read(spec)
        let result: GeneratorPipeline.Result
        do {
            result = try GeneratorPipeline(config: configuration).run(bytes, sourceName: (spec as NSString).lastPathComponent)
        } catch {
            fail(error, file: spec, bytes: bytes)
        }
        let source = String(decoding: bytes, as: UTF8.self)
        if !quiet {
            for warning in result.warnings { printError(warning.rendered(fileName: spec, source: source)) }
        }
        let written = try OutputWriter(folder: output).write(result.files)
        if !quiet {
            print("rasp-generate: \(written) of \(result.files.count) files written to \(output) (\(result.warnings.count) warnings)")
        }
    }

    private func read(_ path: String) throws -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: path) else {
            printError("\(path): error: cannot read the file")
            throw ExitCode(1)
        }
        return [UInt8](data)
    }

    private func fail(_ diagnostic: Diagnostic, file: String, bytes: [UInt8]) -> Never {
        printError(diagnostic.rendered(fileName: file, source: String(decoding: bytes, as: UTF8.self)))
        Foundation.exit(1)
    }
}

func printError(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
}
