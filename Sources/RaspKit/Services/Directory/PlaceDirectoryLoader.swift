/// Provides the loaded station directory to the pickers, loading it once and sharing the result.
///
/// The station list is large (about 40 MB from the API), so the first picker to appear starts the load and
/// shows its loading and error states; later pickers get the cached directory at once. A failed load is not
/// cached, so a retry starts a fresh one. A caller that goes away stops waiting when the load ends; the load
/// itself runs on, since other callers may share it.
public struct PlaceDirectoryLoader: Sendable {
    private let cache: Cache

    /// A loader that runs `load` on first use.
    /// - Parameter load: Fetches and builds the directory (e.g. from `stations_list` or a cached snapshot).
    public init(_ load: @escaping @Sendable () async throws -> any PlaceSearching) {
        cache = Cache(load: load)
    }

    /// A loader with a directory that is already loaded.
    /// - Parameter directory: The directory.
    /// - Returns: The loader.
    public static func ready(_ directory: any PlaceSearching) -> PlaceDirectoryLoader {
        PlaceDirectoryLoader { directory }
    }

    /// The directory, loading it when needed.
    /// - Returns: The directory.
    /// - Throws: What the load threw (a `ClientError` for network failures), or `CancellationError`.
    public func directory() async throws -> any PlaceSearching {
        try await cache.value()
    }

    private actor Cache {
        let load: @Sendable () async throws -> any PlaceSearching
        var loaded: (any PlaceSearching)?
        var inFlight: Task<any PlaceSearching, any Error>?

        init(load: @escaping @Sendable () async throws -> any PlaceSearching) {
            self.load = load
        }

        func value() async throws -> any PlaceSearching {
            if let loaded { return loaded }
            let task = inFlight ?? Task { [load] in try await load() }
            inFlight = task
            do {
                let directory = try await task.value
                loaded = directory
                if inFlight == task { inFlight = nil }
                try Task.checkCancellation()
                return directory
            } catch {
                if inFlight == task { inFlight = nil }
                throw error
            }
        }
    }
}
