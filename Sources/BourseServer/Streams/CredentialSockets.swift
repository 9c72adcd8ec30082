import BourseAuth
public import BourseCore
public import BourseStore
import Synchronization

/// The sockets each credential opened: a sign-in session (the auction socket signed in, the private
/// exchange socket) or an API key (the private exchange socket), so that the credential's end closes them.
/// Signing out, revoking a key, a key's or a session's expiry must end what it reads, not only refuse new
/// connections.
///
/// Sessions are keyed by the token's hash, as the store keeps them. One instance per server, shared by the
/// sign-out route and both sockets (it lives on the ``AuctionFeed`` they all have). Ends that happen outside
/// this process's routes (`bourse keys revoke` and `bourse user password` from another process, an expiry)
/// are found by ``watch(_:clock:every:)``, which `bourse serve` runs.
public final class CredentialSockets: Sendable {
    /// What a socket authenticated with.
    enum Credential: Hashable {
        /// A sign-in session, by its token's hash.
        case session([UInt8])
        /// An API key, by its access key.
        case apiKey(String)
    }

    private struct Open {
        /// By credential: its sockets by connection id.
        var byCredential: [Credential: [Int: StreamConnection]] = [:]
        /// By connection id: its credential.
        var bySocket: [Int: Credential] = [:]
    }

    private let open = Mutex(Open())

    /// None yet.
    public init() {}

    /// `connection` reads with `token`'s session (instead of anything it read with before) until it closes
    /// or the session ends.
    func add(_ connection: StreamConnection, session token: SessionToken) {
        add(connection, .session(token.hash))
    }

    /// `connection` reads with the API key `accessKey` until it closes or the key ends.
    func add(_ connection: StreamConnection, apiKey accessKey: String) {
        add(connection, .apiKey(accessKey))
    }

    private func add(_ connection: StreamConnection, _ credential: Credential) {
        remove(connection)
        open.withLock { open in
            open.byCredential[credential, default: [:]][connection.id] = connection
            open.bySocket[connection.id] = credential
        }
    }

    /// `connection` closed.
    func remove(_ connection: StreamConnection) {
        open.withLock { open in
            guard let credential = open.bySocket.removeValue(forKey: connection.id) else { return }
            open.byCredential[credential]?[connection.id] = nil
            if open.byCredential[credential]?.isEmpty == true { open.byCredential[credential] = nil }
        }
    }

    /// `token`'s session ended: closes every socket it opened.
    func closeAll(session token: SessionToken) {
        closeAll(.session(token.hash))
    }

    /// Closes the sockets of every credential with a socket open that `store` no longer has live at `now`
    /// (a session revoked, expired or gone; a key revoked, expired or gone); returns how many sockets it
    /// closed. One store read per such credential.
    /// With `keysOnly`, only API keys are read (a bot's key, which may trade on its socket, is checked
    /// more often than the many sign-in sessions).
    @discardableResult
    public func sweep(_ store: any Store, at now: Timestamp, keysOnly: Bool = false) async throws -> Int {
        let credentials = open.withLock { open in
            open.byCredential.keys.filter { credential in
                if keysOnly, case .session = credential { return false }
                return true
            }
        }
        var closed = 0
        for credential in credentials {
            let live: Bool
            switch credential {
            case .session(let hash): live = try await store.session(tokenHash: hash)?.isLive(at: now) == true
            case .apiKey(let accessKey):
                let key = try await store.apiKey(accessKey: accessKey)
                live = key != nil && key?.revokedAt == nil && (key?.expiresAt).map { $0 > now } != false
            }
            if !live { closed += closeAll(credential) }
        }
        return closed
    }

    /// Sweeps (``sweep(_:at:keysOnly:)``) until cancelled: API keys every `keyInterval` (a revoked key's
    /// socket may be placing orders; REST refuses such a key within its 2 s cache), everything every
    /// `interval`. A socket outlives its credential by at most that long; a store that fails is tried again
    /// at the next sweep.
    public func watch(
        _ store: any Store, clock: @escaping @Sendable () -> Timestamp, every interval: Duration = .seconds(30),
        keysEvery keyInterval: Duration = .seconds(2)
    ) async {
        var sinceFull: Duration = .zero
        while !Task.isCancelled {
            try? await Task.sleep(for: keyInterval)
            if Task.isCancelled { return }
            sinceFull += keyInterval
            let full = sinceFull >= interval
            if full { sinceFull = .zero }
            _ = try? await sweep(store, at: clock(), keysOnly: !full)
        }
    }

    @discardableResult
    private func closeAll(_ credential: Credential) -> Int {
        let connections = open.withLock { open in
            let connections = open.byCredential.removeValue(forKey: credential) ?? [:]
            for id in connections.keys { open.bySocket[id] = nil }
            return connections
        }
        let reason: StreamConnection.CloseReason
        switch credential {
        case .session: reason = .sessionEnded
        case .apiKey: reason = .keyEnded
        }
        for connection in connections.values { connection.close(reason) }
        return connections.count
    }

    /// Sockets open with a credential now.
    var count: Int { open.withLock { $0.bySocket.count } }
}
