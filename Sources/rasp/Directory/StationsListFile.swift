import Foundation
import RaspDirectory
import RaspRuntime
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A `--stations-list` file, checked before it is parsed so that a wrong path gets a message saying what is
/// wrong with it: missing, a folder, empty (`/dev/null`), unreadable, or not a stations_list document. Each is a
/// usage error (exit code 2). Devices and pipes (`--stations-list <(curl …)`) are read whole.
struct StationsListFile {
    /// The path as given.
    let path: String

    /// What is parsed: a regular file (memory-mapped) or the bytes read from anything else.
    enum Contents {
        case file(URL)
        case bytes(Data)
    }

    /// The contents, after the checks.
    /// - Throws: ``CLIError`` (usage).
    func contents() throws -> Contents {
        var status = stat()
        guard stat(path, &status) == 0 else {
            let code = errno
            if code == ENOENT { throw usage("\(path) does not exist") }
            throw usage("cannot read \(path): \(FileStorageError.message(errno: code))")
        }
        let url = URL(fileURLWithPath: path)
        switch status.st_mode & S_IFMT {
        case S_IFDIR:
            throw usage("\(path) is a folder, not a stations_list document")
        case S_IFREG:
            guard status.st_size > 0 else { throw empty }
            guard access(path, R_OK) == 0 else {
                throw usage("cannot read \(path): \(FileStorageError.message(errno: errno))")
            }
            return .file(url)
        default:
            let data: Data
            do {
                let handle = try FileHandle(forReadingFrom: url)
                defer { try? handle.close() }
                data = try handle.readToEnd() ?? Data()
            } catch {
                throw usage("cannot read \(path): \(FileStorageError.cause(of: error))")
            }
            guard !data.isEmpty else { throw empty }
            return .bytes(data)
        }
    }

    /// Parses checked contents.
    /// - Throws: ``CLIError`` (usage) when they are not a stations_list document or cannot be read.
    func parse(_ contents: Contents) throws -> StationDirectory {
        do {
            switch contents {
            case .file(let url): return try StationDirectory.load(contentsOf: url)
            case .bytes(let data): return try StationDirectory.load(json: data)
            }
        } catch let error as StationDirectoryError {
            throw usage("\(path) is not a stations_list document: \(error)")
        } catch {
            throw usage("cannot read \(path): \(FileStorageError.cause(of: error))")
        }
    }

    private var empty: CLIError { usage("\(path) is empty, not a stations_list document") }

    private func usage(_ message: String) -> CLIError { .usage("--stations-list: \(message)") }
}
