/// Why a station directory could not be loaded.
public enum StationDirectoryError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The stations_list JSON is not well-formed or not shaped as expected, at this byte offset.
    case malformedJSON(offset: Int, reason: String)
    /// The file is not a directory snapshot (wrong magic bytes).
    case notASnapshot
    /// The snapshot was written by another version of the format; reparse the JSON.
    case unsupportedSnapshotVersion(found: UInt32, supported: UInt32)
    /// The snapshot ends early (a partial write or copy).
    case truncatedSnapshot
    /// The snapshot's bytes do not add up (checksum or structure); reparse the JSON.
    case corruptSnapshot(reason: String)

    /// What went wrong, in one line.
    public var description: String {
        switch self {
        case .malformedJSON(let offset, let reason):
            "stations_list JSON is malformed at byte \(offset): \(reason)"
        case .notASnapshot:
            "not a station directory snapshot (bad magic bytes)"
        case .unsupportedSnapshotVersion(let found, let supported):
            "station directory snapshot version \(found) is not supported (this build reads version \(supported))"
        case .truncatedSnapshot:
            "station directory snapshot is truncated"
        case .corruptSnapshot(let reason):
            "station directory snapshot is corrupt: \(reason)"
        }
    }
}
