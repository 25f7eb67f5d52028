import Foundation

/// Runs blocking work (file I/O in loops, waiting for a process) on a thread of its own.
///
/// Swift Testing runs tests on the cooperative thread pool, which has one thread per core: two on the CI machine. A
/// test that blocks one of them for seconds starves the mock servers and URLSession clients of every other test
/// running at the same time, whose deadlines then pass. Blocking work goes here instead.
func offPool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        let thread = Thread { continuation.resume(with: Result { try work() }) }
        thread.stackSize = 1 << 20
        thread.start()
    }
}
