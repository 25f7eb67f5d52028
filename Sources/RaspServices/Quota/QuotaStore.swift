public import Foundation
import RaspMiddlewares
import RaspRuntime

/// The persisted state of a ``QuotaCounter``: the local day and how many requests were made on it.
public struct QuotaState: Codable, Sendable, Hashable {
    /// The local day, `YYYY-MM-DD`.
    public var day: String
    /// Requests made that day.
    public var count: Int
    /// Whether the "approaching the limit" warning was already given that day.
    public var warnedApproaching: Bool
    /// Whether the "limit reached" warning was already given that day.
    public var warnedExhausted: Bool

    /// Creates a state.
    public init(day: String, count: Int = 0, warnedApproaching: Bool = false, warnedExhausted: Bool = false) {
        self.day = day
        self.count = count
        self.warnedApproaching = warnedApproaching
        self.warnedExhausted = warnedExhausted
    }
}

/// Where a ``QuotaCounter`` keeps its state.
public protocol QuotaStore: Sendable {
    /// The saved state, or nil when there is none.
    /// - Throws: When a saved state exists but cannot be read (the counter then starts from zero).
    func load() throws -> QuotaState?
    /// Saves the state.
    func save(_ state: QuotaState) throws
}

/// A JSON file with a checksum, written atomically:
/// `{"checksum":"x64:…","count":12,"day":"2026-05-01","warnedApproaching":false,"warnedExhausted":false}`.
///
/// The checksum (RaspMiddlewares' `Checksum64` of the state's own sorted-key JSON) catches damage that still parses,
/// such as a flipped bit in a digit of the count; a file without one (written by an earlier version) is read as is.
public struct FileQuotaStore: QuotaStore {
    /// The file.
    public var url: URL

    /// Creates a store at `url` (the folder is created on first save).
    public init(url: URL) { self.url = url }

    public func load() throws -> QuotaState? {
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        let stored: Stored
        do {
            stored = try JSONDecoder().decode(Stored.self, from: Data(contentsOf: url))
        } catch {
            throw FileStorageError(path: url.path, reason: "unreadable quota state: \(error)")
        }
        let state = QuotaState(day: stored.day, count: stored.count, warnedApproaching: stored.warnedApproaching,
                               warnedExhausted: stored.warnedExhausted)
        if let checksum = stored.checksum, checksum.hasPrefix(Checksum64.prefix),
           checksum != (try Self.checksum(of: state)) {
            throw FileStorageError(path: url.path, reason: "unreadable quota state: it does not match its checksum")
        }
        return state
    }

    public func save(_ state: QuotaState) throws {
        let stored = Stored(day: state.day, count: state.count, warnedApproaching: state.warnedApproaching,
                            warnedExhausted: state.warnedExhausted, checksum: try Self.checksum(of: state))
        try AtomicFile.write(try Self.encoder.encode(stored), to: url)
    }

    /// The file's shape: the state's fields and the checksum beside them.
    private struct Stored: Codable {
        var day: String
        var count: Int
        var warnedApproaching: Bool
        var warnedExhausted: Bool
        var checksum: String?
    }

    private static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }

    private static func checksum(of state: QuotaState) throws -> String {
        Checksum64.text(of: try encoder.encode(state))
    }
}

/// Keeps the state in memory (tests, or apps that do not persist the count).
public final class InMemoryQuotaStore: QuotaStore {
    private let state: Locked<QuotaState?>

    /// Creates a store, optionally with a saved state.
    public init(_ state: QuotaState? = nil) { self.state = Locked(state) }

    public func load() throws -> QuotaState? { state.withLock { $0 } }

    public func save(_ state: QuotaState) throws { self.state.withLock { $0 = state } }
}
