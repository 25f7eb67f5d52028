/// A small, fast, seeded random number generator (SplitMix64): the same seed gives the same numbers on every
/// platform and Swift version, which `SystemRandomNumberGenerator` cannot promise. The benchmarks and the tests share
/// it, so a run that fails or a figure that moves can be replayed from its seed.
public struct SeededRandom: RandomNumberGenerator {
    private var state: UInt64

    /// A generator whose numbers follow from `seed`.
    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }

    /// A number in `range` (the standard library's algorithm is deterministic given the generator).
    public mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &self) }

    /// A number in `0..<1`.
    public mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }

    /// True with probability `probability`.
    public mutating func chance(_ probability: Double) -> Bool { unit() < probability }

    /// A number in `0..<bound` (0 for a bound below 1).
    public mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(max(bound, 1))) }

    /// An element of a non-empty array.
    public mutating func pick<T>(_ items: [T]) -> T { items[Int(next() % UInt64(items.count))] }

    /// One of `choices`, with probability proportional to its weight.
    public mutating func pick<T>(weighted choices: [(weight: Int, value: T)]) -> T {
        let total = choices.reduce(0) { $0 + $1.weight }
        var roll = Int.random(in: 0..<total, using: &self)
        for choice in choices {
            if roll < choice.weight { return choice.value }
            roll -= choice.weight
        }
        return choices[choices.count - 1].value
    }
}
