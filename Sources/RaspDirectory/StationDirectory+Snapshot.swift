import Foundation

extension StationDirectory {
    /// Reads a snapshot written by ``writeSnapshot(to:)``: no JSON parsing, no index building.
    /// - Throws: a file error when it cannot be read; ``StationDirectoryError/notASnapshot``,
    ///   ``StationDirectoryError/unsupportedSnapshotVersion(found:supported:)``,
    ///   ``StationDirectoryError/truncatedSnapshot`` or ``StationDirectoryError/corruptSnapshot(reason:)``
    ///   when it is not a usable snapshot (callers then reload the JSON).
    public static func load(snapshot url: URL) throws -> StationDirectory {
        if let file = try? MappedFile(url: url) {
            return try withExtendedLifetime(file) {
                StationDirectory(storage: try DirectoryStorage(snapshot: file.bytes))
            }
        }
        let data = try Data(contentsOf: url)
        return try data.withUnsafeBytes { StationDirectory(storage: try DirectoryStorage(snapshot: $0)) }
    }

    /// Reads a snapshot from memory.
    public static func load(snapshot data: Data) throws -> StationDirectory {
        try data.withUnsafeBytes { StationDirectory(storage: try DirectoryStorage(snapshot: $0)) }
    }

    /// The snapshot bytes of this directory.
    public func snapshotData() -> Data {
        Data(storage.snapshot())
    }

    /// Writes a snapshot of this directory atomically (to a temporary file, then renamed over `url`), so a
    /// reader never sees half a file.
    public func writeSnapshot(to url: URL) throws {
        try snapshotData().write(to: url, options: .atomic)
    }
}
