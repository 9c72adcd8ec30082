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
    /// The certificate and key to serve `https`/`wss` with; nil serves plain `http`/`ws`.
    public var tls: TLSIdentity?
    /// Largest HTTP request head (request line and headers) accepted, in bytes.
    public var maximumHeadBytes = 64 << 10

    /// The defaults.
    public init() {}
}
