/// The workload's pseudo-random generator: xoshiro256**, seeded through SplitMix64.
///
/// Small, fast and the same on every platform, so a seed names one command stream forever. It never
/// touches the system's entropy (no `SystemRandomNumberGenerator`). Not for anything security-related.
struct FlowRandom {
    private var s0: UInt64
    private var s1: UInt64
    private var s2: UInt64
    private var s3: UInt64

    /// A generator whose sequence is fixed by `seed`.
    init(seed: UInt64) {
        // SplitMix64 spreads any seed, even 0, over the 256-bit state (which must not be all zeros).
        var state = seed
        func splitMix() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        s0 = splitMix()
        s1 = splitMix()
        s2 = splitMix()
        s3 = splitMix()
    }

    /// The next 64 random bits.
    mutating func next() -> UInt64 {
        let result = ((s1 &* 5) << 7 | (s1 &* 5) >> 57) &* 9
        let t = s1 << 17
        s2 ^= s0
        s3 ^= s1
        s1 ^= s2
        s0 ^= s3
        s2 ^= t
        s3 = s3 << 45 | s3 >> 19
        return result
    }

    /// A uniform integer in `0 ..< bound` (Lemire's multiply-shift; the bias is below 2⁻³² at these sizes).
    mutating func below(_ bound: Int) -> Int {
        precondition(bound > 0, "empty range")
        return Int(truncatingIfNeeded: next().multipliedFullWidth(by: UInt64(bound)).high)
    }

    /// A uniform integer in `range`.
    mutating func int(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + below(range.upperBound - range.lowerBound + 1)
    }

    /// A uniform value in `0 ..< 1` with 53 bits of precision.
    mutating func unit() -> Double {
        Double(next() >> 11) * 0x1.0p-53
    }
}
