public import Foundation
import RaspMiddlewares
public import RaspRuntime

/// Keeps one downloaded file per key in a folder, with metadata (fetch date, `ETag`, `Last-Modified`, size and a
/// checksum of the content).
///
/// ``fetch(_:request:refresh:download:)`` reuses a file younger than ``maxAge`` without any request; an older one
/// is revalidated with `If-None-Match`/`If-Modified-Since` (304 keeps the file and refreshes its date), and a
/// missing one is downloaded. When the refresh fails with a retryable error (or the quota is used up) and an old
/// file exists, the old file is returned as ``Origin/stale`` (unless ``serveStaleOnError`` is off).
///
/// The cache repairs itself: files and metadata are replaced atomically, and before a file is served its metadata must
/// read, name its key and match the file's size, and the file must be readable and match its checksum
/// (RaspMiddlewares' `Checksum64`). A file that fails any check (truncated, grown, overwritten, flipped bits,
/// unreadable, a folder in its place) is removed, reported once as ``Event/discarded(key:reason:)`` and downloaded
/// again. Metadata written before checksums existed has none: such a file is served unverified, and callers that parse
/// it discard it with ``discard(_:reason:)`` when it does not parse.
///
/// A folder that cannot hold files (a plain file in its place, read-only, not creatable) does not stop a fetch:
/// the download goes to a private temporary folder, comes back as ``Origin/uncached``, and the problem is reported
/// once per fetch as ``Event/folderUnusable(path:reason:)``.
///
/// Keys name files: letters, digits, `.`, `_` and `-` only.
public struct DiskCache: Sendable {
    /// Downloads a request's body to a file and returns the status and headers (e.g.
    /// ``/RaspRuntime/ClientCore/download(_:to:)``).
    public typealias Downloader = @Sendable (_ request: ClientRequest, _ file: URL) async throws -> ClientResponseHead

    /// The folder with the files.
    public let folder: URL
    /// How long a file is reused without asking the server.
    public var maxAge: Duration
    /// Whether an expired file is returned when its refresh fails with a retryable error.
    public var serveStaleOnError: Bool
    /// Told when a damaged file is discarded or the folder cannot hold files (see ``Event``).
    public var onEvent: (@Sendable (Event) -> Void)?
    private let now: @Sendable () -> Date
    private let redactor: Redactor

    /// Creates a cache.
    /// - Parameters:
    ///   - folder: The folder (created on first write).
    ///   - maxAge: How long a file is reused without a request (default 24 h).
    ///   - serveStaleOnError: Return an expired file when the refresh fails with a retryable error (default true).
    ///   - redactor: Masks secrets in errors built from failed responses.
    ///   - now: The clock.
    ///   - onEvent: Told when a damaged file is discarded or the folder cannot hold files.
    public init(folder: URL, maxAge: Duration = .seconds(24 * 3600), serveStaleOnError: Bool = true,
                redactor: Redactor = .standard, now: @escaping @Sendable () -> Date = { Date() },
                onEvent: (@Sendable (Event) -> Void)? = nil) {
        self.folder = folder
        self.maxAge = maxAge
        self.serveStaleOnError = serveStaleOnError
        self.redactor = redactor
        self.now = now
        self.onEvent = onEvent
    }

    /// The file for a key, if one is cached (whatever its age); makes no request and reports nothing.
    ///
    /// Its metadata, size and readability are checked, not its checksum (that takes a read of the whole file):
    /// ``fetch(_:request:refresh:download:)`` checks it.
    public func entry(for key: String) -> Entry? {
        guard let files = try? files(for: key), case .intact(let metadata) = inspect(key, files, content: false)
        else { return nil }
        return Entry(file: files.data, metadata: metadata, origin: .cache)
    }

    /// Returns the file for a key, going to the server as `refresh` says.
    /// - Parameters:
    ///   - key: The cache key.
    ///   - request: The request that downloads the content (validators are added to it).
    ///   - refresh: When to go to the server (default: when expired).
    ///   - download: Sends the request, writing the body to the given file.
    /// - Throws: ``/RaspRuntime/ClientError`` from the download (or `.http` for a status other than 2xx/304), or
    ///   ``/RaspRuntime/FileStorageError``.
    public func fetch(_ key: String, request: ClientRequest, refresh: Refresh = .ifExpired,
                      download: Downloader) async throws -> Entry {
        let files = try files(for: key)
        var existing: Metadata?
        switch inspect(key, files, content: refresh != .reload) {
        case .absent: break
        case .intact(let metadata): existing = metadata
        case .damaged(let reason): discard(key, files: files, reason: reason)
        }
        if refresh == .ifExpired, let existing, isFresh(existing) {
            return Entry(file: files.data, metadata: existing, origin: .cache)
        }
        var request = request
        if refresh != .reload, let existing {
            if let etag = existing.etag { request.setHeader("If-None-Match", etag) }
            if let lastModified = existing.lastModified { request.setHeader("If-Modified-Since", lastModified) }
        }
        let folderProblem = AtomicFile.problemWriting(in: folder)
        if let folderProblem { onEvent?(.folderUnusable(path: folder.path, reason: folderProblem)) }
        let target = try folderProblem == nil ? AtomicFile.temporaryFile(beside: files.data) : Self.uncachedFile(key)
        var keepsTarget = false
        defer { if !keepsTarget { Self.removeDownload(target, uncached: folderProblem != nil) } }
        let stale = { (error: any Error) in
            staleEntry(existing, files: files, verified: refresh != .reload, after: error)
        }
        let head: ClientResponseHead
        do {
            head = try await download(request, target)
        } catch {
            if let entry = stale(error) { return entry }
            throw error
        }
        switch head.status {
        case 304 where existing != nil:
            var metadata = existing!
            metadata.fetchedAt = now()
            metadata.etag = head.header("ETag") ?? metadata.etag
            metadata.lastModified = head.header("Last-Modified") ?? metadata.lastModified
            if folderProblem == nil {
                do {
                    try write(metadata, to: files.metadata)
                } catch {
                    onEvent?(.folderUnusable(path: folder.path, reason: FileStorageError.cause(of: error)))
                }
            }
            return Entry(file: files.data, metadata: metadata, origin: .revalidated)
        case 200..<300:
            let metadata = Metadata(key: key, fetchedAt: now(), etag: head.header("ETag"),
                                    lastModified: head.header("Last-Modified"), size: Self.size(of: target) ?? 0,
                                    checksum: try Checksum64.text(ofFile: target))
            if folderProblem != nil {
                keepsTarget = true
                return Entry(file: target, metadata: metadata, origin: .uncached)
            }
            try? FileManager.default.removeItem(at: files.metadata)
            try AtomicFile.move(target, to: files.data)
            try write(metadata, to: files.metadata)
            return Entry(file: files.data, metadata: metadata, origin: .downloaded)
        default:
            let body = (try? Data(contentsOf: target).prefix(1 << 20)) ?? Data()
            let error = ClientError.http(.init(operationID: request.operationID, status: head.status,
                                               headers: head.headers, body: Data(body), decodedBody: nil,
                                               redactor: redactor))
            if let entry = stale(error) { return entry }
            throw error
        }
    }

