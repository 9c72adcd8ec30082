import BourseAuth
import BourseCore
import BourseStore
import BourseUpbit
import BourseWire
import Hummingbird

// Placing, reading and cancelling one order.
extension ExchangeController {
    func addOrderRoutes(to router: Router<BourseRequestContext>) {
        route(router, .post, "/v1/orders", group: .order, scope: .ordersWrite) { key, parameters in
            let form = try OrderForm(parameters)
            return try Self.placed(
                await exchange.submit { id in .place(form.request(id: id, account: key.account)) })
        }
        route(router, .post, "/v1/orders/test", group: .orderTest, scope: .ordersWrite) { key, parameters in
            let form = try OrderForm(parameters)
            // A real placement applied to a copy of the exchange, so every check is the engine's own; the
            // copy is dropped, and the id (top bit set) names no order that can ever exist.
            let id = OrderID(1 << 63 | UInt64.random(in: 1..<(1 << 62)))
            let now = clock()
            let events = exchange.withState { state in
                var copy = state.exchange
                return copy.handle(.place(form.request(id: id, account: key.account)), at: now)
            }
            try UpbitError.throwIfRejected(events)
            guard case .accepted(let accepted) = events.first else { throw UpbitError.validation("order refused") }
            return Answer(body: ExchangeJSON.order(OrderRecord(accepted: accepted)), status: .created)
        }
        route(router, .get, "/v1/order", scope: .ordersRead) { key, parameters in
            let record = try await order(named: parameters, of: key.account)
            let fills = try await store.fills(of: record.id)
            return Answer(body: ExchangeJSON.order(record, .init(trades: fills)))
        }
        route(router, .delete, "/v1/order", scope: .ordersWrite) { key, parameters in
            let record = try await order(named: parameters, of: key.account)
            guard record.state == .wait else { throw UpbitError.orderNotFound }
            let result = try await exchange.submit(.cancel(.id(record.id), account: key.account))
            try UpbitError.throwIfRejected(result.events)
            // Upbit answers with the order as it was when the cancel was asked for (state `wait`).
            return Answer(body: ExchangeJSON.order(record))
        }
        route(router, .post, "/v1/orders/cancel_and_new", group: .order, scope: .ordersWrite) { key, parameters in
            let previous = try await order(
                named: parameters, uuidKey: "prev_order_uuid", identifierKey: "prev_order_identifier", of: key.account)
            guard previous.state == .wait else { throw UpbitError.orderNotFound }
            let form = try ReplacementForm(parameters)
            let result = try await exchange.submit { id in
                .cancelAndReplace(.id(previous.id), account: key.account, form.request(id: id))
            }
            try UpbitError.throwIfRejected(result.events)
            guard case .cancelAndReplace(_, _, let replacement) = result.entry.command else {
                throw UpbitError.validation("order refused")
            }
            // The old order was cancelled; a refused replacement is reported like a refused placement.
            if let refusal = result.events.lazy.compactMap({ event -> Rejection? in
                if case .rejected(let rejected) = event { rejected.reason } else { nil }
            }).first {
                throw UpbitError(refusal)
            }
            let body = ExchangeJSON.order(
                previous, .init(newOrder: (replacement.id, replacement.identifier)))
            return Answer(body: body, status: .created)
        }
    }

    /// The answer to a placement once its command is durable: the `201` with the order as the command left
    /// it, from its own events (no store read on the hot path), or the refusal.
    static func placed(_ result: CommandResult) throws -> Answer {
        try UpbitError.throwIfRejected(result.events)
        guard case .place(let request) = result.entry.command,
            let record = OrderTracker.record(of: request.id, from: result.events, at: result.entry.time)
        else { throw StoreError.corrupt("an accepted order has no record") }
        return Answer(body: ExchangeJSON.order(record), status: .created)
    }

    /// The order of `account` that `parameters` name by `uuid` or, failing that, `identifier`.
    func order(
        named parameters: RequestParameters, uuidKey: String = "uuid", identifierKey: String = "identifier",
        of account: AccountID
    ) async throws -> OrderRecord {
        if let text = parameters.first(uuidKey), !text.isEmpty {
            guard let id = OrderUUID.parse(text), let record = try await store.order(id, of: account) else {
                throw UpbitError.orderNotFound
            }
            return record
        }
        if let text = parameters.first(identifierKey), !text.isEmpty {
            guard let identifier = OrderIdentifier(text),
                let record = try await store.order(identifier: identifier, of: account)
            else { throw UpbitError.orderNotFound }
            return record
        }
        throw UpbitError.validation("\(uuidKey) or \(identifierKey) is required")
    }
}
