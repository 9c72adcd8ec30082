import BourseCore
import BourseToolkit

/// A deterministic stream of commands over four markets, for snapshot tests.
///
/// Deposits, limit orders on both sides around a drifting mid (most rest, about one in ten crosses), cancels
/// by id and by identifier, cancel-and-replace, market orders and the odd suspension, with time moving on
/// across a UTC midnight: everything that leaves traces in the slabs, free lists, tombstones, indexes and
/// market data that a snapshot must carry over.
struct SnapshotWorkload {
    /// One market and how its prices and sizes are drawn.
    struct Lane {
        var market: Market
        /// The tick at the mid, in 10⁻⁸ units.
        var tick: Int64
        var midTicks: Int64
        /// The volume of one lot, in 10⁻⁸ units.
        var lot: Int64
        var suspended = false
    }

    private struct Placed {
        var id: OrderID
        var account: AccountID
        var identifier: OrderIdentifier?
        var lane: Int
        var side: Side
    }

    static let accounts = (1...24).map { AccountID(UInt64($0)) }
    static let start = Timestamp(milliseconds: 1_767_182_400_000)  // 2025-12-31 12:00 UTC

    private var random: SeededRandom
    private var lanes: [Lane]
    private(set) var time = SnapshotWorkload.start
    private var nextOrderID: UInt64 = 1
    /// Orders placed so far (some since filled or cancelled), to cancel and replace.
    private var placed: [Placed] = []
    private var opening: [Command] = []

    init(seed: UInt64) {
        random = SeededRandom(seed: seed)
        let usdt = Market(code: MarketCode("KRW-USDT")!, koreanName: "테더", englishName: "Tether")
        let ethInBTC = Market(
            code: MarketCode("BTC-ETH")!, makerFee: FeeRate(units: 250_000), takerFee: FeeRate(units: 250_000),
            warning: MarketWarning(warning: true, cautions: [.priceFluctuations, .tradingVolumeSoaring]))
        lanes = [
            Lane(market: Market(code: MarketCode("KRW-BTC")!), tick: 100_000_000_000, midTicks: 50_000, lot: 20_000),
            Lane(market: Market(code: MarketCode("KRW-ETH")!), tick: 100_000_000_000, midTicks: 3_000, lot: 500_000),
            Lane(market: ethInBTC, tick: 1, midTicks: 6_000_000, lot: 1_000_000),
            Lane(market: usdt, tick: 50_000_000, midTicks: 2_800, lot: 1_000_000_000),
        ]
        for account in Self.accounts {
            for (currency, amount) in [("KRW", "100000000"), ("BTC", "10"), ("ETH", "200"), ("USDT", "100000")] {
                opening.append(
                    .deposit(account, currency: CurrencyCode(currency)!, amount: try! Funds(parsing: amount)))
            }
        }
        opening.reverse()
    }

    /// The listed markets.
    var markets: [Market] { lanes.map(\.market) }

    /// The next command and the time to apply it at.
    mutating func next() -> (Command, Timestamp) {
        if let deposit = opening.popLast() { return (deposit, time) }
        time = Timestamp(milliseconds: time.milliseconds + random.int(in: 0...40_000))
        // Suspensions are short: a market that is suspended reopens within a few commands.
        if let lane = lanes.firstIndex(where: \.suspended), random.chance(20) {
            lanes[lane].suspended = false
            return (.setMarketState(lanes[lane].market.code, .active), time)
        }
        let lane = random.below(lanes.count)
        lanes[lane].midTicks += random.int(in: -2...2)
        let command: Command
        switch random.int(in: 0...99) {
        case 0..<55: command = .place(limit(lane))
        case 55..<75: command = cancelByID()
        case 75..<80: command = cancelByIdentifier()
        case 80..<88: command = replace(lane)
        case 88..<93: command = .place(marketOrder(lane))
        case 93..<98:
            let amount = Funds(units: random.int(in: 1...1_000) * 100_000_000)
            command = .deposit(random.pick(Self.accounts), currency: "KRW", amount: amount)
        default:
            lanes[lane].suspended = true
            command = .setMarketState(lanes[lane].market.code, .suspended)
        }
        return (command, time)
    }

    // MARK: - Orders

    private mutating func newID() -> OrderID {
        defer { nextOrderID += 1 }
        return OrderID(nextOrderID)
    }

    /// A price mostly behind the touch of `side`; about one order in ten crosses the mid.
    private mutating func price(_ lane: Int, _ side: Side) -> Price {
        let distance = random.int(in: -3...30)
        let ticks = lanes[lane].midTicks + (side == .bid ? -distance : distance)
        return Price(units: max(1, ticks) * lanes[lane].tick)
    }

    private mutating func limit(_ lane: Int) -> OrderRequest {
        let side: Side = random.chance(50) ? .bid : .ask
        let account = random.pick(Self.accounts)
        let identifier = random.chance(20) ? OrderIdentifier("client-\(nextOrderID)") : nil
        let timeInForce: TimeInForce? = random.chance(5) ? .ioc : random.chance(3) ? .postOnly : nil
        let prevention: SelfTradePrevention? = random.chance(10) ? random.pick(SelfTradePrevention.allCases) : nil
        let request = OrderRequest.limit(
            newID(), account, lanes[lane].market.code, side, price: price(lane, side),
            volume: Volume(units: random.int(in: 1...20) * lanes[lane].lot), timeInForce: timeInForce,
            selfTradePrevention: prevention, identifier: identifier)
        placed.append(Placed(id: request.id, account: account, identifier: identifier, lane: lane, side: side))
        return request
    }

    private mutating func marketOrder(_ lane: Int) -> OrderRequest {
        let account = random.pick(Self.accounts)
        let code = lanes[lane].market.code
        let lots = random.int(in: 1...5) * lanes[lane].lot
        if random.chance(50) {
            let total = Funds.value(of: Volume(units: lots), at: price(lane, .bid), rounding: .down)!
            return .marketBuy(newID(), account, code, total: total)
        }
        return .marketSell(newID(), account, code, volume: Volume(units: lots))
    }

    private mutating func cancelByID() -> Command {
        guard !placed.isEmpty else { return .cancel(.id(OrderID(1)), account: Self.accounts[0]) }
        let order = placed.remove(at: random.below(placed.count))
        return .cancel(.id(order.id), account: order.account)
    }

    private mutating func cancelByIdentifier() -> Command {
        guard let order = placed.filter({ $0.identifier != nil }).randomElement(using: &random) else {
            return .cancel(.identifier("unknown"), account: Self.accounts[1])
        }
        return .cancel(.identifier(order.identifier!), account: order.account)
    }

    private mutating func replace(_ lane: Int) -> Command {
        guard !placed.isEmpty else { return .place(limit(lane)) }
        let order = placed[random.below(placed.count)]
        let volume: ReplacementRequest.NewVolume =
            random.chance(50) ? .remainOnly : .volume(Volume(units: random.int(in: 1...20) * lanes[order.lane].lot))
        let replacement = ReplacementRequest(id: newID(), price: price(order.lane, order.side), volume: volume)
        placed.append(
            Placed(id: replacement.id, account: order.account, identifier: nil, lane: order.lane, side: order.side))
        return .cancelAndReplace(.id(order.id), account: order.account, replacement)
    }
}
