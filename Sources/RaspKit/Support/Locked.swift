import Foundation

/// A value behind a lock, for the reference types here that tasks share (`NSLock.withLock` and
/// `Synchronization.Mutex` need newer Apple systems than the package supports).
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    /// Wraps `value`.
    init(_ value: Value) { self.value = value }

    /// Runs `body` with exclusive access to the value.
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
