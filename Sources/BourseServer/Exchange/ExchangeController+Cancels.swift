import BourseAuth
import BourseCore
import BourseStore
import BourseUpbit
import BourseWire
import Hummingbird

// Cancelling many orders at once: by uuids, and every open order matching a filter.
extension ExchangeController {
    func addCancelRoutes(to router: Router<BourseRequestContext>) {
        route(router, .delete, "/v1/orders/uuids", scope: .ordersWrite) { key, parameters in
            let references = try OrderListForm.references(parameters, maximum: 20)
            guard !references.sent.isEmpty else { throw UpbitError.validation("uuids or identifiers is required") }
            let found = try await store.orders(
                OrderQuery(
                    account: key.account, ids: references.ids, identifiers: references.identifiers,
                    limit: references.sent.count))
            let open = found.filter { $0.state == .wait }
            var failed = found.filter { $0.state != .wait }.map(ExchangeJSON.CancelledOrder.init)
            for sent in references.sent {
                let named = found.contains { record in
                    OrderUUID.string(record.id) == sent.lowercased() || record.identifier?.description == sent
                }
                guard !named else { continue }
                failed.append(
                    references.ids != nil
                        ? .init(uuid: sent, market: nil, identifier: nil)
                        : .init(uuid: nil, market: nil, identifier: sent))
            }
            let (cancelled, refused) = try await cancel(open, of: key.account)
            return Answer(body: ExchangeJSON.cancelResult(cancelled: cancelled, failed: failed + refused))
        }
        route(router, .delete, "/v1/orders/open", group: .orderCancelAll, scope: .ordersWrite) { key, parameters in
            let filter = try OpenOrderFilter(parameters)
            let open = try await store.orders(
                OrderQuery(
                    account: key.account, states: [.wait], newestFirst: try OrderListForm.newestFirst(parameters),
                    limit: 100_000))
            let chosen = Array(open.filter(filter.matches).prefix(filter.count))
            let (cancelled, refused) = try await cancel(chosen, of: key.account)
            return Answer(body: ExchangeJSON.cancelResult(cancelled: cancelled, failed: refused))
        }
    }

    /// Cancels `orders` in one submission (nothing runs between them); the ones the engine refused (filled
    /// meanwhile) are returned apart.
    private func cancel(
        _ orders: [OrderRecord], of account: AccountID
    ) async throws -> (cancelled: [ExchangeJSON.CancelledOrder], refused: [ExchangeJSON.CancelledOrder]) {
        guard !orders.isEmpty else { return ([], []) }
        let results = try await exchange.submit(
            orders.map { order in { @Sendable _ in Command.cancel(.id(order.id), account: account) } })
        var cancelled: [ExchangeJSON.CancelledOrder] = []
        var refused: [ExchangeJSON.CancelledOrder] = []
        for (order, result) in zip(orders, results) {
            if case .rejected = result.events.first {
                refused.append(.init(order))
            } else {
                cancelled.append(.init(order))
            }
        }
        return (cancelled, refused)
    }
}

/// The filter of `DELETE /v1/orders/open`: `quote_currencies` or `pairs` (not both, at most 20),
/// `exclude_pairs` (at most 20), `cancel_side` (`all`, `ask`, `bid`) and `count` (1…300, default 20).
struct OpenOrderFilter {
    var quotes: Set<String>?
    var pairs: Set<MarketCode>?
    var excluded: Set<MarketCode>
    var side: Side?
    var count: Int

    init(_ parameters: RequestParameters) throws(UpbitError) {
        let quotes = parameters.list("quote_currencies").map { $0.uppercased() }
        let pairs = try parameters.list("pairs").map { text throws(UpbitError) in try OrderForm.market(text) }
        let excluded = try parameters.list("exclude_pairs").map { text throws(UpbitError) in
            try OrderForm.market(text)
        }
        guard quotes.isEmpty || pairs.isEmpty else {
            throw .validation("quote_currencies and pairs cannot be used together")
        }
        guard quotes.count <= 20, pairs.count <= 20, excluded.count <= 20 else {
            throw .validation("at most 20 quote_currencies, pairs or exclude_pairs")
        }
        self.quotes = quotes.isEmpty ? nil : Set(quotes)
        self.pairs = pairs.isEmpty ? nil : Set(pairs)
        self.excluded = Set(excluded)
        switch parameters.first("cancel_side")?.lowercased() {
        case nil, "", "all": side = nil
        case "ask": side = .ask
        case "bid": side = .bid
        default: throw .validation("cancel_side does not have a valid value")
        }
        count = try OrderListForm.integer(parameters, "count", in: 1...300, fallback: 20)
    }

    func matches(_ order: OrderRecord) -> Bool {
        (quotes.map { $0.contains(order.market.quote.description) } ?? true)
            && (pairs.map { $0.contains(order.market) } ?? true) && !excluded.contains(order.market)
            && (side.map { $0 == order.side } ?? true)
    }
}
