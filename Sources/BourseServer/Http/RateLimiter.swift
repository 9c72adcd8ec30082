public import BourseCore
public import BourseUpbit
import Synchronization

/// Counts requests per client and group in one-second windows, as Upbit does, with a configurable limit.
///
/// A client is an address for public and unauthenticated requests, and an API key for authenticated
/// ones (``addressClient(_:)``, ``keyClient(_:)``), so neither kind can use up the other's budget.
///
/// Generous by default: a self-hosted server has no reason to throttle its own bots at Upbit's 10/s.
public final class RateLimiter: Sendable {
    /// The verdict on one request.
    public struct Decision: Sendable {
        /// Whether it may proceed.
        public var allowed: Bool
        /// Requests still allowed in this second after this one (`sec=` of `Remaining-Req`).
        public var remaining: Int
        /// The per-second limit (`min=` shows 60 times it, as Upbit's constant did).
        public var limit: Int
    }

    struct Key: Hashable {
        var client: String
        var group: RateLimitGroup
    }

    struct Window {
        var second: Int64
        var count: Int
    }

    /// Requests per second per client and group; zero turns limiting off.
    public let perSecond: Int
    private let windows = Mutex<[Key: Window]>([:])

    /// A limiter allowing `perSecond` requests per second per client and group (0 = unlimited).
    public init(perSecond: Int) {
        self.perSecond = perSecond
    }

    /// The client name of requests that proved no API key: their address.
    public static func addressClient(_ address: String) -> String { "ip " + address }

    /// The client name of requests authenticated with `accessKey`: the key, wherever they come from.
    public static func keyClient(_ accessKey: String) -> String { "key " + accessKey }

    /// Counts one request of `client` in `group` at `time`.
    public func check(_ client: String, group: RateLimitGroup, at time: Timestamp) -> Decision {
        guard perSecond > 0 else { return Decision(allowed: true, remaining: 999_999, limit: 999_999) }
        let second = time.milliseconds / 1_000
        let count = windows.withLock { windows -> Int in
            if windows.count > 100_000 { windows = windows.filter { $0.value.second >= second } }
            let key = Key(client: client, group: group)
            var window = windows[key] ?? Window(second: second, count: 0)
            if window.second != second { window = Window(second: second, count: 0) }
            window.count += 1
            windows[key] = window
            return window.count
        }
        return Decision(allowed: count <= perSecond, remaining: max(perSecond - count, 0), limit: perSecond)
    }
}
