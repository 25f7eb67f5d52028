import Foundation

/// The app's persisted preferences: theme, viewed stories and schedule filters.
///
/// Each preference lives under its own key as JSON, so a corrupted or foreign value under one key reads as that
/// preference's default and leaves every other key alone; the next write replaces it.
/// ```swift
/// let settings = SettingsStore(storage: UserDefaultsStorage())   // persisted
/// let preview = SettingsStore.inMemory()                         // tests and previews
/// settings.theme = .dark
/// ```
public struct SettingsStore: Sendable {
    /// The keys used in the storage.
    public enum Key: String, Sendable, CaseIterable {
        /// ``AppTheme`` as a JSON string.
        case theme = "raspkit.theme"
        /// Viewed story ids as a JSON array.
        case viewedStories = "raspkit.viewedStories"
        /// ``TripFilters`` as a JSON object.
        case scheduleFilters = "raspkit.scheduleFilters"
    }

    /// The underlying storage.
    public let storage: any KeyValueStorage

    /// A store over `storage`.
    /// - Parameter storage: Where values live.
    public init(storage: any KeyValueStorage) {
        self.storage = storage
    }

    /// A store over fresh in-memory storage.
    /// - Returns: The store.
    public static func inMemory() -> SettingsStore {
        SettingsStore(storage: InMemoryStorage())
    }

    /// The theme; ``AppTheme/system`` when unset or unreadable.
    public var theme: AppTheme {
        get { read(AppTheme.self, .theme) ?? .system }
        nonmutating set { write(newValue, .theme) }
    }

    /// Ids of the stories the user has seen; empty when unset or unreadable.
    public var viewedStoryIDs: Set<String> {
        get { Set(read([String].self, .viewedStories) ?? []) }
        nonmutating set { write(newValue.sorted(), .viewedStories) }
    }

    /// Marks a story as viewed.
    /// - Parameter id: The story's id.
    public func markStoryViewed(_ id: String) {
        var viewed = viewedStoryIDs
        guard viewed.insert(id).inserted else { return }
        viewedStoryIDs = viewed
    }

    /// The last applied schedule filters; no filters when unset or unreadable.
    public var scheduleFilters: TripFilters {
        get { read(TripFilters.self, .scheduleFilters) ?? TripFilters() }
        nonmutating set { write(newValue, .scheduleFilters) }
    }

    private func read<Value: Decodable>(_ type: Value.Type, _ key: Key) -> Value? {
        guard let data = storage.data(forKey: key.rawValue) else { return nil }
        return try? JSONDecoder().decode(Value.self, from: data)
    }

    private func write<Value: Encodable>(_ value: Value, _ key: Key) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        storage.set(try? encoder.encode(value), forKey: key.rawValue)
    }
}
