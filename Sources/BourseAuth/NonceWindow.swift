/// Remembers recently used nonces per access key, so a captured REST token cannot be replayed.
///
/// A nonce is remembered for `windowMilliseconds` after its use, and at most `capacityPerKey` nonces are
/// kept per key: past that the oldest is forgotten early. Memory is therefore bounded by
/// `capacityPerKey × (keys that signed a request within the window)` entries of at most
/// `TokenClaims.maximumNonceLength` bytes; only keys whose signature verified reach the window, so an
/// attacker without a secret cannot grow it. With the defaults (10 minutes, 32,768 nonces) a key can make
/// 54 requests a second, well above Upbit's 30 per second, before a nonce is forgotten inside the window;
/// a busy key with UUID nonces costs about 5 MB.
///
/// A key's entries are pruned whenever that key is used; `prune(at:)` sweeps keys that have gone quiet.
/// Times are expected to be non-decreasing; if the clock steps back, entries live a little longer.
public struct NonceWindow: Sendable {
    /// How long a nonce is remembered after its use, in milliseconds.
    public let windowMilliseconds: Int64
    /// The most nonces remembered for one key.
    public let capacityPerKey: Int

    private var logs: [String: NonceLog] = [:]

    /// Builds an empty window; `capacityPerKey` must be at least 1.
    public init(windowMilliseconds: Int64 = 600_000, capacityPerKey: Int = 32_768) {
        precondition(windowMilliseconds > 0 && capacityPerKey > 0, "the nonce window must not be empty")
        self.windowMilliseconds = windowMilliseconds
        self.capacityPerKey = capacityPerKey
    }

    /// Records `nonce` for `accessKey` at `milliseconds`; false if it is still remembered (a replay).
    public mutating func use(_ nonce: String, accessKey: String, at milliseconds: Int64) -> Bool {
        let cutoff = milliseconds - windowMilliseconds
        return logs[accessKey, default: NonceLog()]
            .record(nonce, at: milliseconds, forgettingUpTo: cutoff, capacity: capacityPerKey)
    }

    /// Forgets every nonce used at or before `milliseconds - windowMilliseconds`, and keys left empty.
    public mutating func prune(at milliseconds: Int64) {
        let cutoff = milliseconds - windowMilliseconds
        for key in Array(logs.keys) {
            logs[key]?.forget(upTo: cutoff)
            if logs[key]?.isEmpty == true { logs[key] = nil }
        }
    }

    /// How many nonces are remembered, over all keys.
    public var count: Int { logs.values.reduce(0) { $0 + $1.count } }
}
