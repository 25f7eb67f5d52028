import Foundation
import Logging
import RaspAPI
import RaspRuntime
import RaspServices

/// Keeps the `stations_list` document (about 40 MB of JSON, served as `text/html`) on disk and hands out its file.
///
/// The body is streamed to disk through the client's authentication and middlewares (retries, quota, a 300 s
/// deadline) and never held in memory here; parsing it is the directory library's job. The file is reused for
/// `maxAge` (24 h by default) without a request, then revalidated with `If-None-Match`/`If-Modified-Since`; when
/// the refresh fails because the network is down, the old file comes back as ``/RaspServices/DiskCache/Origin/stale``.
///
/// The cache repairs itself (see ``/RaspServices/DiskCache``): a damaged file is downloaded again and a cache folder
/// that cannot hold files is worked around; each such event is logged once as a warning and passed to `onEvent`.
/// ``loadDirectory(snapshots:progress:)`` turns the file into the station directory (the package's one loading
/// policy, with a snapshot beside the file) and also discards, once, a cached document that does not parse.
///
/// ```swift
/// let cache = StationsListCache(client: client, folder: cachesFolder.appendingPathComponent("rasp"))
/// let entry = try await cache.file()              // downloads once a day at most
/// let directory = try await cache.loadDirectory()  // the same file, parsed once, then from its snapshot
/// ```
public struct StationsListCache: Sendable {
    /// The disk cache the file lives in.
    public let cache: DiskCache
    /// The response language (`ru_RU`, `uk_UA`), nil for the API's default.
    public let lang: String?
    private let download: DiskCache.Downloader

    /// Creates a cache that downloads through `client`.
    /// - Parameters:
    ///   - client: The client (its authentication and middlewares apply).
    ///   - folder: The folder for the file and its metadata.
    ///   - maxAge: How long the file is used without asking the server (default 24 h).
    ///   - lang: The response language, nil for the API's default (`ru_RU`).
    ///   - logger: Where repairs of the cache are logged (warnings); nil logs nothing.
    ///   - now: The clock.
    ///   - onEvent: Told about each repair of the cache too.
    public init(client: RaspClient, folder: URL, maxAge: Duration = .seconds(24 * 3600), lang: String? = nil,
                logger: Logger? = nil, now: @escaping @Sendable () -> Date = { Date() },
                onEvent: (@Sendable (DiskCache.Event) -> Void)? = nil) {
        let core = client.core
        self.init(folder: folder, maxAge: maxAge, lang: lang, redactor: core.redactor, logger: logger, now: now,
                  onEvent: onEvent, download: { request, file in try await core.download(request, to: file) })
    }

    /// Creates a cache with any downloader (tests, other transports).
    /// - Parameters:
    ///   - folder: The folder for the file and its metadata.
    ///   - maxAge: How long the file is used without asking the server.
    ///   - lang: The response language.
    ///   - redactor: Masks secrets in errors.
    ///   - logger: Where repairs of the cache are logged (warnings); nil logs nothing.
    ///   - now: The clock.
    ///   - onEvent: Told about each repair of the cache too.
    ///   - download: Sends a request and writes its body to a file.
    public init(folder: URL, maxAge: Duration = .seconds(24 * 3600), lang: String? = nil,
                redactor: Redactor = .standard,
                logger: Logger? = nil, now: @escaping @Sendable () -> Date = { Date() },
                onEvent: (@Sendable (DiskCache.Event) -> Void)? = nil, download: @escaping DiskCache.Downloader) {
        let report: @Sendable (DiskCache.Event) -> Void = { event in
            logger?.warning("Rasp stations_list cache: \(event)")
            onEvent?(event)
        }
        self.cache = DiskCache(folder: folder, maxAge: maxAge, redactor: redactor, now: now, onEvent: report)
        self.lang = lang
        self.download = download
    }

    /// The cache key: one file per language.
    public var key: String { "stations_list-\(lang ?? "default").json" }

    /// The request that fetches the document: `GET /v3.0/stations_list/?format=json[&lang=…]`, 300 s deadline.
    public var request: ClientRequest {
        var request = ClientRequest(method: "GET", path: "/v3.0/stations_list/", operationID: "stationsList")
        request.addQuery("format", "json")
        request.addQuery("lang", lang)
        request.timeout = .seconds(300)
        return request
    }

    /// The file with the document, fetched or revalidated as `refresh` says.
    /// - Parameter refresh: When to go to the server (default: when older than the maximum age).
    /// - Returns: The entry: the file URL, its metadata and where it came from. Pass an
    ///   ``/RaspServices/DiskCache/Origin/uncached`` entry to `cache.release(_:)` when done with its file.
    /// - Throws: `ClientError` (including a `refused` one, `quotaExhausted`, when there is no file to fall back on) or
    ///   `FileStorageError`.
    public func file(refresh: DiskCache.Refresh = .ifExpired) async throws -> DiskCache.Entry {
        try await cache.fetch(key, request: request, refresh: refresh, download: download)
    }

    /// The cached file, whatever its age, without any request; nil when there is none.
    public var cachedFile: DiskCache.Entry? { cache.entry(for: key) }
}
