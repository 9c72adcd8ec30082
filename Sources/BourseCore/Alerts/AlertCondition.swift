/// What an alert waits for (issue #19): a market's price, change or 24 h value reaching a line, or a watched
/// item still at or under a price when little time is left.
///
/// Every line is exact: prices and amounts are the core's fixed-point money, the change a ``ChangeRate``, so
/// an alert at 100,000,000 fires on a trade at exactly 100,000,000 and never on 99,999,999.99999999.
public enum AlertCondition: Hashable, Sendable {
    /// The market's last trade price at or above (``AlertDirection/above``) or at or below the price.
    case price(MarketCode, Price, AlertDirection)
    /// The market's change against the previous close (Upbit's `signed_change_rate`) at or beyond the rate:
    /// at or above it when it is positive, at or below it when it is negative.
    case changeRate(MarketCode, ChangeRate)
    /// The market's quote value traded in the rolling 24 hours (`acc_trade_price_24h`) at or above the amount.
    case value24h(MarketCode, FixedPointSum<Funds>)
    /// The item live, its price at or under the amount, and at most `minutes` left before its effective end.
    case item(ItemID, Funds, minutes: Int)

    /// The market an exchange alert watches; nil for an item alert.
    public var market: MarketCode? {
        switch self {
        case .price(let market, _, _), .changeRate(let market, _), .value24h(let market, _): market
        case .item: nil
        }
    }

    /// The item an auction alert watches; nil for an exchange alert.
    public var item: ItemID? {
        if case .item(let item, _, _) = self { item } else { nil }
    }

    /// Whether `ticker` (of this alert's market) meets an exchange condition; false for an item alert.
    public func isMet(by ticker: TickerSnapshot) -> Bool {
        switch self {
        case .price(_, let line, .above): ticker.tradePrice >= line
        case .price(_, let line, .below): ticker.tradePrice <= line
        case .changeRate(_, let line):
            line.units >= 0 ? ticker.signedChangeRate >= line : ticker.signedChangeRate <= line
        case .value24h(_, let line): ticker.accTradeFunds24h.units >= line.units
        case .item: false
        }
    }

    /// Whether `item` (this alert's item) meets an item condition at `now`; false for an exchange alert.
    public func isMet(by item: AuctionItem, at now: Timestamp) -> Bool {
        guard case .item(_, let line, let minutes) = self, item.state == .live else { return false }
        let left = item.effectiveEndsAt.milliseconds - now.milliseconds
        return item.price <= line && left > 0 && left <= Int64(minutes) * 60_000
    }

    /// Whether `item` can no longer meet the condition (its sale is over).
    public static func isOver(_ item: AuctionItem) -> Bool {
        switch item.state {
        case .scheduled, .live: false
        case .sold, .unsold, .cancelled: true
        }
    }
}

/// Which side of its line a price alert waits for.
public enum AlertDirection: String, Hashable, Sendable, CaseIterable {
    /// At or above the line.
    case above
    /// At or below the line.
    case below

    /// The side a line lies on from `price` (the market's price when the alert is set): a line over the
    /// price waits for a rise, one under it (or at it) for a fall.
    public init(line: Price, from price: Price) {
        self = line > price ? .above : .below
    }
}
