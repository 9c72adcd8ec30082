import BourseCore
import BourseUpbit
import NIOCore
import NIOHTTP1

/// `GET /v1/ticker` and `GET /v1/ticker/all` answered on the event loop that read them (ADR 0020), by
/// ``HTTPLane``: the most asked REST request (every board polls it), answered from ``QuotationController``'s
/// ticker cache without Hummingbird's task per request, its middleware and its hops (`bench rest`: about
/// half the server's CPU for this request went to them).
///
/// The answer is the router's, made by the same code: ``QuotationLimit``'s rate limit of the client's
/// address in the `ticker` group, ``QuotationController/ticker(_:)`` and ``QuotationController/tickerAll(_:)``
/// on the same cache, ``UpbitResponse``'s builders (gzip as the client accepts it), and the same metrics.
/// Only a plain `GET` with a query and nothing else to read is taken (no body, token, browser origin).
struct TickerLane: LaneRoute {
    let quotation: QuotationController
    let limiter: RateLimiter
    let clock: @Sendable () -> Timestamp
    let responder: LaneResponder
    private let routeMetrics = [
        TickerLane.ticker: RouteMetrics(route: TickerLane.ticker, method: .get),
        TickerLane.tickerAll: RouteMetrics(route: TickerLane.tickerAll, method: .get),
    ]

    static let ticker = "/v1/ticker"
    static let tickerAll = "/v1/ticker/all"

    init(
        quotation: QuotationController, limiter: RateLimiter, clock: @escaping @Sendable () -> Timestamp,
        responder: LaneResponder
    ) {
        self.quotation = quotation
        self.limiter = limiter
        self.clock = clock
        self.responder = responder
    }

    /// The route's path and the query of `uri`, for one of the two paths with a query.
    private static func split(_ uri: String) -> (path: String, query: Substring)? {
        guard let mark = uri.utf8.firstIndex(of: UInt8(ascii: "?")), !uri.utf8.contains(UInt8(ascii: "#")) else {
            return nil
        }
        let path = uri[..<mark]
        guard path == ticker || path == tickerAll else { return nil }
        return (String(path), uri[uri.index(after: mark)...])
    }

    func accepts(_ head: HTTPRequestHead) -> Bool {
        Self.split(head.uri) != nil && head.isPlain(.GET, signed: false, maximumBody: 0)
    }

    func take(_ head: HTTPRequestHead, body: ByteBuffer, remote: SocketAddress?, reply: @escaping LaneReply) -> Bool {
        guard let (path, query) = Self.split(head.uri), let route = routeMetrics[path] else { return false }
        let answering = responder.answering(route, version: head.version, through: reply)
        let decision = limiter.check(
            RateLimiter.addressClient(remote?.ipAddress ?? "unknown"), group: .ticker, at: clock())
        let answer: UpbitReply
        if decision.allowed {
            do throws(QuotationError) {
                let parameters = try RequestParameters(query: String(query), body: nil, contentType: nil)
                let body =
                    path == Self.tickerAll ? try quotation.tickerAll(parameters) : try quotation.ticker(parameters)
                let encodings = head.headers["accept-encoding"]
                var made = UpbitResponse.reply(
                    body,
                    gzip: UpbitResponse.acceptsGzip(
                        acceptEncoding: encodings.isEmpty ? nil : encodings.joined(separator: ", ")),
                    compressor: quotation.compressedBodies)
                UpbitResponse.addRateLimitHeaders(to: &made.headers, group: .ticker, decision: decision)
                answer = made
            } catch {
                answer = UpbitResponse.errorReply(error, group: .ticker, decision: decision)
            }
        } else {
            responder.metrics.throttled(group: RateLimitGroup.ticker.rawValue)
            answer = UpbitResponse.tooManyRequestsReply(group: .ticker, decision: decision)
        }
        answering { answer }
        return true
    }
}
