import Foundation
import RaspDemo
import RaspDirectory
import RaspRuntime
import RaspServices
import Synchronization
import Testing
import RaspTestSupport
import RaspBenchData

/// Writes are write-then-rename: a reader sees the old file or the new one, never a part; no temporary files stay
/// behind; and a writer killed in the middle of a write leaves the previous file whole. (The file work runs off the
/// cooperative pool, see ``offPool(_:)``.)
@Suite("Atomic writes")
struct AtomicWriteTests {
    /// Two versions of a file, each one byte repeated, so any mix or cut is visible.
    static func version(_ letter: Character, size: Int) -> Data { Data(repeating: letter.asciiValue!, count: size) }

    /// Whether `data` is exactly one of the two versions.
    static func isWhole(_ data: Data, size: Int) -> Bool {
        data.count == size
            && (data.allSatisfy { $0 == UInt8(ascii: "a") } || data.allSatisfy { $0 == UInt8(ascii: "b") })
    }

    @Test("A reader racing a writer only ever sees a whole old or new file")
    func readerNeverSeesAPart() async throws {
        let folder = temporaryFolder("atomic")
        let file = folder.appendingPathComponent("state.bin")
        let size = 1 << 20
        let reader = RacingReader { (try? Data(contentsOf: file)).map { Self.isWhole($0, size: size) } ?? false }
        try await offPool {
            try AtomicFile.write(Self.version("a", size: size), to: file)
            try reader.race { index in
                try AtomicFile.write(Self.version(index % 2 == 0 ? "b" : "a", size: size), to: file)
            }
        }
        #expect(reader.reads >= RacingReader.minimumReads)
        #expect(reader.failures == 0, "partial files seen")
        #expect(Corruption.temporaryFiles(in: folder).isEmpty)
    }

    @Test("Control: the same reader does see the parts of a plain truncate-and-write")
    func readerCatchesPlainWrites() async throws {
        let folder = temporaryFolder("atomic")
        let file = folder.appendingPathComponent("state.bin")
        let size = 1 << 20
        let reader = RacingReader { (try? Data(contentsOf: file)).map { Self.isWhole($0, size: size) } ?? false }
        try await offPool {
            try AtomicFile.write(Self.version("a", size: size), to: file)
            try reader.race { index in
                let handle = try FileHandle(forWritingTo: file)
                defer { try? handle.close() }
                try handle.truncate(atOffset: 0)
                let data = Self.version(index % 2 == 0 ? "b" : "a", size: size)
                for start in stride(from: 0, to: size, by: size / 16) {
                    try handle.write(contentsOf: data[start..<(start + size / 16)])
                }
            }
        }
        #expect(reader.failures > 0, "the check can fail")
    }

    @Test("Eight concurrent writers: the file is always one whole version and no temporary file remains")
    func concurrentWriters() async throws {
        let folder = temporaryFolder("atomic")
        let file = folder.appendingPathComponent("state.bin")
        let size = 256 << 10
        let failures = try await offPool {
            let failures = Atomic<Int>(0)
            DispatchQueue.concurrentPerform(iterations: 8) { writer in
                for _ in 0..<25 {
                    do {
                        try AtomicFile.write(Self.version(writer % 2 == 0 ? "a" : "b", size: size), to: file)
                    } catch {
                        failures.add(1, ordering: .relaxed)
                    }
                }
            }
            return failures.load(ordering: .relaxed)
        }
        #expect(failures == 0)
        #expect(Self.isWhole(try Data(contentsOf: file), size: size))
        #expect(Corruption.temporaryFiles(in: folder).isEmpty)
    }

    @Test("The directory snapshot rewrite is atomic too: a racing reader always loads it")
    func snapshotRewrite() async throws {
        let folder = temporaryFolder("atomic")
        let file = folder.appendingPathComponent("directory.snapshot")
        let directory = SnapshotCorruptionTests.directory
        let reader = RacingReader { (try? StationDirectory.load(snapshot: file)) != nil }
        try await offPool {
            try directory.writeSnapshot(to: file)
            try reader.race { _ in try directory.writeSnapshot(to: file) }
        }
        #expect(reader.reads >= RacingReader.minimumReads)
        #expect(reader.failures == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["directory.snapshot"])
    }

