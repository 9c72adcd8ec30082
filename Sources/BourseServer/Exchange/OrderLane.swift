import BourseAuth
import BourseCore
import BourseStore
import BourseUpbit
import CoreMetrics
import Dispatch
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import NIOHTTP1
import Synchronization

/// `POST /v1/orders` taken on the event loop that read it (ADR 0020), by ``HTTPOrderLane``.
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
final class OrderLane: Sendable {
    let exchange: DurableExchange
    let gate: ExchangeGate
    let limiter: RateLimiter
    let metrics: ServerMetrics
    let clock: @Sendable () -> Timestamp
    let logger: Logger
    /// The `Server` header Hummingbird adds (the application's server name).
    let serverName: String?
    private let dates = HTTPDate()
    private let routeMetrics = RouteMetrics(route: OrderLane.path, method: .post)

    /// The one route taken.
    static let path = "/v1/orders"
    /// The longest body taken (an order is about 200 bytes); a longer one goes the router's way.
    static let maximumBodyBytes = 4_096

    init(
        exchange: DurableExchange, gate: ExchangeGate, limiter: RateLimiter, metrics: ServerMetrics,
        clock: @escaping @Sendable () -> Timestamp, logger: Logger, serverName: String?
    ) {
        self.exchange = exchange
        self.gate = gate
        self.limiter = limiter
        self.metrics = metrics
        self.clock = clock
        self.logger = logger
        self.serverName = serverName
    }

    /// Whether a request with `head` may be taken, decided before its body is read. Only an HTTP/1.1
    /// `POST /v1/orders` with no query, a `Content-Length` of at most ``maximumBodyBytes``, one signed token
    /// and nothing that asks for more (a browser's `Origin` or cookie, `Expect`, a chunked body, an upgrade, a close);
    /// everything else goes the router's way, which answers it as before.
    static func accepts(_ head: HTTPRequestHead) -> Bool {
        guard head.method == .POST, head.version == .http1_1, head.uri == path else { return false }
        // One pass over the fields, names compared as bytes: this runs for every order.
        var lengths = 0
        var authorizations = 0
        var contentTypes = 0
        for (name, value) in head.headers {
            switch name.utf8.count {
            case 14 where name.equalsASCIILowercased("content-length"):
                guard let length = Int(value), length <= maximumBodyBytes else { return false }
                lengths += 1
            case 13 where name.equalsASCIILowercased("authorization"):
                guard value.utf8.contains(UInt8(ascii: ".")) else { return false }
                authorizations += 1
            case 12 where name.equalsASCIILowercased("content-type"):
                contentTypes += 1
            case 10 where name.equalsASCIILowercased("connection"):
                if value.containsASCIILowercased("close") { return false }
            // An `Upgrade` (the router refuses it on this route; NIO's decoder stops after its head).
            case 7 where name.equalsASCIILowercased("upgrade"),
                17 where name.equalsASCIILowercased("transfer-encoding"),
                6
            where name.equalsASCIILowercased("origin") || name.equalsASCIILowercased("cookie")
                || name.equalsASCIILowercased("expect"):
                return false
            default:
                continue
            }
        }
        return lengths == 1 && authorizations == 1 && contentTypes <= 1
    }

    /// How an answer reaches the connection: a closure that makes it, run where it is written (the event
    /// loop), so the commit's thread only hands it over.
    typealias Reply = @Sendable (@escaping @Sendable () -> (HTTPResponseHead, ByteBuffer)) -> Void

    /// Answers the request `head` with `body` from `remote` through `reply` (at once, or once its order is
    /// durable) and returns true; or returns false having done nothing, leaving it to the router: its key
    /// is not cached, or its token does not parse (the router's answer to that is the same, and its own).
    func take(_ head: HTTPRequestHead, body: ByteBuffer, remote: SocketAddress?, reply: @escaping Reply) -> Bool {
        let started = DispatchTime.now().uptimeNanoseconds
        let now = clock()
        let contentType = head.headers.first(name: "content-type")
        let payload = RequestPayload(
            query: nil, body: body.readableBytes > 0 ? Array(body.readableBytesView) : nil, contentType: contentType)
        guard
            let outcome = gate.authenticateCached(
                authorization: head.headers.first(name: "authorization"), payload: payload,
                clientIP: remote?.ipAddress, scope: .ordersWrite, now: now)
        else { return false }
        metrics.ordersOnEventLoop.increment()
        routeMetrics.active.increment()
        let version = head.version
        let answer: @Sendable (@escaping @Sendable () -> UpbitReply) -> Void = { [self] make in
            reply {
                let answer = make()
                return (self.respond(answer, version: version, started: started), answer.body)
            }
        }
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

    /// The head of `reply` as the router sends it (Hummingbird adds `Date` and `Server` last), counted in
    /// the metrics the router's middleware keeps.
    private func respond(_ reply: UpbitReply, version: HTTPVersion, started: UInt64) -> HTTPResponseHead {
        var fields = reply.headers
        fields[.date] = dates.now
        if let serverName { fields[.server] = serverName }
        var headers = HTTPHeaders()
        headers.reserveCapacity(fields.count)
        for field in fields { headers.add(name: field.name.rawName, value: field.value) }
        let elapsed = DispatchTime.now().uptimeNanoseconds &- started
        metrics.requests.increment()
        if reply.status.code >= 400 { metrics.failedRequests.increment() }
        metrics.requestDuration.recordNanoseconds(Int64(clamping: elapsed))
        routeMetrics.record(status: reply.status, nanoseconds: elapsed)
        return HTTPResponseHead(
            version: version,
            status: HTTPResponseStatus(statusCode: reply.status.code, reasonPhrase: reply.status.reasonPhrase),
            headers: headers)
    }
}

/// What Hummingbird's `MetricsMiddleware` records for one route, by status: the same labels and
/// dimensions, so `/metrics` reads the same whichever way a request was answered.
final class RouteMetrics: Sendable {
    let route: String
    let method: HTTPRequest.Method
    /// Requests of the method being answered.
    let active: Meter
    private let byStatus = Mutex<[Int: (counter: Counter, timer: CoreMetrics.Timer)]>([:])

    init(route: String, method: HTTPRequest.Method) {
        self.route = route
        self.method = method
        active = Meter(label: "http.server.active_requests", dimensions: [("http.request.method", method.rawValue)])
    }

    /// Counts one answer with `status` that took `nanoseconds`.
    func record(status: HTTPResponse.Status, nanoseconds: UInt64) {
        let (counter, timer) = byStatus.withLock { byStatus in
            if let found = byStatus[status.code] { return found }
            let dimensions = [
                ("http.route", route), ("http.request.method", method.rawValue),
                ("http.response.status_code", status.code.description),
            ]
            let made = (
                Counter(label: "hb.requests", dimensions: dimensions),
                CoreMetrics.Timer(
                    label: "http.server.request.duration", dimensions: dimensions, preferredDisplayUnit: .seconds)
            )
            byStatus[status.code] = made
            return made
        }
        counter.increment()
        timer.recordNanoseconds(Int64(clamping: nanoseconds))
        active.decrement()
    }
}
