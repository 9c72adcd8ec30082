public import BourseCore

/// An alert's condition as the SQL stores keep it: one row shape for every kind, so both databases read and
/// write alerts through this one mapping.
public struct AlertRow: Hashable, Sendable {
    /// `price`, `change_rate`, `value_24h` or `item` (the API's names).
    public var kind: String
    /// The market of an exchange alert.
    public var market: String?
    /// The item of an auction alert.
    public var item: Int64?
    /// The line in its type's raw units (a ``Price``'s, a ``ChangeRate``'s or ``Funds``' units), as decimal
    /// text: a 24 h value's line can pass what a 64-bit column holds.
    public var line: String
    /// `above` or `below` for a price alert.
    public var direction: String?
    /// The minutes of an item alert.
    public var minutes: Int64?

    /// The row of `condition`.
    public init(_ condition: AlertCondition) {
        (market, item, direction, minutes) = (nil, nil, nil, nil)
        switch condition {
        case .price(let code, let price, let side):
            (kind, market, line, direction) = ("price", code.description, String(price.units), side.rawValue)
        case .changeRate(let code, let rate):
            (kind, market, line) = ("change_rate", code.description, String(rate.units))
        case .value24h(let code, let funds):
            (kind, market, line) = ("value_24h", code.description, String(funds.units))
        case .item(let id, let funds, let within):
            (kind, item, line, minutes) = ("item", Int64(id.rawValue), String(funds.units), Int64(within))
        }
    }

    /// A row read back.
    public init(kind: String, market: String?, item: Int64?, line: String, direction: String?, minutes: Int64?) {
        (self.kind, self.market, self.item, self.line, self.direction, self.minutes) =
            (kind, market, item, line, direction, minutes)
    }

    /// The condition the row holds; nil if it is not one this version writes.
    public var condition: AlertCondition? {
        if kind == "value_24h" {
            guard let code = market.flatMap({ MarketCode($0) }), let units = Int128(line) else { return nil }
            return .value24h(code, FixedPointSum(units: units))
        }
        guard let line = Int64(line) else { return nil }
        switch kind {
        case "price":
            guard let code = market.flatMap({ MarketCode($0) }), let side = direction.flatMap(AlertDirection.init)
            else { return nil }
            return .price(code, Price(units: line), side)
        case "change_rate":
            return market.flatMap { MarketCode($0) }.map { .changeRate($0, ChangeRate(units: line)) }
        case "item":
            guard let item, item > 0, let minutes else { return nil }
            return .item(ItemID(UInt64(item)), Funds(units: line), minutes: Int(minutes))
        default:
            return nil
        }
    }
}
