import BourseAuth
import BourseCore
import BourseStore
import BourseUpbit
import BourseWire
import Hummingbird

// The order lists: open, closed, by uuids, and the legacy `GET /v1/orders`.
extension ExchangeController {
    /// The longest window `orders/closed` searches (Upbit's rule).
    static let closedWindowMilliseconds: Int64 = 7 * 24 * 3_600_000

    func addOrderListRoutes(to router: Router<BourseRequestContext>) {
        route(router, .get, "/v1/orders/open", scope: .ordersRead) { key, parameters in
            let limit = try OrderListForm.integer(parameters, "limit", in: 1...100, fallback: 100)
            let page = try OrderListForm.integer(parameters, "page", in: 1...1_000_000, fallback: 1)
            let query = OrderQuery(
                account: key.account, market: try OrderListForm.market(parameters),
                states: try OrderListForm.states(parameters, allowed: ["wait", "watch"], fallback: [.wait]),
                newestFirst: try OrderListForm.newestFirst(parameters), limit: limit, offset: (page - 1) * limit)
            return Answer(body: ExchangeJSON.orders(try await store.orders(query)))
        }
        route(router, .get, "/v1/orders/closed", scope: .ordersRead) { key, parameters in
            let limit = try OrderListForm.integer(parameters, "limit", in: 1...1_000, fallback: 100)
            let (from, through) = try closedWindow(parameters)
            let query = OrderQuery(
                account: key.account, market: try OrderListForm.market(parameters),
                states: try OrderListForm.states(parameters, allowed: ["done", "cancel"], fallback: [.done, .cancel]),
                createdFrom: from, createdThrough: through, newestFirst: try OrderListForm.newestFirst(parameters),
                limit: limit)
            return Answer(body: ExchangeJSON.orders(try await store.orders(query)))
        }
        route(router, .get, "/v1/orders/uuids", scope: .ordersRead) { key, parameters in
            let references = try OrderListForm.references(parameters, maximum: 100)
            guard !references.sent.isEmpty else { throw UpbitError.validation("uuids or identifiers is required") }
            let query = OrderQuery(
                account: key.account, market: try OrderListForm.market(parameters), ids: references.ids,
                identifiers: references.identifiers, newestFirst: try OrderListForm.newestFirst(parameters),
                limit: 100)
            return Answer(body: ExchangeJSON.orders(try await store.orders(query)))
        }
        // Removed by Upbit in 2024-10, kept because pyupbit's `get_order` still calls it.
        route(router, .get, "/v1/orders", scope: .ordersRead) { key, parameters in
            let limit = try OrderListForm.integer(parameters, "limit", in: 1...100, fallback: 100)
            let page = try OrderListForm.integer(parameters, "page", in: 1...1_000_000, fallback: 1)
            let references = try OrderListForm.references(parameters, maximum: 100)
            let query = OrderQuery(
                account: key.account, market: try OrderListForm.market(parameters),
                states: try OrderListForm.states(
                    parameters, allowed: ["wait", "watch", "done", "cancel"],
                    fallback: references.sent.isEmpty ? [.wait] : Set(OrderState.allCases)),
                ids: references.ids, identifiers: references.identifiers,
                newestFirst: try OrderListForm.newestFirst(parameters), limit: limit, offset: (page - 1) * limit)
            return Answer(body: ExchangeJSON.orders(try await store.orders(query)))
        }
    }

    /// `start_time` and `end_time` of `orders/closed`: at most 7 days apart; one alone spans 7 days from
    /// (or to) it; neither means the last 7 days.
    private func closedWindow(_ parameters: RequestParameters) throws(UpbitError) -> (Timestamp, Timestamp) {
        let window = Self.closedWindowMilliseconds
        let start = try OrderListForm.time(parameters, "start_time")
        let end = try OrderListForm.time(parameters, "end_time")
        switch (start, end) {
        case (let start?, let end?):
            guard start <= end else { throw .validation("start_time must not be after end_time") }
            guard end.milliseconds - start.milliseconds <= window else {
                throw .validation("the time between start_time and end_time must be at most 7 days")
            }
            return (start, end)
        case (let start?, nil): return (start, Timestamp(milliseconds: start.milliseconds + window))
        case (nil, let end?): return (Timestamp(milliseconds: end.milliseconds - window), end)
        case (nil, nil):
            let now = clock()
            return (Timestamp(milliseconds: now.milliseconds - window), now)
        }
    }
}
