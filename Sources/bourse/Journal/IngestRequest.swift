import BourseCore

/// One line of `bourse ingest` input: a command in JSON, with a client `tag` echoed in its answer.
///
/// ```json
/// {"tag":"1","type":"deposit","account":7,"currency":"KRW","amount":"1000000"}
/// {"tag":"2","type":"limit","account":7,"market":"KRW-BTC","side":"bid","price":"100000000","volume":"0.001"}
/// {"tag":"3","type":"price","account":7,"market":"KRW-BTC","price":"10000"}
/// {"tag":"4","type":"market","account":7,"market":"KRW-BTC","volume":"0.001"}
/// {"tag":"5","type":"cancel","account":7,"order_id":12}
/// ```
struct IngestRequest: Decodable {
    var tag: String
    var type: String
    var account: UInt64
    var market: String?
    var side: String?
    var price: String?
    var volume: String?
    var currency: String?
    var amount: String?
    var orderID: UInt64?
    var identifier: String?
    var timeInForce: String?

    enum CodingKeys: String, CodingKey {
        case tag, type, account, market, side, price, volume, currency, amount, identifier
        case orderID = "order_id"
        case timeInForce = "time_in_force"
    }

    /// Why a line is not a command.
    struct Invalid: Error, CustomStringConvertible {
        var description: String
    }

    /// The command, given the order id the exchange assigns to new orders.
    func command() throws -> @Sendable (OrderID) -> Command {
        let account = AccountID(account)
        switch type {
        case "deposit":
            guard let currency = currency.flatMap(CurrencyCode.init) else { throw Invalid(description: "bad currency") }
            let amount = try Funds(parsing: required(amount, "amount"))
            return { _ in .deposit(account, currency: currency, amount: amount) }
        case "limit", "price", "market", "best":
            guard let market = market.flatMap(MarketCode.init) else { throw Invalid(description: "bad market") }
            guard let orderType = OrderType(rawValue: type) else { throw Invalid(description: "bad type") }
            let side: Side
            switch orderType {
            case .price: side = .bid
            case .market: side = .ask
            default:
                guard let parsed = self.side.flatMap(Side.init) else { throw Invalid(description: "bad side") }
                side = parsed
            }
            let price = try price.map { try Price(parsing: $0) }
            let volume = try volume.map { try Volume(parsing: $0) }
            let timeInForce = try timeInForce.map { text in
                guard let value = TimeInForce(rawValue: text) else { throw Invalid(description: "bad time_in_force") }
                return value
            }
            let identifier = try identifier.map { text in
                guard let value = OrderIdentifier(text) else { throw Invalid(description: "bad identifier") }
                return value
            }
            return { id in
                .place(
                    OrderRequest(
                        id: id, account: account, market: market, side: side, type: orderType, price: price,
                        volume: volume, timeInForce: timeInForce, identifier: identifier))
            }
        case "cancel":
            if let orderID {
                return { _ in .cancel(.id(OrderID(orderID)), account: account) }
            }
            guard let identifier = identifier.flatMap(OrderIdentifier.init) else {
                throw Invalid(description: "cancel needs order_id or identifier")
            }
            return { _ in .cancel(.identifier(identifier), account: account) }
        default:
            throw Invalid(description: "unknown type '\(type)'")
        }
    }

    private func required(_ value: String?, _ name: String) throws -> String {
        guard let value else { throw Invalid(description: "missing \(name)") }
        return value
    }
}
