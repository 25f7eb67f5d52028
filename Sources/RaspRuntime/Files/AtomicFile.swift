public import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A file could not be written, moved or read (the message names the file and the cause).
public struct FileStorageError: Error, Sendable, CustomStringConvertible {
    /// The file concerned.
    public var path: String
    /// What went wrong.
    public var reason: String

    /// Creates an error.
    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    public var description: String { "\(path): \(reason)" }
}

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
            throw FileStorageError(path: file.path, reason: "cannot write: \(error.localizedDescription)")
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
            throw FileStorageError(path: file.path, reason: "cannot move \(source.path): \(error.localizedDescription)")
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
            throw FileStorageError(path: folder.path, reason: "cannot create the folder: \(error.localizedDescription)")
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
            throw FileStorageError(path: file.path, reason: "cannot rename \(source.lastPathComponent): \(String(cString: strerror(code)))")
        }
    }
}

private func systemRename(_ from: UnsafePointer<CChar>, _ to: UnsafePointer<CChar>) -> Int32 { rename(from, to) }
