import Foundation
import RaspRuntime

/// Where a ``SettingsStore`` keeps its values: bytes under string keys.
///
/// Two implementations ship: ``UserDefaultsStorage`` (persists across launches, any suite) and
/// ``InMemoryStorage`` (tests and previews).
public protocol KeyValueStorage: Sendable {
    /// The bytes stored under `key`, or nil when there are none (or the stored value is not bytes).
    /// - Parameter key: The key.
    func data(forKey key: String) -> Data?
    /// Stores `data` under `key`, or removes the key when `data` is nil.
    /// - Parameters:
    ///   - data: The bytes.
    ///   - key: The key.
    func set(_ data: Data?, forKey key: String)
}

/// Storage in `UserDefaults`: the standard defaults or any suite.
///
/// `UserDefaults` is documented as thread-safe, so the wrapper is `Sendable`.
public struct UserDefaultsStorage: KeyValueStorage, @unchecked Sendable {
    /// The defaults written to.
    public let defaults: UserDefaults

    /// Storage in `defaults`.
    /// - Parameter defaults: The defaults; the standard ones by default.
    public init(_ defaults: UserDefaults = .standard) {
        self.defaults = defaults
    }

    /// Storage in the suite `suiteName`, or nil when Foundation refuses the name.
    /// - Parameter suiteName: The suite, e.g. `group.ru.travel.schedule`.
    public init?(suiteName: String) {
        guard let defaults = UserDefaults(suiteName: suiteName) else { return nil }
        self.init(defaults)
    }

    public func data(forKey key: String) -> Data? {
        defaults.object(forKey: key) as? Data
    }

    public func set(_ data: Data?, forKey key: String) {
        if let data {
            defaults.set(data, forKey: key)
        } else {
            defaults.removeObject(forKey: key)
        }
    }
}

/// Storage in memory, shared by copies of the value; for tests and previews.
public final class InMemoryStorage: KeyValueStorage, @unchecked Sendable {
    private let values: Locked<[String: Data]>

    /// Storage holding `values`.
    /// - Parameter values: Initial contents, e.g. deliberately corrupted bytes in a test.
    public init(_ values: [String: Data] = [:]) {
        self.values = Locked(values)
    }

    public func data(forKey key: String) -> Data? {
        values.withLock { $0[key] }
    }

    public func set(_ data: Data?, forKey key: String) {
        values.withLock { $0[key] = data }
    }

    /// The keys present, sorted.
    public var keys: [String] {
        values.withLock { $0.keys.sorted() }
    }
}
