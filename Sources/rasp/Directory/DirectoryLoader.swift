import Foundation
import RaspDemo
import RaspDirectory
import RaspKit
import RaspRuntime

/// Loads the station directory that names are resolved against.
///
/// - `--stations-list FILE`: that file, checked first (see ``StationsListFile``).
/// - Demo data: the demo `stations_list`, in-process.
/// - A server: its `/v3.0/stations_list/` through ``StationsListCache`` in the server's cache folder (downloaded
///   at most once a week, with a progress bar), plus a binary snapshot next to it so later runs skip the JSON
///   parse. The snapshot is used while it is newer than the JSON file. Damaged files are repaired and an unusable
///   cache folder is worked around on their own (see `DirectoryLoader+Server.swift`).
struct DirectoryLoader {
    /// The run.
    let context: RaspContext

    /// How long a downloaded directory is used without asking the server.
    static let maxAge: Duration = .seconds(7 * 24 * 3600)

    /// The directory.
    /// - Throws: ``CLIError``, `ClientError` from the download, or `FileStorageError`.
    func load() async throws -> StationDirectory {
        if let path = context.options.stationsList {
            let file = StationsListFile(path: path)
            let contents = try file.contents()
            return try index { try file.parse(contents) }
        }
        guard let folder = context.source.serverCacheDirectory else {
            return try StationDirectory.load(json: DemoAPI.stationsListJSON)
        }
        return try await loadFromServer(cacheFolder: folder)
    }

    /// Runs `parse` under an «indexing» progress report.
    func index(_ parse: () throws -> StationDirectory) throws -> StationDirectory {
        let reporter = ProgressReporter("indexing the station directory", console: context.console)
        do {
            let directory = try parse()
            reporter.finish("indexed \(directory.settlementCount) settlements and \(directory.stationCount) stations")
            return directory
        } catch {
            reporter.abandon()
            throw error
        }
    }
}
