import Foundation

/// A value behind a lock, for reference types that tasks share.
///
/// `NSLock` rather than `Synchronization.Mutex`: `Mutex` needs newer Apple systems than the package supports, and
/// on Linux it waits on futexes the thread sanitizer cannot see, so every contended use is reported as a race.
/// Visible to the package's other modules and tests (`package`), not to users of the library.
package final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    /// Wraps `value`.
    package init(_ value: Value) { self.value = value }

    /// Runs `body` with exclusive access to the value.
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
