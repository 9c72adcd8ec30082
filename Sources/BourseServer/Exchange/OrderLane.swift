import BourseAuth
import BourseCore
import BourseStore
import BourseUpbit
import Logging
import NIOCore
import NIOHTTP1

/// `POST /v1/orders` taken on the event loop that read it (ADR 0020), by ``HTTPLane``.
///
/// Through the router, an order paid for Hummingbird's task per request, the hop from the event loop to it,
/// the middleware chain, the hop back to write the answer, and a resumption when its commit was durable:
/// `perf` put three quarters of the server's CPU on Swift's task pool in `bench orders`, at ~150 µs an
/// order. Here the request is checked where it was read (the JWT, its query hash and the nonce, the key's
/// rate limit, the order form: all synchronous once the key is in the directory's cache), queued on the
/// writer at once, and answered from the commit's reply with one hop per event loop and commit.
///
/// The answer is the router's, byte for byte, made by the same code (``ExchangeAuthentication``'s checks
/// and refusals, ``ExchangeController/placed(_:)``, ``UpbitResponse``), and counted in the same metrics.
/// Only the plain case is taken (see ``accepts(_:)``); a request with a key not yet cached goes the
/// router's way, having used nothing up, and caches it for the next.
final class OrderLane: LaneRoute {
    let exchange: DurableExchange
    let gate: ExchangeGate
    let limiter: RateLimiter
    let clock: @Sendable () -> Timestamp
    let logger: Logger
    let responder: LaneResponder
    private let routeMetrics = RouteMetrics(route: OrderLane.path, method: .post)

    /// The one route taken.
    static let path = "/v1/orders"

    init(
        exchange: DurableExchange, gate: ExchangeGate, limiter: RateLimiter, clock: @escaping @Sendable () -> Timestamp,
        logger: Logger, responder: LaneResponder
    ) {
        self.exchange = exchange
        self.gate = gate
        self.limiter = limiter
        self.clock = clock
        self.logger = logger
        self.responder = responder
    }

    /// Only an HTTP/1.1 `POST /v1/orders` with no query, a body of at most ``HTTPLane/maximumBodyBytes``
    /// and one signed token, and nothing that asks for more (``HTTPRequestHead/isPlain(_:signed:maximumBody:)``).
    func accepts(_ head: HTTPRequestHead) -> Bool {
        head.uri == Self.path && head.isPlain(.POST, signed: true, maximumBody: HTTPLane.maximumBodyBytes)
    }

    /// Answers the request `head` with `body` from `remote` through `reply` (at once, or once its order is
    /// durable) and returns true; or returns false having done nothing, leaving it to the router: its key
    /// is not cached, or its token does not parse (the router's answer to that is the same, and its own).
    func take(_ head: HTTPRequestHead, body: ByteBuffer, remote: SocketAddress?, reply: @escaping LaneReply) -> Bool {
        let now = clock()
        let contentType = head.headers.first(name: "content-type")
        let payload = RequestPayload(
            query: nil, body: body.readableBytes > 0 ? Array(body.readableBytesView) : nil, contentType: contentType)
        guard
            let outcome = gate.authenticateCached(
                authorization: head.headers.first(name: "authorization"), payload: payload,
                clientIP: remote?.ipAddress, scope: .ordersWrite, now: now)
        else { return false }
        let answer = responder.answering(routeMetrics, version: head.version, through: reply)
        var counted: RateLimiter.Decision?
        do {
            let key = try outcome.mapError(UpbitError.init).get()
            let decision = limiter.check(RateLimiter.keyClient(key.accessKey), group: .order, at: now)
            counted = decision
            guard decision.allowed else {
                answer { UpbitResponse.tooManyRequestsReply(group: .order, decision: decision) }
                return true
            }
            let parameters = try RequestParameters(query: nil, body: payload.body, contentType: contentType)
            let form = try OrderForm(parameters)
            let account = key.account
            exchange.enqueue([{ id in .place(form.request(id: id, account: account)) }]) { [self] result in
                // The commit's thread only hands over: the answer is encoded on the event loop.
                answer {
                    do {
                        let placed = try ExchangeController.placed(result.get()[0])
                        var reply = UpbitResponse.reply(ByteBuffer(bytes: placed.body), status: placed.status)
                        ExchangeAuthentication.finish(&reply.headers, key: key, group: .order, decision: decision)
                        return reply
                    } catch {
                        return ExchangeAuthentication.refusal(error, group: .order, logger: self.logger) { decision }
                    }
                }
            }
        } catch {
            let refusal = ExchangeAuthentication.refusal(error, group: .order, logger: logger) {
                counted
                    ?? limiter.check(RateLimiter.addressClient(remote?.ipAddress ?? "unknown"), group: .order, at: now)
            }
            answer { refusal }
        }
        return true
    }
}
