import BourseAuth
import BourseCore
import BourseStore
import BourseUpbit
import BourseWire
import Hummingbird
import HummingbirdWebSocket
import NIOCore
import NIOWebSocket
import WSCore

/// `/websocket/v1/private` (§6.1): the handshake's `Authorization: Bearer <JWT>` is checked as on REST,
/// except that a nonce may be reused (ccxt.pro signs once and reconnects with the same token). A connection
/// that fails gets one `INVALID_AUTH` error frame and is closed. Keepalive and idle timeouts are the public
/// feed's (the connection is registered there too, with no quotation subscriptions).
///
/// A sign-in session opens it too (``ExchangeSessions``): `Authorization: Bearer <session token>` from an
/// app or the terminal, or a browser's `bourse_session` cookie when the page that opens it is this server's
/// (a socket carries no CSRF token, so a page of another origin must not borrow the cookie).
///
/// With an ``OrderEntry`` it also takes orders (Bourse's extension, ADR 0019), on the event loop through
/// the ``WebSocketFastLane`` when nothing earlier is waiting.
struct PrivateStreamRoutes: Sendable {
    let feed: MarketFeed
    let privateFeed: PrivateFeed
    let gate: ExchangeGate
    let orderEntry: OrderEntry?
    /// Where sessions are kept, and the sockets each opened (closed when it signs out); nil where no store
    /// backs sessions (then only signed tokens open the socket).
    let sessions: (store: any Store, sockets: CredentialSockets)?
    /// Whether the server serves https (for the cookie's origin check).
    let secure: Bool

    func add(to router: Router<BourseRequestContext>) {
        router.ws("/websocket/v1/private") { inbound, outbound, context in
            context.requestContext.releaseWebSocketHook()
            let token = sessions == nil ? nil : SessionCheck.socketToken(of: context.request, secure: secure)
            var opening = await sessionKey(of: token)
            // A sign-in session trades; a signed token trades only if its nonce is new (see OrderEntry.handle).
            var trades = true
            if opening == nil {
                func authenticate(enforcingNonce: Bool) async -> Result<APIKey, AuthError>? {
                    try? await gate.authenticate(
                        authorization: context.request.headers[.authorization],
                        payload: RequestPayload(query: nil, body: nil, contentType: nil),
                        clientIP: context.requestContext.remoteAddress?.ipAddress, scope: nil,
                        now: privateFeed.clock(), enforcesNonce: enforcingNonce)
                }
                var result = await authenticate(enforcingNonce: true)
                if case .failure(.nonceUsed) = result {
                    trades = false
                    result = await authenticate(enforcingNonce: false)
                }
                switch result {
                case .success(let key): opening = .key(key)
                case .failure(let error): opening = .refused(error.message)
                case nil: opening = .refused("authentication failed")
                }
            }
            guard case .key(let key) = opening else {
                var reason = "authentication failed"
                if case .refused(let message) = opening { reason = message }
                let body = StreamJSON.error(name: "INVALID_AUTH", message: "인증 정보가 올바르지 않습니다. (\(reason))")
                try? await outbound.write(.binary(ByteBuffer(bytes: body)))
                try? await outbound.close(.policyViolation, reason: "INVALID_AUTH")
                return
            }
            let account = AccountID(UInt64(key.accountID))
            let connection = feed.connect()
            privateFeed.open(connection, account: account)
            if let sockets = sessions?.sockets {
                if let token {
                    sockets.add(connection, session: token)
                    // A sign-out between the check and the registering closed the sockets it knew: not this one.
                    if case .refused = await sessionKey(of: token) { connection.close(.sessionEnded) }
                } else {
                    sockets.add(connection, apiKey: key.accessKey)
                }
            }
            defer {
                sessions?.sockets.remove(connection)
                privateFeed.remove(connection, account: account)
                feed.disconnect(connection)
            }
            let handled = WebSocketFastLane.Handled()
            let handOff = LoopHandOff.of(context.requestContext.channel.eventLoop)
            do {
                try await StreamFrameWriter.install(for: connection, on: context.requestContext.channel)
                if let orderEntry {
                    try await WebSocketFastLane.attach(
                        to: context.requestContext.channel, handled: handled,
                        take: take(
                            orderEntry, key: key, account: account, trades: trades, on: connection, handOff: handOff))
                }
            } catch {
                context.logger.debug("websocket writer not installed", metadata: ["error": "\(error)"])
                return
            }
            try await StreamRoutes.serve(
                connection, feed: feed, inbound: inbound, outbound: outbound, context: context,
                refuse: refuse(on: connection, handled: handled),
                unmetered: orderEntry == nil ? nil : Self.isOrderEntry,
                receive: receive(
                    key: key, account: account, trades: trades, on: connection, handled: handled, handOff: handOff))
        }
    }

