/// Limits and timers of the connections themselves, below HTTP routing: what keeps a flood of sockets, a
/// slow client or a stuck one from taking the server down or holding up its shutdown.
public struct TransportOptions: Sendable {
    /// Connections (HTTP and WebSocket) open at once. One more is answered `503` and closed; past
    /// ``refusalAllowance`` more the server stops accepting until some close (they wait in the kernel's
    /// backlog), so the process never runs out of file descriptors.
    public var maximumConnections = 10_000
    /// How long a client has to send a complete request head: on a new connection, and once the first byte
    /// of a later request arrives. A connection that trickles its head (slowloris) is closed then.
    public var headerTimeout: Duration = .seconds(10)
    /// How long a kept-alive HTTP connection may wait for its next request, and how long a request's body
    /// may stall, before the connection is closed.
    public var idleTimeout: Duration = .seconds(60)
    /// On shutdown, how long connections get to finish (WebSocket clients to answer the close frame, requests
    /// in progress to be answered) before they are closed regardless.
    public var shutdownGrace: Duration = .seconds(3)
    /// The largest request head (request line and headers together) read, in bytes; `431` past it.
    public var maximumHeadBytes = 64 << 10
    /// The longest request target (path and query) accepted, in bytes; `414` past it.
    public var maximumURIBytes = 48 << 10
    /// After an error answer, how long the server keeps reading (and discarding) what the client still
    /// sends before it closes, so the client reads the answer instead of a connection reset.
    public var lingerTimeout: Duration = .seconds(2)

    /// Whether `POST /v1/orders` and `GET /v1/ticker(/all)` are answered on the event loop that read them
    /// (``HTTPLane``, ADR 0020) rather than through the router; both give the same answers. Off only to
    /// compare the two.
    public var answersOnEventLoop = true

    /// Connections accepted beyond ``maximumConnections`` only to be refused with `503`.
    public var refusalAllowance: Int { max(16, maximumConnections / 8) }

    /// The limits above: generous for people, tight enough that no flood takes the server down.
    public init() {}
}
