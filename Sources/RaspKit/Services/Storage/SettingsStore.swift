import Foundation
import Logging

/// The app's persisted preferences: theme, viewed stories and schedule filters.
///
/// Each preference lives under its own key as JSON, validated on every read: a corrupted value under one key
/// reads as that preference's default, leaves every other key alone, and is removed from the storage with one
/// warning on ``logger`` (so it is reported once, and the next write stores a valid value).
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
    /// Where a discarded damaged value is reported; nil reports nothing.
    public let logger: Logger?

    /// A store over `storage`.
    /// - Parameters:
    ///   - storage: Where values live.
    ///   - logger: Where a discarded damaged value is reported (a warning); nil reports nothing.
    public init(storage: any KeyValueStorage, logger: Logger? = nil) {
        self.storage = storage
        self.logger = logger
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
        if let value = try? JSONDecoder().decode(Value.self, from: data) { return value }
        // Removed only while the damaged bytes are still there, so a valid value written meanwhile stays.
        if storage.data(forKey: key.rawValue) == data {
            storage.set(nil, forKey: key.rawValue)
            logger?.warning("""
                Settings: the stored \(key.rawValue) was damaged (\(data.count) bytes that do not decode); \
                discarded, using the default
                """)
        }
        return nil
    }

    private func write<Value: Encodable>(_ value: Value, _ key: Key) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        storage.set(try? encoder.encode(value), forKey: key.rawValue)
    }
}
