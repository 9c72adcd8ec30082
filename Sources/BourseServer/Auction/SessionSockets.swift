import BourseAuth
public import BourseCore
public import BourseStore
import Synchronization

/// The sockets each sign-in session opened (the auction socket signed in, the private exchange socket), so
/// that signing out closes them: a session's end must end what it reads, not only refuse new connections.
///
/// Keyed by the token's hash, as the store keeps sessions. One instance per server, shared by the sign-out
/// route and both sockets (it lives on the ``AuctionFeed`` they all have). Sessions that end outside this
/// process's routes (`bourse user password` signs an account out from another process; a session expires
/// after 30 days) are found by ``watch(_:clock:every:)``, which `bourse serve` runs.
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
        closeAll(sessionHash: token.hash)
    }

    /// Closes the sockets of every session with a socket open that `store` no longer has live at `now`
    /// (revoked, expired or gone); returns how many sockets it closed. One store read per such session.
    @discardableResult
    public func sweep(_ store: any Store, at now: Timestamp) async throws -> Int {
        let hashes = open.withLock { Array($0.bySession.keys) }
        var closed = 0
        for hash in hashes {
            guard try await store.session(tokenHash: hash)?.isLive(at: now) != true else { continue }
            closed += closeAll(sessionHash: hash)
        }
        return closed
    }

    /// Sweeps (``sweep(_:at:)``) every `interval` until cancelled, so a socket outlives its session by at
    /// most that long. A store that fails is tried again at the next sweep.
    public func watch(
        _ store: any Store, clock: @escaping @Sendable () -> Timestamp, every interval: Duration = .seconds(30)
    ) async {
        while !Task.isCancelled {
            try? await Task.sleep(for: interval)
            if Task.isCancelled { return }
            _ = try? await sweep(store, at: clock())
        }
    }

    @discardableResult
    private func closeAll(sessionHash hash: [UInt8]) -> Int {
        let connections = open.withLock { open in
            let connections = open.bySession.removeValue(forKey: hash) ?? [:]
            for id in connections.keys { open.bySocket[id] = nil }
            return connections
        }
        for connection in connections.values { connection.close(.sessionEnded) }
        return connections.count
    }

    /// Sockets open with a session now.
    var count: Int { open.withLock { $0.bySocket.count } }
}
