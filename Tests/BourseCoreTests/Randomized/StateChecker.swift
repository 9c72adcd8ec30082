import BourseCore

/// Checks the engine's public state after each command, against the reference model and against the
/// invariants of docs/matching.md. Returns a description of the first problem, or `nil`.
///
/// What is checked, and when:
/// - **After every command, for each market its events name** (`accepted`, `traded`, `prevented`,
///   `rested`, `done`, `cancelled`, `marketStateChanged`): both books, order by order in priority order,
///   equal the model's (id, account, side, price, remaining, executed volume and funds, paid fee, lock,
///   prevented volume); prices are in priority order and **FIFO** holds within each price (acceptance
///   sequence numbers, taken from `accepted` events, increase); the book is **not crossed**
///   (best bid < best ask); `bestBid`, `bestAsk` and `depth` agree with the orders; the trade counter and
///   the market state equal the model's.
/// - **After every command, for each (account, currency) its events name** (the accounts of those events
///   with their market's two currencies, or a deposit's account and currency): available and locked are
///   **not negative** and equal the model's, as do the average buy price and its unit (0 and none when
///   nothing is held); **locked equals the locks of the account's open orders** in that currency (bids
///   lock quote, asks base), summed over every market from books kept current as above.
/// - **After every command, for each currency so named: conservation**, Σ(available + locked) over all
///   accounts + fees collected == total supply, where the sum is kept as a running total that each
///   re-read row corrects; fees collected and total supply equal the model's.
/// - **Every ``DifferentialRun/fullCheckInterval`` commands and after the last**: all of the above from
///   scratch for every market, every account of the run and every currency, plus the count of open
///   orders. This catches a change to a book or balance that no event named (which the rules never
///   allow), at most that many commands late.
struct StateChecker {
    let codes: [MarketCode]
    let accounts: [AccountID]
    let currencies: [String]
    /// The engine's books as last read, two per market (bids, asks).
    private var books: [[OrderSnapshot]]
    /// Per account and currency, the sum of the locks of its open orders in ``books``.
    private var orderLocks: [AccountID: [String: Int64]] = [:]
    /// Per account and currency, available + locked as last read from the engine.
    private var holdings: [AccountID: [String: Int64]] = [:]
    /// Per currency, the sum of ``holdings``.
    private var holdingSums: [String: Int64] = [:]
    /// Each open order's acceptance number.
    private var acceptance: [OrderID: UInt64] = [:]
    private var acceptedCount: UInt64 = 0

    init(codes: [MarketCode], accounts: [AccountID], currencies: [String]) {
        self.codes = codes
        self.accounts = accounts
        self.currencies = currencies
        books = Array(repeating: [], count: codes.count * 2)
    }

    // MARK: - Checks

    /// The checks after one command whose events (equal for engine and model) are `events`.
    mutating func afterCommand(_ events: [Event], exchange: Exchange, model: ReferenceExchange) -> String? {
        var markets: [Int] = []
        var pairs: [(account: AccountID, currency: String)] = []
        func note(_ account: AccountID, _ code: MarketCode) {
            if let market = codes.firstIndex(of: code), !markets.contains(market) { markets.append(market) }
            note(account, currency: code.base)
            note(account, currency: code.quote)
        }
        func note(_ account: AccountID, currency: String) {
            if !pairs.contains(where: { $0.account == account && $0.currency == currency }) {
                pairs.append((account, currency))
            }
        }
        for event in events {
            switch event {
            case .accepted(let accepted):
                acceptedCount += 1
                acceptance[accepted.request.id] = acceptedCount
                note(accepted.request.account, accepted.request.market)
            case .rejected: break
            case .traded(let trade):
                note(trade.makerAccount, trade.market)
                note(trade.takerAccount, trade.market)
            case .prevented(let prevented): note(prevented.account, prevented.market)
            case .rested(let rested): note(rested.account, rested.market)
            case .done(let done):
                acceptance[done.order] = nil
                note(done.account, done.market)
            case .cancelled(let cancelled):
                acceptance[cancelled.order] = nil
                note(cancelled.account, cancelled.market)
            case .deposited(let deposited): note(deposited.account, currency: deposited.currency.description)
            case .marketStateChanged(let code, _):
                if let market = codes.firstIndex(of: code), !markets.contains(market) { markets.append(market) }
            case .withdrawal(let withdrawal): note(withdrawal.account, currency: withdrawal.currency.description)
            case .coinDeposit(let deposit): note(deposit.account, currency: deposit.currency.description)
            case .auction: break
            }
        }
        for market in markets {
            if let problem = checkMarket(market, exchange: exchange, model: model) { return problem }
        }
        var touchedCurrencies: [String] = []
        for (account, currency) in pairs {
            if let problem = checkHolding(account, currency, exchange: exchange, model: model) { return problem }
            if !touchedCurrencies.contains(currency) { touchedCurrencies.append(currency) }
        }
        for currency in touchedCurrencies {
            if let problem = checkConservation(currency, exchange: exchange, model: model) { return problem }
        }
        return nil
    }

