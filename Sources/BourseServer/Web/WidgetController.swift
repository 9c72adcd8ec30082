import BourseCore
import BourseUpbit
import HTTPTypes
import Hummingbird
import NIOCore

/// `GET /widget/{CODE}.svg`: the ``SparklineCard`` of a market, for embedding in any page with `<img>`.
///
/// Public like the quotation API (and limited per address with it; an unknown market is its 404), cached by clients for 10 s, and allowed across
/// origins (`Cross-Origin-Resource-Policy`), since embedding elsewhere is its point. Opened directly, the
/// SVG may run nothing (`default-src 'none'`).
struct WidgetController {
    let reader: QuotationReader
    let limiter: RateLimiter
    let metrics: ServerMetrics

    func addRoutes(to router: Router<BourseRequestContext>) {
        // Each card may read candles from the store: limited per address like the quotation API.
        let limited = router.group().add(
            middleware: QuotationLimit(limiter: limiter, group: .default, metrics: metrics, clock: reader.clock))
        limited.get("/widget/:file") { _, context in
            let file = context.parameters.get("file") ?? ""
            guard file.hasSuffix(".svg"), let code = try? reader.resolve([String(file.dropLast(4))]).first,
                let market = reader.markets().first(where: { $0.code == code })
            else { throw QuotationError.codeNotFound }
            // The last 24 hours by the hour; a market younger than that, its last hour by the minute, or its
            // last minute by the second.
            var closes: [Price] = []
            for (unit, count) in [(CandleUnit.minute60, 24), (.minute1, 60), (.second, 60)] where closes.count < 12 {
                let candles = try await reader.candles(code, unit: unit, before: nil, count: count)
                if candles.count > closes.count { closes = candles.reversed().map(\.close) }
            }
            let svg = SparklineCard.svg(market: market, ticker: reader.tickers([code]).first, closes: closes)
            var headers = HTTPFields()
            headers[.contentType] = "image/svg+xml; charset=utf-8"
            headers[.cacheControl] = "public, max-age=10"
            headers[.contentSecurityPolicy] = "default-src 'none'"
            headers[HTTPField.Name("Cross-Origin-Resource-Policy")!] = "cross-origin"
            headers[.xContentTypeOptions] = "nosniff"
            return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: svg)))
        }
    }
}
