import BourseAuth
import BourseCore
import BourseStore
import BourseUpbit
import BourseWire
import NIOCore

/// Order entry on `/websocket/v1/private`, Bourse's extension for bots (ADR 0019): the socket was
/// authenticated once at its handshake, so each order costs no JWT, query hash or HTTP exchange.
///
/// A request is a JSON object with a `method` (Upbit's own requests on this socket are arrays, and the
/// resume request has no `method`):
///
///     {"id":7,"method":"place","params":{"market":"KRW-BTC","side":"bid","ord_type":"limit",
///      "price":"100000000","volume":"0.0001","identifier":"bot-42"}}
///     {"id":8,"method":"cancel","params":{"uuid":"…"}}          (or "identifier")
///
/// `params` are `POST /v1/orders`' (and `DELETE /v1/order`'s) parameters, checked by the same code. Each
/// request is queued on the writer at once, so a bot keeps many in flight, and answered once its command
/// is durable, in the order the requests came:
///
///     {"type":"order","id":7,"order":{… POST /v1/orders' 201 body …}}
///     {"type":"cancel","id":8,"order":{"uuid":"…","market":"KRW-BTC","state":"cancel","remaining_volume":"…"}}
///     {"type":"error","id":7,"error":{"name":"insufficient_funds_bid","message":"…"}}
///
/// Errors carry REST's names. The key needs `orders:write`, and the socket a fresh token (see
/// ``handle(_:key:account:trades:on:)``). Every request counts in the key's REST rate groups (`order` for a
/// placement, `default` for the rest), not in the socket's message rate, which is for subscriptions.
struct OrderEntry: Sendable {
    let exchange: DurableExchange
    let limiter: RateLimiter
    let clock: @Sendable () -> Timestamp

