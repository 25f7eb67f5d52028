import Foundation
import RaspDirectory
import RaspRuntime
import RaspServices

/// The one policy for loading the station directory, shared by apps (``PlaceDirectoryLoader/stationsList(_:)``)
/// and the `rasp` command-line tool.
///
/// - The `stations_list` file comes from the cache, fetched as ``StationsListCache/file(refresh:)`` does.
/// - A binary snapshot of the parsed directory is kept beside it, so later loads skip the 40 MB JSON parse. It is
///   used while it is at least as new as the JSON file; while the file is fresh, not even a request is made.
/// - Repairs happen on their own: a cached copy that does not parse is discarded and downloaded once more (a
///   document downloaded in this call that does not parse is an error); a snapshot that should load but does not
///   is rebuilt from the JSON; one that cannot be written is skipped.
extension StationsListCache {
    /// The station directory, from the snapshot or the cached document, fetched and repaired as needed.
    ///
    /// An ``/RaspServices/DiskCache/Origin/uncached`` download (a cache folder that cannot hold files) is deleted
    /// once parsed, and gets no snapshot.
    /// - Parameters:
    ///   - snapshots: Whether to read and write the binary snapshot (default `true`).
    ///   - progress: Told about each step.
    /// - Returns: The directory.
    /// - Throws: `ClientError` or `FileStorageError` from the fetch, `StationDirectoryError` (or a file error)
    ///   when the document cannot be parsed.
    public func loadDirectory(snapshots: Bool = true,
                              progress: (any DirectoryLoadProgress)? = nil) async throws -> StationDirectory {
        // A fresh file with a snapshot at least as new: no request, no JSON parse, no full read of the JSON.
        let fresh = snapshots ? cachedFile.flatMap { cache.isFresh($0.metadata) ? $0 : nil } : nil
        if let fresh, let directory = loadSnapshot(beside: fresh.file, progress: progress) { return directory }
        let entry = try await fetch(.ifExpired, progress: progress)
        defer { cache.release(entry) }
        if snapshots, fresh == nil, [.cache, .revalidated, .stale].contains(entry.origin),
           let directory = loadSnapshot(beside: entry.file, progress: progress) {
            return directory
        }
        do {
            return try parse(entry, snapshots: snapshots, progress: progress)
        } catch {
            guard entry.origin != .downloaded, entry.origin != .uncached else { throw error }
            cache.discard(key, reason: "it does not read as a stations_list document: \(Self.describe(error))")
        }
        let again = try await fetch(.reload, progress: progress)
        defer { cache.release(again) }
        return try parse(again, snapshots: snapshots, progress: progress)
    }

    /// Where the snapshot of a cached JSON file is kept: beside it, with the `snapshot` extension.
    public static func snapshotURL(beside json: URL) -> URL {
        json.deletingPathExtension().appendingPathExtension("snapshot")
    }

    private func fetch(_ refresh: DiskCache.Refresh,
                       progress: (any DirectoryLoadProgress)?) async throws -> DiskCache.Entry {
        progress?.fetchWillStart()
        do {
            let entry = try await file(refresh: refresh)
            progress?.fetchDidEnd(entry)
            return entry
        } catch {
            progress?.fetchDidEnd(nil)
            throw error
        }
    }

    /// Parses a fetched file and writes its snapshot beside it (not for an uncached download).
    private func parse(_ entry: DiskCache.Entry, snapshots: Bool,
                       progress: (any DirectoryLoadProgress)?) throws -> StationDirectory {
        progress?.parseWillStart(entry.file)
        let directory: StationDirectory
        do {
            directory = try StationDirectory.load(contentsOf: entry.file)
        } catch {
            progress?.parseDidEnd(nil)
            throw error
        }
        progress?.parseDidEnd(directory)
        guard snapshots, entry.origin != .uncached else { return directory }
        do {
            try directory.writeSnapshot(to: Self.snapshotURL(beside: entry.file))
        } catch {
            progress?.workedAround(.notSaved(reason: FileStorageError.cause(of: error)))
        }
        return directory
    }

    /// The snapshot beside a cached JSON file, when it is at least as new as the JSON and loads; nil otherwise.
    ///
    /// A snapshot written by another version of the directory format is rebuilt silently; one that should load
    /// but does not (damaged, unreadable) is reported, and the caller rebuilds it from the JSON.
    private func loadSnapshot(beside json: URL, progress: (any DirectoryLoadProgress)?) -> StationDirectory? {
        let url = Self.snapshotURL(beside: json)
        guard let snapshotDate = Self.modificationDate(url), let jsonDate = Self.modificationDate(json),
              snapshotDate >= jsonDate
        else { return nil }
        do {
            return try StationDirectory.load(snapshot: url)
        } catch StationDirectoryError.unsupportedSnapshotVersion {
            return nil
        } catch {
            progress?.workedAround(.damaged(path: url.path, reason: Self.describe(error)))
            return nil
        }
    }

    private static func modificationDate(_ url: URL) -> Date? {
        (try? FileManager.default.attributesOfItem(atPath: url.path))?[.modificationDate] as? Date
    }

    /// A directory or file error in one phrase.
    private static func describe(_ error: any Error) -> String {
        (error as? StationDirectoryError)?.description ?? FileStorageError.cause(of: error)
    }
}
