import BourseCore
import BourseUpbit
import BourseWire

/// The parameters of `POST /v1/orders` (and `orders/test`), read and checked as Upbit does before an order
/// reaches the engine: missing or malformed fields are `validation_error`; whether the combination makes
/// an order is the engine's call (`create_bid_error`, …).
struct OrderForm {
    var market: MarketCode
    var side: Side
    var type: OrderType
    var price: Price?
    var volume: Volume?
    var timeInForce: TimeInForce?
    var selfTradePrevention: SelfTradePrevention?
    var identifier: OrderIdentifier?

    init(_ parameters: RequestParameters) throws(UpbitError) {
        market = try Self.market(parameters.first("market"))
        side = try Self.choice(parameters.first("side"), "side")
        type = try Self.choice(parameters.first("ord_type"), "ord_type")
        price = try Self.amount(parameters.first("price"), "price")
        volume = try Self.amount(parameters.first("volume"), "volume")
        timeInForce = try Self.optionalChoice(parameters.first("time_in_force"), "time_in_force")
        selfTradePrevention = try Self.optionalChoice(parameters.first("smp_type"), "smp_type")
        identifier = try Self.identifier(parameters.first("identifier"), "identifier")
    }

    /// The order with id `id` for `account`.
    func request(id: OrderID, account: AccountID) -> OrderRequest {
        OrderRequest(
            id: id, account: account, market: market, side: side, type: type, price: price, volume: volume,
            timeInForce: timeInForce, selfTradePrevention: selfTradePrevention, identifier: identifier)
    }

    // MARK: - Fields

    static func market(_ text: String?) throws(UpbitError) -> MarketCode {
        guard let text, !text.isEmpty else { throw .validation("market is missing") }
        guard let code = MarketCode(text.uppercased()) else { throw .validation("market does not have a valid value") }
        return code
    }

    static func choice<Value: RawRepresentable<String>>(_ text: String?, _ name: String) throws(UpbitError) -> Value {
        guard let text, !text.isEmpty else {
            throw .validation("\(name) is missing, \(name) does not have a valid value")
        }
        guard let value = Value(rawValue: text) else { throw .validation("\(name) does not have a valid value") }
        return value
    }

    static func optionalChoice<Value: RawRepresentable<String>>(
        _ text: String?, _ name: String
    ) throws(UpbitError) -> Value? {
        guard let text, !text.isEmpty, text != "null" else { return nil }
        guard let value = Value(rawValue: text) else { throw .validation("\(name) does not have a valid value") }
        return value
    }

    /// A decimal amount; absent, empty or `null` is none. Exponents and more than 8 decimals are refused.
    static func amount<Value: FixedPoint>(_ text: String?, _ name: String) throws(UpbitError) -> Value? {
        guard let text, !text.isEmpty, text != "null" else { return nil }
        let value: Value
        do { value = try Value(parsing: text) } catch { throw .validation("\(name) does not have a valid value") }
        guard value.units >= 0 else { throw .validation("\(name) does not have a valid value") }
        return value
    }

    static func identifier(_ text: String?, _ name: String) throws(UpbitError) -> OrderIdentifier? {
        guard let text, !text.isEmpty else { return nil }
        guard let identifier = OrderIdentifier(text) else {
            throw .validation(
                "\(name) must be 1 to \(OrderIdentifier.maximumBytes) bytes without control characters")
        }
        return identifier
    }
}
