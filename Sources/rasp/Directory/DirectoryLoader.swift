import Foundation
import RaspDemo
import RaspDirectory
import RaspKit
import RaspRuntime

/// Loads the station directory that names are resolved against.
///
/// - `--stations-list FILE`: that file, checked first (see ``StationsListFile``).
/// - Demo data: the demo `stations_list`, in-process.
/// - A server: its `/v3.0/stations_list/` in the server's cache folder, loaded by RaspKit's policy (downloaded at
///   most once a week here, with a progress bar; a binary snapshot beside it so later runs skip the JSON parse;
///   damaged files repaired and an unusable cache folder worked around on their own; see
///   `DirectoryLoader+Server.swift`).
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
        let reporter = indexingReport()
        do {
            let directory = try parse()
            reporter.finish(Self.indexed(directory))
            return directory
        } catch {
            reporter.abandon()
            throw error
        }
    }

    /// The progress report of a parse, started.
    func indexingReport() -> ProgressReporter {
        ProgressReporter("indexing the station directory", console: context.console)
    }

    /// What a finished parse reports.
    static func indexed(_ directory: StationDirectory) -> String {
        "indexed \(directory.settlementCount) settlements and \(directory.stationCount) stations"
    }
}
