import BourseCore

/// Runs a ``FlowGenerator`` against a scratch exchange and records the commands it makes, feeding
/// each command's events back so the generator only ever cancels or moves open orders.
struct FlowRecorder {
    let shape: FlowShape
    let time: Timestamp
    private(set) var setup: [Command] = []
    private(set) var stream: [Command] = []
    private(set) var statistics = EngineFlow.Statistics()
    private var exchange: Exchange
    private var generator: FlowGenerator
    private var events: [Event] = []
    private let code: MarketCode

    init(market: Market, shape: FlowShape, seed: UInt64, time: Timestamp) {
        self.shape = shape
        self.time = time
        code = market.code
        exchange = Exchange(markets: [market])
        generator = FlowGenerator(shape: shape, market: market.code, seed: seed)
    }

    /// Deposits for every account: an equal share of the most KRW the ledger can hold (an `Int64` of
    /// 10⁻⁸ units per currency, ~46,000,000 KRW each for 1,000 accounts, hundreds of the largest bids),
    /// and 1,000 BTC.
    mutating func fund() {
        let krw = Funds(units: Int64.max / 2 / Int64(shape.accounts))
        let btc = Funds(units: 1_000 * fixedPointScale)
        for account in 1...shape.accounts {
            let id = AccountID(UInt64(account))
            apply(.deposit(id, currency: code.quoteCode, amount: krw), recordIn: \.setup)
            apply(.deposit(id, currency: code.baseCode, amount: btc), recordIn: \.setup)
        }
    }

    /// Passive orders on alternate sides until the book holds its target size.
    mutating func prefill() {
        for _ in 0..<shape.restingOrders {
            let (bid, ask) = touch()
            apply(generator.prefillOrder(bestBid: bid, bestAsk: ask), recordIn: \.setup)
        }
        precondition(exchange.engine(code)?.tradeCount == 0, "the prefill must not trade")
        statistics.initialRestingOrders = exchange.openOrderCount
        statistics.initialLevels = levels()
    }

    /// Records `count` stream commands.
    mutating func record(_ count: Int) {
        stream.reserveCapacity(count)
        var sampledOrders = 0
        var sampledLevels = 0
        var samples = 0
        var ordersRange = (low: Int.max, high: 0)
        var levelsRange = (low: Int.max, high: 0)
        for index in 0..<count {
            let (bid, ask) = touch()
            let (command, kind) = generator.next(bestBid: bid, bestAsk: ask)
            switch kind {
            case .limit: statistics.limitOrders += 1
            case .immediateOrCancel: statistics.immediateOrCancelOrders += 1
            case .cancel: statistics.cancels += 1
            case .replace: statistics.replacements += 1
            }
            let trades = apply(command, recordIn: \.stream)
            statistics.events += events.count
            statistics.trades += trades
            if trades > 0 { statistics.tradingCommands += 1 }
            if index % 256 == 0 {
                let orders = exchange.openOrderCount
                let occupied = levels()
                sampledOrders += orders
                sampledLevels += occupied
                samples += 1
                ordersRange = (min(ordersRange.low, orders), max(ordersRange.high, orders))
                levelsRange = (min(levelsRange.low, occupied), max(levelsRange.high, occupied))
            }
        }
        if samples > 0 {
            statistics.restingOrdersRange = ordersRange.low...ordersRange.high
            statistics.levelsRange = levelsRange.low...levelsRange.high
            statistics.meanRestingOrders = sampledOrders / samples
            statistics.meanLevels = sampledLevels / samples
        }
    }

    /// Applies `command`, records it, shows its events to the generator and returns how many trades it made.
    @discardableResult
    private mutating func apply(_ command: Command, recordIn list: WritableKeyPath<FlowRecorder, [Command]>) -> Int {
        self[keyPath: list].append(command)
        events.removeAll(keepingCapacity: true)
        exchange.handle(command, at: time, into: &events)
        generator.open.apply(events)
        var trades = 0
        for event in events {
            switch event {
            case .traded: trades += 1
            case .rejected: statistics.rejections += 1
            default: break
            }
        }
        return trades
    }

    /// The best bid and ask, in ticks.
    private func touch() -> (bid: Int?, ask: Int?) {
        let engine = exchange.engine(code)!
        return (engine.bestBid.map(shape.tick(of:)), engine.bestAsk.map(shape.tick(of:)))
    }

    /// Occupied price levels on both sides.
    private func levels() -> Int {
        let engine = exchange.engine(code)!
        return engine.depth(.bid).count + engine.depth(.ask).count
    }
}