    /// Whether `bytes` is an order-entry request: a JSON object naming a `method`. Cheap (no parse): it
    /// decides which limit a message meets before it is read.
    static func isRequest(_ bytes: some Collection<UInt8>) -> Bool {
        guard let first = bytes.first(where: { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 }),
            first == UInt8(ascii: "{")
        else { return false }
        let method = Array(#""method""#.utf8)
        var matched = 0
        for byte in bytes {
            matched = byte == method[matched] ? matched + 1 : (byte == method[0] ? 1 : 0)
            if matched == method.count { return true }
        }
        return false
    }

    /// The longest request taken (an order is about 250 bytes); a longer one is refused unread.
    static let maximumRequestBytes = 4_096

    /// Handles one request of `key` (acting for `account`) from `connection`: queues its command, answered
    /// when durable, or answers its error now. `trades` says whether the socket may place orders: it was
    /// opened with a sign-in session or with a token whose nonce was new. The handshake accepts a reused
    /// token (ccxt.pro reconnects with the one it signed first), but a token seen before may have been
    /// captured, and it must not trade without limit where REST would refuse it as a replay.
    ///
    /// With `handOff` (the socket's event loop), an answer that waits for its commit is encoded there, not on
    /// the journal's thread, which every commit waits behind.
    func handle(
        _ bytes: some Collection<UInt8>, key: APIKey, account: AccountID, trades: Bool, on connection: StreamConnection,
        answeringOn handOff: LoopHandOff? = nil
    ) {
        // After the server closed the socket (a credential ended, shutdown) the library still reads until the
        // close handshake ends: no order may be placed then.
        guard connection.isOpen else { return }
        var id: JSONValue?
        do throws(UpbitError) {
            guard bytes.count <= Self.maximumRequestBytes else {
                throw .validation("a request is at most \(Self.maximumRequestBytes) bytes")
            }
            guard let message = try? JSONValue(parsing: bytes), message.members != nil else {
                throw .validation("the request is not a JSON object")
            }
            id = message["id"]
            let method = message["method"]?.stringValue
            // Every request counts, well-formed or not: placements in REST's `order` group, the rest as
            // `DELETE /v1/order` does.
            let group: RateLimitGroup = method == "place" ? .order : .default
            guard limiter.check(RateLimiter.keyClient(key.accessKey), group: group, at: clock()).allowed else {
                throw UpbitError(status: 429, name: "too_many_requests", message: "Too many API requests.")
            }
            guard let id, id.stringValue != nil || id.numberText != nil else {
                throw .validation("id is missing: a string or number that the answer repeats")
            }
            if let expiry = key.expiresAtMilliseconds, expiry <= clock().milliseconds {
                throw UpbitError(AuthError.expiredAccessKey)
            }
            guard key.scopes.contains(.ordersWrite) else { throw UpbitError(AuthError.outOfScope) }
            guard trades else {
                throw UpbitError(
                    status: 401, name: AuthError.nonceUsed.name,
                    message: "This socket was opened with a token used before; open it with a fresh nonce to trade.")
            }
            var parameters = RequestParameters()
            if let members = message["params"]?.members { parameters.add(members: members) }
            switch method {
            case "place":
                try place(OrderForm(parameters), id: id, account: account, on: connection, handOff: handOff)
            case "cancel": try cancel(parameters, id: id, account: account, on: connection, handOff: handOff)
            default: throw .validation("method must be place or cancel")
            }
        } catch {
            Self.answer(id, on: connection) { Self.write(error, into: &$0) }
        }
    }

    private func place(
        _ form: OrderForm, id: JSONValue, account: AccountID, on connection: StreamConnection, handOff: LoopHandOff?
    ) {
        exchange.enqueue([{ orderID in .place(form.request(id: orderID, account: account)) }]) { result in
            Self.answer(id, on: connection, handOff: handOff) { writer in
                do {
                    let result = try result.get()[0]
                    try UpbitError.throwIfRejected(result.events)
                    guard case .place(let request) = result.entry.command,
                        let record = OrderTracker.record(of: request.id, from: result.events, at: result.entry.time)
                    else { throw UpbitError.validation("order refused") }
                    writer.key("type")
                    writer.string("order")
                    writer.key("order")
                    ExchangeJSON.write(record, into: &writer)
                } catch {
                    Self.write(error, into: &writer)
                }
            }
        }
    }

    private func cancel(
        _ parameters: RequestParameters, id: JSONValue, account: AccountID, on connection: StreamConnection,
        handOff: LoopHandOff?
    ) throws(UpbitError) {
        let reference: OrderReference
        if let text = parameters.first("uuid"), !text.isEmpty {
            guard let order = OrderUUID.parse(text) else { throw .orderNotFound }
            reference = .id(order)
        } else if let text = parameters.first("identifier"), !text.isEmpty {
            guard let identifier = OrderIdentifier(text) else { throw .orderNotFound }
            reference = .identifier(identifier)
        } else {
            throw .validation("uuid or identifier is required")
        }
        exchange.enqueue([{ _ in .cancel(reference, account: account) }]) { result in
            Self.answer(id, on: connection, handOff: handOff) { writer in
                do {
                    let events = try result.get()[0].events
                    try UpbitError.throwIfRejected(events)
                    let cancelled = events.lazy.compactMap { event -> OrderCancelled? in
                        if case .cancelled(let cancelled) = event { cancelled } else { nil }
                    }.first
                    guard let cancelled else { throw UpbitError.orderNotFound }
                    writer.key("type")
                    writer.string("cancel")
                    writer.key("order")
                    writer.beginObject()
                    writer.key("uuid")
                    writer.string(OrderUUID.string(cancelled.order))
                    writer.key("market")
                    writer.string(cancelled.market)
                    writer.key("state")
                    writer.string("cancel")
                    writer.key("remaining_volume")
                    writer.decimalString(cancelled.remaining)
                    writer.endObject()
                } catch {
                    Self.write(error, into: &writer)
                }
            }
        }
    }

    /// Sends `{"id":…, <body>}` to `connection` ahead of its broadcasts: encoded through `handOff` (on the
    /// socket's event loop) when given, else here.
    private static func answer(
        _ id: JSONValue?, on connection: StreamConnection, handOff: LoopHandOff?,
        _ body: @escaping @Sendable (inout JSONWriter) -> Void
    ) {
        guard let handOff else { return answer(id, on: connection, body) }
        handOff.run { answer(id, on: connection, body) }
    }

    private static func answer(_ id: JSONValue?, on connection: StreamConnection, _ body: (inout JSONWriter) -> Void) {
        var writer = JSONWriter(capacity: 768)
        writer.beginObject()
        writer.key("id")
        writer.requestID(id)
        body(&writer)
        writer.endObject()
        _ = connection.enqueue(StreamFrame(binary: writer.bytes), urgent: true)
    }

    /// `"type":"error","error":{…}` with REST's name for `error` (`server_error` for the unforeseen).
    private static func write(_ error: any Error, into writer: inout JSONWriter) {
        // Anything else is the journal's failure or shutdown (the log has it); the client only learns that
        // its order was not taken.
        let error =
            error as? UpbitError
            ?? UpbitError(status: 503, name: "server_error", message: "The order was not taken; try again.")
        writer.key("type")
        writer.string("error")
        writer.key("error")
        writer.beginObject()
        writer.errorMembers(name: error.name, message: error.message)
        writer.endObject()
    }
}
