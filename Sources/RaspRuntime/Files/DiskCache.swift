public import Foundation

/// Keeps one downloaded file per key in a folder, with metadata (fetch date, `ETag`, `Last-Modified`, size).
///
/// ``fetch(_:request:refresh:download:)`` reuses a file younger than ``maxAge`` without any request; an older one
/// is revalidated with `If-None-Match`/`If-Modified-Since` (304 keeps the file and refreshes its date), and a
/// missing one is downloaded. Files and metadata are replaced atomically; metadata that is missing, unreadable or
/// disagrees with the file (a truncated file, a crash between writes) counts as no entry, so the content is
/// fetched again. When a refresh fails with a retryable error (or the quota is used up) and an old file exists,
/// the old file is returned as ``Origin/stale`` (unless ``serveStaleOnError`` is off).
///
/// Keys name files: letters, digits, `.`, `_` and `-` only.
public struct DiskCache: Sendable {
    /// Downloads a request's body to a file and returns the status and headers (e.g. ``ClientCore/download(_:to:)``).
    public typealias Downloader = @Sendable (_ request: ClientRequest, _ file: URL) async throws -> ClientResponseHead

    /// The folder with the files.
    public let directory: URL
    /// How long a file is reused without asking the server.
    public var maxAge: Duration
    /// Whether an expired file is returned when its refresh fails with a retryable error.
    public var serveStaleOnError: Bool
    private let now: @Sendable () -> Date
    private let redactor: Redactor

    /// Creates a cache.
    /// - Parameters:
    ///   - directory: The folder (created on first write).
    ///   - maxAge: How long a file is reused without a request (default 24 h).
    ///   - serveStaleOnError: Return an expired file when the refresh fails with a retryable error (default true).
    ///   - redactor: Masks secrets in errors built from failed responses.
    ///   - now: The clock.
    public init(directory: URL, maxAge: Duration = .seconds(24 * 3600), serveStaleOnError: Bool = true,
                redactor: Redactor = .standard, now: @escaping @Sendable () -> Date = { Date() }) {
        self.directory = directory
        self.maxAge = maxAge
        self.serveStaleOnError = serveStaleOnError
        self.redactor = redactor
        self.now = now
    }

    /// The file for a key, if a valid one is cached (whatever its age); makes no request.
    public func entry(for key: String) -> Entry? {
        guard let files = try? files(for: key), let metadata = validMetadata(key: key, files: files) else { return nil }
        return Entry(file: files.data, metadata: metadata, origin: .cache)
    }

    /// Returns the file for a key, going to the server as `refresh` says.
    /// - Parameters:
    ///   - key: The cache key.
    ///   - request: The request that downloads the content (validators are added to it).
    ///   - refresh: When to go to the server (default: when expired).
    ///   - download: Sends the request, writing the body to the given file.
    /// - Throws: ``ClientError`` from the download (or `.http` for a status other than 2xx/304), or
    ///   ``FileStorageError``.
    public func fetch(_ key: String, request: ClientRequest, refresh: Refresh = .ifExpired,
                      download: Downloader) async throws -> Entry {
        let files = try files(for: key)
        let existing = validMetadata(key: key, files: files)
        if refresh == .ifExpired, let existing, isFresh(existing) {
            return Entry(file: files.data, metadata: existing, origin: .cache)
        }
        var request = request
        if refresh != .reload, let existing {
            if let etag = existing.etag { request.setHeader("If-None-Match", etag) }
            if let lastModified = existing.lastModified { request.setHeader("If-Modified-Since", lastModified) }
        }
        let temporary = try AtomicFile.temporaryFile(beside: files.data)
        defer { try? FileManager.default.removeItem(at: temporary) }
        let head: ClientResponseHead
        do {
            head = try await download(request, temporary)
        } catch {
            if let stale = staleEntry(existing, files: files, after: error) { return stale }
            throw error
        }
        switch head.status {
        case 304 where existing != nil:
            var metadata = existing!
            metadata.fetchedAt = now()
            metadata.etag = head.header("ETag") ?? metadata.etag
            metadata.lastModified = head.header("Last-Modified") ?? metadata.lastModified
            try write(metadata, to: files.metadata)
            return Entry(file: files.data, metadata: metadata, origin: .revalidated)
        case 200..<300:
            let metadata = Metadata(key: key, fetchedAt: now(), etag: head.header("ETag"),
                                    lastModified: head.header("Last-Modified"), size: Self.size(of: temporary) ?? 0)
            try? FileManager.default.removeItem(at: files.metadata)
            try AtomicFile.move(temporary, to: files.data)
            try write(metadata, to: files.metadata)
            return Entry(file: files.data, metadata: metadata, origin: .downloaded)
        default:
            let body = (try? Data(contentsOf: temporary).prefix(1 << 20)) ?? Data()
            let error = ClientError.http(.init(operationID: request.operationID, status: head.status, headers: head.headers,
                                               body: Data(body), decodedBody: nil, redactor: redactor))
            if let stale = staleEntry(existing, files: files, after: error) { return stale }
            throw error
        }
    }

    /// Deletes a key's file and metadata.
    public func remove(_ key: String) throws {
        let files = try files(for: key)
        try? FileManager.default.removeItem(at: files.metadata)
        try? FileManager.default.removeItem(at: files.data)
    }

    /// Whether metadata is younger than ``maxAge`` (a date in the future counts as expired).
    public func isFresh(_ metadata: Metadata) -> Bool {
        let age = now().timeIntervalSince(metadata.fetchedAt)
        return age >= 0 && age < maxAge.seconds
    }

    // MARK: - Files

    private func files(for key: String) throws -> (data: URL, metadata: URL) {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-")
        guard !key.isEmpty, !key.hasPrefix("."), key.allSatisfy(allowed.contains) else {
            throw FileStorageError(path: directory.appendingPathComponent(key).path,
                                   reason: "invalid cache key '\(key)' (use letters, digits, '.', '_', '-')")
        }
        return (directory.appendingPathComponent(key), directory.appendingPathComponent(key + ".meta.json"))
    }

    /// The metadata if it reads, names this key and matches the file on disk; nil otherwise.
    private func validMetadata(key: String, files: (data: URL, metadata: URL)) -> Metadata? {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        guard let data = try? Data(contentsOf: files.metadata),
              let metadata = try? decoder.decode(Metadata.self, from: data),
              metadata.key == key, Self.size(of: files.data) == metadata.size
        else { return nil }
        return metadata
    }

    private func staleEntry(_ existing: Metadata?, files: (data: URL, metadata: URL), after error: any Error) -> Entry? {
        guard serveStaleOnError, let existing, let clientError = error as? ClientError else { return nil }
        if case .quotaExhausted = clientError {} else if !clientError.isRetryable { return nil }
        return Entry(file: files.data, metadata: existing, origin: .stale)
    }

    private func write(_ metadata: Metadata, to file: URL) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.dateEncodingStrategy = .secondsSince1970
        try AtomicFile.write(try encoder.encode(metadata), to: file)
    }

    private static func size(of file: URL) -> Int? {
        guard let value = try? FileManager.default.attributesOfItem(atPath: file.path)[.size] else { return nil }
        if let number = value as? NSNumber { return number.intValue }
        return value as? Int
    }
}
