public import Foundation

extension DiskCache {
    /// What is known about a cached file, kept next to it as `<key>.meta.json`.
    public struct Metadata: Codable, Sendable, Hashable {
        /// The cache key.
        public var key: String
        /// When the content was last downloaded or confirmed unchanged (304).
        public var fetchedAt: Date
        /// The `ETag` the server sent, for `If-None-Match`.
        public var etag: String?
        /// The `Last-Modified` the server sent, for `If-Modified-Since`.
        public var lastModified: String?
        /// The file's size in bytes (a different size on disk means a truncated or replaced file).
        public var size: Int
        /// RaspMiddlewares' `Checksum64` of the file's bytes in its text form (`x64:…`); nil in metadata written
        /// before checksums, whose files are served unverified.
        public var checksum: String?

        /// Creates metadata.
        public init(key: String, fetchedAt: Date, etag: String? = nil, lastModified: String? = nil, size: Int,
                    checksum: String? = nil) {
            self.key = key
            self.fetchedAt = fetchedAt
            self.etag = etag
            self.lastModified = lastModified
            self.size = size
            self.checksum = checksum
        }
    }

    /// Where the returned file came from.
    public enum Origin: Sendable, Hashable {
        /// Reused without asking the server (younger than the maximum age).
        case cache
        /// The server confirmed it unchanged (304).
        case revalidated
        /// Downloaded just now.
        case downloaded
        /// Expired, but kept because the refresh failed with a retryable error (offline, timeout, 5xx).
        case stale
        /// Downloaded just now into a private temporary folder, because the cache folder cannot hold files; not
        /// kept for later calls. Pass the entry to ``DiskCache/release(_:)`` when done with its file.
        case uncached
    }

    /// What the cache reports through ``DiskCache/onEvent``: things it repaired or worked around on its own.
    public enum Event: Sendable, Hashable, CustomStringConvertible {
        /// A cached file failed a check (or a caller found it unusable) and was removed; it is downloaded again.
        case discarded(key: String, reason: String)
        /// The cache folder cannot hold files; the download goes to a temporary folder and is not kept.
        case folderUnusable(path: String, reason: String)

        /// One line for a log: `the cached stations_list-default.json was damaged (…); downloading it again`.
        public var description: String {
            switch self {
            case .discarded(let key, let reason):
                "the cached \(key) was damaged (\(reason)); downloading it again"
            case .folderUnusable(let path, let reason):
                "cannot keep files in the cache folder \(path) (\(reason)); working without the cache"
            }
        }
    }

    /// A cached file.
    public struct Entry: Sendable, Hashable {
        /// The file with the content.
        public var file: URL
        /// Its metadata.
        public var metadata: Metadata
        /// Where it came from in this call.
        public var origin: Origin
    }

    /// When to go to the server.
    public enum Refresh: Sendable, Hashable {
        /// Only when the file is missing, invalid or older than the maximum age (revalidating when possible).
        case ifExpired
        /// Always, revalidating the file if there is one.
        case revalidate
        /// Always, downloading the whole content again.
        case reload
    }
}
