import RaspDirectory

extension PlaceDirectoryLoader {
    /// A loader that takes the `stations_list` file from `cache` (downloaded at most once a day) and parses it
    /// into a `StationDirectory`, away from the main actor, keeping a snapshot for the next launch. A damaged or
    /// unparsable cached copy is downloaded again once on its own (see
    /// ``StationsListCache/loadDirectory(snapshots:progress:)``).
    /// - Parameter cache: The stations_list cache of the app.
    /// - Returns: The loader; its failures are the cache's `ClientError`s (no internet, server error) or a
    ///   `StationDirectoryError` for a malformed download.
    public static func stationsList(_ cache: StationsListCache) -> PlaceDirectoryLoader {
        PlaceDirectoryLoader { try await cache.loadDirectory() }
    }
}
