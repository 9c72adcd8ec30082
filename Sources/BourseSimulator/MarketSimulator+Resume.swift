public import BourseCore

extension MarketSimulator {
    /// Picks up a market that already ran: each maker's open orders become its quotes again and the fair
    /// value restarts at the last trade price.
    ///
    /// A restarted demo calls this with the recovered exchange instead of funding participants again.
    public mutating func resume(from exchange: Exchange, lastPrices: [MarketCode: Price]) {
        quoteOwners.removeAll()
        for index in markets.indices {
            let code = markets[index].demo.market.code
            if let price = lastPrices[code], price.units > 0 { markets[index].fair = price.units }
            guard let engine = exchange.engine(code) else { continue }
            let maker = markets[index].maker
            let bids = engine.orders(.bid).filter { $0.account == maker }
            let quotes = bids + engine.orders(.ask).filter { $0.account == maker }
            markets[index].quotes = quotes.map(\.id).sorted()
            markets[index].bids = Set(bids.map(\.id))
            markets[index].prices = Dictionary(uniqueKeysWithValues: quotes.map { ($0.id, $0.price) })
            for quote in quotes { quoteOwners[quote.id] = index }
        }
    }
}
