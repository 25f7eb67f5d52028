import Foundation
import Testing

/// `rasp-generate` itself, in both modes: a strict run prints every error and writes nothing, a lenient run writes
/// the client and prints one warning per repair; the malformed-spec suite under `--lenient`; a document with more
/// than a hundred errors.
@Suite(.serialized)
struct LenientCommandTests {
    /// The malformed specs whose one error has a safe repair (see the table in `GeneratorDiagnostics.md`); every
    /// other one fails a lenient run exactly as it fails a strict one.
    static let repairableMalformedSpecs: Set<String> = [
        "op-duplicate-operation-id.yaml", "ref-bad-pointer.yaml", "ref-external-missing-file.yaml",
        "ref-not-string.yaml", "ref-remote.yaml", "ref-schema-to-parameter.yaml", "ref-to-nowhere.yaml",
        "schema-enum-not-sequence.yaml", "schema-is-string.yaml", "schema-items-not-schema.yaml",
        "schema-properties-sequence.yaml", "schema-type-number.yaml", "schema-unknown-type.yaml",
        "sec-apikey-without-name.yaml", "sec-unknown-type.yaml", "swagger2-body-without-schema.yaml",
        "top-path-without-slash.yaml",
    ]

    struct Run {
        var status: Int32
        var seconds: Double
        var stderr: [String]
        var written: [String]
    }

