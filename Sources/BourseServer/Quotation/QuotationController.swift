import BourseCore
import BourseUpbit
import BourseWire
import HTTPTypes
import Hummingbird
import NIOCore

/// The REST quotation API (reference §2): `market/all`, `ticker`, `ticker/all`, `orderbook`,
/// `orderbook/instruments`, `trades/ticks` and candles of every unit.
struct QuotationController: Sendable {
    let reader: QuotationReader
    let limiter: RateLimiter
    let metrics: ServerMetrics
    /// Encoded candle responses (see ``ResponseCache``).
    let candleCache = ResponseCache()
    /// Encoded ticker responses (see ``ResponseCache``).
    let tickerCache = ResponseCache(maximumBytes: 4 << 20)
    /// The gzip forms of recent bodies (a cached body is compressed once, not for every client).
    let compressedBodies = CompressedBodies()
    /// Largest request body read for parameters.
    static let maximumBodyBytes = 1 << 20

    /// Adds every quotation route, each in the group of its Upbit rate-limit group (``QuotationLimit``).
    func addRoutes(to router: Router<BourseRequestContext>) {
        route(router, "/v1/market/all", .market) { parameters in
            let details = try parameters.boolean("is_details", "isDetails") ?? false
            return QuotationJSON.markets(reader.markets(), details: details)
        }
        route(router, "/v1/ticker", .ticker, cached: true) { parameters in try ticker(parameters) }
        route(router, "/v1/ticker/all", .ticker, cached: true) { parameters in try tickerAll(parameters) }
        route(router, "/v1/orderbook", .orderbook) { parameters in
            let codes = try reader.resolve(parameters.list("markets"))
            let depth = try parameters.integer("count") ?? OrderBookSnapshot.maximumDepth
            guard depth >= 1 else { throw QuotationError.invalidParameter }
            var level = Price.zero
            if let text = parameters.first("level"), !text.isEmpty {
                guard let parsed = try? Price(parsing: text), parsed.units >= 0 else {
                    throw QuotationError.invalidParameter
                }
                level = parsed
            }
            return QuotationJSON.orderBooks(reader.orderBooks(codes, level: level, depth: min(depth, 30)))
        }
        route(router, "/v1/orderbook/instruments", .orderbook) { parameters in
            QuotationJSON.instruments(reader.instruments(try reader.resolve(parameters.list("markets"))))
        }
        route(router, "/v1/orderbook/supported_levels", .orderbook) { parameters in
            QuotationJSON.instruments(reader.instruments(try reader.resolve(parameters.list("markets"))))
        }
        route(router, "/v1/trades/ticks", .trades) { parameters in try await trades(parameters) }
        // Upbit asks for a key here; this demo table is public until the exchange API (accounts, keys) lands.
        route(router, "/v1/status/wallet", .default) { _ in WalletStatusTable.json(at: reader.now()) }
        route(router, "/v1/candles/seconds", .candles, cached: true) { parameters in
            try await candles(parameters, unit: .second)
        }
        limited(router, .candles).get("/v1/candles/minutes/:unit") { request, context in
            guard let minutes = context.parameters.get("unit", as: Int.self), let unit = CandleUnit(minutes: minutes)
            else { throw QuotationError.invalidParameter }
            let body = try await candles(try await Self.parameters(of: request), unit: unit)
            return UpbitResponse.reply(body, gzip: UpbitResponse.acceptsGzip(request), compressor: compressedBodies)
                .response
        }
        for (path, unit) in [("days", CandleUnit.day), ("weeks", .week), ("months", .month), ("years", .year)] {
            route(router, "/v1/candles/\(path)", .candles, cached: true) { parameters in
                try await candles(parameters, unit: unit)
            }
        }
    }

    // MARK: - Endpoints

    /// `GET /v1/ticker`'s body: the tickers of `markets`. Synchronous, for the event loop's lane too
    /// (``TickerLane``).
    func ticker(_ parameters: RequestParameters) throws(QuotationError) -> ByteBuffer {
        tickers(try reader.resolve(parameters.list("markets")))
    }

    /// `GET /v1/ticker/all`'s body: the tickers of every market quoted in `quote_currencies`.
    func tickerAll(_ parameters: RequestParameters) throws(QuotationError) -> ByteBuffer {
        let quotes = parameters.list("quote_currencies")
        guard !quotes.isEmpty else { throw .missingParameter }
        return tickers(try reader.markets(quotedIn: quotes))
    }

    /// Tickers of `codes`, encoded once per change: a ticker moves only with a trade in its market, and its
    /// rolling 24-hour sums and day only with the minute, so (trades, minute) versions the body. Its
    /// `timestamp` is then when that version was first asked for, not the instant of each request.
    private func tickers(_ codes: [MarketCode]) -> ByteBuffer {
        let minute = reader.now().milliseconds / 60_000
        let key = "tickers|\(minute)|" + codes.map(\.description).joined(separator: ",")
        let version = codes.reduce(Int64(0)) { $0 &+ reader.tradeVersion($1) }
        return tickerCache.body(key, version: version) { QuotationJSON.tickers(reader.tickers(codes)) }
    }

