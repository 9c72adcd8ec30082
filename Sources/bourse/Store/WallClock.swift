import BourseCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The wall clock in milliseconds since 1970, as the exchange stamps commands.
enum WallClock {
    /// Now.
    @Sendable static func now() -> Timestamp {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Timestamp(milliseconds: Int64(time.tv_sec) * 1_000 + Int64(time.tv_nsec) / 1_000_000)
    }
}
