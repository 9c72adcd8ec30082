public import Foundation

#if canImport(FoundationNetworking)
public import FoundationNetworking
#endif

/// The quotation REST API of a Bourse (or Upbit) server: what a board needs before the stream takes over.
public struct QuotationClient: Sendable {
    /// The server, e.g. `http://127.0.0.1:8080` (paths start at `/v1`).
    public let baseURL: URL
    let transport: any HTTPTransport

    /// A client of `baseURL` sending its requests through `transport` (`URLSession.bourse`, which keeps no cookies, unless given).
    public init(baseURL: URL, transport: any HTTPTransport = URLSession.bourse) {
        self.baseURL = baseURL
        self.transport = transport
    }

    /// Every listed market with its names and warning flag (`GET /v1/market/all?isDetails=true`).
    public func markets() async throws -> [BoardMarket] {
        try await get("/v1/market/all", [URLQueryItem(name: "isDetails", value: "true")])
    }

    /// The tickers of every market quoted in `quotes` (`GET /v1/ticker/all?quote_currencies=…`).
    public func tickers(quotes: [String]) async throws -> [TickerUpdate] {
        try await get("/v1/ticker/all", [URLQueryItem(name: "quote_currencies", value: quotes.joined(separator: ","))])
    }

    /// The tickers of `codes` (`GET /v1/ticker?markets=…`).
    public func tickers(codes: [String]) async throws -> [TickerUpdate] {
        try await get("/v1/ticker", [URLQueryItem(name: "markets", value: codes.joined(separator: ","))])
    }

    /// Up to `count` (≤ 200) candles of `market` starting before `to` (`yyyy-MM-dd'T'HH:mm:ss`, UTC;
    /// `nil` for the latest, the current one included), newest first as the API returns them.
    public func candles(
        _ market: String, _ interval: CandleInterval, count: Int = 200, to: String? = nil
    )
        async throws -> [Candle]
    {
        var query = [URLQueryItem(name: "market", value: market), URLQueryItem(name: "count", value: "\(count)")]
        if let to { query.append(URLQueryItem(name: "to", value: to)) }
        return try await get(interval.path, query)
    }

    /// The latest `count` (≤ 500) trades of `market`, newest first.
    public func trades(_ market: String, count: Int = 100) async throws -> [TradeUpdate] {
        try await get(
            "/v1/trades/ticks",
            [URLQueryItem(name: "market", value: market), URLQueryItem(name: "count", value: "\(count)")])
    }

    /// The order book of `market`.
    public func orderbook(_ market: String) async throws -> OrderBookView {
        let books: [OrderBookView] = try await get("/v1/orderbook", [URLQueryItem(name: "markets", value: market)])
        guard let book = books.first else { throw ClientError.undecodable(path: "/v1/orderbook", error: "no book") }
        return book
    }

    func get<Response: Decodable>(_ path: String, _ query: [URLQueryItem]) async throws -> Response {
        var components = try ServerCall.components(baseURL, path)
        components.queryItems = query.isEmpty ? nil : query
        let request = URLRequest(url: try ServerCall.url(components, baseURL, path))
        return try await ServerCall.perform(request, transport, path: path)
    }
}
