public import Foundation
import RaspRuntime

/// Where ``HTTPCacheMiddleware`` keeps answers: one ``HTTPCacheRecord`` per request URL (its key), holding the
/// stored answers of that URL told apart by the request headers their `Vary` names.
///
/// A store never fails a call: one that cannot read or write an entry treats it as absent (and may report why).
/// ``DiskHTTPCacheStore`` keeps records in files, ``InMemoryHTTPCacheStore`` in memory.
public protocol HTTPCacheStore: Sendable {
    /// The record kept under a key, or nil.
    func record(for key: String) async -> HTTPCacheRecord?
    /// Keeps a record under its key, replacing any other.
    func save(_ record: HTTPCacheRecord) async
    /// Removes the record kept under a key.
    func remove(_ key: String) async
}

/// The answers stored for one request URL.
public struct HTTPCacheRecord: Sendable, Hashable, Codable {
    /// The cache key: the method and the URL without its secret query items (never a credential).
    public var key: String
    /// The stored answers, most recent first: one per set of values of the headers their `Vary` names.
    public var responses: [HTTPCachedResponse]

    /// Creates a record.
    public init(key: String, responses: [HTTPCachedResponse]) {
        self.key = key
        self.responses = responses
    }
}

/// A stored answer: its status, headers and body, when it was asked for and received, and the request header values
/// its `Vary` names.
public struct HTTPCachedResponse: Sendable, Hashable, Codable {
    /// The status code.
    public var status: Int
    /// The header fields as received (without `Set-Cookie` and the fields that carry a credential), in order.
    public var headers: [Field]
    /// The body.
    public var body: Data
    /// When the request that brought it was sent.
    public var requestTime: Date
    /// When it was received (or last confirmed unchanged by a 304).
    public var responseTime: Date
    /// The values of the request header fields its `Vary` names, by lowercased name (nil: the field was absent).
    public var varyValues: [String: String?]

    /// A header field.
    public struct Field: Sendable, Hashable, Codable {
        /// The name, as received.
        public var name: String
        /// The value.
        public var value: String

        /// Creates a field.
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// Creates a stored answer.
    public init(status: Int, headers: [Field], body: Data, requestTime: Date, responseTime: Date,
                varyValues: [String: String?] = [:]) {
        self.status = status
        self.headers = headers
        self.body = body
        self.requestTime = requestTime
        self.responseTime = responseTime
        self.varyValues = varyValues
    }

    /// The first value of a header field (case-insensitive).
    public func header(_ name: String) -> String? {
        headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }
}

/// Keeps records in memory, for tests and for apps that want answers kept only while they run; holds at most
/// `maxBytes` of bodies, dropping the least recently used records first.
public final class InMemoryHTTPCacheStore: HTTPCacheStore {
    private struct State {
        var records: [String: HTTPCacheRecord] = [:]
        var order: [String] = []
    }

    private let state = Locked(State())
    private let maxBytes: Int

    /// Creates an empty store.
    /// - Parameter maxBytes: The most bytes of bodies kept (default 16 MB).
    public init(maxBytes: Int = 16 << 20) {
        self.maxBytes = maxBytes
    }

    public func record(for key: String) async -> HTTPCacheRecord? {
        state.withLock { state in
            guard let record = state.records[key] else { return nil }
            state.order.removeAll { $0 == key }
            state.order.append(key)
            return record
        }
    }

    public func save(_ record: HTTPCacheRecord) async {
        state.withLock { state in
            state.records[record.key] = record
            state.order.removeAll { $0 == record.key }
            state.order.append(record.key)
            var total = state.records.values.reduce(0) { $0 + $1.bodyBytes }
            while total > maxBytes, let oldest = state.order.first {
                total -= state.records[oldest]?.bodyBytes ?? 0
                state.records[oldest] = nil
                state.order.removeFirst()
            }
        }
    }

    public func remove(_ key: String) async {
        state.withLock { state in
            state.records[key] = nil
            state.order.removeAll { $0 == key }
        }
    }

    /// How many records it holds.
    public var count: Int { state.withLock { $0.records.count } }
}

extension HTTPCacheRecord {
    /// The bytes of its bodies.
    var bodyBytes: Int { responses.reduce(0) { $0 + $1.body.count } }
}
