import BourseCore
import BourseStore
import BourseWire
import Hummingbird

/// A user's alerts over REST (auction-api.md §4, issue #19): `GET /auction/v1/me/alerts` lists them (the
/// active ones, then the latest that fired or expired), `POST` sets one, `DELETE /auction/v1/me/alerts/{id}`
/// (or `?id=`) removes one. Fired alerts arrive as `notification` events (kind `alert`) on the auction
/// socket, and as `myAlert` on the private exchange socket for connections that ask.
///
/// Bodies of `POST`:
/// - `{"kind":"price","market":"KRW-BTC","price":"100000000"}`: the last trade at or beyond the price, on the
///   side it lies from the price now (or `"direction":"above"|"below"`);
/// - `{"kind":"change_rate","market":"KRW-BTC","percent":"5"}`: the change since the previous close at or
///   beyond +5 % (a negative percent waits for a fall);
/// - `{"kind":"value_24h","market":"KRW-BTC","amount":"1000000000"}`: the 24 h traded value at or above it;
/// - `{"kind":"item","item":12,"price":"50000","minutes":5}`: the item still at or under the price with at
///   most that many minutes left.
struct AlertController: Sendable {
    let controller: AuctionController

    /// The longest an item alert may look ahead: a day.
    static let maximumMinutes = 1_440
    /// The widest change an alert may wait for, in percent (a fall cannot pass -100 %).
    static let maximumPercent: Int64 = 10_000

    var desk: AlertDesk { controller.feed.alerts }

    func addRoutes(to router: Router<BourseRequestContext>) {
        let signedIn = router.group("auction/v1").add(middleware: AuctionErrorMiddleware()).group()
            .add(middleware: AuctionAuthentication(store: controller.store, clock: controller.clock))
        signedIn.get("me/alerts") { _, context in try await list(context) }
        signedIn.post("me/alerts") { request, context in try await create(request, context) }
        signedIn.delete("me/alerts/:id") { _, context in
            try await delete(context.parameters.get("id"), context)
        }
        signedIn.delete("me/alerts") { request, context in
            try await delete(request.uri.queryParameters["id"].map(String.init), context)
        }
    }

    private func list(_ context: BourseRequestContext) async throws -> Response {
        let user = try controller.user(context)
        let alerts = try await controller.store.alerts(of: user.account.id, ended: AlertDesk.listedEnded)
        var writer = JSONWriter()
        writer.beginObject()
        writer.key("alerts")
        writer.beginArray()
        for alert in alerts {
            writer.beginObject()
            AlertJSON.fields(of: alert, into: &writer)
            writer.endObject()
        }
        writer.endArray()
        writer.key("active")
        writer.integer(Int64(alerts.count { $0.state == .active }))
        writer.key("maximum_active")
        writer.integer(Int64(AlertDesk.maximumActive))
        writer.endObject()
        return AuctionJSON.response(writer.bytes)
    }

    private func create(_ request: Request, _ context: BourseRequestContext) async throws -> Response {
        let user = try controller.user(context)
        let body = try await AuctionJSON.object(of: request)
        let condition = try condition(of: body)
        let now = controller.clock()
        if let wait = desk.admitCreation(by: user.account.id, at: now) {
            throw AuctionError(
                status: .tooManyRequests, name: "too_many_requests",
                message: "At most \(AlertDesk.creationsPerMinute) alerts a minute; try again in \(wait) s.",
                retryAfter: wait)
        }
        guard
            let alert = try await controller.store.addAlert(
                Alert(account: user.account.id, condition: condition, createdAt: now),
                maximumActive: AlertDesk.maximumActive, keepingEnded: AlertDesk.keptEnded)
        else {
            throw AuctionError.invalidParameter(
                "You have \(AlertDesk.maximumActive) active alerts, the most one user may hold; delete one first.")
        }
        desk.watch(alert)
        // Met already (a 24 h value past the line, an item in its last minutes): it fires now, not at the next
        // trade or bid, which may never come. Read from the writer's state, which may be one commit ahead of
        // what is durable (the stream's tickers, which the other checks use, are not).
        if let market = condition.market,
            let ticker = controller.exchange.withState({ $0.marketData(market)?.ticker.snapshot(at: now) })
        {
            desk.observe([ticker])
        } else if let item = condition.item, let found = try? controller.found(item) {
            desk.observe([found], at: now)
        }
        return AuctionJSON.response(AlertJSON.object(alert), status: .created)
    }

    private func delete(_ text: String?, _ context: BourseRequestContext) async throws -> Response {
        let user = try controller.user(context)
        guard let text, let id = UInt64(text), id > 0 else {
            throw AuctionError(status: .notFound, name: "not_found", message: "No such alert.")
        }
        guard try await controller.store.deleteAlert(id, of: user.account.id) else {
            throw AuctionError(status: .notFound, name: "not_found", message: "No such alert.")
        }
        desk.forget(id)
        var writer = JSONWriter()
        writer.beginObject()
        writer.key("alert_id")
        writer.integer(Int64(id))
        writer.key("deleted")
        writer.bool(true)
        writer.endObject()
        return AuctionJSON.response(writer.bytes)
    }

