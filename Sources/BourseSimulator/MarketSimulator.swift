public import BourseCore
import BourseToolkit

/// Simulated participants that keep demo markets moving through the real engine.
///
/// One set of underlying values (``FairValues``: a random walk per asset, in dollars) sets every market's
/// fair price, so cross rates agree. Per market, one market maker keeps a ladder of bids and asks on a
/// fixed price grid around the fair price (the spread is one grid step, a steady fraction of the price),
/// and takers send market and IOC orders as often and as large as the market's ``MarketLiquidity`` says,
/// so a busy market trades more than a quiet one.
///
/// Time drives everything: ``step(at:)`` moves the values as far as the time since the previous step
/// warrants and sends that much order flow. A step of more than ``ladderStepLimit`` (the far history a
/// backfill simulates in 1-minute to 4-hour steps) trades in a few larger orders: the maker offers each one
/// at the fair price of a moment inside the step and a taker takes it, since a ladder re-quoted every
/// four hours would either cost thousands of orders or trade at stale prices.
///
/// Everything is a ``Command``; the caller applies the commands to an ``Exchange`` and hands the events
/// back through ``observe(_:)`` before the next step. The simulator never numbers orders: its commands carry
/// ``placeholderID``, and whoever applies them gives each new order the writer's next id
/// (``Command/assigningOrderID(_:)``), exactly as a person's order gets one. The makers learn their quotes'
/// real ids from the `accepted` events, as any client learns them from its answers. (An earlier version
/// numbered its own orders from a counter of its own; a person's order placed in between took the same id,
/// and one of the two became unreachable.) Participants trade only what they hold, by their own account of
/// their fills, and top their accounts up with a deposit when fees have worn them down.
///
/// The simulator is deterministic from its seed: the same seed, the same step times and the same ids
/// give the same commands.
public struct MarketSimulator: Sendable {
    /// Quotes per side for each maker by default: more than the 30 levels a full Upbit order book shows,
    /// so the demo's books are always full.
    public static let defaultLevels = 45
    /// Quotes per side for each maker (the funding is sized for ``defaultLevels``).
    public var levels = MarketSimulator.defaultLevels
    /// Taker accounts.
    public let takers: [AccountID]
    var random: SeededRandom
    /// The underlying values every fair price comes from.
    public internal(set) var values: FairValues
    var markets: [SimulatedBook]
    /// Each maker's market (one maker per market), to file the events of its quotes.
    let makers: [AccountID: Int]
    var quoteOwners: [OrderID: Int] = [:]
    /// What each participant holds (available and locked) by its own count: deposits and fills it saw.
    var holdings: [AccountID: [CurrencyCode: Int64]] = [:]
    /// What each participant is funded with, and topped up to.
    let targets: [AccountID: [CurrencyCode: Int64]]
    /// The time of the previous step.
    public internal(set) var lastStep: Timestamp?
    /// Commands of the simulator's participants the exchange refused (none, unless someone else moved
    /// their money or orders: a person trading against a quote it believes is still open).
    public internal(set) var rejectedCount = 0

    /// The id every new order of the simulator's commands carries until the writer assigns the real one.
    public static let placeholderID = OrderID(0)

    /// The first account id the simulator's participants use by default; accounts made with the CLI count
    /// up from 1, far below it.
    public static let firstAccount: UInt64 = 1_000_000

    /// The longest step that keeps a ladder (live steps are half a second; the last hour of a backfill
    /// steps every 2 seconds); longer ones trade in a few larger paired orders instead.
    public static let ladderStepLimit: Int64 = 10_000

    /// The most time one step may stand for: a demo that stood still for a day moves as if four hours had
    /// passed, not a day at once.
    public static let longestStep: Int64 = 14_400_000

    /// The time a step stands for when there is no previous one, and what ``step()`` advances by.
    public static let nominalStep: Int64 = 500

    /// A simulator over `markets` priced from `assets` (every market's base and quote must be one), with
    /// accounts from `firstAccount` (one maker per market, then `takerCount` takers).
    public init(
        seed: UInt64, markets: [DemoMarket] = DemoMarket.defaults, assets: [DemoAsset] = DemoAsset.defaults,
        firstAccount: UInt64 = MarketSimulator.firstAccount, takerCount: Int = 20
    ) {
        random = SeededRandom(seed: seed)
        let values = FairValues(assets: assets)
        self.values = values
        self.markets = markets.enumerated().map { index, demo in
            guard let base = values.index(of: demo.market.code.baseCode),
                let quote = values.index(of: demo.market.code.quoteCode)
            else { preconditionFailure("\(demo.market.code) trades a currency with no demo asset") }
            return SimulatedBook(
                demo: demo, maker: AccountID(firstAccount + UInt64(index)), base: base, quote: quote,
                fair: values.price(base: base, quote: quote))
        }
        makers = Dictionary(uniqueKeysWithValues: self.markets.enumerated().map { ($1.maker, $0) })
        takers = (0..<takerCount).map { AccountID(firstAccount + UInt64(markets.count + $0)) }
        targets = Self.fundingTargets(self.markets, takers: takers, levels: Self.defaultLevels)
        holdings = Dictionary(uniqueKeysWithValues: (self.markets.map(\.maker) + takers).map { ($0, [:]) })
    }

    /// The markets to list.
    public var listedMarkets: [Market] { markets.map(\.demo.market) }

    /// The current fair value of each market.
    public var fairValues: [MarketCode: Price] {
        Dictionary(uniqueKeysWithValues: markets.map { ($0.demo.market.code, Price(units: $0.fair)) })
    }

    /// Every simulated participant: the makers in market order, then the takers.
    var accounts: [AccountID] { markets.map(\.maker) + takers }

