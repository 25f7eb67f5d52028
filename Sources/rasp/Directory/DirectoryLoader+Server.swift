import Foundation
import RaspDirectory
import RaspKit
import RaspRuntime
import RaspServices

/// The directory of a server, kept in its cache folder.
///
/// The cache repairs itself; each repair prints one warning on standard error and never needs the user:
/// - a cached JSON file that fails a check (metadata, size, readability, checksum) is downloaded again
///   (``DiskCache`` does it and reports it);
/// - a cached JSON file that passes them but does not parse (written before checksums) is discarded and
///   downloaded again, once;
/// - a snapshot that should load but does not (damaged, unreadable) is rebuilt from the JSON;
/// - a cache folder that cannot hold files (a plain file in its place, read-only, not creatable) is worked around:
///   the download goes to a temporary folder that is deleted once the JSON is parsed, and no snapshot is written.
extension DirectoryLoader {
    /// The directory from the cache folder of the server, downloading what is missing or damaged.
    /// - Throws: ``CLIError``, `ClientError` from the download, or `FileStorageError`.
    func loadFromServer(cacheFolder folder: URL) async throws -> StationDirectory {
        let progress = downloadProgress()
        let cache = stationsListCache(folder: folder, progress: progress)
        // A fresh file with a snapshot at least as new: no request, no JSON parse, no full read of the JSON.
        let fresh = cache.cachedFile.flatMap { cache.cache.isFresh($0.metadata) ? $0 : nil }
        if let fresh, let directory = loadSnapshot(beside: fresh.file) { return directory }
        let entry = try await fetch(cache, progress: progress)
        defer { cache.cache.release(entry) }
        if entry.origin == .stale {
            let day = LocalDate(entry.metadata.fetchedAt, in: .current).description
            context.notice("rasp: could not refresh the station directory; using the copy from \(day)")
        }
        if fresh == nil, [.cache, .revalidated, .stale].contains(entry.origin),
           let directory = loadSnapshot(beside: entry.file) {
            return directory
        }
        do {
            return try indexAndSnapshot(entry)
        } catch {
            guard entry.origin != .downloaded, entry.origin != .uncached else { throw unusable(entry, error) }
            let reason = "it does not read as a stations_list document: \(Self.describe(error))"
            cache.cache.discard(cache.key, reason: reason)
        }
        let retryProgress = downloadProgress()
        let again = try await fetch(stationsListCache(folder: folder, progress: retryProgress), progress: retryProgress,
                                    refresh: .reload)
        defer { cache.cache.release(again) }
        do {
            return try indexAndSnapshot(again)
        } catch {
            throw unusable(again, error)
        }
    }

    // MARK: Cache and download

    private func downloadProgress() -> PendingProgress {
        PendingProgress("downloading the station directory from \(context.source.label)", console: context.console)
    }

    /// The cache of the server's stations_list, downloading with a progress report and warning about repairs.
    private func stationsListCache(folder: URL, progress: PendingProgress) -> StationsListCache {
        var client = context.client
        client.core.transport = ProgressTransport(base: client.core.transport, progress: progress)
        let context = self.context
        return StationsListCache(client: client, directory: folder, maxAge: Self.maxAge, onEvent: { event in
            switch event {
            case .discarded(let key, let reason):
                let file = folder.appendingPathComponent(key).path
                context.warn("rasp: the cached station directory \(file) is damaged (\(reason)); downloading it again")
            case .directoryUnusable(let path, let reason):
                context.warn("rasp: cannot use the cache folder \(path) (\(reason)); working without a cache")
            }
        })
    }

    /// The stations_list file, fetched as the cache decides, finishing the progress report if a download began.
    private func fetch(_ cache: StationsListCache, progress: PendingProgress,
                       refresh: DiskCache.Refresh = .ifExpired) async throws -> DiskCache.Entry {
        do {
            let entry = try await cache.file(refresh: refresh)
            if let reporter = progress.started {
                switch entry.origin {
                case .downloaded, .uncached:
                    reporter.finish("downloaded \(ProgressReporter.size(Int64(entry.metadata.size)))")
                case .revalidated: reporter.finish("the station directory is up to date")
                case .cache, .stale: reporter.abandon()
                }
            }
            return entry
        } catch {
            progress.started?.abandon()
            throw error
        }
    }

    // MARK: JSON and snapshot

    /// Parses a cached stations_list file and writes its snapshot beside it (not for an uncached download).
    /// - Throws: What parsing threw (a `StationDirectoryError` or a file error).
    private func indexAndSnapshot(_ entry: DiskCache.Entry) throws -> StationDirectory {
        let directory = try index { try StationDirectory.load(contentsOf: entry.file) }
        guard entry.origin != .uncached else { return directory }
        do {
            try directory.writeSnapshot(to: Self.snapshotURL(beside: entry.file))
        } catch {
            context.notice("rasp: could not save the directory snapshot (\(FileStorageError.cause(of: error))); "
                           + "the next run parses the JSON again")
        }
        return directory
    }

    /// The error for a stations_list file that could not be parsed even after a fresh download.
    private func unusable(_ entry: DiskCache.Entry, _ error: any Error) -> CLIError {
        if let error = error as? StationDirectoryError {
            let source = context.source.label
            return .failure("the station directory from \(source) is not a stations_list document: \(error)")
        }
        return .failure("cannot read \(entry.file.path): \(FileStorageError.cause(of: error))")
    }

    /// The snapshot beside a cached JSON file, when it is at least as new as the JSON and loads; nil otherwise.
    ///
    /// A snapshot written by another version of rasp is rebuilt silently; one that should load but does not
    /// (damaged, unreadable) gets a warning, and the caller rebuilds it from the JSON.
    private func loadSnapshot(beside json: URL) -> StationDirectory? {
        let url = Self.snapshotURL(beside: json)
        guard let snapshotDate = Self.modificationDate(url), let jsonDate = Self.modificationDate(json),
              snapshotDate >= jsonDate
        else { return nil }
        do {
            return try StationDirectory.load(snapshot: url)
        } catch StationDirectoryError.unsupportedSnapshotVersion {
            return nil
        } catch {
            let cause = Self.describe(error)
            context.warn("rasp: the station directory index \(url.path) is damaged (\(cause)); rebuilding it")
            return nil
        }
    }

    private static func snapshotURL(beside json: URL) -> URL {
        json.deletingPathExtension().appendingPathExtension("snapshot")
    }

    private static func modificationDate(_ url: URL) -> Date? {
        (try? FileManager.default.attributesOfItem(atPath: url.path))?[.modificationDate] as? Date
    }

    /// A directory or file error in one phrase.
    private static func describe(_ error: any Error) -> String {
        (error as? StationDirectoryError)?.description ?? FileStorageError.cause(of: error)
    }
}
