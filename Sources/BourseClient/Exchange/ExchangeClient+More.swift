public import Foundation

// Market orders, time in force, the order chance, closed orders, orders named by the client's identifier,
// and the deposit and withdrawal lists.
extension ExchangeClient {
    // MARK: - Placing

    /// Buys at market for a total (`POST /v1/orders`, `ord_type=price`): `total` is the quote amount to
    /// spend, fee not included, as a decimal string; the volume is whatever it buys.
    ///
    /// Upbit usually reports such an order `cancel` rather than `done`: the remainder too small to buy a
    /// unit is cancelled.
    public func placeMarketBuy(market: String, total: String, identifier: String? = nil) async throws -> OrderSummary {
        try await place([("market", market), ("side", "bid"), ("price", total), ("ord_type", "price")], identifier)
    }

    /// Sells `volume` at market (`POST /v1/orders`, `ord_type=market`), a decimal string.
    public func placeMarketSell(market: String, volume: String, identifier: String? = nil) async throws -> OrderSummary
    {
        try await place([("market", market), ("side", "ask"), ("volume", volume), ("ord_type", "market")], identifier)
    }

    /// Places a limit order with a time in force (`POST /v1/orders`, `time_in_force`): `ioc` and `fok` trade
    /// only on arrival, `postOnly` only rests.
    public func placeLimitOrder(
        market: String, side: OrderSide, volume: String, price: String, timeInForce: OrderTimeInForce,
        identifier: String? = nil
    ) async throws -> OrderSummary {
        try await place(
            [
                ("market", market), ("side", side.rawValue), ("volume", volume), ("price", price),
                ("ord_type", "limit"), ("time_in_force", timeInForce.rawValue),
            ], identifier)
    }

    private func place(_ parameters: [(String, String)], _ identifier: String?) async throws -> OrderSummary {
        var parameters = parameters
        if let identifier { parameters.append(("identifier", identifier)) }
        return try await send("POST", "/v1/orders", parameters)
    }

    // MARK: - Reading orders

    /// What the account may order in `market` (`GET /v1/orders/chance`): fees, order types, the minimum
    /// total and its balances of the market's two currencies.
    public func orderChance(market: String) async throws -> OrderChance {
        try await send("GET", "/v1/orders/chance", [("market", market)])
    }

    /// One order, named by the identifier the client gave it when placing it (`GET /v1/order`).
    public func order(identifier: String) async throws -> OrderSummary {
        try await send("GET", "/v1/order", [("identifier", identifier)])
    }

    /// Cancels an order named by the client's identifier (`DELETE /v1/order`); the answer is the order as it
    /// was when asked.
    public func cancelOrder(identifier: String) async throws -> OrderSummary {
        try await send("DELETE", "/v1/order", [("identifier", identifier)])
    }

    /// The account's finished orders (`GET /v1/orders/closed`), newest first unless `newestFirst` is false.
    ///
    /// Without `state`, both `done` and `cancel` orders. The server searches orders created from `from`
    /// through `through`, at most 7 days apart; one alone spans the 7 days after (or before) it, neither
    /// the last 7 days. `limit` is 1…1000 (the server's default is 100).
    public func closedOrders(
        market: String? = nil, state: ClosedOrderState? = nil, from: Date? = nil, through: Date? = nil,
        limit: Int? = nil, newestFirst: Bool = true
    ) async throws -> [OrderSummary] {
        var parameters: [(String, String)] = []
        if let market { parameters.append(("market", market)) }
        if let state { parameters.append(("state", state.rawValue)) }
        // Epoch milliseconds: digits only, so the query is the same escaped or not (Upbit hashes it unescaped).
        if let from { parameters.append(("start_time", Self.epochMilliseconds(from))) }
        if let through { parameters.append(("end_time", Self.epochMilliseconds(through))) }
        if let limit { parameters.append(("limit", String(limit))) }
        if !newestFirst { parameters.append(("order_by", "asc")) }
        return try await send("GET", "/v1/orders/closed", parameters)
    }

    // MARK: - Deposits and withdrawals

    /// The account's deposits (`GET /v1/deposits`), newest first unless `newestFirst` is false; the key
    /// needs the deposit-read permission.
    ///
    /// `state` is one of Upbit's upper-case deposit states (`ACCEPTED`, …); `limit` is 1…100, `page` from 1.
    public func deposits(
        currency: String? = nil, state: String? = nil, limit: Int? = nil, page: Int? = nil, newestFirst: Bool = true
    ) async throws -> [TransferSummary] {
        try await send(
            "GET", "/v1/deposits",
            Self.transferParameters(currency: currency, state: state, limit: limit, page: page, newestFirst))
    }

    /// The account's withdrawals (`GET /v1/withdraws`), newest first unless `newestFirst` is false; the key
    /// needs the withdrawal-read permission.
    ///
    /// `state` is one of Upbit's upper-case withdrawal states (`WAITING`, `DONE`, …); `limit` is 1…100,
    /// `page` from 1.
    public func withdrawals(
        currency: String? = nil, state: String? = nil, limit: Int? = nil, page: Int? = nil, newestFirst: Bool = true
    ) async throws -> [TransferSummary] {
        try await send(
            "GET", "/v1/withdraws",
            Self.transferParameters(currency: currency, state: state, limit: limit, page: page, newestFirst))
    }

    private static func transferParameters(
        currency: String?, state: String?, limit: Int?, page: Int?, _ newestFirst: Bool
    ) -> [(String, String)] {
        var parameters: [(String, String)] = []
        if let currency { parameters.append(("currency", currency)) }
        if let state { parameters.append(("state", state)) }
        if let limit { parameters.append(("limit", String(limit))) }
        if let page { parameters.append(("page", String(page))) }
        if !newestFirst { parameters.append(("order_by", "asc")) }
        return parameters
    }

    private static func epochMilliseconds(_ date: Date) -> String {
        String(Int64((date.timeIntervalSince1970 * 1_000).rounded(.down)))
    }
}
