import Foundation
import RaspDirectory
import RaspKit
import RaspRuntime
import RaspServices

/// The directory of a server, kept in its cache folder and loaded by RaspKit's policy
/// (`StationsListCache.loadDirectory(snapshots:progress:)`): the stations_list file, a binary snapshot beside it,
/// and repairs on their own. Here it gets a progress bar for the download and the parse, and one line on standard
/// error for each repair:
/// - a cached JSON file that fails a check (metadata, size, readability, checksum) is downloaded again;
/// - a cached JSON file that passes them but does not parse (written before checksums) is discarded and
///   downloaded again, once;
/// - a snapshot that should load but does not (damaged, unreadable) is rebuilt from the JSON;
/// - a cache folder that cannot hold files (a plain file in its place, read-only, not creatable) is worked around:
///   the download goes to a temporary folder that is deleted once the JSON is parsed, and no snapshot is written.
extension DirectoryLoader {
    /// The directory from the cache folder of the server, downloading what is missing or damaged.
    /// - Throws: ``CLIError``, `ClientError` from the download, or `FileStorageError`.
    func loadFromServer(cacheFolder folder: URL) async throws -> StationDirectory {
        let progress = ServerLoadProgress(loader: self)
        let download = progress.download
        // The download's bytes as they arrive (a 2xx body's: an error's is the error to report).
        let client = context.client.with(RequestOptions(onProgress: { value in
            guard value.direction == .download, let status = value.status, (200..<300).contains(status) else { return }
            download().start().update(done: value.completed, total: value.total)
        }))
        let context = self.context
        let cache = StationsListCache(client: client, folder: folder, maxAge: Self.maxAge, onEvent: { event in
            switch event {
            case .discarded(let key, let reason):
                let file = folder.appendingPathComponent(key).path
                context.warn("rasp: the cached station directory \(file) is damaged (\(reason)); downloading it again")
            case .folderUnusable(let path, let reason):
                context.warn("rasp: cannot use the cache folder \(path) (\(reason)); working without a cache")
            }
        })
        do {
            return try await cache.loadDirectory(progress: progress)
        } catch {
            // Only a parse failure is this command's to word; fetch errors go up as they are.
            guard let file = progress.unparsedFile else { throw error }
            if let error = error as? StationDirectoryError {
                let source = context.source.label
                throw CLIError.failure("the station directory from \(source) is not a stations_list document: \(error)")
            }
            throw CLIError.failure("cannot read \(file.path): \(FileStorageError.cause(of: error))")
        }
    }
}

/// Shows the steps of a directory load on the console: a download bar per fetch, an «indexing» bar per parse, and
/// the notices and warnings of repairs.
private final class ServerLoadProgress: DirectoryLoadProgress {
    private let loader: DirectoryLoader
    private let downloadReport: Locked<PendingProgress>
    private let indexReport = Locked<ProgressReporter?>(nil)
    private let failedParse = Locked<URL?>(nil)

    init(loader: DirectoryLoader) {
        self.loader = loader
        downloadReport = Locked(Self.pending(loader.context))
    }

    /// The current fetch's download report (shown once a download begins), for the progress of the download.
    var download: @Sendable () -> PendingProgress {
        { [downloadReport] in downloadReport.withLock { $0 } }
    }

    /// The file whose parse failed, if the load's last step was a failed parse.
    var unparsedFile: URL? { failedParse.withLock { $0 } }

    private static func pending(_ context: RaspContext) -> PendingProgress {
        PendingProgress("downloading the station directory from \(context.source.label)", console: context.console)
    }

    func fetchWillStart() {
        // A parse that failed before this fetch (a cached copy, discarded) is not what a later error is about.
        failedParse.withLock { $0 = nil }
        downloadReport.withLock { $0 = Self.pending(loader.context) }
    }

    func fetchDidEnd(_ entry: DiskCache.Entry?) {
        let reporter = downloadReport.withLock { $0.started }
        guard let entry else {
            reporter?.abandon()
            return
        }
        switch entry.origin {
        case .downloaded, .uncached:
            reporter?.finish("downloaded \(ProgressReporter.size(Int64(entry.metadata.size)))")
        case .revalidated: reporter?.finish("the station directory is up to date")
        case .cache, .stale: reporter?.abandon()
        }
        if entry.origin == .stale {
            let day = LocalDate(entry.metadata.fetchedAt, in: .current).description
            loader.context.notice("rasp: could not refresh the station directory; using the copy from \(day)")
        }
    }

    func parseWillStart(_ file: URL) {
        failedParse.withLock { $0 = file }
        let reporter = loader.indexingReport()
        indexReport.withLock { $0 = reporter }
    }

    func parseDidEnd(_ directory: StationDirectory?) {
        let reporter = indexReport.withLock { report in
            defer { report = nil }
            return report
        }
        guard let directory else {
            reporter?.abandon()
            return
        }
        failedParse.withLock { $0 = nil }
        reporter?.finish(DirectoryLoader.indexed(directory))
    }

    func workedAround(_ problem: DirectorySnapshotProblem) {
        switch problem {
        case .damaged(let path, let reason):
            loader.context.warn("rasp: the station directory index \(path) is damaged (\(reason)); rebuilding it")
        case .notSaved(let reason):
            loader.context.notice("rasp: could not save the directory snapshot (\(reason)); "
                                  + "the next run parses the JSON again")
        }
    }
}
