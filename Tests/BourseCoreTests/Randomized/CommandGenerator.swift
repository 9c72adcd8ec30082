import BourseCore
import BourseToolkit

/// A deterministic stream of commands for the randomized suite, drawn from a seed and the reference
/// model's state (which is itself a function of the commands so far).
///
/// Mostly ordinary trading around a moving mid price on each market's grid, mixed with what a real
/// exchange must survive: prices off the grid, tiny and huge amounts, malformed combinations, reused
/// identifiers, cancels of other accounts' and unknown orders, market and best orders against empty and
/// thin books, self-trades in every SMP mode, deposits that overflow, and markets suspended and reopened.
/// Books stay small (cancels grow when a market is crowded; now and then one is drained), which keeps
/// the per-command checks cheap.
struct CommandGenerator {
    var random: SeededRandom
    let profiles: [MarketProfile]
    /// The funded accounts.
    let accounts: [AccountID]
    /// An account that never receives a deposit.
    static let unfunded = AccountID(999_999)
    /// A market nobody listed.
    static let unlistedMarket = MarketCode("KRW-DOGE")!
    /// A currency no market trades, deposited now and then.
    static let strayCurrency = "DOGE"

    /// The current mid price of each market, on its grid.
    var mids: [Int64]
    var nextOrderID: UInt64 = 1
    var nextIdentifier = 0
    /// Identifiers each account used recently, for reuse.
    var usedIdentifiers: [AccountID: [OrderIdentifier]] = [:]
    /// A market whose orders are being cancelled one by one until it is empty.
    private var draining: Int?
    /// The opening deposits, last first.
    private var opening: [Command] = []

    init(seed: UInt64, profiles: [MarketProfile] = MarketProfile.all) {
        random = SeededRandom(seed: seed)
        self.profiles = profiles
        let count = 10 + random.below(31)
        accounts = (1...count).map { AccountID(UInt64($0)) }
        mids = profiles.map(\.startMid)
        for account in accounts {
            for currency in MarketProfile.currencies where random.chance(85) {
                let amount = MarketProfile.standardDeposit[currency]! / 100 * random.int(in: 20...200)
                opening.append(.deposit(account, currency: CurrencyCode(currency)!, amount: Funds(units: amount)))
            }
        }
        opening.reverse()
    }

    /// The next command, given the model's state before it.
    mutating func next(_ model: ReferenceExchange) -> Command {
        if let deposit = opening.popLast() { return deposit }
        moveMids()
        if let market = draining {
            if let order = randomOrder(model, market: market) { return .cancel(.id(order.id), account: order.account) }
            draining = nil
        }
        for market in model.markets.indices where model.markets[market].state == .suspended && random.chance(1) {
            return .setMarketState(model.markets[market].code, .active)
        }
        switch random.int(in: 0...999) {
        case 0..<3: return marketState(model)
        case 3:
            draining = random.below(profiles.count)
            return deposit(model)
        case 4..<35: return deposit(model)
        case 35..<150: return cancel(model)
        case 150..<230: return replace(model)
        case 230..<270: return malformedOrder(model)
        default: return order(model)
        }
    }

    // MARK: - Helpers

    /// A fresh order id.
    mutating func newOrderID() -> OrderID {
        defer { nextOrderID += 1 }
        return OrderID(nextOrderID)
    }

    /// Nudges one market's mid by a few ticks now and then, kept within ½× and 2× of where it started.
    private mutating func moveMids() {
        guard random.chance(5) else { return }
        let market = random.below(profiles.count)
        let up = random.chance(50)
        for _ in 0..<random.int(in: 1...3) {
            mids[market] = step(mids[market], in: market, up: up)
        }
        let start = profiles[market].startMid
        if mids[market] > start * 2 || mids[market] < start / 2 { mids[market] = start }
    }

    /// One tick up or down the market's grid.
    func step(_ price: Int64, in market: Int, up: Bool) -> Int64 {
        let ticks = profiles[market].market.ticks
        if up { return ticks.tickUp(Price(units: price)).units }
        return ticks.tickDown(Price(units: price))?.units ?? price
    }

    /// A random resting order, optionally of one market.
    mutating func randomOrder(_ model: ReferenceExchange, market: Int? = nil) -> ReferenceOrder? {
        let candidates = model.books.indices.filter { !model.books[$0].isEmpty && (market == nil || $0 / 2 == market) }
        guard !candidates.isEmpty else { return nil }
        let book = random.pick(candidates)
        return model.books[book][random.below(model.books[book].count)]
    }

    /// Sometimes an identifier: mostly fresh, sometimes one this or another account used before.
    mutating func identifier(for account: AccountID) -> OrderIdentifier? {
        guard random.chance(15) else { return nil }
        if random.chance(25) {
            let owner = random.chance(60) ? account : random.pick(accounts)
            if let used = usedIdentifiers[owner], !used.isEmpty { return random.pick(used) }
        }
        nextIdentifier += 1
        let fresh = OrderIdentifier("c\(nextIdentifier)")!
        usedIdentifiers[account, default: []].append(fresh)
        if usedIdentifiers[account]!.count > 16 { usedIdentifiers[account]!.removeFirst() }
        return fresh
    }

