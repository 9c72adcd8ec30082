import Synchronization

/// Counts the server's open connections against ``TransportOptions/maximumConnections``.
///
/// Every accepted connection is counted from its setup to its close; one opened past the limit is still
/// accepted, but only to be answered `503` (``HTTPRequestGuard``). Accepting itself stops at the limit plus
/// ``TransportOptions/refusalAllowance`` (Hummingbird's `MaximumAvailableConnections`), which is what bounds
/// the file descriptors the server can use.
public final class OpenConnections: Sendable {
    /// Connections allowed to be served at once.
    public let limit: Int
    private let count = Atomic<Int>(0)

    /// A counter for at most `limit` served connections.
    public init(limit: Int) { self.limit = limit }

    /// Counts a new connection; false if it is over the limit (it is counted all the same, until it closes).
    func open() -> Bool {
        count.add(1, ordering: .relaxed).newValue <= limit
    }

    /// Counts a connection's close.
    func close() {
        count.subtract(1, ordering: .relaxed)
    }
}
