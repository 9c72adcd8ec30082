public import Foundation
import Synchronization

#if canImport(FoundationNetworking)
public import FoundationNetworking
#endif

/// The auction house of a `bourse serve` (`/auction/v1`) for one app: sign-in, the item list, bidding,
/// listing with photos, and the server's clock for countdowns.
///
/// It keeps the bearer token of its sign-in (an app stores nothing itself) and sends it with every request;
/// bearer requests need no CSRF token. Every answer with a `server_time` refines ``clock``, so
/// ``remaining(until:)`` counts down on the server's time, not the device's. Refusals throw
/// ``AuctionClientError`` by the contract's names. Shared freely between tasks: its state is behind a lock.
public final class AuctionClient: Sendable {
    /// The server, e.g. `http://127.0.0.1:8080` (the client adds `/auction/v1`).
    public let baseURL: URL
    let transport: any HTTPTransport
    let state = Mutex(State())

    struct State {
        var token: String?
        var session: AuctionSession?
        var clock = ServerClock()
    }

    /// A client of `baseURL` sending through `transport` (`URLSession.bourse`, which keeps no cookies, unless given), signed in with
    /// `token` if an earlier session's token is given.
    public init(baseURL: URL, transport: any HTTPTransport = URLSession.bourse, token: String? = nil) {
        self.baseURL = baseURL
        self.transport = transport
        state.withLock { $0.token = token }
    }

    /// The bearer token of the current sign-in, to keep in the keychain and pass to the next launch's
    /// client; `nil` when signed out.
    public var token: String? { state.withLock { $0.token } }

    /// The current sign-in and its expiry, if this client signed in.
    public var session: AuctionSession? { state.withLock { $0.session } }

    /// The server's clock as learnt so far.
    public var clock: ServerClock { state.withLock { $0.clock } }

    /// How long until `end` on the server's clock (zero once passed): what a countdown shows.
    public func remaining(until end: Date) -> Duration { clock.remaining(until: end) }

    // MARK: - Users and sessions

    /// Makes a user (`POST /users`); it does not sign in. `username_taken` or `invalid_parameter` (the
    /// password rule broken) when refused.
    @discardableResult
    public func signUp(username: String, password: String) async throws -> AuctionUser {
        try await send("POST", "/users", json: ["username": username, "password": password])
    }

    /// Signs in (`POST /sessions`) and keeps the token for the requests that follow.
    @discardableResult
    public func signIn(username: String, password: String) async throws -> AuctionSession {
        struct Answer: Decodable {
            var token: String
            var expiresAtMs: Int64
            var user: AuctionUser
            enum CodingKeys: String, CodingKey {
                case token, user
                case expiresAtMs = "expires_at_ms"
            }
        }
        let answer: Answer = try await send("POST", "/sessions", json: ["username": username, "password": password])
        let session = AuctionSession(user: answer.user, expiresAt: AuctionTime.date(answer.expiresAtMs))
        state.withLock {
            $0.token = answer.token
            $0.session = session
        }
        return session
    }

    /// Signs out (`DELETE /sessions/current`): the server revokes the token, and the client forgets it even
    /// if the server cannot be reached.
    public func signOut() async throws {
        defer {
            state.withLock {
                $0.token = nil
                $0.session = nil
            }
        }
        let _: Empty = try await send("DELETE", "/sessions/current")
    }

    /// The signed-in user (`GET /me`).
    public func me() async throws -> AuctionUser {
        try await send("GET", "/me")
    }
}
