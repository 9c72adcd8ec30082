/// Everything Upbit's quotation API reports about one market's trades: the tape, the ticker and a candle
/// series per unit, all fed from the engine's ``Trade`` events.
///
/// The shell feeds it every `.traded` event of the market in order and may call ``advance(to:)`` on a
/// timer; reads take the time they describe. It holds no clock and allocates only as trades arrive.
public struct MarketData: Hashable, Codable, Sendable {
    /// One-second candles kept by default: a week's worth at one per second (about 600,000 candles, tens
    /// of megabytes for a market that trades every second). Upbit serves about three months; older ones
    /// are the store's business.
    public static let defaultRetainedSecondCandles = 7 * 86_400

    /// Which market, as Upbit writes it: quote first (`KRW-BTC`).
    public let market: MarketCode
    /// The recent trades (`trades/ticks`).
    public private(set) var tape: TradeTape
    /// The ticker (`ticker`).
    public private(set) var ticker: Ticker
    /// One series per ``CandleUnit``, in `CandleUnit.allCases` order.
    private var series: [CandleSeries]

    /// No trades yet; at least `retainedSecondCandles` one-second candles are kept.
    ///
    /// By default other units keep every candle and the tape keeps Upbit's eight days. A shell that keeps
    /// history in a store bounds memory (and snapshots) with `retainedCandles`, at least that many of the
    /// newest candles of every other unit, and `retainedTrades`, at least that many of the newest trades.
    public init(
        market: MarketCode, retainedSecondCandles: Int = defaultRetainedSecondCandles, retainedCandles: Int? = nil,
        retainedTrades: Int? = nil
    ) {
        self.market = market
        tape = TradeTape(market: market, retainedCount: retainedTrades)
        ticker = Ticker(market: market)
        series = CandleUnit.allCases.map { unit in
            CandleSeries(unit: unit, retainedCount: unit == .second ? retainedSecondCandles : retainedCandles)
        }
    }

    // MARK: - Input

    /// Counts an engine trade everywhere and returns it as the tape recorded it.
    @discardableResult
    public mutating func record(_ trade: Trade) -> TradeRecord {
        let record = tape.record(trade)
        ticker.record(trade)
        for index in series.indices {
            series[index].record(price: record.price, volume: record.volume, funds: record.funds, at: record.time)
        }
        return record
    }

    /// Moves time forward with no trade (day rollover and 24 h expiry of the ticker).
    public mutating func advance(to time: Timestamp) {
        ticker.advance(to: time)
    }

    // MARK: - Output

    /// The candle series of `unit`.
    public func series(_ unit: CandleUnit) -> CandleSeries {
        series[CandleUnit.allCases.firstIndex(of: unit)!]
    }

    /// Up to `count` candles of `unit` starting before `to`, newest first (see
    /// ``CandleSeries/candles(before:count:)``).
    public func candles(_ unit: CandleUnit, before to: Timestamp?, count: Int) -> [Candle] {
        series(unit).candles(before: to, count: count)
    }
}
