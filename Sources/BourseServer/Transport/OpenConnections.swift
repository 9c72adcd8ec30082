import Synchronization

/// Counts the server's open connections against ``TransportOptions/maximumConnections``.
///
/// Every accepted connection is counted from its setup to its close; one opened past the limit is still
/// accepted, but only to be answered `503` (``HTTPRequestGuard``). Accepting itself stops at the limit plus
/// ``TransportOptions/refusalAllowance`` (Hummingbird's `MaximumAvailableConnections`), which is what bounds
/// the file descriptors the server can use.
///
/// It also tells when many connections have closed since the most that were open (``releaseAfter``): their
/// memory stays with the allocator until it is asked to return it (``FreeMemory``).
public final class OpenConnections: Sendable {
    /// Connections allowed to be served at once.
    public let limit: Int
    /// How many connections must close, below the most open since the last time, before ``drained`` runs.
    let releaseAfter: Int
    /// What runs then (``FreeMemory/releaseInBackground()`` in the server).
    private let drained: @Sendable () -> Void
    private let count = Atomic<Int>(0)
    /// The most connections open since `drained` last ran.
    private let peak = Atomic<Int>(0)

    /// A counter for at most `limit` served connections; `drained` runs whenever `releaseAfter` of them
    /// have closed since the most that were open.
    public init(
        limit: Int, releaseAfter: Int = 1_000, drained: @escaping @Sendable () -> Void = FreeMemory.releaseInBackground
    ) {
        self.limit = limit
        self.releaseAfter = releaseAfter
        self.drained = drained
    }

    /// Counts a new connection; false if it is over the limit (it is counted all the same, until it closes).
    func open() -> Bool {
        let now = count.add(1, ordering: .relaxed).newValue
        var seen = peak.load(ordering: .relaxed)
        while now > seen {
            let (exchanged, original) = peak.compareExchange(expected: seen, desired: now, ordering: .relaxed)
            if exchanged { break }
            seen = original
        }
        return now <= limit
    }

    /// Counts a connection's close.
    func close() {
        let now = count.subtract(1, ordering: .relaxed).newValue
        let seen = peak.load(ordering: .relaxed)
        guard seen - now >= releaseAfter else { return }
        // One close of the many claims it: the most open starts again from here.
        guard peak.compareExchange(expected: seen, desired: now, ordering: .relaxed).exchanged else { return }
        drained()
    }
}
