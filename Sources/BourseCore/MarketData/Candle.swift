/// One candle: the trades of one period of a ``CandleUnit``, as Upbit's candle endpoints report them.
///
/// Only periods with at least one trade have a candle. Prices are those of trades; the day-candle extras
/// (`prev_closing_price`, `change_price`, `change_rate`) compare the close with ``previousClose``.
public struct Candle: Hashable, Codable, Sendable {
    /// The first instant of the period (`candle_date_time_utc`; the KST spelling is this plus 9 h).
    public var start: Timestamp
    /// The first trade's price (`opening_price`).
    public var open: Price
    /// The highest trade price (`high_price`).
    public var high: Price
    /// The lowest trade price (`low_price`).
    public var low: Price
    /// The last trade's price (`trade_price`).
    public var close: Price
    /// The time of the last trade in the period (`timestamp`).
    public var lastTradeTime: Timestamp
    /// The quote value traded (`candle_acc_trade_price`).
    public var accTradeFunds: FixedPointSum<Funds>
    /// The base volume traded (`candle_acc_trade_volume`).
    public var accTradeVolume: FixedPointSum<Volume>
    /// The close of the previous candle of the same series (for days: the previous day that had
    /// trades); the candle's own open for the first candle of a market (`prev_closing_price`).
    public var previousClose: Price

    /// A candle holding one trade.
    public init(
        start: Timestamp, price: Price, volume: Volume, funds: Funds, time: Timestamp, previousClose: Price
    ) {
        self.start = start
        open = price
        high = price
        low = price
        close = price
        lastTradeTime = time
        accTradeFunds = FixedPointSum(funds)
        accTradeVolume = FixedPointSum(volume)
        self.previousClose = previousClose
    }

    /// Adds a later trade of the same period.
    public mutating func add(price: Price, volume: Volume, funds: Funds, time: Timestamp) {
        high = max(high, price)
        low = min(low, price)
        close = price
        lastTradeTime = max(lastTradeTime, time)
        accTradeFunds.add(funds)
        accTradeVolume.add(volume)
    }

    /// `close - previousClose`, signed (day candles' `change_price`).
    public var changePrice: Price { Price(units: close.units - previousClose.units) }

    /// `(close - previousClose) / previousClose`, signed (day candles' `change_rate`).
    public var changeRate: ChangeRate { ChangeRate(from: previousClose, to: close) }

    /// The UTC calendar fields of ``start`` (`candle_date_time_utc`, and `first_day_of_period` as a date).
    public var startUTC: UTCDateTime { UTCDateTime(start) }

    /// The KST calendar fields of ``start`` (`candle_date_time_kst`).
    public var startKST: UTCDateTime { UTCDateTime.kst(start) }
}