    /// Every check from scratch over every market, account and currency.
    mutating func fullCheck(exchange: Exchange, model: ReferenceExchange) -> String? {
        books = Array(repeating: [], count: codes.count * 2)
        orderLocks = [:]
        holdings = [:]
        holdingSums = [:]
        for market in codes.indices {
            if let problem = checkMarket(market, exchange: exchange, model: model) { return problem }
        }
        for account in accounts {
            for currency in currencies {
                if let problem = checkHolding(account, currency, exchange: exchange, model: model) { return problem }
            }
        }
        for currency in currencies {
            if let problem = checkConservation(currency, exchange: exchange, model: model) { return problem }
        }
        let strangers = exchange.ledger.knownAccounts.filter { !accounts.contains($0) }
        if !strangers.isEmpty { return "the ledger knows accounts no command funded: \(strangers)" }
        let modelOpen = model.books.reduce(0) { $0 + $1.count }
        if exchange.openOrderCount != modelOpen {
            return "openOrderCount is \(exchange.openOrderCount), the books hold \(modelOpen) orders"
        }
        return nil
    }

    // MARK: - One market, one holding, one currency

    private mutating func checkMarket(_ market: Int, exchange: Exchange, model: ReferenceExchange) -> String? {
        let code = codes[market]
        guard let engine = exchange.engine(code) else { return "\(code): no engine" }
        for side in Side.allCases {
            let book = market * 2 + (side == .bid ? 0 : 1)
            let orders = engine.orders(side).map(OrderSnapshot.init)
            let expected = model.book(market, side).map(OrderSnapshot.init)
            if orders != expected {
                return "\(code) \(side)s differ from the model\n  engine:\n" + lines(orders) + "\n  model:\n"
                    + lines(expected)
            }
            if let problem = checkPriority(orders, side, code) { return problem }
            let levels = engine.depth(side).map { [$0.price.units, $0.volume.units, Int64($0.orderCount)] }
            if levels != Self.levels(of: orders) { return "\(code) \(side) depth \(levels) disagrees with its orders" }
            for order in books[book] {
                orderLocks[order.account, default: [:]][lockCurrency(code, side), default: 0] -= order.locked
            }
            for order in orders {
                orderLocks[order.account, default: [:]][lockCurrency(code, side), default: 0] += order.locked
            }
            books[book] = orders
        }
        let bids = books[market * 2]
        let asks = books[market * 2 + 1]
        if engine.bestBid?.units != bids.first?.price || engine.bestAsk?.units != asks.first?.price {
            return
                "\(code): bestBid \(String(describing: engine.bestBid)) / bestAsk \(String(describing: engine.bestAsk)) disagree with the books"
        }
        if let bid = bids.first?.price, let ask = asks.first?.price, bid >= ask {
            return "\(code) is crossed: best bid \(Price(units: bid)) ≥ best ask \(Price(units: ask))"
        }
        if engine.tradeCount != model.tradeCounts[market] {
            return "\(code): tradeCount \(engine.tradeCount), model \(model.tradeCounts[market])"
        }
        if engine.market.state != model.markets[market].state {
            return "\(code): state \(engine.market.state), model \(model.markets[market].state)"
        }
        return nil
    }

