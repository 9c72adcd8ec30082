public import BourseCore

/// What one group commit writes, atomically: the journal record, the market data its commands made, and
/// the order records and fills they changed.
///
/// The trades and candles are derived data (replaying the journal makes them again), but writing them in
/// the same transaction keeps the store's history exactly as far along as its journal, with no catch-up
/// step after a crash.
public struct JournalCommit: Sendable {
    /// The commit's commands with their sequences and times, replayed in order on recovery.
    public var record: JournalRecord
    /// The trades the commands made, in order.
    public var trades: [TradeRecord]
    /// The candles the trades changed, in their state after the commit; each replaces the stored candle
    /// with the same market, unit and start.
    public var candles: [StoredCandle]
    /// The orders the commands changed, each once in its state after the commit; each replaces the stored
    /// order with the same id.
    public var orders: [OrderRecord]
    /// The fills the trades made (two per trade), in order.
    public var fills: [OrderFill]
    /// The deposits and withdrawals the commands made or changed, in order; each replaces the stored
    /// record with the same kind and id.
    public var transfers: [TransferRecord]
    /// The auction bids the entries accepted (an item's public bid history).
    public var auctionBids: [AuctionBidRecord]

    /// Builds it from exactly these parts; nothing is checked or derived here.
    public init(
        record: JournalRecord, trades: [TradeRecord] = [], candles: [StoredCandle] = [], orders: [OrderRecord] = [],
        fills: [OrderFill] = [], transfers: [TransferRecord] = [], auctionBids: [AuctionBidRecord] = []
    ) {
        self.record = record
        self.trades = trades
        self.candles = candles
        self.orders = orders
        self.fills = fills
        self.transfers = transfers
        self.auctionBids = auctionBids
    }
}

/// A candle with the market and unit it belongs to, as stores keep them.
public struct StoredCandle: Hashable, Sendable {
    /// Which market, as Upbit writes it: quote first (`KRW-BTC`).
    public var market: MarketCode
    /// Which candle period (1 s, minutes, days …) this row updates.
    public var unit: CandleUnit
    /// The candle as the commit leaves it, replacing any stored one of the same start.
    public var candle: Candle

    /// A stored candle.
    public init(market: MarketCode, unit: CandleUnit, candle: Candle) {
        self.market = market
        self.unit = unit
        self.candle = candle
    }
}

/// A snapshot as stored: the state's bytes and the journal sequence they include.
public struct StoredSnapshot: Hashable, Sendable {
    /// The last journal sequence applied to the state.
    public var sequence: UInt64
    /// The encoded state.
    public var bytes: [UInt8]

    /// Builds it from exactly these parts; nothing is checked or derived here.
    public init(sequence: UInt64, bytes: [UInt8]) {
        self.sequence = sequence
        self.bytes = bytes
    }
}
