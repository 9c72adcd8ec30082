/// What the authenticator needs to know about one request; the shell fills it from HTTP.
public struct AuthenticationRequest: Sendable, Hashable {
    /// The `Authorization` header's value, `nil` if absent.
    public var authorization: String?
    /// The query and body the `query_hash` covers.
    public var payload: RequestPayload
    /// The client's address as the server sees it (after any trusted proxy header), `nil` if unknown.
    public var clientIP: String?
    /// The permission the endpoint needs; `nil` for endpoints any valid key may call.
    public var requiredScope: APIScope?
    /// Whether to refuse a reused nonce: `true` for REST, `false` for WebSocket handshakes, because
    /// ccxt.pro builds its WebSocket token once and reuses it on every reconnect (Upbit §4.3).
    public var enforcesNonce: Bool
    /// The current time in milliseconds since the Unix epoch.
    public var nowMilliseconds: Int64

    /// Builds a request.
    public init(
        authorization: String?,
        payload: RequestPayload = .empty,
        clientIP: String?,
        requiredScope: APIScope?,
        enforcesNonce: Bool = true,
        nowMilliseconds: Int64
    ) {
        self.authorization = authorization
        self.payload = payload
        self.clientIP = clientIP
        self.requiredScope = requiredScope
        self.enforcesNonce = enforcesNonce
        self.nowMilliseconds = nowMilliseconds
    }
}
