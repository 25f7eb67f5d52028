import Foundation

/// Appends text a test captured (log lines, error descriptions, program output) to a transcript file, so
/// `Scripts/scan-key-leaks.sh` can scan it after the run.
///
/// The folder is `$RASP_TEST_TRANSCRIPTS`, or `.build/test-transcripts` under the current directory (the package
/// root under `swift test`); each process writes its own file, `<source>-<pid>.log`.
enum Transcript {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var handles: [String: FileHandle] = [:]

    /// The transcript folder.
    static var folder: URL {
        if let path = ProcessInfo.processInfo.environment["RASP_TEST_TRANSCRIPTS"], !path.isEmpty {
            return URL(fileURLWithPath: path, isDirectory: true)
        }
        return URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
            .appendingPathComponent(".build/test-transcripts", isDirectory: true)
    }

    /// Appends `text` (and a line break) to this process's transcript for `source`; failures are ignored.
    static func append(_ source: String, _ text: String) {
        lock.lock()
        defer { lock.unlock() }
        guard let handle = handle(for: source) else { return }
        handle.write(Data((text.hasSuffix("\n") ? text : text + "\n").utf8))
    }

    private static func handle(for source: String) -> FileHandle? {
        if let handle = handles[source] { return handle }
        let file = folder.appendingPathComponent("\(source)-\(ProcessInfo.processInfo.processIdentifier).log")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        if !FileManager.default.fileExists(atPath: file.path) {
            _ = FileManager.default.createFile(atPath: file.path, contents: nil)
        }
        guard let handle = try? FileHandle(forWritingTo: file) else { return nil }
        handle.seekToEndOfFile()
        handles[source] = handle
        return handle
    }
}