    /// Best price first; within a price, ascending acceptance numbers.
    private func checkPriority(_ orders: [OrderSnapshot], _ side: Side, _ code: MarketCode) -> String? {
        for (previous, order) in zip(orders, orders.dropFirst()) {
            if order.price == previous.price {
                guard let first = acceptance[previous.id], let second = acceptance[order.id], first < second else {
                    return "\(code) \(side)s break FIFO at \(Price(units: order.price)): #\(previous.id) "
                        + "(accepted \(String(describing: acceptance[previous.id]))) before #\(order.id) "
                        + "(accepted \(String(describing: acceptance[order.id])))"
                }
            } else if (side == .bid) == (order.price > previous.price) {
                return
                    "\(code) \(side)s out of price order: \(Price(units: previous.price)) then \(Price(units: order.price))"
            }
        }
        return nil
    }

    private mutating func checkHolding(
        _ account: AccountID, _ currency: String, exchange: Exchange, model: ReferenceExchange
    ) -> String? {
        let actual = ReferenceBalance(exchange.ledger.balance(of: account, currency))
        let expected = model.balance(account, currency)
        let what = "account \(account) \(currency)"
        if actual.available < 0 || actual.locked < 0 { return "\(what) is negative: \(actual)" }
        if actual != expected { return "\(what) is \(actual), the model has \(expected)" }
        if actual.available + actual.locked == 0 && (actual.averageBuyPrice != 0 || actual.averageUnit != nil) {
            return "\(what) holds nothing but keeps an average buy price: \(actual)"
        }
        let reserved = orderLocks[account]?[currency] ?? 0
        if actual.locked != reserved {
            return
                "\(what) has \(Funds(units: actual.locked)) locked but its open orders lock \(Funds(units: reserved))"
        }
        let total = actual.available + actual.locked
        holdingSums[currency, default: 0] += total - (holdings[account]?[currency] ?? 0)
        holdings[account, default: [:]][currency] = total
        return nil
    }

    private func checkConservation(_ currency: String, exchange: Exchange, model: ReferenceExchange) -> String? {
        let supply = exchange.ledger.totalSupply(currency).units
        let fees = exchange.ledger.feesCollected(currency).units
        let held = holdingSums[currency] ?? 0
        if held + fees != supply {
            return "\(currency) is not conserved: accounts hold \(Funds(units: held)) + fees \(Funds(units: fees)) "
                + "≠ supply \(Funds(units: supply))"
        }
        if supply != model.totalSupply[currency] ?? 0 || fees != model.feesCollected[currency] ?? 0 {
            return "\(currency): supply \(Funds(units: supply)) and fees \(Funds(units: fees)) differ from the model's "
                + "\(Funds(units: model.totalSupply[currency] ?? 0)) and \(Funds(units: model.feesCollected[currency] ?? 0))"
        }
        return nil
    }

    // MARK: - Helpers

    private func lockCurrency(_ code: MarketCode, _ side: Side) -> String { side == .bid ? code.quote : code.base }

    private func lines(_ orders: [OrderSnapshot]) -> String {
        orders.isEmpty ? "    (empty)" : orders.map { "    \($0)" }.joined(separator: "\n")
    }

    /// `[price, volume, count]` per price level, in the orders' order.
    private static func levels(of orders: [OrderSnapshot]) -> [[Int64]] {
        var levels: [[Int64]] = []
        for order in orders {
            if let last = levels.last, last[0] == order.price {
                levels[levels.count - 1][1] += order.remaining
                levels[levels.count - 1][2] += 1
            } else {
                levels.append([order.price, order.remaining, 1])
            }
        }
        return levels
    }
}
