#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Nanoseconds from the system's monotonic clock (`clock_gettime(CLOCK_MONOTONIC)`, a vDSO call on
/// Linux: no system call, ~20 ns).
enum MonotonicClock {
    /// Now, in nanoseconds since an arbitrary fixed point.
    @inline(__always) static func nanoseconds() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }

    /// The median cost of one reading, from `samples` back-to-back pairs.
    static func readingCost(samples: Int = 10_001) -> Int64 {
        var costs = [Int64](repeating: 0, count: samples)
        for index in 0..<samples {
            let start = nanoseconds()
            costs[index] = nanoseconds() - start
        }
        costs.sort()
        return costs[samples / 2]
    }
}
