/// One trade as `trades/ticks` and the trade stream report it.
public struct TradeRecord: Hashable, Codable, Sendable {
    /// Which market, as Upbit writes it: quote first (`KRW-BTC`).
    public var market: MarketCode
    /// The engine's trade number in the market (1, 2, 3, … with no gaps).
    public var sequence: UInt64
    /// Upbit's `sequential_id`: `timestamp_ms * 10000 + n`, unique and increasing in the market
    /// (see ``TradeTape``).
    public var sequentialID: Int64
    /// When the trade happened (`timestamp`).
    public var time: Timestamp
    /// The price (`trade_price`).
    public var price: Price
    /// The volume (`trade_volume`).
    public var volume: Volume
    /// `price × volume` rounded down, as the engine booked it.
    public var funds: Funds
    /// The taker's side: `bid` when the taker bought (`ask_bid` = `BID`).
    public var takerSide: Side
    /// The previous UTC day's close at the time of the trade (`prev_closing_price`).
    public var previousClose: Price

    /// Memberwise initializer.
    public init(
        market: MarketCode, sequence: UInt64, sequentialID: Int64, time: Timestamp, price: Price, volume: Volume,
        funds: Funds, takerSide: Side, previousClose: Price
    ) {
        self.market = market
        self.sequence = sequence
        self.sequentialID = sequentialID
        self.time = time
        self.price = price
        self.volume = volume
        self.funds = funds
        self.takerSide = takerSide
        self.previousClose = previousClose
    }

    /// `price - previousClose`, signed (`change_price` of `trades/ticks`).
    public var changePrice: Price { Price(units: price.units - previousClose.units) }

    /// Upbit's `ask_bid`: `BID` when the taker bought, `ASK` when the taker sold.
    public var askBid: String { takerSide == .bid ? "BID" : "ASK" }

    /// The UTC calendar fields of ``time`` (`trade_date_utc`, `trade_time_utc`).
    public var utc: UTCDateTime { UTCDateTime(time) }
}