    /// A self-trade prevention mode, or none.
    mutating func selfTradePrevention() -> SelfTradePrevention? {
        switch random.int(in: 0...99) {
        case 0..<55: nil
        case 55..<70: .cancelMaker
        case 70..<85: .cancelTaker
        default: .reduce
        }
    }

    // MARK: - Commands other than orders

    private mutating func cancel(_ model: ReferenceExchange) -> Command {
        let roll = random.int(in: 0...99)
        if roll < 80, let order = randomOrder(model) {
            if roll < 72 {
                if let identifier = order.identifier, random.chance(40) {
                    return .cancel(.identifier(identifier), account: order.account)
                }
                return .cancel(.id(order.id), account: order.account)
            }
            let stranger = random.pick(accounts.filter { $0 != order.account } + [Self.unfunded])
            return .cancel(.id(order.id), account: stranger)
        }
        let account = random.pick(accounts)
        switch random.int(in: 0...99) {
        case 0..<45: return .cancel(.id(OrderID(UInt64(random.int(in: 1...Int64(nextOrderID))))), account: account)
        case 45..<65: return .cancel(.id(OrderID(nextOrderID + 1_000_000)), account: account)
        case 65..<95:
            let used = usedIdentifiers[account] ?? []
            return .cancel(.identifier(used.isEmpty ? "never" : random.pick(used)), account: account)
        default: return .cancel(.id(OrderID(UInt64(random.int(in: 1...Int64(nextOrderID))))), account: Self.unfunded)
        }
    }

    private mutating func replace(_ model: ReferenceExchange) -> Command {
        let old = random.chance(88) ? randomOrder(model) : nil
        let account = old?.account ?? random.pick(accounts)
        let market = old.flatMap { model.marketIndex($0.market) } ?? random.below(profiles.count)
        let side = old?.side ?? .bid
        var reference = OrderReference.id(old?.id ?? OrderID(UInt64(random.int(in: 1...Int64(nextOrderID)))))
        if let identifier = old?.identifier, random.chance(30) { reference = .identifier(identifier) }

        var type = OrderType.limit
        var price: Price?
        var volume: ReplacementRequest.NewVolume?
        var tif: TimeInForce?
        switch random.int(in: 0...99) {
        case 0..<86:
            price = Price(units: limitPrice(in: market, side))
            tif = limitTimeInForce()
        case 86..<96:
            type = .best
            tif = random.chance(94) ? (random.chance(50) ? .ioc : .fok) : random.pick([nil, .postOnly])
            if side == .bid { price = Price(units: total(in: market)) }
        default:
            type = random.pick([.price, .market])
            price = random.chance(50) ? Price(units: total(in: market)) : nil
        }
        switch random.int(in: 0...99) {
        case 0..<45: volume = .remainOnly
        case 45..<90: volume = .volume(Volume(units: self.volume(in: market, at: price?.units ?? mids[market])))
        default: volume = nil
        }
        if type == .best && side == .bid && random.chance(70) { volume = nil }
        var identifier: OrderIdentifier?
        switch random.int(in: 0...99) {
        case 0..<15:
            nextIdentifier += 1
            identifier = OrderIdentifier("r\(nextIdentifier)")!
            usedIdentifiers[account, default: []].append(identifier!)
        case 15..<20: identifier = usedIdentifiers[account]?.first
        default: identifier = nil
        }
        let smp = tif == .postOnly && random.chance(85) ? nil : selfTradePrevention()
        let replacement = ReplacementRequest(
            id: newOrderID(), type: type, price: price, volume: volume, timeInForce: tif, selfTradePrevention: smp,
            identifier: identifier)
        return .cancelAndReplace(reference, account: account, replacement)
    }

    private mutating func deposit(_ model: ReferenceExchange) -> Command {
        let account = random.pick(accounts)
        let currency = random.pick(MarketProfile.currencies)
        let amount: Int64
        switch random.int(in: 0...99) {
        case 0..<80:
            let standard = MarketProfile.standardDeposit[currency]!
            amount =
                model.totalSupply[currency, default: 0] < 4_000_000_000_000_000_000
                ? standard / 100 * random.int(in: 5...50) : random.int(in: 1...100)
        case 80..<85: amount = random.chance(50) ? 0 : -random.int(in: 1...1_000_000)
        case 85..<89: amount = Int64.max - random.int(in: 0...1_000_000)
        case 89..<93:
            return .deposit(
                account, currency: CurrencyCode(Self.strayCurrency)!,
                amount: Funds(units: random.int(in: 1...1_000_000_000_000)))
        default: amount = random.int(in: 1...100)
        }
        return .deposit(account, currency: CurrencyCode(currency)!, amount: Funds(units: amount))
    }

    private mutating func marketState(_ model: ReferenceExchange) -> Command {
        if random.chance(10) { return .setMarketState(Self.unlistedMarket, random.chance(50) ? .active : .suspended) }
        let market = model.markets[random.below(model.markets.count)]
        let flipped: MarketState = market.state == .active ? .suspended : .active
        return .setMarketState(market.code, random.chance(15) ? market.state : flipped)
    }
}
