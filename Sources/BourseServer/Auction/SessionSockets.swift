import BourseAuth
import Synchronization

/// The sockets each sign-in session opened (the auction socket signed in, the private exchange socket), so
/// that signing out closes them: a session's end must end what it reads, not only refuse new connections.
///
/// Keyed by the token's hash, as the store keeps sessions. One instance per server, shared by the sign-out
/// route and both sockets (it lives on the ``AuctionFeed`` they all have).
public final class SessionSockets: Sendable {
    private struct Open {
        /// By session: its sockets by connection id.
        var bySession: [[UInt8]: [Int: StreamConnection]] = [:]
        /// By connection id: its session.
        var bySocket: [Int: [UInt8]] = [:]
    }

    private let open = Mutex(Open())

    /// None yet.
    public init() {}

    /// `connection` reads with `token`'s session (instead of any it read with before) until it closes or the
    /// session ends.
    func add(_ connection: StreamConnection, session token: SessionToken) {
        remove(connection)
        let hash = token.hash
        open.withLock { open in
            open.bySession[hash, default: [:]][connection.id] = connection
            open.bySocket[connection.id] = hash
        }
    }

    /// `connection` closed.
    func remove(_ connection: StreamConnection) {
        open.withLock { open in
            guard let hash = open.bySocket.removeValue(forKey: connection.id) else { return }
            open.bySession[hash]?[connection.id] = nil
            if open.bySession[hash]?.isEmpty == true { open.bySession[hash] = nil }
        }
    }

    /// `token`'s session ended: closes every socket it opened.
    func closeAll(session token: SessionToken) {
        let connections = open.withLock { open in
            let connections = open.bySession.removeValue(forKey: token.hash) ?? [:]
            for id in connections.keys { open.bySocket[id] = nil }
            return connections
        }
        for connection in connections.values { connection.close(.sessionEnded) }
    }

    /// Sockets open with a session now.
    var count: Int { open.withLock { $0.bySocket.count } }
}
