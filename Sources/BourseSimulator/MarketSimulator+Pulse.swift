public import BourseCore

extension MarketSimulator {
    /// `count` small market orders in `code`, each by a taker drawn at random, a buy or a sell at even odds
    /// and worth twice the market's minimum total: the steady extra flow of `bourse serve --demo-pulse`
    /// (load tests), which trades against the maker's quotes without moving the price or the takers'
    /// balances far. Empty for a market the simulator does not run.
    public mutating func pulse(_ code: MarketCode, count: Int = 1) -> [Command] {
        guard let index = markets.firstIndex(where: { $0.code == code }) else { return [] }
        let book = markets[index]
        let value = book.demo.market.minTotal.units * 2
        let volume = Self.roundedVolume(Int128(value), at: book.fair)
        var budget = Budget(self)
        var commands: [Command] = []
        for _ in 0..<count {
            if random.chance(50) {
                let spend = Budget.spend(value)
                guard let taker = taker(holding: spend, of: code.quoteCode, budget: budget) else { continue }
                _ = budget.take(spend, of: code.quoteCode, from: taker)
                commands.append(.place(.marketBuy(Self.placeholderID, taker, code, total: Funds(units: value))))
            } else {
                guard let taker = taker(holding: volume, of: code.baseCode, budget: budget) else { continue }
                _ = budget.take(volume, of: code.baseCode, from: taker)
                commands.append(.place(.marketSell(Self.placeholderID, taker, code, volume: Volume(units: volume))))
            }
        }
        return commands
    }
}