    // MARK: - Steps

    /// The next burst of activity at `time`: the values move as far as the time since the previous step
    /// warrants (at most ``longestStep``), each maker re-quotes around its new fair price, and takers send
    /// the order flow of that stretch of time.
    public mutating func step(at time: Timestamp) -> [Command] {
        let elapsed = lastStep.map { min(max(time.milliseconds - $0.milliseconds, 0), Self.longestStep) }
        lastStep = time
        return step(elapsed: elapsed ?? Self.nominalStep)
    }

    /// A live step at `time`: as ``step(at:)``, except that a long one (the demo stood still: the backfill
    /// took a while, the process was paused or starved) ends with fresh ladders at the new fair prices, so
    /// the book people look at is never empty between it and the next step.
    public mutating func liveStep(at time: Timestamp) -> [Command] {
        let elapsed = lastStep.map { min(max(time.milliseconds - $0.milliseconds, 0), Self.longestStep) }
        lastStep = time
        return step(elapsed: elapsed ?? Self.nominalStep, requoteAfterLongStep: true)
    }

    /// A step standing for `elapsed` (at most ``longestStep``) after the previous one, even the first: for
    /// tests and tools that have no clock.
    public mutating func step(after elapsed: Duration) -> [Command] {
        let milliseconds = elapsed.wholeMilliseconds
        lastStep = Timestamp(milliseconds: (lastStep?.milliseconds ?? 0) + milliseconds)
        return step(elapsed: min(max(milliseconds, 0), Self.longestStep))
    }

    /// A step ``nominalStep`` after the previous one.
    public mutating func step() -> [Command] {
        step(after: .milliseconds(Self.nominalStep))
    }

    private mutating func step(elapsed: Int64, requoteAfterLongStep: Bool = false) -> [Command] {
        var commands = topUps()
        var budget = Budget(self)
        if elapsed > Self.ladderStepLimit {
            tradeInPairs(elapsed: elapsed, budget: &budget, into: &commands)
            if requoteAfterLongStep {
                for index in markets.indices { requote(index, budget: &budget, into: &commands) }
            }
            return commands
        }
        values.advance(milliseconds: elapsed, random: &random)
        for index in markets.indices {
            markets[index].fair = values.price(base: markets[index].base, quote: markets[index].quote)
            requote(index, budget: &budget, into: &commands)
            takeQuotes(index, elapsed: elapsed, budget: &budget, into: &commands)
        }
        return commands
    }

    // MARK: - Events

    /// Tells the simulator what happened: makers learn the ids of their new quotes and which are gone, and
    /// everyone counts what its fills and deposits changed.
    public mutating func observe(_ events: [Event]) {
        for event in events {
            switch event {
            case .accepted(let accepted):
                let request = accepted.request
                guard let market = makers[request.account], let price = request.price, let volume = request.volume
                else { continue }
                remember(request.id, Quote(side: request.side, price: price.units, remaining: volume.units), market)
            case .traded(let trade): record(trade)
            case .done(let done): forget(done.order)
            case .cancelled(let cancelled): forget(cancelled.order)
            case .deposited(let deposited):
                guard holdings[deposited.account] != nil else { continue }
                holdings[deposited.account, default: [:]][deposited.currency, default: 0] += deposited.amount.units
            case .rejected(let rejected):
                guard holdings[rejected.account] != nil else { continue }
                rejectedCount += 1
            default: break
            }
        }
    }

    private mutating func record(_ trade: Trade) {
        let quote = trade.market.quoteCode
        let base = trade.market.baseCode
        let (buyer, seller) =
            trade.takerSide == .bid
            ? (trade.takerAccount, trade.makerAccount) : (trade.makerAccount, trade.takerAccount)
        let (buyerFee, sellerFee) =
            trade.takerSide == .bid ? (trade.takerFee, trade.makerFee) : (trade.makerFee, trade.takerFee)
        if holdings[buyer] != nil {
            holdings[buyer, default: [:]][base, default: 0] += trade.volume.units
            holdings[buyer, default: [:]][quote, default: 0] -= trade.funds.units + buyerFee.units
        }
        if holdings[seller] != nil {
            holdings[seller, default: [:]][base, default: 0] -= trade.volume.units
            holdings[seller, default: [:]][quote, default: 0] += trade.funds.units - sellerFee.units
        }
        if let market = quoteOwners[trade.makerOrder] {
            markets[market].quotes[trade.makerOrder]?.remaining -= trade.volume.units
        }
    }

    mutating func forget(_ id: OrderID) {
        guard let market = quoteOwners.removeValue(forKey: id) else { return }
        markets[market].quotes[id] = nil
    }

    mutating func remember(_ id: OrderID, _ quote: Quote, _ market: Int) {
        markets[market].quotes[id] = quote
        quoteOwners[id] = market
    }
}

/// One simulated market's state: its fair price and the maker's open quotes.
struct SimulatedBook: Sendable {
    let demo: DemoMarket
    let maker: AccountID
    /// The indices of its base and quote currencies among the ``FairValues`` assets.
    let base: Int
    let quote: Int
    /// The fair price, in price units.
    var fair: Int64
    /// The maker's open quotes.
    var quotes: [OrderID: Quote] = [:]
    /// The ladder's grid step in price units (0 until the first ladder).
    var spacing: Int64 = 0

    var ticks: TickTable { demo.market.ticks }
    var code: MarketCode { demo.market.code }
}

/// One of a maker's open quotes as the maker knows it.
struct Quote: Sendable, Hashable {
    var side: Side
    /// Price units.
    var price: Int64
    /// Volume units still open.
    var remaining: Int64
}
