import Foundation
import RaspDemo
import RaspDirectory
import RaspKit
import RaspRuntime

/// Loads the station directory that names are resolved against.
///
/// - `--stations-list FILE`: that file.
/// - Demo data: the demo `stations_list`, in-process.
/// - A server: its `/v3.0/stations_list/` through ``StationsListCache`` in the server's cache folder (downloaded
///   at most once a week, with a progress bar), plus a binary snapshot next to it so later runs skip the JSON
///   parse. The snapshot is used while it is newer than the JSON file.
struct DirectoryLoader {
    /// The run.
    let context: RaspContext

    /// How long a downloaded directory is used without asking the server.
    static let maxAge: Duration = .seconds(7 * 24 * 3600)

    /// The directory.
    /// - Throws: ``CLIError``, `ClientError` from the download, or `StationDirectoryError`.
    func load() async throws -> StationDirectory {
        if let path = context.options.stationsList {
            return try index(URL(fileURLWithPath: path), snapshot: nil)
        }
        guard let folder = context.source.serverCacheDirectory else {
            return try StationDirectory.load(json: DemoAPI.stationsListJSON)
        }
        let entry = try await fetch(into: folder)
        if entry.origin == .stale {
            context.notice("rasp: could not refresh the station directory; using the copy from \(Self.day(entry.metadata.fetchedAt))")
        }
        let snapshot = entry.file.deletingPathExtension().appendingPathExtension("snapshot")
        if let directory = Self.loadSnapshot(snapshot, newerThan: entry.file) { return directory }
        return try index(entry.file, snapshot: snapshot)
    }

    /// The cached `stations_list` file, downloaded when missing or older than ``maxAge``.
    private func fetch(into folder: URL) async throws -> DiskCache.Entry {
        let plain = StationsListCache(client: context.client, directory: folder, maxAge: Self.maxAge)
        if let cached = plain.cachedFile, plain.cache.isFresh(cached.metadata) { return cached }
        let reporter = ProgressReporter("downloading the station directory from \(context.source.label)", console: context.console)
        var client = context.client
        client.core.transport = ProgressTransport(base: client.core.transport, reporter: reporter)
        let cache = StationsListCache(client: client, directory: folder, maxAge: Self.maxAge)
        do {
            let entry = try await cache.file()
            switch entry.origin {
            case .downloaded: reporter.finish("downloaded \(ProgressReporter.size(Int64(entry.metadata.size)))")
            case .revalidated: reporter.finish("the station directory is up to date")
            case .cache, .stale: reporter.abandon()
            }
            return entry
        } catch {
            reporter.abandon()
            throw error
        }
    }

    /// Parses a `stations_list` file, reporting it, and writes its snapshot when asked to.
    private func index(_ file: URL, snapshot: URL?) throws -> StationDirectory {
        let reporter = ProgressReporter("indexing the station directory", console: context.console)
        let directory: StationDirectory
        do {
            directory = try StationDirectory.load(contentsOf: file)
        } catch let error as StationDirectoryError {
            reporter.abandon()
            throw CLIError.failure("\(file.path) is not a stations_list document: \(error)")
        } catch {
            reporter.abandon()
            throw CLIError.failure("cannot read \(file.path): \(error.localizedDescription)")
        }
        reporter.finish("indexed \(directory.settlementCount) settlements and \(directory.stationCount) stations")
        if let snapshot {
            do {
                try directory.writeSnapshot(to: snapshot)
            } catch {
                context.notice("rasp: could not save the directory snapshot (\(error.localizedDescription)); the next run parses the JSON again")
            }
        }
        return directory
    }

    /// The snapshot at `url` when it is at least as new as `json` and loads; nil otherwise.
    static func loadSnapshot(_ url: URL, newerThan json: URL) -> StationDirectory? {
        guard let snapshotDate = modificationDate(url), let jsonDate = modificationDate(json), snapshotDate >= jsonDate
        else { return nil }
        return try? StationDirectory.load(snapshot: url)
    }

    private static func modificationDate(_ url: URL) -> Date? {
        (try? FileManager.default.attributesOfItem(atPath: url.path))?[.modificationDate] as? Date
    }

    private static func day(_ date: Date) -> String {
        LocalDate(date, in: .current).description
    }
}
