public import BourseCore

/// Simulated participants that keep demo markets moving through the real engine.
///
/// Per market, one market maker quotes a ladder of bids and asks around a fair value that follows a
/// random walk, and a crowd of takers sends market buys, market sells and IOC limits of varied sizes.
/// Everything is a ``Command``; the caller applies the commands to an ``Exchange`` and hands the events
/// back through ``observe(_:)``, before the next ``step(volatility:)``.
///
/// The simulator never numbers orders: its commands carry ``placeholderID``, and whoever applies them
/// gives each new order the writer's next id (``Command/assigningOrderID(_:)``), exactly as a person's
/// order gets one. The makers learn their quotes' real ids from the `accepted` events, as any client
/// learns them from its answers. (An earlier version numbered its own orders from a counter of its own;
/// a person's order placed in between took the same id, and one of the two became unreachable.)
///
/// The simulator is deterministic from its seed: the same seed, the same step times and the same ids
/// give the same commands.
public struct MarketSimulator: Sendable {
    /// Quotes per side for each maker: more than the 30 levels a full Upbit order book shows, so the
    /// demo's books are always full.
    public var levels = 45
    /// Taker accounts.
    public let takers: [AccountID]
    var random: SeededRandom
    var markets: [SimulatedBook]
    /// Each maker's market (one maker per market), to file the events of its quotes.
    let makers: [AccountID: Int]
    var quoteOwners: [OrderID: Int] = [:]

    /// The id every new order of the simulator's commands carries until the writer assigns the real one.
    public static let placeholderID = OrderID(0)

    /// The first account id the simulator's participants use by default; accounts made with the CLI count
    /// up from 1, far below it.
    public static let firstAccount: UInt64 = 1_000_000

    /// A simulator over `markets`, with accounts from `firstAccount` (one maker per market, then
    /// `takerCount` takers).
    public init(
        seed: UInt64, markets: [DemoMarket] = DemoMarket.defaults,
        firstAccount: UInt64 = MarketSimulator.firstAccount, takerCount: Int = 20
    ) {
        random = SeededRandom(seed: seed)
        self.markets = markets.enumerated().map { index, demo in
            SimulatedBook(demo: demo, maker: AccountID(firstAccount + UInt64(index)))
        }
        makers = Dictionary(uniqueKeysWithValues: self.markets.enumerated().map { ($1.maker, $0) })
        takers = (0..<takerCount).map { AccountID(firstAccount + UInt64(markets.count + $0)) }
    }

    /// The markets to list.
    public var listedMarkets: [Market] { markets.map(\.demo.market) }

    /// The current fair value of each market.
    public var fairValues: [MarketCode: Price] {
        Dictionary(uniqueKeysWithValues: markets.map { ($0.demo.market.code, Price(units: $0.fair)) })
    }

    /// Deposits that fund every participant generously in every currency it trades.
    public func fundingCommands() -> [Command] {
        var commands: [Command] = []
        let accounts = markets.map(\.maker) + takers
        var currencies: [CurrencyCode: Int64] = [:]
        for book in markets {
            // 100,000 × the minimum total in quote (500,000,000 KRW), and that much value in base: enough
            // for thousands of the largest orders, while 30 accounts stay well inside the ~92 billion
            // units a currency can hold in all (Int64 of 10⁻⁸ units).
            let quoteAmount = book.demo.market.minTotal.units * 100_000
            currencies[book.demo.market.code.quoteCode] = max(
                currencies[book.demo.market.code.quoteCode] ?? 0, quoteAmount)
            let baseAmount = Funds(units: quoteAmount).affordableVolume(at: book.demo.startPrice)!.units
            currencies[book.demo.market.code.baseCode] = max(
                currencies[book.demo.market.code.baseCode] ?? 0, baseAmount)
        }
        for account in accounts {
            for (currency, amount) in currencies.sorted(by: { $0.key < $1.key }) {
                commands.append(.deposit(account, currency: currency, amount: Funds(units: amount)))
            }
        }
        return commands
    }

    /// Tells the simulator what happened: makers learn the ids of their new quotes and which are gone.
    public mutating func observe(_ events: [Event]) {
        for event in events {
            switch event {
            case .accepted(let accepted):
                let request = accepted.request
                guard let market = makers[request.account] else { continue }
                remember(request.id, request.side, request.price ?? Price(units: 0), market: market)
            case .done(let done): forget(done.order)
            case .cancelled(let cancelled): forget(cancelled.order)
            default: break
            }
        }
    }

    private mutating func forget(_ id: OrderID) {
        guard let market = quoteOwners.removeValue(forKey: id) else { return }
        markets[market].quotes.removeAll { $0 == id }
        markets[market].bids.remove(id)
        markets[market].prices[id] = nil
    }

    private mutating func remember(_ id: OrderID, _ side: Side, _ price: Price, market: Int) {
        markets[market].quotes.append(id)
        markets[market].prices[id] = price
        if side == .bid { markets[market].bids.insert(id) }
        quoteOwners[id] = market
    }

    /// The next burst of activity: each market's fair value moves, its maker refreshes part of its
    /// ladder, and some takers trade. `volatility` multiplies the fair value's move: backfill steps that
    /// stand for a longer stretch of time move further.
    public mutating func step(volatility: Int = 1) -> [Command] {
        var commands: [Command] = []
        for index in markets.indices {
            walk(index, volatility: volatility)
            requote(index, into: &commands)
            trade(index, into: &commands)
        }
        return commands
    }
}
