import ArgumentParser
import Foundation
import RaspGenerator
import YAMLEventScan

/// `rasp-bench generator [SPEC…]`: our generator's stage times and memory on each spec, side by side with
/// swift-openapi-generator on the same spec, and (with `--compile`) the debug build of both outputs.
struct GeneratorSuite: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generator",
        abstract: "Generation speed, memory and output size vs swift-openapi-generator.",
        discussion: """
            Figures per spec: <spec>.spec_size (every file the document reads), .parse/.translate/.render/.total \
            (median of --runs, in memory: the files a multi-file document reads are loaded first, as for \
            .libyaml_floor), .yaml_tree (the YAML trees alone), .end_to_end (read + generate + write files), \
            .peak_rss, .lines; then .sog.total/.sog.peak_rss/.sog.lines and the ratios. swift-openapi-generator is \
            built from the local mirror by Scripts/dev/build-sog.sh.
            """
    )

    @Argument(help: "OpenAPI documents (default: openapi.yaml and ../shared/specs/*).")
    var specs: [String] = []

    @Option(help: "Generator runs per spec; stage figures are those of the median run.")
    var runs = 5

    @Option(help: "The swift-openapi-generator binary.")
    var sog = ".build-sog/src/.build/release/swift-openapi-generator"

    @Flag(help: "Skip swift-openapi-generator.")
    var noSOG = false

    @Flag(help: "Also debug-build both outputs and compare build time and memory (slow: minutes per spec).")
    var compile = false

    @Option(help: "With --compile: rebuilds of each generated module; build figures are medians.")
    var compileRuns = 3

    @Option(help: "With --compile: seconds after which a build is stopped (its figure says so).")
    var compileTimeLimit = 900

    @Option(help: "Scratch folder for outputs and build packages.")
    var scratch = ".build-bench/generator"

    @Option(help: ArgumentHelp(
        "With --compile: build the Swift files of DIR/<name> (e.g. an earlier generator's output of the spec) "
            + "instead of this run's output, to compare outputs of two generators under the same runtime.",
        valueName: "DIR"))
    var compileOutputsOf: String?

    func run() async throws {
        let specs = specs.isEmpty ? Self.defaultSpecs() : specs
        guard !specs.isEmpty else {
            throw ValidationError("no specs given and none found in ./openapi.yaml or ../shared/specs")
        }
        let sogAvailable = !noSOG && FileManager.default.isExecutableFile(atPath: sog)
        if !noSOG && !sogAvailable {
            Figures.note("swift-openapi-generator not found at \(sog): run Scripts/dev/build-sog.sh (skipping it)")
        }
        for spec in specs {
            let name = Self.shortName(of: spec)
            let folder = "\(scratch)/\(name)"
            let ours = try measureOurs(spec: spec, name: name, output: "\(folder)/ours")
            var sogOutput: String?
            if sogAvailable {
                sogOutput = try measureSOG(spec: spec, name: name, folder: folder, ours: ours)
            }
            if compile {
                try CompileComparison(root: FileManager.default.currentDirectoryPath, folder: folder, name: name,
                                      runs: max(compileRuns, 1), timeLimit: .seconds(max(compileTimeLimit, 1)))
                    .run(oursFiles: compileOutputsOf.map { "\($0)/\(name)" } ?? "\(folder)/ours",
                         sogFiles: sogOutput)
            }
        }
    }

    /// What our run produced, for the ratios.
    struct OursFigures {
        var endToEnd: Double
        var cpu: Double
        var lines: Int
    }

    private func measureOurs(spec: String, name: String, output: String) throws -> OursFigures {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: spec)))
        let pipeline = GeneratorPipeline()
        let sourceName = URL(fileURLWithPath: spec).lastPathComponent
        // The stages are timed in memory, as the floor is: every file the document reads (a multi-file document
        // names them in its first run) is loaded before the timed runs, so parse times parsing, not disk reads.
        let inputFiles = try pipeline.run(bytes, sourceName: sourceName, path: spec, source: Self.files).inputFiles
        let loaded = try Dictionary(uniqueKeysWithValues: inputFiles.map { path in
            (path, try [UInt8](Data(contentsOf: URL(fileURLWithPath: path))))
        })
        let inMemory = DocumentSource { path in loaded[path] }
        ProcessMemory.resetPeak()
        let baseline = ProcessMemory.residentBytes ?? 0
        // The floor: libyaml parsing every file the document reads and walking the events, nothing more. It is
        // timed right after each generator run, so a change in the machine's speed during the runs moves both, and
        // the ratio is the median of the runs' ratios.
        let inputs = inputFiles.map { loaded[$0] ?? [] }
        let measureFloor = {
            Stopwatch.measure {
                inputs.reduce(0) { $0 + $1.withUnsafeBufferPointer { yaml_event_scan($0.baseAddress, $0.count) } }
            }.1
        }
        let total = { (result: GeneratorPipeline.Result) in
            result.timings.parse + result.timings.translate + result.timings.render
        }
        var results: [GeneratorPipeline.Result] = []
        var floors: [Double] = []
        var ratios: [Double] = []
        for _ in 0..<max(runs, 1) {
            let result = try pipeline.run(bytes, sourceName: sourceName, path: spec, source: inMemory)
            let floor = measureFloor()
            results.append(result)
            floors.append(floor)
            ratios.append(total(result) / max(floor, 0.001))
        }
        let peak = ProcessMemory.peakResidentBytes ?? 0
        let median = results.sorted { total($0) < total($1) }[results.count / 2]
        // A multi-file document's size is that of every file it reads, not only of its entry file.
        let readBytes = median.inputFiles.reduce(0) { $0 + (loaded[$1]?.count ?? 0) }
        Figures.emit("\(name).spec_size", Double(max(readBytes, bytes.count)) / 1_048_576, "MB", decimals: 2)
        Figures.emit("\(name).parse", median.timings.parse, "ms")
        Figures.emit("\(name).translate", median.timings.translate, "ms")
        Figures.emit("\(name).render", median.timings.render, "ms")
        Figures.emit("\(name).total", total(median), "ms")
        let floor = Figures.median(floors)
        // The YAML trees alone (libyaml's events made into nodes, every file), the part of .parse below the OpenAPI
        // reading.
        let trees = (0..<max(runs, 1)).map { _ in
            Stopwatch.measure {
                inputs.enumerated().reduce(0) { count, input in
                    count + ((try? YAMLParser().parse(input.element, file: input.offset)) == nil ? 0 : 1)
                }
            }.1
        }
        Figures.emit("\(name).yaml_tree", Figures.median(trees), "ms")
        Figures.emit("\(name).libyaml_floor", floor, "ms")
        Figures.emit("\(name).total_vs_floor", Figures.median(ratios), "x", decimals: 1)
        Figures.emit("\(name).peak_rss", Double(peak) / 1_048_576, "MB")
        Figures.emit("\(name).peak_rss_above_baseline", Double(peak - baseline) / 1_048_576, "MB")

        // End to end, as the command line does it: read the file, generate, write every file (into a folder
        // emptied first, so no file of another layout is compiled with them).
        try? FileManager.default.removeItem(atPath: output)
        try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        var endToEnd: [Double] = []
        var files: [GeneratedFile] = []
        let cpuBefore = ProcessMemory.cpuMilliseconds
        for _ in 0..<max(runs, 1) {
            let (generated, elapsed) = try Stopwatch.measure { () throws -> [GeneratedFile] in
                let data = try [UInt8](Data(contentsOf: URL(fileURLWithPath: spec)))
                let files = try pipeline.run(data, sourceName: sourceName, path: spec, source: Self.files).files
                for file in files {
                    try Data(file.utf8).write(to: URL(fileURLWithPath: "\(output)/\(file.name)"), options: .atomic)
                }
                return files
            }
            files = generated
            endToEnd.append(elapsed)
        }
        let lines = files.reduce(0) { $0 + $1.utf8.reduce(0) { $0 + ($1 == 10 ? 1 : 0) } }
        var endToEndMedian = endToEnd.sorted()[endToEnd.count / 2]
        var cpu = (ProcessMemory.cpuMilliseconds - cpuBefore) / Double(max(runs, 1))
        Figures.emit("\(name).end_to_end", endToEndMedian, "ms")
        Figures.emit("\(name).end_to_end_cpu", cpu, "ms")
        Figures.emit("\(name).lines", lines, "lines")
        // As swift-openapi-generator is measured: the command line in a process of its own.
        if let command = Self.commandLine {
            var usages: [Subprocess.Usage] = []
            for _ in 0..<max(runs, 1) {
                usages.append(try Subprocess.run([command, spec, "--output", "\(output)-cli", "--quiet"],
                                                 logFile: "\(output)-cli.log"))
            }
            let median = usages.sorted { $0.wallMilliseconds < $1.wallMilliseconds }[usages.count / 2]
            if median.status == 0 {
                (endToEndMedian, cpu) = (median.wallMilliseconds, median.cpuMilliseconds)
                Figures.emit("\(name).command_line", median.wallMilliseconds, "ms")
                Figures.emit("\(name).command_line_cpu", median.cpuMilliseconds, "ms")
                Figures.emit("\(name).command_line_peak_rss", Double(median.peakResidentBytes) / 1_048_576, "MB")
            }
        }
        return OursFigures(endToEnd: endToEndMedian, cpu: cpu, lines: lines)
    }

    /// `rasp-generate` built next to this benchmark, if it is there.
    static let commandLine: String? = {
        let folder = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent()
        let path = folder.appendingPathComponent("rasp-generate").path
        return FileManager.default.isExecutableFile(atPath: path) ? path : nil
    }()

    /// Runs swift-openapi-generator once (types + client, public) and returns its output folder.
    private func measureSOG(spec: String, name: String, folder: String, ours: OursFigures) throws -> String? {
        let output = "\(folder)/sog"
        try? FileManager.default.removeItem(atPath: output)
        try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        let config = "\(folder)/openapi-generator-config.yaml"
        try Data("generate:\n  - types\n  - client\naccessModifier: public\n".utf8)
            .write(to: URL(fileURLWithPath: config))
        let log = "\(folder)/sog.log"
        try? FileManager.default.removeItem(atPath: log)
        var usage = try Subprocess.run([sog, "generate", spec, "--config", config, "--output-directory", output],
                                       logFile: log)
        var ours = ours
        if usage.status != 0 {
            Figures.note("swift-openapi-generator rejects \(spec) as published (exit \(usage.status); see \(log))")
            Figures.emit("\(name).sog.failed_after", usage.wallMilliseconds, "ms")
            // Compare on a copy without the constructs it rejects (rasp-generate accepts both).
            let compatible = "\(folder)/\(name)-sog-compatible.json"
            let patch = try Subprocess.run(["python3", "Scripts/dev/sog-compatible-spec.py", spec, compatible],
                                           logFile: log)
            guard patch.status == 0 else {
                Figures.note("could not write a swift-openapi-generator compatible copy; see \(log)")
                return nil
            }
            usage = try Subprocess.run([sog, "generate", compatible, "--config", config, "--output-directory", output],
                                       logFile: log)
            guard usage.status == 0 else {
                Figures.note("swift-openapi-generator also fails on \(compatible); see \(log)")
                return nil
            }
            Figures.note("\(name).sog.* and \(name).compat.* figures are for \(compatible)")
            ours = try measureOurs(spec: compatible, name: "\(name).compat", output: "\(folder)/ours-compat")
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: output).filter { $0.hasSuffix(".swift") }
        var lines = 0
        for file in files {
            lines += try Data(contentsOf: URL(fileURLWithPath: "\(output)/\(file)"))
                .reduce(0) { $0 + ($1 == 10 ? 1 : 0) }
        }
        Figures.emit("\(name).sog.total", usage.wallMilliseconds, "ms")
        Figures.emit("\(name).sog.cpu", usage.cpuMilliseconds, "ms")
        Figures.emit("\(name).sog.peak_rss", Double(usage.peakResidentBytes) / 1_048_576, "MB")
        Figures.emit("\(name).sog.lines", lines, "lines")
        // Ours: the command line's median when it is built (else the in-process end-to-end run).
        Figures.emit("\(name).speedup_vs_sog", usage.wallMilliseconds / ours.endToEnd, "x")
        // CPU time does not count waiting for a busy core, so it compares fairly on a loaded machine too.
        Figures.emit("\(name).cpu_speedup_vs_sog", usage.cpuMilliseconds / ours.cpu, "x")
        Figures.emit("\(name).lines_vs_sog", Double(ours.lines) / Double(max(lines, 1)), "ratio", decimals: 3)
        return output
    }

    /// The files a multi-file document's `$ref`s name, read from disk.
    static let files = DocumentSource { path in FileManager.default.contents(atPath: path).map { [UInt8]($0) } }

    /// `openapi.yaml` in the current folder, every spec in `../shared/specs`, and the entry document (the one that
    /// starts with an `openapi` version) of each folder there.
    static func defaultSpecs() -> [String] {
        var specs: [String] = []
        if FileManager.default.fileExists(atPath: "openapi.yaml") { specs.append("openapi.yaml") }
        let shared = "../shared/specs"
        let isSpec = { (name: String) in [".yaml", ".yml", ".json"].contains(where: name.hasSuffix) }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: shared)) ?? []
        for name in names.sorted() {
            if isSpec(name) {
                specs.append("\(shared)/\(name)")
                continue
            }
            let folder = "\(shared)/\(name)"
            let entries = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted().filter(isSpec)
            if let entry = entries.first(where: { file in
                let head = FileManager.default.contents(atPath: "\(folder)/\(file)")?.prefix(200) ?? Data()
                return String(decoding: head, as: UTF8.self).contains("openapi")
            }) {
                specs.append("\(folder)/\(entry)")
            }
        }
        return specs
    }

    /// `openapi.yaml` → `rasp`, `twilio_api_v2010.yaml` → `twilio`, `openai-openapi.yaml` → `openai`.
    static func shortName(of spec: String) -> String {
        let base = URL(fileURLWithPath: spec).deletingPathExtension().lastPathComponent.lowercased()
        let first = base.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).first.map(String.init) ?? base
        return first == "openapi" ? "rasp" : first
    }
}
