/// A tiny deterministic random number generator (Steele, Lea and Flood's SplitMix64).
///
/// The randomized suite needs the same stream on every platform and toolchain, which the standard
/// library's `SystemRandomNumberGenerator` does not give; `random(in:using:)` on top of this generator is
/// deterministic for a given seed.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    /// A generator whose whole stream is fixed by `seed`.
    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// `true` with probability `percent` / 100.
    mutating func chance(_ percent: Double) -> Bool {
        Double(next() >> 11) * 0x1p-53 * 100 < percent
    }

    /// A uniform integer in `range`.
    mutating func int(_ range: ClosedRange<Int64>) -> Int64 {
        Int64.random(in: range, using: &self)
    }

    /// A uniform index below `count` (which must be positive).
    mutating func index(_ count: Int) -> Int {
        Int.random(in: 0..<count, using: &self)
    }

    /// One element of a non-empty array.
    mutating func pick<T>(_ elements: [T]) -> T {
        elements[index(elements.count)]
    }
}
