public import BourseCore

/// Entries applied together, and the market data they produced: what one group commit writes.
///
/// The writer fills one per round; anything else that journals (an import, a benchmark building a long
/// history) uses the same type, so the stored trades and candles are always exactly what applying the
/// entries gives.
public struct JournalBatch: Sendable {
    /// The applied entries, in order.
    public private(set) var entries: [JournalEntry] = []
    /// The trades they made, in order.
    public private(set) var trades: [TradeRecord] = []
    /// The order records they changed and the fills they made.
    public private(set) var orders = OrderChanges()
    /// The deposits and withdrawals they made or changed.
    public private(set) var transfers: [TransferRecord] = []
    /// The auction bids they accepted.
    public private(set) var auctionBids: [AuctionBidRecord] = []
    /// Per market, the time of the batch's first trade: candles from that period on have changed.
    private var firstTradeTime: [MarketCode: Timestamp] = [:]

    /// An empty batch.
    public init() {}

    /// `true` if nothing was applied.
    public var isEmpty: Bool { entries.isEmpty }

    /// Applies `entry` to `state`, replacing `events` with its events, and remembers entry and trades.
    public mutating func apply(_ entry: JournalEntry, to state: inout ExchangeState, events: inout [Event]) {
        events.removeAll(keepingCapacity: true)
        let tradeStart = trades.count
        state.apply(entry, events: &events, trades: &trades, orders: &orders)
        if events.contains(where: \.isTransfer) {
            transfers += TransferRecord.transfers(of: CommandResult(entry: entry, events: events))
        }
        if case .bid = entry.command { auctionBids += AuctionBidRecord.bids(of: events) }
        for trade in trades[tradeStart...] where firstTradeTime[trade.market] == nil {
            firstTradeTime[trade.market] = trade.time
        }
        entries.append(entry)
    }

    /// The candles changed by this batch's trades, as `state` (which applied the batch) now has them.
    ///
    /// They are read back from the state's market data, so a batch must not span more periods of a unit
    /// than memory keeps (``MarketData/durableRetention``); the writer's batches share one time, and
    /// builders of long histories commit well before that.
    public func changedCandles(in state: ExchangeState) -> [StoredCandle] {
        var candles: [StoredCandle] = []
        for (market, since) in firstTradeTime.sorted(by: { $0.key < $1.key }) {
            for (unit, candle) in state.candles(of: market, since: since) {
                candles.append(StoredCandle(market: market, unit: unit, candle: candle))
            }
        }
        return candles
    }

    /// The commit that stores this batch (which must not be empty): its journal record, trades, changed
    /// candles, changed orders and fills.
    public func commit(in state: ExchangeState) -> JournalCommit {
        let bytes = JournalCodec.encode(entries)
        let record = JournalRecord(firstSequence: entries[0].sequence, count: entries.count, bytes: bytes)
        return JournalCommit(
            record: record, trades: trades, candles: changedCandles(in: state), orders: orders.records,
            fills: orders.fills, transfers: transfers, auctionBids: auctionBids)
    }
}

extension Event {
    /// `true` for the events that make or change a deposit or withdrawal record.
    var isTransfer: Bool {
        switch self {
        case .deposited, .coinDeposit, .withdrawal: true
        default: false
        }
    }
}
