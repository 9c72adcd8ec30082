/// One key's remembered nonces: a FIFO of uses for expiry and eviction, and a set for lookup.
struct NonceLog: Sendable {
    private var order: [(nonce: String, milliseconds: Int64)] = []
    /// Index of the oldest live entry in `order`; the prefix before it is dead and compacted lazily.
    private var head = 0
    private var members: Set<String> = []

    var count: Int { members.count }
    var isEmpty: Bool { members.isEmpty }

    /// Forgets what is expired at `cutoff`, then records `nonce` unless it is still remembered.
    mutating func record(_ nonce: String, at milliseconds: Int64, forgettingUpTo cutoff: Int64, capacity: Int) -> Bool {
        forget(upTo: cutoff)
        guard members.insert(nonce).inserted else { return false }
        order.append((nonce, milliseconds))
        while members.count > capacity {
            dropOldest()
        }
        compactIfNeeded()
        return true
    }

    /// Forgets entries used at or before `cutoff`.
    mutating func forget(upTo cutoff: Int64) {
        while head < order.count, order[head].milliseconds <= cutoff {
            dropOldest()
        }
        compactIfNeeded()
    }

    private mutating func dropOldest() {
        members.remove(order[head].nonce)
        head += 1
    }

    /// Keeps `order` within twice the live count, so dropping from the front stays amortized O(1).
    private mutating func compactIfNeeded() {
        if head > 0, head * 2 >= order.count {
            order.removeFirst(head)
            head = 0
        }
    }
}
