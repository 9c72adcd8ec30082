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
        // Upper case as sent is the common case; lower case is taken too, as Upbit does.
        guard let code = MarketCode(text) ?? MarketCode(text.uppercased()) else {
            throw .validation("market does not have a valid value")
        }
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
        do { value = try Value(parsing: positional(text) ?? text) } catch {
            throw .validation("\(name) does not have a valid value")
        }
        guard value.units >= 0 else { throw .validation("\(name) does not have a valid value") }
        return value
    }

    /// `text` written out without its exponent, if it is a decimal with one (`5e-05` → `0.00005`,
    /// `1.5E+3` → `1500`); nil otherwise. pyupbit sends `str(volume)`, and Python writes 0.00005 as
    /// `5e-05`: Upbit takes it, so a small order from pyupbit must not fail here. Exponents past ±40 are
    /// left alone (and then refused), so no text grows without bound.
    static func positional(_ text: String) -> String? {
        // Most amounts have no exponent: a byte scan spares them the split below.
        guard text.utf8.contains(where: { $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }) else { return nil }
        let parts = text.split(omittingEmptySubsequences: false) { $0 == "e" || $0 == "E" }
        guard parts.count == 2, var mantissa = Optional(parts[0]), let exponent = Int(parts[1]),
            (-40...40).contains(exponent), parts[1].count <= 3
        else { return nil }
        var sign = ""
        if let first = mantissa.first, first == "-" || first == "+" {
            sign = first == "-" ? "-" : ""
            mantissa = mantissa.dropFirst()
        }
        let halves = mantissa.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(halves.count), halves.allSatisfy({ $0.allSatisfy(\.isASCIIDigit) }) else { return nil }
        let whole = String(halves[0])
        let fraction = halves.count == 2 ? String(halves[1]) : ""
        let digits = whole + fraction
        guard !digits.isEmpty else { return nil }
        let point = whole.count + exponent
        if point <= 0 { return sign + "0." + String(repeating: "0", count: -point) + digits }
        if point >= digits.count { return sign + digits + String(repeating: "0", count: point - digits.count) }
        return sign + digits.prefix(point) + "." + digits.dropFirst(point)
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

extension Character {
    /// 0–9 only (`isNumber` takes other scripts' digits too).
    fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