    /// Runs the generator into a folder that holds an earlier output, and reads what it printed and left there.
    static func generate(_ spec: String, lenient: Bool, in scratch: URL, config: String? = nil) async throws -> Run {
        let binary = try #require(MalformedSpecTests.generatorBinary(), "rasp-generate is not built next to the tests")
        let name = (spec as NSString).lastPathComponent + (lenient ? ".lenient" : ".strict")
        let output = scratch.appendingPathComponent("out-\(name)")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        try Data("// previous output\n".utf8).write(to: output.appendingPathComponent("Types.swift"))
        let log = scratch.appendingPathComponent("stderr-\(name).txt")
        let arguments = [binary, spec, "--output", output.path] + (lenient ? ["--lenient"] : [])
            + (config.map { ["--config", $0] } ?? [])
        let run = try await MalformedSpecTests.runOffPool(arguments, stderr: log.path)
        let stderr = ((try? String(contentsOf: log, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
        let written = try FileManager.default.contentsOfDirectory(atPath: output.path).sorted()
        return Run(status: run.status, seconds: run.seconds, stderr: stderr, written: written)
    }

    static func scratchFolder() throws -> URL {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("lenient-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        return scratch
    }

    @Test func repairableSpecsFailStrictAndGenerateLenient() async throws {
        let scratch = try Self.scratchFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        for (file, expected) in RepairTests.manifest.sorted(by: { $0.key < $1.key }) {
            let spec = RepairTests.fixtures.appendingPathComponent(file).path
            let strict = try await Self.generate(spec, lenient: false, in: scratch)
            #expect(strict.status == 1, "\(file)")
            #expect(strict.written == ["Types.swift"], "\(file): a strict run with errors wrote \(strict.written)")
            let errors = strict.stderr.filter { $0.hasPrefix(spec + ":") && $0.contains(": error: ") }
            #expect(errors == expected.map { "\(spec):\($0.position): error: \($0.message)" }, "\(file)")
            #expect(strict.stderr.last?.contains("run with --lenient") == true, "\(file)")

            let lenient = try await Self.generate(spec, lenient: true, in: scratch)
            #expect(lenient.status == 0, "\(file): \(lenient.stderr.prefix(3))")
            let repairs = lenient.stderr.filter { $0.contains(": warning: ") && $0.contains("; repaired: ") }
            #expect(Set(repairs) == Set(expected.map {
                "\(spec):\($0.position): warning: \($0.message); repaired: \($0.repair)"
            }), "\(file)")
            #expect(repairs.count == expected.count, "\(file)")
            #expect(!lenient.stderr.contains { $0.contains(": error: ") }, "\(file)")
            // The client's files beside the earlier file, which is not the generator's and stays.
            #expect(lenient.written.filter { $0.hasPrefix("API") }.count == 24, "\(file)")
            #expect(lenient.written.count == 25, "\(file)")
        }
    }

    /// The build plugin runs `SPEC --output FOLDER --config FILE`: `lenient: true` in the config is enough.
    @Test func configKeyMakesTheRunLenient() async throws {
        let scratch = try Self.scratchFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let config = scratch.appendingPathComponent("rasp-generate.yaml")
        try Data("clientName: ClusterClient\nlenient: true\n".utf8).write(to: config)
        let spec = RepairTests.fixtures.appendingPathComponent("op-duplicate-ids.yaml").path
        let run = try await Self.generate(spec, lenient: false, in: scratch, config: config.path)
        #expect(run.status == 0)
        #expect(run.stderr.filter { $0.contains("; repaired: ") }.count == 3)
        try Data("clientName: ClusterClient\nlenient: false\n".utf8).write(to: config)
        #expect(try await Self.generate(spec, lenient: false, in: scratch, config: config.path).status == 1)
    }

    @Test func malformedSpecsUnderLenientFailAlikeUnlessRepairable() async throws {
        let scratch = try Self.scratchFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let names = Set(MalformedSpecTests.manifestCases.map(\.file.lastPathComponent))
        #expect(Self.repairableMalformedSpecs.isSubset(of: names))
        for item in MalformedSpecTests.manifestCases {
            let name = item.file.lastPathComponent
            let run = try await Self.generate(item.file.path, lenient: true, in: scratch)
            let first = "\(item.file.path):\(item.position): error: \(item.message)"
            if Self.repairableMalformedSpecs.contains(name) {
                #expect(run.status == 0, "\(name): \(run.stderr.prefix(1))")
                let warning = "\(item.file.path):\(item.position): warning: \(item.message); repaired: "
                #expect(run.stderr.filter { $0.contains("; repaired: ") }.count == 1, "\(name)")
                #expect(run.stderr.contains { $0.hasPrefix(warning) }, "\(name)")
            } else {
                #expect(run.status == 1, "\(name)")
                #expect(run.stderr.first == first, "\(name)")
                #expect(run.written == ["Types.swift"], "\(name)")
            }
        }
    }

    /// A strict run of a malformed spec with a repair ends by saying that `--lenient` exists; one without does not.
    @Test func strictRunMentionsLenientOnlyWhenEveryErrorIsRepairable() async throws {
        let scratch = try Self.scratchFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        for item in MalformedSpecTests.manifestCases {
            let run = try await Self.generate(item.file.path, lenient: false, in: scratch)
            let mentions = run.stderr.last?.contains("--lenient") == true
            #expect(mentions == Self.repairableMalformedSpecs.contains(item.file.lastPathComponent),
                    "\(item.file.lastPathComponent)")
        }
    }

    @Test func aHundredAndMoreErrorsAreReportedInOneFastRun() async throws {
        let scratch = try Self.scratchFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let count = 60
        let spec = scratch.appendingPathComponent("many-errors.yaml")
        try Data(ErrorCollectionTests.documentWithManyErrors(count: count).utf8).write(to: spec)
        let total = 3 * count - 1
        let run = try await Self.generate(spec.path, lenient: false, in: scratch)
        #expect(run.status == 1)
        #expect(run.written == ["Types.swift"])
        #expect(run.stderr.filter { $0.hasPrefix(spec.path + ":") && $0.contains(": error: ") }.count == 50)
        #expect(run.stderr.contains("and \(total - 50) more errors (\(total) in all)"))
        #expect(run.stderr.last == "\(total) errors")
        #expect(run.seconds < 10)
        print("errors.many_errors: \(total) errors")
        print("errors.many_errors_time: \(String(format: "%.3f", run.seconds)) s")
    }
}
