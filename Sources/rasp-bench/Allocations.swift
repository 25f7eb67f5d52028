import CAllocationCount

/// Heap allocations counted around a piece of code, for figures such as allocations per operation.
///
/// The counts come from `CAllocationCount`, which on glibc Linux defines `malloc` and its family in this executable
/// and forwards them to glibc, counting as it goes. The counters are the whole process's: an allocation made by
/// another thread while `body` runs (a NIO event loop, URLSession's queue, another task) is counted too, so measure
/// with nothing else running and divide by the operations done to get a figure per operation.
enum Allocations {
    /// Whether allocations are counted in this build: true on Linux with glibc; elsewhere `count(_:)` still runs its
    /// body but reports 0 allocations and 0 bytes, so a figure should not be printed.
    static var isAvailable: Bool { rasp_allocation_counting_available() }

    /// Runs `body` and returns its value with the heap allocations made while it ran and the bytes they asked for
    /// (not what the allocator reserved; a `realloc` that resizes in place is not an allocation, one that moves is).
    /// Reading the counters allocates nothing, so an empty body reports 0. If `body` throws, the error is rethrown
    /// and nothing is reported.
    static func count<T>(_ body: () throws -> T) rethrows -> (value: T, allocations: UInt64, bytes: UInt64) {
        let allocationsBefore = rasp_allocation_count()
        let bytesBefore = rasp_allocated_bytes()
        let value = try body()
        // Wrapping subtraction: the counters only grow, and a 64-bit one does not wrap in practice.
        return (value, rasp_allocation_count() &- allocationsBefore, rasp_allocated_bytes() &- bytesBefore)
    }
}
