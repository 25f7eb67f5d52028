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
            let data = Data(file.contents.utf8)
            if manager.contents(atPath: path) == data { continue }
            let temporary = (folder as NSString).appendingPathComponent(".\(file.name).\(ProcessInfo.processInfo.processIdentifier).tmp")
            try data.write(to: URL(fileURLWithPath: temporary))
            if rename(temporary, path) != 0 {
                try? manager.removeItem(atPath: temporary)
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
            }
            written += 1
        }
        return written
    }
}