    // MARK: - Reading a body

    /// The condition `body` asks for, checked against the markets and items there are.
    func condition(of body: JSONValue) throws -> AlertCondition {
        guard let kind = body["kind"]?.stringValue else {
            throw AuctionError.invalidParameter("kind is required: price, change_rate, value_24h or item.")
        }
        let allowed: Set<String> =
            switch kind {
            case "price": ["kind", "market", "price", "direction"]
            case "change_rate": ["kind", "market", "percent"]
            case "value_24h": ["kind", "market", "amount"]
            case "item": ["kind", "item", "price", "minutes"]
            default:
                throw AuctionError.invalidParameter(
                    "kind must be price, change_rate, value_24h or item, not \(kind).")
            }
        if let unknown = body.members?.first(where: { !allowed.contains($0.key) }) {
            throw AuctionError.invalidParameter(
                "An alert of kind \(kind) takes \(allowed.subtracting(["kind"]).sorted().joined(separator: ", ")), "
                    + "not \(unknown.key).")
        }
        switch kind {
        case "price":
            let market = try self.market(in: body)
            let line: Price = try amount("price", in: body)
            let direction: AlertDirection
            if let value = body["direction"] {
                guard let name = value.stringValue, let parsed = AlertDirection(rawValue: name) else {
                    throw AuctionError.invalidParameter("direction must be above or below.")
                }
                direction = parsed
            } else {
                let now = controller.clock()
                let last = controller.exchange.withState { $0.marketData(market)?.ticker.snapshot(at: now)?.tradePrice }
                direction = last.map { AlertDirection(line: line, from: $0) } ?? .above
            }
            return .price(market, line, direction)
        case "change_rate":
            let market = try self.market(in: body)
            let text = try decimal("percent", in: body)
            // The lower bound first: `Int64.min` parses, and has no magnitude to compare.
            guard let units = try? DecimalParser.parse(text), units > -100 * fixedPointScale, units != 0,
                units <= Self.maximumPercent * fixedPointScale
            else {
                throw AuctionError.invalidParameter(
                    "percent must be a change in percent other than 0, above -100 and at most \(Self.maximumPercent), "
                        + "such as \"5\" or \"-2.5\".")
            }
            // A percent in 10⁻⁸ is a rate in 10⁻¹⁰.
            return .changeRate(market, ChangeRate(units: units))
        case "value_24h":
            let market = try self.market(in: body)
            guard let amount = try? FixedPointSum<Funds>(parsing: try decimal("amount", in: body)), amount.units > 0
            else {
                throw AuctionError.invalidParameter("amount must be a positive decimal, such as \"1000000000\".")
            }
            return .value24h(market, amount)
        default:
            guard let number = body["item"]?.numberText ?? body["item"]?.stringValue, let raw = UInt64(number), raw > 0
            else { throw AuctionError.invalidParameter("item must be an item's id.") }
            let item = try controller.found(ItemID(raw))
            guard !AlertCondition.isOver(item) else {
                throw AuctionError(status: .conflict, name: "auction_not_live", message: "The item's sale is over.")
            }
            guard let price = try AuctionMoney.funds("price", in: body) else {
                throw AuctionError.invalidParameter("price is required: a whole number of won.")
            }
            let minutes = body["minutes"]?.numberText.flatMap { Int($0) }
            guard let minutes, (1...Self.maximumMinutes).contains(minutes) else {
                throw AuctionError.invalidParameter("minutes must be a whole number from 1 to \(Self.maximumMinutes).")
            }
            return .item(item.id, price, minutes: minutes)
        }
    }

    /// The market `body` names, if the exchange lists it.
    private func market(in body: JSONValue) throws -> MarketCode {
        guard let text = body["market"]?.stringValue, let market = MarketCode(text.uppercased()),
            controller.exchange.withState({ $0.exchange.engine(market) != nil })
        else { throw AuctionError.invalidParameter("market must be a listed market's code, such as KRW-BTC.") }
        return market
    }

    /// A positive decimal member (a string, or a JSON number) as money.
    private func amount<Amount: FixedPoint>(_ key: String, in body: JSONValue) throws -> Amount {
        let text = try decimal(key, in: body)
        guard let amount = try? Amount(parsing: text), amount.units > 0 else {
            throw AuctionError.invalidParameter("\(key) must be a positive decimal, such as \"100000000\" or \"0.5\".")
        }
        return amount
    }

    private func decimal(_ key: String, in body: JSONValue) throws -> String {
        guard let value = body[key], let text = value.stringValue ?? value.numberText, !text.isEmpty else {
            throw AuctionError.invalidParameter("\(key) is required.")
        }
        return text
    }
}
