import Foundation
import Testing

/// `rasp-generate --stamp`: a run whose tool, arguments, inputs and outputs are those the stamp recorded is skipped
/// and writes nothing (SwiftPM re-runs the build plugin's command each time it relinks the tool); any change to any
/// of them generates again.
@Suite struct RunStampTests {
    /// What one run printed.
    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String

        /// Whether the run said it skipped its work.
        var skipped: Bool { stdout.contains("; unchanged since the run that wrote the stamp, skipped)") }
        /// The number in "N of 24 files written", or nil.
        var written: Int? {
            guard let range = stdout.range(of: #"[0-9]+ of 24 files written"#, options: .regularExpression) else {
                return nil
            }
            return Int(stdout[range].prefix { $0.isNumber })
        }
    }

    /// A scratch folder with a document in two files (`openapi.yaml` names `schemas/Status.yaml`) and a config; the
    /// runs work in it with relative paths, as the generator runs in a package.
    struct Workspace {
        let folder: URL
        let binary: String

        init() throws {
            binary = try #require(MalformedSpecTests.generatorBinary(), "rasp-generate is not built next to the tests")
            folder = FileManager.default.temporaryDirectory.appendingPathComponent("stamp-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder.appendingPathComponent("schemas"),
                                                    withIntermediateDirectories: true)
            try write("openapi.yaml", """
                openapi: 3.0.3
                info: {title: Shelf, version: '1'}
                paths:
                  /books/{id}:
                    get:
                      operationId: getBook
                      summary: One book
                      parameters:
                        - {name: id, in: path, required: true, schema: {type: string}}
                      responses:
                        '200':
                          description: The book
                          content:
                            application/json:
                              schema: {$ref: '#/components/schemas/Book'}
                components:
                  schemas:
                    Book:
                      type: object
                      required: [id]
                      properties:
                        id: {type: string}
                        status: {$ref: 'schemas/Status.yaml'}

                """)
            try write("schemas/Status.yaml", "type: string\ndescription: Where the book is.\nenum: [shelved, lent]\n")
            try write("rasp-generate.yaml", "clientName: ShelfClient\n")
        }

        /// The arguments the build plugin passes, relative to the folder.
        static let arguments = [
            "openapi.yaml", "--output", "out", "--config", "rasp-generate.yaml", "--stamp", "out/.stamp.json",
        ]

        /// Writes a file of the workspace.
        func write(_ name: String, _ text: String) throws {
            try Data(text.utf8).write(to: folder.appendingPathComponent(name))
        }

        /// Reads a file of the workspace.
        func read(_ name: String) throws -> String {
            try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
        }

        /// Runs the generator in the folder, on a thread of its own (waiting must not hold a thread of the
        /// cooperative pool).
        func generate(_ arguments: [String] = Self.arguments) async throws -> Run {
            let (binary, folder) = (binary, folder)
            return try await withCheckedThrowingContinuation { continuation in
                Thread {
                    continuation.resume(with: Result {
                        let stdout = folder.appendingPathComponent("stdout.txt")
                        let stderr = folder.appendingPathComponent("stderr.txt")
                        _ = FileManager.default.createFile(atPath: stdout.path, contents: nil)
                        _ = FileManager.default.createFile(atPath: stderr.path, contents: nil)
                        let process = Process()
                        process.executableURL = URL(fileURLWithPath: binary)
                        process.arguments = arguments
                        process.currentDirectoryURL = folder
                        process.standardOutput = try FileHandle(forWritingTo: stdout)
                        process.standardError = try FileHandle(forWritingTo: stderr)
                        try process.run()
                        process.waitUntilExit()
                        return Run(status: process.terminationStatus,
                                   stdout: try String(contentsOf: stdout, encoding: .utf8),
                                   stderr: try String(contentsOf: stderr, encoding: .utf8))
                    })
                }.start()
            }
        }

        /// Each entry of the output folder with its inode, size and modification time: a file written again (always
        /// through a rename) or touched shows a change.
        func snapshot() throws -> [String: String] {
            let output = folder.appendingPathComponent("out").path
            var entries: [String: String] = [:]
            for name in try FileManager.default.contentsOfDirectory(atPath: output) {
                let attributes = try FileManager.default.attributesOfItem(atPath: output + "/" + name)
                let inode = attributes[.systemFileNumber] as? Int ?? -1
                let size = attributes[.size] as? Int ?? -1
                let time = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
                entries[name] = "\(inode) \(size) \(time)"
            }
            return entries
        }

        /// Removes the folder.
        func remove() {
            try? FileManager.default.removeItem(at: folder)
        }
    }

    /// The first run generates and writes the stamp; the same run again prints that it skipped and leaves every
    /// file of the folder as it was, stamp included.
    @Test func unchangedRunIsSkippedAndWritesNothing() async throws {
        let work = try Workspace()
        defer { work.remove() }
        let first = try await work.generate()
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.written == 24 && !first.skipped, "\(first.stdout)")
        let before = try work.snapshot()
        #expect(before[".stamp.json"] != nil)

        let second = try await work.generate()
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.skipped && second.written == 0, "\(second.stdout)")
        #expect(try work.snapshot() == before)
    }

    /// Contents count, not times: a touched input (a checkout, `touch`) is still skipped.
    @Test func touchedInputIsSkipped() async throws {
        let work = try Workspace()
        defer { work.remove() }
        _ = try await work.generate()
        let before = try work.snapshot()
        let later = Date().addingTimeInterval(30)
        for name in ["openapi.yaml", "schemas/Status.yaml", "rasp-generate.yaml"] {
            try FileManager.default.setAttributes([.modificationDate: later],
                                                  ofItemAtPath: work.folder.appendingPathComponent(name).path)
        }
        let run = try await work.generate()
        #expect(run.skipped, "\(run.stdout)")
        #expect(try work.snapshot() == before)
    }

    /// An edited document generates again, and the run after it is skipped against the new stamp.
    @Test func editedDocumentRegenerates() async throws {
        let work = try Workspace()
        defer { work.remove() }
        _ = try await work.generate()
        try work.write("openapi.yaml", try work.read("openapi.yaml")
            .replacingOccurrences(of: "summary: One book", with: "summary: One book, by its id"))
        let run = try await work.generate()
        #expect(run.status == 0 && !run.skipped, "\(run.stdout)")
        #expect((run.written ?? 0) >= 1, "\(run.stdout)")
        #expect(try Self.generated(work).contains("One book, by its id"))
        let again = try await work.generate()
        #expect(again.skipped, "\(again.stdout)")
    }

    /// A file the document's `$ref`s name is an input too.
    @Test func editedReferencedFileRegenerates() async throws {
        let work = try Workspace()
        defer { work.remove() }
        _ = try await work.generate()
        try work.write("schemas/Status.yaml", try work.read("schemas/Status.yaml")
            .replacingOccurrences(of: "Where the book is.", with: "Where the book is now."))
        let run = try await work.generate()
        #expect(!run.skipped && (run.written ?? 0) >= 1, "\(run.stdout)")
        #expect(try Self.generated(work).contains("Where the book is now."))
    }

    /// So is the config.
    @Test func editedConfigRegenerates() async throws {
        let work = try Workspace()
        defer { work.remove() }
        _ = try await work.generate()
        try work.write("rasp-generate.yaml", "clientName: BookshelfClient\n")
        let run = try await work.generate()
        #expect(!run.skipped && (run.written ?? 0) >= 1, "\(run.stdout)")
        #expect(try Self.generated(work).contains("BookshelfClient"))
    }

    /// Other arguments generate again even when they give the same files; a run without `--stamp` never skips.
    @Test func otherArgumentsRegenerate() async throws {
        let work = try Workspace()
        defer { work.remove() }
        _ = try await work.generate()
        let lenient = try await work.generate(Workspace.arguments + ["--lenient"])
        #expect(!lenient.skipped && lenient.written == 0, "\(lenient.stdout)")
        let withoutStamp = try await work.generate(Array(Workspace.arguments.dropLast(2)))
        #expect(!withoutStamp.skipped && withoutStamp.written == 0, "\(withoutStamp.stdout)")
    }

    /// A deleted output, or one edited by hand, is written again.
    @Test func deletedOrEditedOutputIsRewritten() async throws {
        let work = try Workspace()
        defer { work.remove() }
        _ = try await work.generate()
        let first = try work.read("out/API01.swift")
        let last = try work.read("out/API24.swift")
        try FileManager.default.removeItem(at: work.folder.appendingPathComponent("out/API01.swift"))
        let deleted = try await work.generate()
        #expect(!deleted.skipped && deleted.written == 1, "\(deleted.stdout)")
        #expect(try work.read("out/API01.swift") == first)

        try work.write("out/API24.swift", last + "// edited by hand\n")
        let edited = try await work.generate()
        #expect(!edited.skipped && edited.written == 1, "\(edited.stdout)")
        #expect(try work.read("out/API24.swift") == last)
    }

    /// A stamp written by another build of the tool, a deleted stamp or an unreadable one never matches.
    @Test func otherToolOrMissingStampRegenerates() async throws {
        let work = try Workspace()
        defer { work.remove() }
        _ = try await work.generate()
        let stamp = try work.read("out/.stamp.json")
        let tool = try #require(stamp.split(separator: "\n").first { $0.contains(#""tool" : "#) })
        #expect(tool.contains("build-id:") || tool.contains("digest:"), "\(tool)")
        try work.write("out/.stamp.json", stamp.replacingOccurrences(of: String(tool),
                                                                      with: #"  "tool" : "build-id:0123","#))
        let other = try await work.generate()
        #expect(!other.skipped && other.written == 0, "\(other.stdout)")
        #expect(try work.read("out/.stamp.json") == stamp)

        try FileManager.default.removeItem(at: work.folder.appendingPathComponent("out/.stamp.json"))
        let missing = try await work.generate()
        #expect(!missing.skipped && missing.written == 0, "\(missing.stdout)")
        try work.write("out/.stamp.json", "{not json")
        let damaged = try await work.generate()
        #expect(!damaged.skipped && damaged.written == 0, "\(damaged.stdout)")
        #expect(try work.read("out/.stamp.json") == stamp)
    }

    /// A `$ref` to a file that does not exist (repaired under `--lenient`) is recorded as missing: when the file
    /// appears, the run generates again.
    @Test func referencedFileThatAppearsRegenerates() async throws {
        let work = try Workspace()
        defer { work.remove() }
        try work.write("openapi.yaml", try work.read("openapi.yaml")
            .replacingOccurrences(of: "schemas/Status.yaml", with: "schemas/Later.yaml"))
        let arguments = Workspace.arguments + ["--lenient"]
        let first = try await work.generate(arguments)
        #expect(first.status == 0 && first.written == 24, "\(first.stdout)\(first.stderr)")
        #expect(first.stderr.contains("repaired"), "\(first.stderr)")
        let skipped = try await work.generate(arguments)
        #expect(skipped.skipped, "\(skipped.stdout)")
        #expect(skipped.stderr.contains("repaired"), "a skipped run prints the warnings again: \(skipped.stderr)")

        try work.write("schemas/Later.yaml", "type: string\ndescription: Where the book is, found later.\n")
        let appeared = try await work.generate(arguments)
        #expect(!appeared.skipped && (appeared.written ?? 0) >= 1, "\(appeared.stdout)")
        #expect(try Self.generated(work).contains("Where the book is, found later."))
    }

    /// A run that fails writes neither files nor stamp; once the document is as the stamp recorded it, the files
    /// on disk are still that run's and the next run is skipped.
    @Test func failedRunKeepsTheLastStamp() async throws {
        let work = try Workspace()
        defer { work.remove() }
        _ = try await work.generate()
        let spec = try work.read("openapi.yaml")
        let before = try work.snapshot()
        try work.write("openapi.yaml", spec.replacingOccurrences(of: "type: object", with: "type: objekt"))
        let failed = try await work.generate()
        #expect(failed.status == 1, "\(failed.stdout)")
        #expect(try work.snapshot() == before)
        try work.write("openapi.yaml", spec)
        let restored = try await work.generate()
        #expect(restored.skipped, "\(restored.stdout)")
    }

    /// Every generated file's text, joined.
    static func generated(_ work: Workspace) throws -> String {
        let output = work.folder.appendingPathComponent("out")
        return try FileManager.default.contentsOfDirectory(atPath: output.path).filter { $0.hasSuffix(".swift") }
            .sorted().map { try String(contentsOf: output.appendingPathComponent($0), encoding: .utf8) }
            .joined()
    }
}