    @Test("A crash between the temporary write and the rename leaves the old file in force; the next write works")
    func leftoverTemporaryFile() throws {
        let folder = temporaryFolder("atomic")
        let file = folder.appendingPathComponent("quota.json")
        let store = FileQuotaStore(url: file)
        try store.save(QuotaState(day: "2026-06-01", count: 5))
        // What a process killed after writing half of its temporary file leaves behind.
        let orphan = try AtomicFile.temporaryFile(beside: file)
        try Data(#"{"count":6,"da"#.utf8).write(to: orphan)
        #expect(try store.load() == QuotaState(day: "2026-06-01", count: 5))
        try store.save(QuotaState(day: "2026-06-01", count: 6))
        #expect(try store.load() == QuotaState(day: "2026-06-01", count: 6))
        #expect(Corruption.temporaryFiles(in: folder) == [orphan.lastPathComponent],
                "only the orphan, no new leftovers")
    }

    #if os(Linux)
    @Test("A writer process killed at random moments leaves a whole file every time")
    func killedWriter() async throws {
        let executable = try #require(Bundle.main.executablePath ?? CommandLine.arguments.first)
        let folder = temporaryFolder("atomic")
        let file = folder.appendingPathComponent("state.bin")
        var random = SeededRandom(seed: 0xC1A5)
        for round in 0..<3 {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = ["--testing-library", "swift-testing", "--filter", "writerProcess"]
            process.environment = ProcessInfo.processInfo.environment.merging(["RASP_ATOMIC_WRITER": file.path]) { $1 }
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            // The writer writes until it is killed: kill it also when this round stops early.
            defer {
                if process.isRunning {
                    kill(process.processIdentifier, SIGKILL)
                    process.waitUntilExit()
                }
            }
            // Wait until the writer is under way (a whole file seen three times; a test runner can take seconds to
            // start on a loaded machine, hence the generous hang guard), then kill it at a random moment.
            var seen = 0
            try await waitUntil("the writer process to write", every: .milliseconds(25)) {
                if let data = try? Data(contentsOf: file), Self.isWhole(data, size: AtomicWriterProcess.size) {
                    seen += 1
                }
                return seen >= 3
            }
            try await Task.sleep(for: .milliseconds(Int.random(in: 0..<40, using: &random)))
            kill(process.processIdentifier, SIGKILL)
            try await offPool { process.waitUntilExit() }
            #expect(process.terminationReason == .uncaughtSignal, "round \(round): the writer was killed")
            #expect(Self.isWhole(try Data(contentsOf: file), size: AtomicWriterProcess.size), "round \(round)")
        }
        // A kill between write and rename leaves its temporary file (AtomicFile cannot clean up after SIGKILL).
        #expect(Corruption.temporaryFiles(in: folder).count <= 3)
    }
    #endif
}

/// The writer the kill test starts as a child process: rewrites a file until killed. In a normal test run (no
/// `RASP_ATOMIC_WRITER`) it returns at once.
@Suite struct AtomicWriterProcess {
    static let size = 2 << 20

    @Test("writerProcess: the child of the kill test (idle unless RASP_ATOMIC_WRITER is set)")
    func writerProcess() throws {
        guard let path = ProcessInfo.processInfo.environment["RASP_ATOMIC_WRITER"] else { return }
        let file = URL(fileURLWithPath: path)
        let versions = [AtomicWriteTests.version("a", size: Self.size), AtomicWriteTests.version("b", size: Self.size)]
        for index in 0..<100_000 { try AtomicFile.write(versions[index % 2], to: file) }
    }
}

/// Reads a file over and over on its own thread while a writer rewrites it, counting the reads that saw something
/// else than a whole file.
final class RacingReader: Sendable {
    /// The writer goes on until the reader has read at least this often.
    static let minimumReads = 40

    private let check: @Sendable () -> Bool
    private let state = Locked((reads: 0, failures: 0, done: false))

    init(_ check: @escaping @Sendable () -> Bool) { self.check = check }

    var reads: Int { state.withLock { $0.reads } }
    var failures: Int { state.withLock { $0.failures } }

    /// Starts reading on a thread, calls `write` with 0, 1, 2… at least 40 times and until enough reads raced it
    /// (at most 3,000 times), then stops the reader. Blocking: call it off the cooperative pool.
    func race(_ write: (Int) throws -> Void) throws {
        let thread = Thread { [self] in
            while !state.withLock({ $0.done }) {
                let whole = check()
                state.withLock { $0.reads += 1; if !whole { $0.failures += 1 } }
            }
        }
        thread.start()
        defer { state.withLock { $0.done = true } }
        for count in 0..<3000 {
            try write(count)
            if count >= 40, reads >= Self.minimumReads { break }
        }
    }
}
