public import BourseCore

extension MarketSimulator {
    /// One small market order in `code` by a random taker, a buy or a sell at even odds, each worth about
    /// twice the market's minimum total: the steady extra flow of `bourse serve --demo-pulse` (load tests),
    /// which trades against the maker's quotes without moving the price or the takers' balances far.
    /// Empty for a market the simulator does not run.
    public mutating func pulse(_ code: MarketCode) -> [Command] {
        guard let index = markets.firstIndex(where: { $0.demo.market.code == code }) else { return [] }
        let taker = takers[Int(random.int(in: 0...Int64(takers.count - 1)))]
        let minTotal = markets[index].demo.market.minTotal.units
        if random.chance(50) {
            return [.place(.marketBuy(Self.placeholderID, taker, code, total: Funds(units: minTotal * 2)))]
        }
        let volume = volume(index, at: Price(units: markets[index].fair), scale: 2...2)
        return [.place(.marketSell(Self.placeholderID, taker, code, volume: volume))]
    }
}