    /// Deletes a key's file and metadata.
    public func remove(_ key: String) throws {
        let files = try files(for: key)
        try? FileManager.default.removeItem(at: files.metadata)
        try? FileManager.default.removeItem(at: files.data)
    }

    /// Deletes a key's file because the caller found it unusable (e.g. it does not parse), reporting it as
    /// ``Event/discarded(key:reason:)``; the next fetch downloads it again.
    /// - Parameters:
    ///   - key: The cache key.
    ///   - reason: What is wrong with the file, for the report.
    public func discard(_ key: String, reason: String) {
        guard let files = try? files(for: key) else { return }
        discard(key, files: files, reason: reason)
    }

    /// Deletes the temporary folder of an ``Origin/uncached`` entry once the caller is done with its file; does
    /// nothing for other entries.
    public func release(_ entry: Entry) {
        guard entry.origin == .uncached else { return }
        let folder = entry.file.deletingLastPathComponent()
        guard folder.lastPathComponent.hasPrefix(Self.uncachedPrefix) else { return }
        try? FileManager.default.removeItem(at: folder)
    }

    /// Whether metadata is younger than ``maxAge`` (a date in the future counts as expired).
    public func isFresh(_ metadata: Metadata) -> Bool {
        let age = now().timeIntervalSince(metadata.fetchedAt)
        return age >= 0 && age < maxAge.seconds
    }

    // MARK: - Files

    /// A key's content file and its metadata file.
    struct Files {
        var data: URL
        var metadata: URL
    }

    private func files(for key: String) throws -> Files {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-")
        guard !key.isEmpty, !key.hasPrefix("."), key.allSatisfy(allowed.contains) else {
            throw FileStorageError(path: folder.appendingPathComponent(key).path,
                                   reason: "invalid cache key '\(key)' (use letters, digits, '.', '_', '-')")
        }
        return Files(data: folder.appendingPathComponent(key),
                     metadata: folder.appendingPathComponent(key + ".meta.json"))
    }

    private func discard(_ key: String, files: Files, reason: String) {
        try? FileManager.default.removeItem(at: files.metadata)
        try? FileManager.default.removeItem(at: files.data)
        onEvent?(.discarded(key: key, reason: reason))
    }

    /// The old file after a failed refresh, when serving it is allowed and it is intact.
    private func staleEntry(_ existing: Metadata?, files: Files, verified: Bool, after error: any Error) -> Entry? {
        guard serveStaleOnError, let existing, let clientError = error as? ClientError else { return nil }
        if clientError.quotaExhausted == nil, !clientError.isRetryable { return nil }
        if !verified, case .damaged = checkContent(files.data, against: existing) { return nil }
        return Entry(file: files.data, metadata: existing, origin: .stale)
    }

    private func write(_ metadata: Metadata, to file: URL) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.dateEncodingStrategy = .secondsSince1970
        try AtomicFile.write(try encoder.encode(metadata), to: file)
    }

    // MARK: - Uncached downloads

    private static let uncachedPrefix = "rasp-uncached-"

    /// A file in a fresh private temporary folder, for a download the cache folder cannot take.
    private static func uncachedFile(_ key: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(uncachedPrefix + UUID().uuidString)
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        } catch {
            let cause = FileStorageError.cause(of: error)
            throw FileStorageError(path: folder.path, reason: "cannot create the folder: \(cause)")
        }
        return folder.appendingPathComponent(key)
    }

    private static func removeDownload(_ file: URL, uncached: Bool) {
        try? FileManager.default.removeItem(at: uncached ? file.deletingLastPathComponent() : file)
    }

    static func size(of file: URL) -> Int? {
        guard let value = try? FileManager.default.attributesOfItem(atPath: file.path)[.size] else { return nil }
        if let number = value as? NSNumber { return number.intValue }
        return value as? Int
    }
}
