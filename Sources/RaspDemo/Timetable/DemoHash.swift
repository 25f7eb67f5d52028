/// A small deterministic hash (FNV-1a, then a SplitMix64 finaliser) for choosing times, numbers and running days
/// from names, so the data set is the same on every machine and run (unlike `Hasher`, which is seeded per process).
enum DemoHash {
    /// A 64-bit hash of `text`.
    static func value(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01B3
        }
        hash ^= hash >> 30
        hash &*= 0xbf58_476d_1ce4_e5b9
        hash ^= hash >> 27
        hash &*= 0x94d0_49bb_1331_11eb
        hash ^= hash >> 31
        return hash
    }

    /// A number in `0..<bound` derived from `text`.
    static func pick(_ text: String, _ bound: Int) -> Int {
        precondition(bound > 0)
        return Int(value(text) % UInt64(bound))
    }
}
