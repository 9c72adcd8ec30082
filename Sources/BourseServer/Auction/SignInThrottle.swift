import BourseCore
import Synchronization

/// Counts failed sign-ins per username and per address, and refuses further tries once either passes its
/// limit, until the window has gone by since the first failure counted.
///
/// Per name, so one account cannot be guessed at from many addresses; per address, so one address cannot
/// guess at many names. A success clears its name's count. Memory is bounded: past 100,000 entries, those
/// whose window is over are dropped, and if that is not enough the oldest are.
final class SignInThrottle: Sendable {
    private struct Count {
        var failures: Int
        var since: Timestamp
    }

    private let options: SignInOptions
    private let counts = Mutex<[String: Count]>([:])

    init(options: SignInOptions) {
        self.options = options
    }

    /// Seconds to wait before `username` may try again from `address`; nil if it may try now.
    func retryAfter(username: String, address: String, at time: Timestamp) -> Int? {
        counts.withLock { counts in
            let waits = [
                (Self.nameKey(username), options.failuresPerName),
                (Self.addressKey(address), options.failuresPerAddress),
            ].compactMap { key, limit -> Int64? in
                guard let count = counts[key], count.failures >= limit else { return nil }
                let left = count.since.milliseconds + windowMilliseconds - time.milliseconds
                return left > 0 ? left : nil
            }
            return waits.max().map { Int(($0 + 999) / 1_000) }
        }
    }

    /// Counts a failed sign-in.
    func failed(username: String, address: String, at time: Timestamp) {
        counts.withLock { counts in
            if counts.count > 100_000 { prune(&counts, at: time) }
            for key in [Self.nameKey(username), Self.addressKey(address)] {
                var count = counts[key] ?? Count(failures: 0, since: time)
                if time.milliseconds - count.since.milliseconds >= windowMilliseconds {
                    count = Count(failures: 0, since: time)
                }
                count.failures += 1
                counts[key] = count
            }
        }
    }

    /// Counts a sign-up from `address`; the seconds to wait if the address has made too many.
    func signUp(from address: String, at time: Timestamp) -> Int? {
        counts.withLock { counts in
            if counts.count > 100_000 { prune(&counts, at: time) }
            let key = "signup " + address
            var count = counts[key] ?? Count(failures: 0, since: time)
            if time.milliseconds - count.since.milliseconds >= windowMilliseconds {
                count = Count(failures: 0, since: time)
            }
            guard count.failures < options.signUpsPerAddress else {
                return Int((count.since.milliseconds + windowMilliseconds - time.milliseconds + 999) / 1_000)
            }
            count.failures += 1
            counts[key] = count
            return nil
        }
    }

    /// Forgets the failures of `username` after it signed in.
    func succeeded(username: String) {
        _ = counts.withLock { $0.removeValue(forKey: Self.nameKey(username)) }
    }

    private var windowMilliseconds: Int64 { options.throttleWindow.milliseconds }

    private func prune(_ counts: inout [String: Count], at time: Timestamp) {
        counts = counts.filter { time.milliseconds - $0.value.since.milliseconds < windowMilliseconds }
        if counts.count > 100_000 {
            let newest = counts.sorted { $0.value.since > $1.value.since }.prefix(50_000)
            counts = Dictionary(uniqueKeysWithValues: newest.map { ($0.key, $0.value) })
        }
    }

    private static func nameKey(_ username: String) -> String { "name " + username.lowercased() }
    private static func addressKey(_ address: String) -> String { "addr " + address }
}
