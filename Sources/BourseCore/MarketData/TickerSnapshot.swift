/// A market's ticker as of one instant: every value of Upbit's `ticker` object (reference §2.3).
///
/// Produced by ``Ticker/snapshot(at:)``. Prices are exact; totals are ``FixedPointSum``s; rates are
/// ``ChangeRate``s. The wire layer only spells them.
public struct TickerSnapshot: Hashable, Sendable {
    /// The market (`market`).
    public var market: MarketCode
    /// The instant the snapshot describes (`timestamp`).
    public var timestamp: Timestamp
    /// The last trade's time (`trade_timestamp`; `trade_date`/`trade_time` via ``tradeUTC``).
    public var tradeTime: Timestamp
    /// The last trade's price (`trade_price`).
    public var tradePrice: Price
    /// The last trade's volume (`trade_volume`).
    public var tradeVolume: Volume
    /// The last trade's taker side (`ask_bid` of the stream).
    public var takerSide: Side
    /// The UTC day's opening price (`opening_price`): the previous close, see ``Ticker``.
    public var openingPrice: Price
    /// The UTC day's highest price (`high_price`).
    public var highPrice: Price
    /// The UTC day's lowest price (`low_price`).
    public var lowPrice: Price
    /// The last price before 00:00 UTC (`prev_closing_price`).
    public var previousClose: Price
    /// `trade_price` against `prev_closing_price` (`change`).
    public var change: PriceChange
    /// `trade_price - prev_closing_price` (`signed_change_price`).
    public var signedChangePrice: Price
    /// `(trade_price - prev_closing_price) / prev_closing_price` (`signed_change_rate`).
    public var signedChangeRate: ChangeRate
    /// Quote value traded since 00:00 UTC (`acc_trade_price`).
    public var accTradeFunds: FixedPointSum<Funds>
    /// Base volume traded since 00:00 UTC (`acc_trade_volume`).
    public var accTradeVolume: FixedPointSum<Volume>
    /// Volume whose taker sold, since 00:00 UTC (`acc_ask_volume` of the stream).
    public var accAskVolume: FixedPointSum<Volume>
    /// Volume whose taker bought, since 00:00 UTC (`acc_bid_volume` of the stream).
    public var accBidVolume: FixedPointSum<Volume>
    /// Quote value traded in the rolling 24 h window (`acc_trade_price_24h`), minute granularity.
    public var accTradeFunds24h: FixedPointSum<Funds>
    /// Base volume traded in the rolling 24 h window (`acc_trade_volume_24h`), minute granularity.
    public var accTradeVolume24h: FixedPointSum<Volume>
    /// The highest price of the last 52 weeks (`highest_52_week_price`).
    public var highest52WeekPrice: Price
    /// The UTC date it was first reached (`highest_52_week_date`, spelled with ``UTCDateTime/date``).
    public var highest52WeekDate: UTCDateTime
    /// The lowest price of the last 52 weeks (`lowest_52_week_price`).
    public var lowest52WeekPrice: Price
    /// The UTC date it was first reached (`lowest_52_week_date`).
    public var lowest52WeekDate: UTCDateTime

    /// The size of the change (`change_price`).
    public var changePrice: Price { Price(units: abs(signedChangePrice.units)) }

    /// The size of the rate (`change_rate`).
    public var changeRate: ChangeRate { signedChangeRate.magnitude }

    /// The last trade's UTC fields (`trade_date` `yyyyMMdd`, `trade_time` `HHmmss`).
    public var tradeUTC: UTCDateTime { UTCDateTime(tradeTime) }

    /// The last trade's KST fields (`trade_date_kst`, `trade_time_kst`).
    public var tradeKST: UTCDateTime { UTCDateTime.kst(tradeTime) }
}
