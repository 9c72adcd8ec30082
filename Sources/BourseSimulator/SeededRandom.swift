/// A small, fast, deterministic pseudo-random generator (SplitMix64).
///
/// The same seed always yields the same sequence on every platform, which is what makes the simulator
/// and the benchmark workloads replayable. Not for anything security-related.
public struct SeededRandom: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// A generator whose sequence is fixed by `seed`.
    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform integer in `range` (without the modulo bias of `next() % n` mattering at these sizes).
    public mutating func int(in range: ClosedRange<Int64>) -> Int64 {
        let width = UInt64(range.upperBound - range.lowerBound) &+ 1
        return range.lowerBound + Int64(bitPattern: width == 0 ? next() : next() % width)
    }

    /// `true` with probability `percent` / 100.
    public mutating func chance(_ percent: Int) -> Bool { next() % 100 < UInt64(percent) }
}
