public import Foundation

extension MessageBody {
    /// Writes the body to `file` as it arrives, atomically: the chunks go to a temporary file next to `file`
    /// (see ``AtomicFile``), which replaces `file` only once the body has ended. On a failure or cancellation the
    /// temporary file is removed and `file` is left as it was.
    /// - Parameter file: The destination (its folder is created if needed).
    /// - Throws: What reading the body throws (``ClientError`` from a streaming transport), `CancellationError`
    ///   when the task is cancelled between chunks, or ``FileStorageError`` when the file cannot be written.
    public func write(to file: URL) async throws {
        if let data {
            try AtomicFile.write(data, to: file)
            return
        }
        let temporary = try AtomicFile.temporaryFile(beside: file)
        do {
            guard FileManager.default.createFile(atPath: temporary.path, contents: nil) else {
                throw FileStorageError(path: file.path, reason: "cannot create \(temporary.lastPathComponent)")
            }
            let handle = try Self.storage(file) { try FileHandle(forWritingTo: temporary) }
            do {
                for try await chunk in self {
                    try Task.checkCancellation()
                    try Self.storage(file) { try handle.write(contentsOf: chunk) }
                }
                try Self.storage(file) { try handle.close() }
            } catch {
                try? handle.close()
                throw error
            }
            try AtomicFile.move(temporary, to: file)
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
    }

    /// Runs a file operation, reporting its failure as a ``FileStorageError`` about `file`.
    private static func storage<T>(_ file: URL, _ operation: () throws -> T) throws -> T {
        do {
            return try operation()
        } catch {
            throw FileStorageError(path: file.path, reason: "cannot write: \(error.localizedDescription)")
        }
    }
}
