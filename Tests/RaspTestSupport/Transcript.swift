import Foundation

/// Appends text a test captured (log lines, error descriptions, program output) to a transcript that
/// `Scripts/ci/scan-key-leaks.sh` scans for the API key after the run: `$RASP_TEST_TRANSCRIPTS` (default
/// `.build/test-transcripts`), one file per source and process. Shared by the test targets.
public enum Transcript {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var handles: [String: FileHandle] = [:]

    /// Appends `text` and a line break; failures are ignored (a transcript never fails a test).
    public static func append(_ source: String, _ text: String) {
        lock.lock()
        defer { lock.unlock() }
        if handles[source] == nil {
            let environment = ProcessInfo.processInfo.environment["RASP_TEST_TRANSCRIPTS"] ?? ""
            let folder = environment.isEmpty
                ? URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
                    .appendingPathComponent(".build/test-transcripts")
                : URL(fileURLWithPath: environment)
            let file = folder.appendingPathComponent("\(source)-\(ProcessInfo.processInfo.processIdentifier).log")
            try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            if !FileManager.default.fileExists(atPath: file.path) {
                _ = FileManager.default.createFile(atPath: file.path, contents: nil)
            }
            handles[source] = try? FileHandle(forWritingTo: file)
            handles[source]?.seekToEndOfFile()
        }
        handles[source]?.write(Data((text.hasSuffix("\n") ? text : text + "\n").utf8))
    }
}
