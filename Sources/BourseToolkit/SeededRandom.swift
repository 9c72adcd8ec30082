/// A small, fast, deterministic pseudo-random generator (SplitMix64).
///
/// The same seed always yields the same sequence on every platform, which is what makes the simulator,
/// the benchmark workloads and the randomized tests replayable: the one seeded generator of the project
/// (the standard library's `SystemRandomNumberGenerator` gives no sequence to replay). Not for anything
/// security-related.
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

    /// A uniform integer in `0 ..< bound` (Lemire's multiply-shift; the bias is below 2⁻³² at these sizes).
    public mutating func below(_ bound: Int) -> Int {
        precondition(bound > 0, "empty range")
        return Int(truncatingIfNeeded: next().multipliedFullWidth(by: UInt64(bound)).high)
    }

    /// A uniform value in `0 ..< 1` with 53 bits of precision.
    public mutating func unit() -> Double { Double(next() >> 11) * 0x1.0p-53 }

    /// One element of a non-empty array.
    public mutating func pick<Element>(_ elements: [Element]) -> Element { elements[below(elements.count)] }
}

extension SeededRandom {
    /// The scale of ``normal()``: its standard deviation.
    public static let normalScale: Int64 = 1_000_000

    /// A draw from (very nearly) the standard normal distribution, times ``normalScale``.
    ///
    /// The sum of twelve uniform draws less their mean (Irwin–Hall): integers only, so the same seed gives
    /// the same walk on every platform, which a logarithm or exponential from the C library would not
    /// promise. Its tails stop at ±6 σ, which a price walk does not miss.
    public mutating func normal() -> Int64 {
        var sum: Int64 = 0
        for _ in 0..<12 { sum += int(in: 0...(Self.normalScale - 1)) }
        return sum - 6 * Self.normalScale
    }

    /// How many of `trials` independent chances of `perMillion` / 1,000,000 came up: a binomial draw, which
    /// for many trials and small chances is the Poisson count of events in an interval.
    public mutating func count(trials: Int, perMillion: Int64) -> Int {
        var count = 0
        for _ in 0..<trials where int(in: 0...999_999) < perMillion { count += 1 }
        return count
    }
}
