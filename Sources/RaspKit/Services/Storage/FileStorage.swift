import Foundation
import Logging

/// Storage in one JSON file, for apps without `UserDefaults` persistence (command-line and terminal apps, Linux).
///
/// The file maps each key to its bytes in Base64. Every change rewrites the file atomically (a temporary file
/// renamed over it), so a crash mid-write leaves the previous settings, never half a file. A file that cannot be
/// read as such a map (damaged, or not ours) reads as empty, is reported once on the logger, and is replaced by
/// the next change; a value inside that does not decode is the ``SettingsStore``'s business.
public final class FileStorage: KeyValueStorage, @unchecked Sendable {
    /// The settings file.
    public let url: URL

    private let logger: Logger?
    private let lock = NSLock()
    private var values: [String: Data]?

    /// Storage in `url` (created with its folder on the first change).
    /// - Parameters:
    ///   - url: The file, e.g. `~/.config/rasp/app-settings.json`.
    ///   - logger: Where an unreadable file or a failed write is reported.
    public init(url: URL, logger: Logger? = nil) {
        self.url = url
        self.logger = logger
    }

    public func data(forKey key: String) -> Data? {
        lock.withLock { loaded()[key] }
    }

    public func set(_ data: Data?, forKey key: String) {
        lock.withLock {
            var current = loaded()
            current[key] = data
            values = current
            save(current)
        }
    }

    /// The values, read from the file on first use (the caller holds the lock).
    private func loaded() -> [String: Data] {
        if let values { return values }
        var read: [String: Data] = [:]
        if let contents = try? Data(contentsOf: url) {
            if let map = try? JSONDecoder().decode([String: String].self, from: contents) {
                read = map.compactMapValues { Data(base64Encoded: $0) }
            } else {
                logger?.warning("""
                    Settings: \(url.path) is not a settings file (\(contents.count) bytes); starting empty
                    """)
            }
        }
        values = read
        return read
    }

    private func save(_ values: [String: Data]) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        do {
            let contents = try encoder.encode(values.mapValues { $0.base64EncodedString() })
            let folder = url.deletingLastPathComponent()
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try contents.write(to: url, options: .atomic)
        } catch {
            logger?.warning("Settings: could not write \(url.path): \(error.localizedDescription)")
        }
    }
}
