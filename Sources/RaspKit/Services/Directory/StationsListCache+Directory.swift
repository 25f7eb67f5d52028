import Foundation
import RaspDirectory
import RaspRuntime
import RaspServices

extension StationsListCache {
    /// The station directory parsed from the cached document, fetched as ``file(refresh:)`` does.
    ///
    /// A copy from an earlier run that does not parse (written before the cache kept checksums, or damaged in a
    /// way they cannot see) is discarded, reported like any other repair, and downloaded once more; a document
    /// downloaded in this call that does not parse is an error. An ``/RaspServices/DiskCache/Origin/uncached``
    /// download is deleted once parsed.
    /// - Returns: The directory.
    /// - Throws: `ClientError` or `FileStorageError` from the fetch, `StationDirectoryError` (or a file error)
    ///   when the document cannot be parsed.
    public func loadDirectory() async throws -> StationDirectory {
        let entry = try await file()
        defer { cache.release(entry) }
        do {
            return try StationDirectory.load(contentsOf: entry.file)
        } catch {
            guard entry.origin != .downloaded, entry.origin != .uncached else { throw error }
            let reason = error is StationDirectoryError ? "\(error)" : FileStorageError.cause(of: error)
            cache.discard(key, reason: "it does not read as a stations_list document: \(reason)")
        }
        let fresh = try await file(refresh: .reload)
        defer { cache.release(fresh) }
        return try StationDirectory.load(contentsOf: fresh.file)
    }
}
