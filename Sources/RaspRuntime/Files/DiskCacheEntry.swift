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

        /// Creates metadata.
        public init(key: String, fetchedAt: Date, etag: String? = nil, lastModified: String? = nil, size: Int) {
            self.key = key
            self.fetchedAt = fetchedAt
            self.etag = etag
            self.lastModified = lastModified
            self.size = size
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
