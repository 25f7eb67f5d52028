public import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Atomic file writes: data goes to a temporary file in the destination's folder, which is then renamed over the
/// destination, so readers see the old file or the new one, never a partial one.
public enum AtomicFile {
    /// Writes `data` to `file` atomically, creating the folder if needed.
    /// - Throws: ``FileStorageError``.
    public static func write(_ data: Data, to file: URL) throws {
        let temporary = try temporaryFile(beside: file)
        do {
            try data.write(to: temporary)
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw FileStorageError(path: file.path, reason: "cannot write: \(FileStorageError.cause(of: error))")
        }
        do {
            try rename(temporary, to: file)
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
    }

    /// Moves `source` over `file` atomically (copying first when they are on different volumes).
    /// - Throws: ``FileStorageError``.
    public static func move(_ source: URL, to file: URL) throws {
        if (try? rename(source, to: file)) != nil { return }
        let temporary = try temporaryFile(beside: file)
        do {
            try FileManager.default.moveItem(at: source, to: temporary)
        } catch {
            let cause = FileStorageError.cause(of: error)
            throw FileStorageError(path: file.path, reason: "cannot move \(source.path): \(cause)")
        }
        do {
            try rename(temporary, to: file)
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
    }

    /// A fresh path for a temporary file next to `file` (the folder is created if missing).
    /// - Throws: ``FileStorageError`` when the folder cannot be created.
    public static func temporaryFile(beside file: URL) throws -> URL {
        let folder = file.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            let cause = FileStorageError.cause(of: error)
            throw FileStorageError(path: folder.path, reason: "cannot create the folder: \(cause)")
        }
        return folder.appendingPathComponent(".\(file.lastPathComponent).\(UUID().uuidString).tmp")
    }

    /// `rename(2)`: atomic within one volume.
    private static func rename(_ source: URL, to file: URL) throws {
        let result = source.withUnsafeFileSystemRepresentation { from in
            file.withUnsafeFileSystemRepresentation { to in
                guard let from, let to else { return Int32(-1) }
                return systemRename(from, to)
            }
        }
        guard result == 0 else {
            let code = errno
            throw FileStorageError(
                path: file.path,
                reason: "cannot rename \(source.lastPathComponent): \(String(cString: strerror(code)))"
            )
        }
    }
}

private func systemRename(_ from: UnsafePointer<CChar>, _ to: UnsafePointer<CChar>) -> Int32 { rename(from, to) }

extension AtomicFile {
    /// Why files cannot be written in `folder`, or nil when they can: the folder is created if missing, must be a
    /// folder, and must allow creating files (not read-only, not someone else's).
    ///
    /// Callers use it to work without a cache folder instead of failing (RaspServices' `DiskCache` does).
    public static func problemWriting(in folder: URL) -> String? {
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            return "cannot create it: \(FileStorageError.cause(of: error))"
        }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder), isFolder.boolValue else {
            return "it is not a folder"
        }
        let allowed = folder.withUnsafeFileSystemRepresentation { path in
            path.map { access($0, W_OK | X_OK) } ?? -1
        }
        guard allowed == 0 else { return "cannot write in it: \(FileStorageError.message(errno: errno))" }
        return nil
    }
}