    /// Whether a message is an order-entry request (which meets the `order` rate, not the message rate).
    private static let isOrderEntry: @Sendable ([UInt8]) -> Bool = { OrderEntry.isRequest($0) }

    /// Upbit's error for a message past the socket's message rate.
    private func refuse(
        on connection: StreamConnection, handled: WebSocketFastLane.Handled
    ) -> @Sendable ([UInt8]) -> Void {
        { _ in
            defer { handled.one() }
            let body = StreamJSON.error(name: "TOO_MANY_REQUESTS", message: "Too many API requests.")
            if connection.enqueue(StreamFrame(binary: body)) { feed.metrics.messagesSent.increment() }
        }
    }

    /// Handles a message the lane did not take: an order-entry request, a `PING`, or a subscription.
    private func receive(
        key: APIKey, account: AccountID, trades: Bool, on connection: StreamConnection,
        handled: WebSocketFastLane.Handled, handOff: LoopHandOff
    ) -> @Sendable ([UInt8]) -> Void {
        { bytes in
            defer { handled.one() }
            if let orderEntry, OrderEntry.isRequest(bytes) {
                connection.touch(at: privateFeed.clock())
                orderEntry.handle(
                    bytes, key: key, account: account, trades: trades, on: connection, answeringOn: handOff)
                return
            }
            if bytes == Array("PING".utf8) {
                feed.receive(bytes, from: connection)
                return
            }
            connection.touch(at: privateFeed.clock())
            let request: PrivateSubscriptionRequest
            do throws(SubscriptionError) {
                request = try PrivateSubscriptionRequest(parsing: bytes)
            } catch {
                _ = connection.enqueue(StreamFrame(binary: StreamJSON.error(name: error.name, message: error.message)))
                return
            }
            let allowed =
                (!request.orders || key.scopes.contains(.ordersRead))
                && (!request.assets || key.scopes.contains(.accounts))
            guard allowed else {
                let body = StreamJSON.error(name: "INVALID_AUTH", message: "권한이 부족합니다. (out_of_scope)")
                _ = connection.enqueue(StreamFrame(binary: body))
                return
            }
            privateFeed.subscribe(connection, account: account, request)
        }
    }

    /// What `connection`'s ``WebSocketFastLane`` takes on the event loop: its order-entry requests.
    private func take(
        _ orderEntry: OrderEntry, key: APIKey, account: AccountID, trades: Bool, on connection: StreamConnection,
        handOff: LoopHandOff
    ) -> WebSocketFastLane.Take {
        { bytes in
            guard OrderEntry.isRequest(bytes.readableBytesView) else { return false }
            connection.touch(at: privateFeed.clock())
            orderEntry.handle(
                bytes.readableBytesView, key: key, account: account, trades: trades, on: connection,
                answeringOn: handOff)
            return true
        }
    }

    /// How a handshake's authentication came out: the key it acts with, or why not.
    private enum Opening {
        case key(APIKey)
        case refused(String)
    }

    /// The key `token`'s session acts with, or why not; nil when the handshake carries no session (a JWT
    /// then decides).
    private func sessionKey(of token: SessionToken?) async -> Opening? {
        guard let token, let store = sessions?.store else { return nil }
        do {
            guard let account = try await SessionCheck.account(of: token, in: store, at: privateFeed.clock()) else {
                return .refused("The session has ended; sign in again.")
            }
            return .key(ExchangeSessions.key(of: account))
        } catch {
            return .refused("the session could not be checked")
        }
    }
}
