import ArgumentParser
import Foundation
import RaspGenerator

/// `rasp-generate <spec> --output <dir> [--config <file>]`
@main
struct GenerateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rasp-generate",
        abstract: "Generate an async/await Swift client from an OpenAPI 3.0, 3.1 or 3.2 document.",
        discussion: """
            Writes \(GeneratorPipeline.outputFileNames.joined(separator: ", ")) into the output folder. \
            Files whose contents did not change are not rewritten. On errors in the spec every one is printed \
            (the first \(GeneratorFailure.shownLimit), then their count), nothing is written and the exit code is 1; \
            with --lenient, errors that have a safe repair are repaired instead, each printed as a warning. A \
            document may span several files: `$ref`s to other files (YAML or JSON) are read relative to the file \
            that contains them.

            Example: rasp-generate openapi.yaml --output Generated/RaspAPI --config rasp-generate.yaml
            """
    )

    @Argument(help: "The OpenAPI document (YAML or JSON).")
    var spec: String

    @Option(name: .shortAndLong, help: "The folder to write the Swift files into.")
    var output: String?

    @Flag(help: """
        Print every file the document is read from (it and the files its $refs name), one per line, and write \
        nothing.
        """)
    var listInputs = false

    @Option(
        name: .shortAndLong,
        help: ArgumentHelp("""
            A YAML config file (access modifier, client name, filters, names, type overrides): rasp-generate.yaml, \
            or swift-openapi-generator's openapi-generator-config.yaml (its keys and defaults).
            """, valueName: "file")
    )
    var config: String?

    @Option(help: """
        Also write a JSON summary to this file: the generated operations (parameters, bodies) and the Swift type \
        of each named schema.
        """)
    var report: String?

    @Flag(name: .shortAndLong, help: "Print nothing but errors.")
    var quiet = false

    @Flag(help: """
        Repair the errors in the document that have a safe repair (a $ref to nowhere in a schema becomes free-form \
        JSON, a non-string description is ignored, a duplicate operationId names its method from its method and \
        path…), printing a warning for each; errors without one still fail. Also `lenient: true` in the config.
        """)
    var lenient = false

    @Option(help: ArgumentHelp("""
        What to write, comma-separated: types, client, server (default: types,client, or the config's \
        `generate`). The server part registers the protocol's methods as routes on a RaspRuntime `ServerRouter`.
        """, valueName: "parts"))
    var generate: String?

    @Option(help: ArgumentHelp("""
        Nest every declaration in `enum NAME` and start the files' names with it (or the config's `namespace`), so \
        that several documents can share one module.
        """, valueName: "name"))
    var namespace: String?

    @Option(help: ArgumentHelp("""
        Skip the run, writing nothing, when this file records an earlier run of the same build of rasp-generate with \
        the same arguments, every file that run read unchanged and every file it wrote still as it wrote it; write \
        the file after each run that writes the client. The build plugin keeps one in each output folder. Ignored \
        with --report or --list-inputs.
        """, valueName: "file"))
    var stamp: String?

    func validate() throws {
        if output == nil && !listInputs { throw ValidationError("Missing expected argument '--output <output>'") }
        if let generate { _ = try Self.parts(generate) }
        if let namespace, let problem = GeneratorConfig.namespaceProblem(namespace) {
            throw ValidationError("--" + problem)
        }
    }

    /// The parts named by `--generate`.
    static func parts(_ text: String) throws -> Set<GeneratedPart> {
        try Set(text.split(separator: ",").map { name in
            let name = name.trimmingCharacters(in: .whitespaces)
            guard let part = GeneratedPart(rawValue: name) else {
                throw ValidationError("--generate lists '\(name)'; expected types, client or server")
            }
            return part
        })
    }

    func run() throws {
        // With --stamp, the identity of this build of the tool; nil when the run keeps no stamp.
        let tool = stamp == nil || report != nil || listInputs ? nil : ToolIdentity.current()
        if let stamp, let output, let tool,
           let last = RunStamp.matching(at: stamp, tool: tool, arguments: Self.arguments, output: output) {
            // SwiftPM re-runs a build plugin's command whenever it relinks the tool: nothing to do.
            for message in last.messages { printError(message) }
            if !quiet {
                print(Self.summary(written: 0, of: last.outputs.count, output: output, warnings: last.warnings,
                                   repairs: last.repairs, skipped: true))
            }
            return
        }
        // What the run reads and prints, for the stamp.
        let inputs = InputLog()
        var messages: [String] = []
        func warn(_ text: String) {
            printError(text)
            messages.append(text)
        }
        var configuration: GeneratorConfig
        if let config {
            let bytes = try read(config)
            inputs.record(config, bytes)
            do {
                configuration = try GeneratorConfig(yaml: bytes, path: config)
            } catch let diagnostic as Diagnostic {
                try fail(diagnostic, file: config, bytes: bytes)
            }
            if !quiet {
                let lines = DiagnosticSource(bytes: bytes)
                for warning in configuration.warnings { warn(warning.rendered(fileName: config, lines: lines)) }
            }
        } else {
            configuration = GeneratorConfig()
        }
        if lenient { configuration.lenient = true }
        if let generate { configuration.generate = try Self.parts(generate) }
        if let namespace { configuration.namespace = namespace }
        let bytes = try read(spec)
        inputs.record(spec, bytes)
        // With a stamp, every file the `$ref`s name is recorded with what it held, or as missing.
        let source = tool == nil ? Self.files : DocumentSource { path in
            let bytes = Self.bytes(path)
            inputs.record(path, bytes)
            return bytes
        }
        let result: GeneratorPipeline.Result
        do {
            result = try GeneratorPipeline(config: configuration).generate(
                bytes, sourceName: (spec as NSString).lastPathComponent, path: spec, source: source)
        } catch {
            // Each file's lines are found once, for all the errors in it.
            printError(error.rendered(rootName: spec) { file in
                (file == nil ? bytes : file.flatMap(Self.bytes)).map { DiagnosticSource(bytes: $0) }
            })
            throw ExitCode(1)
        }
        if listInputs {
            for file in result.inputFiles { print(file) }
            return
        }
        if !quiet {
            // Each file's lines are found once, for all the warnings in it.
            var sources: [String: DiagnosticSource] = [:]
            for warning in result.warnings {
                let file = warning.file ?? spec
                if sources[file] == nil {
                    let fileBytes = file == spec ? bytes : Self.bytes(file)
                    sources[file] = fileBytes.map { DiagnosticSource(bytes: $0) }
                }
                warn(warning.rendered(fileName: file, lines: sources[file]))
            }
        }
        if let report {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            try encoder.encode(GeneratorPipeline.Report(result)).write(to: URL(fileURLWithPath: report), options: .atomic)
        }
        guard let output else { return }
        let written = try OutputWriter(folder: output).write(result.files)
        if let stamp, let tool {
            let outputs = result.files.map { RunStamp.File(path: $0.name, digest: ContentDigest.of($0.utf8)) }
            let record = RunStamp(
                tool: tool, directory: FileManager.default.currentDirectoryPath, arguments: Self.arguments,
                inputs: inputs.recorded, outputs: outputs, messages: messages, warnings: result.warnings.count,
                repairs: result.repairs.count)
            do {
                try record.write(to: stamp)
            } catch {
                // Only the next run's shortcut is lost: without a stamp that matches, it generates.
                printError("\(stamp): warning: cannot write the stamp (\(error.localizedDescription))")
            }
        }
        if !quiet {
            print(Self.summary(written: written, of: result.files.count, output: output,
                               warnings: result.warnings.count, repairs: result.repairs.count))
        }
    }

    /// The arguments the command was run with, without the executable's path.
    static var arguments: [String] { Array(CommandLine.arguments.dropFirst()) }

    /// The line a run that writes the client ends with (unless --quiet).
    /// - Parameters:
    ///   - written: How many files were written.
    ///   - count: How many files the client has.
    ///   - output: The output folder.
    ///   - warnings: How many warnings the run had.
    ///   - repairs: How many of them were repairs.
    ///   - skipped: Whether the run was skipped because its stamp matched.
    /// - Returns: E.g. `rasp-generate: 2 of 24 files written to Generated (1 warnings)`.
    static func summary(written: Int, of count: Int, output: String, warnings: Int, repairs: Int,
                        skipped: Bool = false) -> String {
        let repairs = repairs == 0 ? "" : ", \(repairs) of them repairs"
        let skipped = skipped ? "; unchanged since the run that wrote the stamp, skipped" : ""
        return "rasp-generate: \(written) of \(count) files written to \(output)"
            + " (\(warnings) warnings\(repairs)\(skipped))"
    }

    /// The files a document's `$ref`s name, read from disk.
    static let files = DocumentSource { path in bytes(path) }

    static func bytes(_ path: String) -> [UInt8]? {
        FileManager.default.contents(atPath: path).map { [UInt8]($0) }
    }

    private func read(_ path: String) throws -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: path) else {
            printError("\(path): error: cannot read the file")
            throw ExitCode(1)
        }
        return [UInt8](data)
    }

    /// Prints the diagnostic with its source line and ends the run with status 1.
    private func fail(_ diagnostic: Diagnostic, file: String, bytes: [UInt8]) throws -> Never {
        printError(diagnostic.rendered(fileName: file, lines: DiagnosticSource(bytes: bytes)))
        throw ExitCode(1)
    }
}

func printError(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
}
