import Foundation
import RaspMiddlewares
import RaspRuntime
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension DiskCache {
    /// What is on disk for a key.
    enum Inspection {
        /// No file (a first download, or the user removed it).
        case absent
        /// A file that passed every check asked for.
        case intact(Metadata)
        /// A file that failed a check, and why.
        case damaged(String)
    }

    /// The outcome of checking a file against its stored checksum.
    enum ContentCheck {
        /// The checksum matches.
        case intact
        /// The metadata has no checksum this build can compare (written before checksums, or by another algorithm).
        case unverified
        /// The file cannot be read or does not match.
        case damaged(String)
    }

    /// Checks a key's files, in order of cost: the file is there and is a file, its metadata reads and names the
    /// key, the sizes agree, the file is readable and, when `content` is true, matches its checksum.
    func inspect(_ key: String, _ files: Files, content: Bool) -> Inspection {
        let manager = FileManager.default
        var isFolder: ObjCBool = false
        guard manager.fileExists(atPath: files.data.path, isDirectory: &isFolder) else { return .absent }
        guard !isFolder.boolValue else { return .damaged("a folder is in its place") }
        guard manager.fileExists(atPath: files.metadata.path) else { return .damaged("its metadata is missing") }
        let data: Data
        do {
            data = try Data(contentsOf: files.metadata)
        } catch {
            return .damaged("its metadata cannot be read: \(FileStorageError.cause(of: error))")
        }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        guard let metadata = try? decoder.decode(Metadata.self, from: data) else {
            return .damaged("its metadata is not valid")
        }
        guard metadata.key == key else { return .damaged("its metadata belongs to another file") }
        let size = Self.size(of: files.data) ?? -1
        guard size == metadata.size else { return .damaged("it has \(size) bytes instead of \(metadata.size)") }
        let readable = files.data.withUnsafeFileSystemRepresentation { path in path.map { access($0, R_OK) } ?? -1 }
        guard readable == 0 else { return .damaged("it cannot be read: \(FileStorageError.message(errno: errno))") }
        if content, case .damaged(let reason) = checkContent(files.data, against: metadata) { return .damaged(reason) }
        return .intact(metadata)
    }

    /// Reads `file` whole and compares its checksum with the one in `metadata`.
    func checkContent(_ file: URL, against metadata: Metadata) -> ContentCheck {
        guard let expected = metadata.checksum, expected.hasPrefix(Checksum64.prefix) else { return .unverified }
        do {
            guard try Checksum64.text(ofFile: file) == expected else {
                return .damaged("its content does not match its checksum")
            }
            return .intact
        } catch let error as FileStorageError {
            return .damaged(error.reason)
        } catch {
            return .damaged("it cannot be read: \(FileStorageError.cause(of: error))")
        }
    }
}