    private func candles(_ parameters: RequestParameters, unit: CandleUnit) async throws -> ByteBuffer {
        let code = try reader.resolve([try parameters.required("market")])[0]
        let count = try parameters.integer("count") ?? 1
        guard (1...CandleSeries.maximumQueryCount).contains(count) else { throw QuotationError.invalidParameter }
        var to: Timestamp?
        if let text = parameters.first("to"), !text.isEmpty {
            do { to = try UpbitTimeParser.timestamp(text) } catch { throw QuotationError.invalidParameter }
        }
        var converting = false
        if unit == .day, let currency = parameters.first("converting_price_unit"), !currency.isEmpty {
            guard currency.uppercased() == "KRW" else { throw QuotationError.invalidParameter }
            converting = true
        }
        // Candles change only when the market trades, so the newest trade id versions the encoded body.
        let key = "\(code)|\(unit.storageCode)|\(count)|\(to?.milliseconds ?? -1)|\(converting)"
        return try await candleCache.body(key, version: reader.tradeVersion(code)) {
            let candles = try await reader.candles(code, unit: unit, before: to, count: count)
            return QuotationJSON.candles(candles, market: code, unit: unit, convertingPriceUnit: converting)
        }
    }

    private func trades(_ parameters: RequestParameters) async throws -> [UInt8] {
        let code = try reader.resolve([try parameters.required("market")])[0]
        let count = try parameters.integer("count") ?? 1
        guard (1...TradeTape.maximumQueryCount).contains(count) else { throw QuotationError.invalidParameter }
        let daysAgo = try parameters.integer("days_ago") ?? 0
        guard (0...TradeTape.maximumDaysAgo).contains(daysAgo) else { throw QuotationError.invalidParameter }
        var cursor: Int64?
        if let text = parameters.first("cursor"), !text.isEmpty {
            guard let value = Int64(text) else { throw QuotationError.typeMismatch }
            cursor = value
        }
        let today = UTCCalendar.day(of: reader.now())
        let dayStart = UTCCalendar.start(ofDay: today - Int64(daysAgo)).milliseconds
        var until = dayStart + UTCCalendar.millisecondsPerDay
        if let text = parameters.first("to"), !text.isEmpty {
            guard let second = try? UpbitTimeParser.secondOfDay(text) else { throw QuotationError.invalidParameter }
            // `to` is a time of day; trades up to the end of that second count.
            until = min(until, dayStart + (second + 1) * 1_000)
        }
        let trades = try await reader.trades(
            code, from: Timestamp(milliseconds: dayStart), until: Timestamp(milliseconds: until), cursor: cursor,
            count: count)
        return QuotationJSON.trades(trades)
    }

    // MARK: - Plumbing

    /// A group of routes limited as Upbit's `group`.
    private func limited(
        _ router: Router<BourseRequestContext>, _ group: RateLimitGroup
    ) -> RouterGroup<
        BourseRequestContext
    > {
        router.group().add(
            middleware: QuotationLimit(limiter: limiter, group: group, metrics: metrics, clock: reader.clock))
    }

    /// A route whose body comes from `handler`; `cached` when that is a ``ResponseCache``'s (asked for again
    /// until it changes), whose gzip form is then remembered too (``compressedBodies``).
    private func route(
        _ router: Router<BourseRequestContext>, _ path: RouterPath, _ group: RateLimitGroup, cached: Bool = false,
        _ handler: @escaping @Sendable (RequestParameters) async throws -> ByteBuffer
    ) {
        limited(router, group).get(path) { request, _ in
            UpbitResponse.reply(
                try await handler(try await Self.parameters(of: request)), gzip: UpbitResponse.acceptsGzip(request),
                compressor: cached ? compressedBodies : nil
            ).response
        }
    }

    private func route(
        _ router: Router<BourseRequestContext>, _ path: RouterPath, _ group: RateLimitGroup,
        _ handler: @escaping @Sendable (RequestParameters) async throws -> [UInt8]
    ) {
        route(router, path, group) { parameters in ByteBuffer(bytes: try await handler(parameters)) }
    }

    /// The query string's parameters, then the body's (form-encoded or JSON).
    static func parameters(of request: Request) async throws -> RequestParameters {
        var request = request
        let body = try await request.collectBody(upTo: maximumBodyBytes)
        return try RequestParameters(
            query: request.uri.query, body: body.readableBytes > 0 ? Array(body.readableBytesView) : nil,
            contentType: request.headers[.contentType])
    }
}
