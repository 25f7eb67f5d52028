import Foundation
import RaspDirectory
import RaspServices

/// What ``StationsListCache/loadDirectory(snapshots:progress:)`` reports as it goes. A command-line tool shows
/// progress and notices from it; an app can pass nothing. Every method has an empty default.
public protocol DirectoryLoadProgress: Sendable {
    /// The `stations_list` file is about to be fetched (from the cache, or by a download).
    func fetchWillStart()
    /// The fetch ended: with its entry (whose `origin` says where the file came from), or nil when it threw.
    func fetchDidEnd(_ entry: DiskCache.Entry?)
    /// The JSON document at `file` is about to be parsed.
    func parseWillStart(_ file: URL)
    /// The parse ended: with the directory, or nil when it threw.
    func parseDidEnd(_ directory: StationDirectory?)
    /// The load worked around a problem with a snapshot on its own.
    func workedAround(_ problem: DirectorySnapshotProblem)
}

extension DirectoryLoadProgress {
    public func fetchWillStart() {}
    public func fetchDidEnd(_ entry: DiskCache.Entry?) {}
    public func parseWillStart(_ file: URL) {}
    public func parseDidEnd(_ directory: StationDirectory?) {}
    public func workedAround(_ problem: DirectorySnapshotProblem) {}
}

/// A problem with the binary snapshot beside the cached `stations_list` file, which the load works around.
public enum DirectorySnapshotProblem: Sendable, Equatable {
    /// The snapshot should have loaded but did not (damaged, unreadable); it is rebuilt from the JSON.
    case damaged(path: String, reason: String)
    /// The snapshot could not be written; the next load parses the JSON again.
    case notSaved(reason: String)
}
