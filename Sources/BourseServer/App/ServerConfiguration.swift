/// How `bourse serve` listens and limits.
public struct ServerConfiguration: Sendable {
    /// Address to bind.
    public var host = "127.0.0.1"
    /// Port to bind (0 picks a free one).
    public var port = 8080
    /// REST requests per second per client and rate-limit group; 0 turns limiting off.
    public var rateLimitPerSecond = 1_000
    /// WebSocket limits and timers.
    public var streams = StreamOptions()
    /// Connection limits and timers of the HTTP transport.
    public var transport = TransportOptions()
    /// Password hashing, sessions and the sign-in throttle of the auction house.
    public var signIn = SignInOptions()
    /// Where uploaded photos are kept (`photos` in the data directory); nil keeps them in a fresh
    /// temporary directory, for tests and in-memory servers.
    public var photoDirectory: String?
    /// The web client's folder (`Web/` of the repository), served for what the API's routes do not answer;
    /// nil serves no web client.
    public var webRoot: String?
    /// The certificate and key to serve `https`/`wss` with; nil serves plain `http`/`ws`.
    public var tls: TLSIdentity?

    /// Every setting at the default written beside it.
    public init() {}
}
