#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The process's limit on open files (`ulimit -n`), which bounds how many connections `bourse serve` can
/// hold: past it, `accept` fails and the runtime itself can no longer make the descriptors it needs. The
/// benchmarks' load generators raise it too, for their thousands of client sockets.
public enum FileDescriptorLimit {
    /// Descriptors kept for everything but client connections: the store and its journal, the event
    /// loops, standard streams, TLS and nonce files.
    public static let reserved = 256

    /// Raises the soft limit to the hard one when it is lower (any process may), and returns the soft
    /// limit in effect afterwards.
    public static func raise() -> Int {
        #if os(Linux)
        let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
        #else
        let resource = RLIMIT_NOFILE
        #endif
        var limit = rlimit()
        guard getrlimit(resource, &limit) == 0 else { return 1_024 }
        // An unlimited hard limit (RLIM_INFINITY, all ones) is not a valid soft one; Linux caps descriptors at 2^20 by default.
        let wanted = limit.rlim_max == rlim_t.max ? rlim_t(1 << 20) : limit.rlim_max
        if limit.rlim_cur < wanted {
            var raised = limit
            raised.rlim_cur = wanted
            if setrlimit(resource, &raised) == 0 { limit = raised }
        }
        return Int(clamping: limit.rlim_cur)
    }

    /// The most connections that fit in `descriptors` alongside the reserved ones, counting those accepted
    /// only to be refused (``TransportOptions/refusalAllowance``).
    public static func connections(fittingIn descriptors: Int) -> Int {
        let available = descriptors - reserved
        let withAllowance = available * 8 / 9
        return max(1, withAllowance >= 128 ? withAllowance : available - 16)
    }
}
