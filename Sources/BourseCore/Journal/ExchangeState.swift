/// Everything the single writer owns, and everything a snapshot holds: the ``Exchange``, each market's
/// ``MarketData``, and the journal position.
///
/// The writer turns each command into a ``JournalEntry`` (stamping sequence, time and order ids) and
/// applies it here; recovery applies the journaled entries after a snapshot to reach the same state.
/// Because both paths go through ``apply(_:events:trades:)``, a replay cannot drift from the original run.
public struct ExchangeState: Sendable, Equatable, Codable {
    /// Orders, books and balances.
    public private(set) var exchange: Exchange
    /// Each listed market's tape, ticker and candles, in the exchange's listing order.
    public private(set) var marketData: [MarketData]
    /// The sequence of the last applied entry; 0 before the first.
    public private(set) var lastSequence: UInt64 = 0
    /// The time of the last applied entry; entries never go back in time.
    public private(set) var lastTime = Timestamp(milliseconds: 0)
    /// The next order id to hand out (ids are never reused).
    public private(set) var nextOrderID = OrderID(1)
    /// The records of open orders.
    public private(set) var orders = OrderTracker()

    /// A fresh state listing `markets`; `marketData` makes each market's (empty) market data.
    public init(markets: [Market], marketData: (MarketCode) -> MarketData = { MarketData(market: $0) }) {
        exchange = Exchange(markets: markets)
        self.marketData = markets.map { marketData($0.code) }
    }

    // MARK: - Writing

    /// The entry the writer journals for `command`: the next sequence, at `clock` or the last entry's time
    /// if the clock went back. `makeCommand` receives the next free order id; if the command uses it,
    /// ``apply(_:events:trades:)`` moves past it.
    public func nextEntry(at clock: Timestamp, _ makeCommand: (OrderID) -> Command) -> JournalEntry {
        JournalEntry(sequence: lastSequence + 1, time: max(clock, lastTime), command: makeCommand(nextOrderID))
    }

    /// The entry for `makeCommand` stamped exactly `time`, even if that is before the last entry's time:
    /// history simulated into markets that have none yet (a demo's first start on a data directory where
    /// accounts were already funded). Each market's tape still only moves forward (``TradeTape``), so the
    /// caller keeps such entries in time order and before any trade of the markets they touch.
    public func nextEntry(backdatedTo time: Timestamp, _ makeCommand: (OrderID) -> Command) -> JournalEntry {
        JournalEntry(sequence: lastSequence + 1, time: time, command: makeCommand(nextOrderID))
    }

    /// Applies `entry` (which must be the next sequence), appending its events to `events` and the trade
    /// records it added to the market data to `trades`.
    public mutating func apply(_ entry: JournalEntry, events: inout [Event], trades: inout [TradeRecord]) {
        var changes = OrderChanges()
        apply(entry, events: &events, trades: &trades, orders: &changes)
    }

    /// Applies `entry` as ``apply(_:events:trades:)`` does, also adding the order records it changed and
    /// the fills it made to `orders`.
    public mutating func apply(
        _ entry: JournalEntry, events: inout [Event], trades: inout [TradeRecord], orders changes: inout OrderChanges
    ) {
        precondition(entry.sequence == lastSequence + 1, "journal entry \(entry.sequence) after \(lastSequence)")
        lastSequence = entry.sequence
        lastTime = max(lastTime, entry.time)
        // An id handed out before belongs to another order (open or closed, any account's): refused, so an
        // order can never shadow another in the index or in the stored history.
        if let id = entry.command.newOrderID, id < nextOrderID {
            events.append(.rejected(Self.reusedID(entry.command)))
            return
        }
        switch entry.command {
        case .place(let request): advanceOrderID(past: request.id)
        case .cancelAndReplace(_, _, let replacement): advanceOrderID(past: replacement.id)
        case .withdraw(let request): advanceOrderID(past: OrderID(request.id.rawValue))
        case .receiveDeposit(let incoming): advanceOrderID(past: OrderID(incoming.id.rawValue))
        case .listItem(let id, _): advanceOrderID(past: OrderID(id.rawValue))
        default: break
        }
        let first = events.count
        exchange.handle(entry.command, at: entry.time, into: &events)
        for event in events[first...] {
            guard case .traded(let trade) = event, let slot = marketSlot(trade.market) else { continue }
            trades.append(marketData[slot].record(trade))
        }
        orders.observe(events[first...], exchange: exchange, at: entry.time, into: &changes)
    }

    private static func reusedID(_ command: Command) -> CommandRejected {
        switch command {
        case .cancelAndReplace(let reference, let account, let replacement):
            CommandRejected(
                account: account, command: .cancelAndReplace(reference, replacement), reason: .orderIDReused)
        case .place(let request):
            CommandRejected(account: request.account, command: .place(request), reason: .orderIDReused)
        default:
            preconditionFailure("only commands that create an order have a new order id")
        }
    }

    private mutating func advanceOrderID(past id: OrderID) {
        // Saturating: an id of UInt64.max (never handed out, but a journal could say so) must not trap.
        nextOrderID = OrderID(max(nextOrderID.rawValue, id.rawValue == .max ? .max : id.rawValue + 1))
    }

    /// Moves every market's market data to `time` with no trade (day rollover, 24 h expiry).
    public mutating func advance(to time: Timestamp) {
        for index in marketData.indices { marketData[index].advance(to: time) }
    }

    // MARK: - Reading

    /// The market data of `market`, if it is listed.
    public func marketData(_ market: MarketCode) -> MarketData? {
        marketSlot(market).map { marketData[$0] }
    }

    /// The candles of `market` whose period contains or follows `time`, per unit: after a batch of trades
    /// starting at `time`, these are the only candles that changed.
    public func candles(of market: MarketCode, since time: Timestamp) -> [(unit: CandleUnit, candle: Candle)] {
        guard let data = marketData(market) else { return [] }
        var changed: [(CandleUnit, Candle)] = []
        for unit in CandleUnit.allCases {
            let start = unit.start(of: time)
            let candles = data.series(unit).candles
            var index = candles.endIndex
            while index > candles.startIndex, candles[index - 1].start >= start { index -= 1 }
            for candle in candles[index...] { changed.append((unit, candle)) }
        }
        return changed
    }

    private func marketSlot(_ market: MarketCode) -> Int? {
        exchange.marketSlots[market].map(Int.init)
    }
}
