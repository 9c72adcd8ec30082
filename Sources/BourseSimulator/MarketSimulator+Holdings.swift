public import BourseCore

extension MarketSimulator {
    /// Deposits that fund every participant in every currency it trades (``fundingTargets(_:takers:levels:)``).
    public func fundingCommands() -> [Command] {
        accounts.flatMap { account in
            (targets[account] ?? [:]).sorted { $0.key < $1.key }.map { currency, amount in
                Command.deposit(account, currency: currency, amount: Funds(units: amount))
            }
        }
    }

    /// What each participant is funded with, sized from the markets' liquidity so nobody runs dry.
    ///
    /// A maker holds a day's value of its market in each currency beyond two ladders' worth, since its
    /// position swings by up to half a day's value (``buyChancePerMille(_:)``); a taker holds a tenth of a
    /// day's value of each market (at least one and a half of the largest orders a backfill step sends).
    /// With the default markets that is about 30 billion KRW in all, a third of what one currency can hold
    /// (Int64 of 10⁻⁸ units: about 92 billion), which leaves room for people's deposits.
    static func fundingTargets(
        _ markets: [SimulatedBook], takers: [AccountID], levels: Int
    ) -> [AccountID: [CurrencyCode: Int64]] {
        var targets: [AccountID: [CurrencyCode: Int64]] = [:]
        func add(_ account: AccountID, _ book: SimulatedBook, quoteUnits: Int64) {
            let baseUnits = Int64(Int128(quoteUnits) * Int128(fixedPointScale) / Int128(book.fair))
            targets[account, default: [:]][book.code.quoteCode, default: 0] += quoteUnits
            targets[account, default: [:]][book.code.baseCode, default: 0] += baseUnits
        }
        for book in markets {
            let liquidity = book.demo.liquidity
            let ladder = liquidity.levelValue.units * Int64(levels)
            add(book.maker, book, quoteUnits: liquidity.dailyValue.units + 2 * ladder)
            let share = max(
                liquidity.dailyValue.units / Int64(max(takers.count, 1)), liquidity.dailyValue.units / 32 * 3)
            for taker in takers { add(taker, book, quoteUnits: share) }
        }
        return targets
    }

    /// Deposits for every holding that fees and trading have worn below 30 % of its target, back up to the
    /// target: what a trader does when an account runs low. Accounts it holds nothing for are left alone:
    /// they were never funded (``fundingCommands()``), or their deposits were not observed.
    mutating func topUps() -> [Command] {
        var commands: [Command] = []
        for account in accounts {
            guard let held = holdings[account], !held.isEmpty else { continue }
            for (currency, target) in (targets[account] ?? [:]).sorted(by: { $0.key < $1.key }) {
                let amount = held[currency] ?? 0
                guard amount < target / 10 * 3 else { continue }
                commands.append(.deposit(account, currency: currency, amount: Funds(units: target - amount)))
            }
        }
        return commands
    }

    /// The chance, in thousandths, that the next taker order in `index`'s market buys: even when the maker
    /// holds what it was funded with, and leaning towards taking the maker's surplus back when it has
    /// bought or sold too much (a maker skews its quotes to get the flow that evens it out), so its
    /// position stays within about half a day's value.
    func buyChancePerMille(_ index: Int) -> Int64 {
        let book = markets[index]
        let base = book.code.baseCode
        let position = (holdings[book.maker]?[base] ?? 0) - (targets[book.maker]?[base] ?? 0)
        let capacity = max(
            Int128(book.demo.liquidity.dailyValue.units / 2) * Int128(fixedPointScale) / Int128(max(book.fair, 1)), 1)
        let lean = min(max(Int128(position) * 400 / capacity, -400), 400)
        return 500 + Int64(lean)
    }

    /// Of two takers drawn at random, the one with more `currency` to spend, if it has at least `amount`.
    mutating func taker(holding amount: Int64, of currency: CurrencyCode, budget: Budget) -> AccountID? {
        let first = takers[Int(random.int(in: 0...Int64(takers.count - 1)))]
        let second = takers[Int(random.int(in: 0...Int64(takers.count - 1)))]
        let richer = budget.available(first, currency) >= budget.available(second, currency) ? first : second
        return budget.available(richer, currency) >= amount ? richer : nil
    }
}

/// What each participant may still commit in the step being planned: its holdings, less what its open
/// quotes lock, less what orders planned earlier in the step may take. Gains those orders may bring are
/// not counted, so a plan never spends money it might not have.
struct Budget {
    private var available: [AccountID: [CurrencyCode: Int64]]

    init(_ simulator: MarketSimulator) {
        available = simulator.holdings
        for book in simulator.markets {
            for quote in book.quotes.values {
                let (currency, amount) = Self.lock(quote.side, price: quote.price, volume: quote.remaining, book.code)
                available[book.maker, default: [:]][currency, default: 0] -= amount
            }
        }
    }

    /// What `account` may still spend of `currency`.
    func available(_ account: AccountID, _ currency: CurrencyCode) -> Int64 {
        available[account]?[currency] ?? 0
    }

    /// Takes `amount` of `currency` from `account` if it has that much; false (and nothing taken) if not.
    mutating func take(_ amount: Int64, of currency: CurrencyCode, from account: AccountID) -> Bool {
        guard available(account, currency) >= amount else { return false }
        available[account, default: [:]][currency, default: 0] -= amount
        return true
    }

    /// Gives back what a cancelled quote locked.
    mutating func release(_ quote: Quote, of account: AccountID, in code: MarketCode) {
        let (currency, amount) = Self.lock(quote.side, price: quote.price, volume: quote.remaining, code)
        available[account, default: [:]][currency, default: 0] += amount
    }

    /// What an order of `volume` at `price` on `side` locks, rounded up and with a 0.1 % fee allowance (the
    /// market's fee is 0.05 %): the currency and its units.
    static func lock(_ side: Side, price: Int64, volume: Int64, _ code: MarketCode) -> (CurrencyCode, Int64) {
        guard side == .bid else { return (code.baseCode, volume) }
        return (code.quoteCode, spend(Int64(Int128(price) * Int128(volume) / Int128(fixedPointScale)) + 1))
    }

    /// What spending `total` of a quote currency may lock with its fee (a 0.1 % allowance).
    static func spend(_ total: Int64) -> Int64 { total + total / 1_000 + 1 }
}
