import Foundation
import RaspGenerator

/// Writes generated files atomically (temporary file, then rename) and only when their bytes changed, so builds
/// stay incremental and an interrupted run never leaves a half-written file.
struct OutputWriter {
    let folder: String

    /// Writes the files.
    /// - Returns: How many files were (re)written.
    func write(_ files: [GeneratedFile]) throws -> Int {
        let manager = FileManager.default
        try manager.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var written = 0
        for file in files {
            let path = (folder as NSString).appendingPathComponent(file.name)
            let data = Data(file.utf8)
            if manager.contents(atPath: path) == data { continue }
            try Self.replace(path, with: data)
            written += 1
        }
        try removeStale(keeping: Set(files.map(\.name)))
        return written
    }

    /// Replaces a file's contents atomically: writes a temporary file beside it, then renames it over the file.
    /// - Parameters:
    ///   - path: The file (its folder must exist).
    ///   - data: Its new contents.
    /// - Throws: When the temporary file cannot be written or renamed.
    static func replace(_ path: String, with data: Data) throws {
        let name = (path as NSString).lastPathComponent
        let temporary = ((path as NSString).deletingLastPathComponent as NSString).appendingPathComponent(
            ".\(name).\(ProcessInfo.processInfo.processIdentifier).tmp"
        )
        try data.write(to: URL(fileURLWithPath: temporary))
        if rename(temporary, path) != 0 {
            try? FileManager.default.removeItem(atPath: temporary)
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
        }
    }

    /// Removes Swift files an earlier run wrote that this run did not (another version's file names): only files
    /// that start with the generator's header, so nothing else in the folder is touched.
    private func removeStale(keeping names: Set<String>) throws {
        let manager = FileManager.default
        for name in try manager.contentsOfDirectory(atPath: folder)
        where name.hasSuffix(".swift") && !names.contains(name) {
            let path = (folder as NSString).appendingPathComponent(name)
            guard let handle = FileHandle(forReadingAtPath: path) else { continue }
            let start = (try? handle.read(upToCount: 64)) ?? Data()
            try? handle.close()
            if start.starts(with: Data(GeneratedFile.headerPrefix.utf8)) { try manager.removeItem(atPath: path) }
        }
    }
}
